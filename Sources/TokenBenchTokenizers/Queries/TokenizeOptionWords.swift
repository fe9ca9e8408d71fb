/// The words FTS5 splits a `tokenize=` option into, its tokenizer's name then the arguments
/// xCreate is given, as `fts5ConfigParseSpecial` does in SQLite's `fts5_config.c` (the same in
/// SQLite 3.40.1 and 3.54.1): the text is the option's value once its own quotes are gone
/// (`tokenize = 'porter unicode61'` → `porter unicode61`).
///
/// - Words are separated by spaces (only U+0020: `fts5_iswhitespace`); spaces before the first
///   word and after the last are skipped.
/// - A word that starts with `'` runs to its closing `'`, a doubled `''` inside standing for one
///   quote (`fts5ConfigSkipLiteral`), and is dequoted (`sqlite3Fts5Dequote`).
/// - Any other word is a bareword, a run of ASCII letters, digits, `_`, the byte 0x1A, or bytes
///   of 0x80 and above (`sqlite3Fts5IsBareword`): so a multi-byte UTF-8 character is part of one.
/// - A word ends where the next character cannot continue it, with or without a space: `a'b'`
///   is `a` then `b`.
/// - Anything else (`-`, `"`, `/`, a tab, an unclosed quote, nothing but spaces) is FTS5's
///   "parse error in tokenize directive". The empty text is no word at all.
///
/// FTS5 reads the option as a C string; a NUL byte is refused here instead.
package enum TokenizeOptionWords {
    /// The words of `option`, dequoted; nil where FTS5 has a parse error.
    package static func split(_ option: [UInt8]) -> [[UInt8]]? {
        guard !option.contains(0) else { return nil }
        var words: [[UInt8]] = []
        var index = 0
        while index < option.count {
            let start = skipSpaces(option, from: index)
            let end = option.get(start) == quote ? endOfQuoted(option, from: start) : endOfBareword(option, from: start)
            guard let end else { return nil }
            words.append(option.get(start) == quote ? dequoted(option[start..<end]) : Array(option[start..<end]))
            index = skipSpaces(option, from: end)
        }
        return words
    }

    private static let quote = UInt8(ascii: "'")

    private static func skipSpaces(_ bytes: [UInt8], from index: Int) -> Int {
        var index = index
        while bytes.get(index) == UInt8(ascii: " ") { index += 1 }
        return index
    }

    /// sqlite3Fts5IsBareword.
    static func isBareword(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x80...0xFF, 0x1A, UInt8(ascii: "_"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"):
            return true
        default:
            return false
        }
    }

    /// Past the bareword at `index`; nil when none starts there.
    private static func endOfBareword(_ bytes: [UInt8], from index: Int) -> Int? {
        var end = index
        while let byte = bytes.get(end), isBareword(byte) { end += 1 }
        return end == index ? nil : end
    }

    /// Past the closing quote of the quoted word at `index`; nil when it is not closed.
    private static func endOfQuoted(_ bytes: [UInt8], from index: Int) -> Int? {
        var end = index + 1
        while let byte = bytes.get(end) {
            if byte == quote {
                guard bytes.get(end + 1) == quote else { return end + 1 }
                end += 2
            } else {
                end += 1
            }
        }
        return nil
    }

    /// The word between its quotes, each `''` as one quote.
    private static func dequoted(_ word: ArraySlice<UInt8>) -> [UInt8] {
        var result: [UInt8] = []
        var index = word.startIndex + 1
        while index < word.endIndex - 1 {
            result.append(word[index])
            index += word[index] == quote ? 2 : 1
        }
        return result
    }
}

extension Array where Element == UInt8 {
    /// The byte at `index`, or nil past the end: where FTS5 reads the C string's NUL.
    fileprivate func get(_ index: Int) -> UInt8? { index < count ? self[index] : nil }
}
