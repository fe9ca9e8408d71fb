import Testing

@testable import TokenBenchTokenizers

/// `icu apostrophes 1`'s fold of a token's bytes: ’ ‘ ʼ between two other characters become ',
/// nothing else changes. Each row is a token in and the token out.
struct ApostropheFolderTests {
    @Test(arguments: [
        ("don't", "don't"), // U+0027 is the target: left as it is
        ("don\u{2019}t", "don't"), // ’ RIGHT SINGLE QUOTATION MARK: what iOS Smart Punctuation types
        ("don\u{2018}t", "don't"), // ‘ LEFT SINGLE QUOTATION MARK
        ("don\u{2BC}t", "don't"), // ʼ MODIFIER LETTER APOSTROPHE (two bytes, CA BC)
        ("rock\u{2018}n\u{2019}roll", "rock'n'roll"), // several in one token
        ("\u{2019}\u{2019}", "\u{2019}\u{2019}"), // nothing but apostrophes: kept, "''" has no ICU word
        ("\u{2BC}", "\u{2BC}"), // ʼ alone, a word to ICU (a letter): kept, so that ʼ typed still finds it
        ("\u{2BC}a", "\u{2BC}a"), // ʼ at the start of a word: kept (ICU would cut "'a" to a)
        ("a\u{2BC}", "a\u{2BC}"), // ʼ at the end of a word: kept
        ("a\u{2BC}\u{2BC}b", "a\u{2BC}\u{2BC}b"), // two in a row: kept (ICU cuts "a''b" into a and b)
        ("a'\u{2019}b", "a'\u{2019}b"), // next to a straight one: kept
        ("\u{5D0}'\u{5D1}\u{2019}s", "\u{5D0}'\u{5D1}'s"), // a straight ' is left as it is, the ’ after a letter folded
        ("l\u{2019}\u{E9}t\u{E9}", "l'\u{E9}t\u{E9}"), // other multi-byte characters are kept
        ("\u{201C}x\u{201D}", "\u{201C}x\u{201D}"), // “ ” (E2 80 9C, E2 80 9D) share the lead bytes, not the fold
        ("\u{2BB}x", "\u{2BB}x"), // ʻ U+02BB (CA BB, the ʻokina) is a letter of its own, not an apostrophe
        ("a\u{2019}", "a\u{2019}"), // a ’ that ends the token is kept too
        ("", ""), // an empty token
        ("caf\u{E9}", "caf\u{E9}"), // no E2 or CA byte: returned as it is
    ])
    func folds(token: String, expected: String) {
        let folder = ApostropheFolder()
        let bytes = Array(token.utf8)
        let folded = bytes.withUnsafeBufferPointer { Array(folder.folded($0)) }
        #expect(String(decoding: folded, as: UTF8.self) == expected)
    }

    /// Cut bytes are never read past the token: a lead byte at its end stays a byte of it.
    @Test(
        arguments: [
            [0x61, 0xE2], // E2 alone at the end
            [0x61, 0xE2, 0x80], // E2 80 without its third byte
            [0x61, 0xCA], // CA without BC
        ] as [[UInt8]])
    func aCutApostropheIsKept(bytes: [UInt8]) {
        let folder = ApostropheFolder()
        let folded = bytes.withUnsafeBufferPointer { Array(folder.folded($0)) }
        #expect(folded == bytes)
    }

    /// The copy is reused: a longer token than the scratch buffer grows it, and each call's result
    /// is that call's.
    @Test func aLongTokenGrowsTheBuffer() {
        let folder = ApostropheFolder()
        let long = String(repeating: "a\u{2019}", count: 100) + "a"
        let first = Array(long.utf8).withUnsafeBufferPointer { Array(folder.folded($0)) }
        #expect(first == Array((String(repeating: "a'", count: 100) + "a").utf8))
        let second = Array("b\u{2019}c".utf8).withUnsafeBufferPointer { Array(folder.folded($0)) }
        #expect(second == Array("b'c".utf8))
    }
}
