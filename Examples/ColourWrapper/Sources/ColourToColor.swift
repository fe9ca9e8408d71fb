import GRDB
import GRDBSQLite
import TokenBench

/// An example of a fast wrapper of your own, on TokenBench's public `TokenFilteringTokenizer`:
/// British spellings become American ones in documents and queries alike, so "colour" finds
/// "color" and the other way round. Spec: `colour [BASE…]` (BASE defaults to unicode61).
///
/// It works on BASE's token bytes: a token that is not in the table is passed on as it is, with
/// no copy and no String; a mapped one is emitted from the table's own bytes.
public final class ColourToColor: TokenFilteringTokenizer {
    public static let name = "colour"

    /// British spelling → American spelling, as the lower-case tokens unicode61 gives.
    static let spellings: [String: String] = [
        "colour": "color", "colours": "colors", "favourite": "favorite", "centre": "center", "theatre": "theater",
        "organise": "organize", "analyse": "analyze", "grey": "gray",
    ]

    /// The table as bytes, by length: a token is compared with the few entries of its own length
    /// (and most are rejected by their first byte), with no String and no Array made per token.
    private let byLength: [[(british: [UInt8], american: [UInt8])]]

    public init(options: [String: String], base: any FTS5Tokenizer) throws {
        var byLength = [[(british: [UInt8], american: [UInt8])]](repeating: [], count: 16)
        for (british, american) in Self.spellings {
            byLength[british.utf8.count].append((Array(british.utf8), Array(american.utf8)))
        }
        self.byLength = byLength
    }

    public func filter(
        _ token: UnsafeBufferPointer<UInt8>, flags: CInt, start: CInt, end: CInt, tokenization: FTS5Tokenization,
        emitter: inout TokenEmitter
    ) -> CInt {
        if token.count < byLength.count {
            for entry in byLength[token.count]
            where entry.british.first == token.first && entry.british.elementsEqual(token) {
                return emitter.emit(entry.american, flags: flags, start: start, end: end)
            }
        }
        return emitter.emit(token, flags: flags, start: start, end: end)
    }
}

/// The same wrapper written on GRDB's `FTS5WrapperTokenizer`, for comparison: GRDB hands each
/// token over as a Swift String and takes the result back as one. Spec: `colour_grdb`.
public final class ColourToColorGRDB: FTS5WrapperTokenizer {
    public static let name = "colour_grdb"
    public let wrappedTokenizer: any FTS5Tokenizer

    public init(db: Database, arguments: [String]) throws {
        wrappedTokenizer = try db.makeTokenizer(.unicode61())
    }

    public func accept(
        token: String, flags: FTS5TokenFlags, for tokenization: FTS5Tokenization,
        tokenCallback: FTS5WrapperTokenCallback
    ) throws {
        try tokenCallback(ColourToColor.spellings[token] ?? token, flags)
    }
}
