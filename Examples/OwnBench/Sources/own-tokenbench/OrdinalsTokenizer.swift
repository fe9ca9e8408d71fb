import GRDB

/// `ordinals`: unicode61's tokens, with the English ordinals that are written in digits ("1st",
/// "2nd", "12th") indexed as their words ("first", "second", "twelfth"), so that "first" finds
/// "1st" and "1st" finds "first".
///
/// It has a bug on purpose, of the kind a tokenizer written in an afternoon has: it looks the
/// number up in its table of twelve words without checking the bounds, so "13th" (or "0th")
/// traps. This package's `tokenbench` reports that as a finding (the input, the phase, the signal)
/// and goes on, where an app, or a test run in-process, would end.
final class OrdinalsTokenizer: FTS5WrapperTokenizer {
    static let name = "ordinals"

    let wrappedTokenizer: any FTS5Tokenizer

    init(db: Database, arguments: [String]) throws {
        wrappedTokenizer = try db.makeTokenizer(.unicode61())
    }

    func accept(
        token: String, flags: FTS5TokenFlags, for tokenization: FTS5Tokenization,
        tokenCallback: FTS5WrapperTokenCallback
    ) throws {
        try tokenCallback(Self.word(forOrdinal: token) ?? token, flags)
    }

    static let words = [
        "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth",
        "eleventh", "twelfth",
    ]

    /// "12th" → "twelfth"; nil for a token that is not digits and an ordinal suffix.
    static func word(forOrdinal token: String) -> String? {
        guard ["st", "nd", "rd", "th"].contains(where: { token.hasSuffix($0) }),
            let number = Int(token.dropLast(2))
        else { return nil }
        return words[number - 1] // The bug: no bounds check.
    }
}
