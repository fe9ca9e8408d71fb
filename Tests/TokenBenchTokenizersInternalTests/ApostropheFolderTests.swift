import Testing

@testable import TokenBenchTokenizers

/// `icu apostrophes 1`'s fold of a token's bytes: ’ ‘ ʼ become ', nothing else changes. Each row
/// is a token in and the token out.
struct ApostropheFolderTests {
    @Test(arguments: [
        ("don't", "don't"), // U+0027 is the target: left as it is
        ("don\u{2019}t", "don't"), // ’ RIGHT SINGLE QUOTATION MARK: what iOS Smart Punctuation types
        ("don\u{2018}t", "don't"), // ‘ LEFT SINGLE QUOTATION MARK
        ("don\u{2BC}t", "don't"), // ʼ MODIFIER LETTER APOSTROPHE (two bytes, CA BC)
        ("rock\u{2018}n\u{2019}roll", "rock'n'roll"), // several in one token
        ("\u{2019}\u{2019}", "''"), // nothing but apostrophes
        ("l\u{2019}\u{E9}t\u{E9}", "l'\u{E9}t\u{E9}"), // other multi-byte characters are kept
        ("\u{201C}x\u{201D}", "\u{201C}x\u{201D}"), // “ ” (E2 80 9C, E2 80 9D) share the lead bytes, not the fold
        ("\u{2BB}x", "\u{2BB}x"), // ʻ U+02BB (CA BB, the ʻokina) is a letter of its own, not an apostrophe
        ("\u{2019}", "'"), // a character that ends the token
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
        let long = String(repeating: "a\u{2019}", count: 100)
        let first = Array(long.utf8).withUnsafeBufferPointer { Array(folder.folded($0)) }
        #expect(first == Array(String(repeating: "a'", count: 100).utf8))
        let second = Array("b\u{2019}".utf8).withUnsafeBufferPointer { Array(folder.folded($0)) }
        #expect(second == Array("b'".utf8))
    }
}
