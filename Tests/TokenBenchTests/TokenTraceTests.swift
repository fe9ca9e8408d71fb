import Testing

@testable import TokenBench
@testable import TokenBenchEngines
@testable import TokenBenchTokenizers

/// Tokens of each built-in on gotcha input, pinned in every tokenization mode: built-ins
/// tokenize documents, queries, prefix queries and aux text alike, so each row must hold in all four.
struct TokenTraceTests {
    struct Row: CustomTestStringConvertible, Sendable {
        var spec: String
        var text: String
        /// (token, start, end): UTF-8 byte offsets into `text`.
        var expected: [(String, Int, Int)]
        var why: String
        var testDescription: String { "\(spec): \(why)" }
    }

    static let rows: [Row] = [
        Row(
            spec: "ascii", text: "Foo BAR", expected: [("foo", 0, 3), ("bar", 4, 7)],
            why: "ASCII case folding, offsets of ASCII words"),
        Row(
            spec: "ascii", text: "J\u{E9}r\u{F4}me", expected: [("j\u{E9}r\u{F4}me", 0, 8)],
            why: "ascii folds J only; é and ô stay, 2 bytes each"),
        Row(
            spec: "ascii", text: "Je\u{301}ro\u{302}me", expected: [("je\u{301}ro\u{302}me", 0, 10)],
            why: "NFD input: combining marks are non-ASCII bytes, so part of the token"),
        Row(
            spec: "unicode61", text: "J\u{E9}r\u{F4}me", expected: [("jerome", 0, 8)],
            why: "NFC: case folded and diacritics removed, offsets span the 8 source bytes"),
        Row(
            spec: "unicode61", text: "Je\u{301}ro\u{302}me", expected: [("jerome", 0, 10)],
            why: "NFD: the combining marks are removed, the token still spans all 10 bytes"),
        Row(
            spec: "unicode61 remove_diacritics 0", text: "Je\u{301}ro\u{302}me",
            expected: [("je\u{301}ro\u{302}me", 0, 10)],
            why: "NFD without diacritic removal keeps the marks: NFC queries cannot match"),
        Row(
            spec: "unicode61", text: "\u{1E9E} \u{FB01}x", expected: [("\u{DF}", 0, 3), ("\u{FB01}x", 4, 8)],
            why: "capital ẞ folds to ß (3 bytes), the ﬁ ligature is kept as is"),
        Row(
            spec: "unicode61", text: "I\u{307}stanbul", expected: [("istanbul", 0, 10)],
            why: "İ in NFD: I folds to i and the combining dot is removed as a diacritic"),
        Row(
            spec: "unicode61", text: "\u{395}\u{3BB}\u{3BB}\u{3B7}\u{3BD}\u{3B9}\u{3BA}\u{3CC}\u{3C2}",
            expected: [("\u{3B5}\u{3BB}\u{3BB}\u{3B7}\u{3BD}\u{3B9}\u{3BA}\u{3CC}\u{3C3}", 0, 18)],
            why:
                "Greek NFC: case folded and final ς folded to σ, but precomposed ό keeps its tonos (only Latin letters lose diacritics)"
        ),
        Row(
            spec: "unicode61", text: "\u{3BA}\u{3BF}\u{301}\u{3C2}",
            expected: [("\u{3BA}\u{3BF}\u{3C3}", 0, 8)],
            why: "Greek NFD: the combining tonos is removed, so NFC and NFD Greek tokenize differently"),
        Row(
            spec: "unicode61", text: "\u{6771}\u{4EAC}\u{30BF}\u{30EF}\u{30FC} x",
            expected: [("\u{6771}\u{4EAC}\u{30BF}\u{30EF}\u{30FC}", 0, 15), ("x", 16, 17)],
            why: "CJK without spaces is one token"),
        Row(
            spec: "porter ascii", text: "Databases frustrated", expected: [("databas", 0, 9), ("frustrat", 10, 20)],
            why: "porter stems; offsets stay those of the unstemmed words"),
        Row(
            spec: "porter unicode61", text: "J\u{C9}R\u{D4}ME", expected: [("jerom", 0, 8)],
            why: "porter on unicode61: folded, diacritics removed, then stemmed"),
        Row(
            spec: "trigram", text: "a\u{E9} b", expected: [("a\u{E9} ", 0, 4), ("\u{E9} b", 1, 5)],
            why: "trigram windows over characters: offsets move by whole UTF-8 characters"),
        Row(
            spec: "trigram case_sensitive 1", text: "FOo", expected: [("FOo", 0, 3)],
            why: "case_sensitive 1 keeps case"),
        Row(
            spec: "trigram", text: "fi", expected: [],
            why: "fewer than three characters: no token at all"),
    ]

    @Test(arguments: rows, TokenizationMode.allCases)
    func tokens(row: Row, mode: TokenizationMode) throws {
        let workbench = try Workbench()
        let tokens = try workbench.tokens(of: row.text, spec: TokenizerSpec(text: row.spec), mode: mode)
        #expect(tokens.map { String(decoding: $0.bytes, as: UTF8.self) } == row.expected.map(\.0))
        #expect(tokens.map(\.start) == row.expected.map(\.1))
        #expect(tokens.map(\.end) == row.expected.map(\.2))
        #expect(tokens.map(\.position) == Array(tokens.indices), "built-ins never colocate: one position per token")
        #expect(tokens.allSatisfy { !$0.isColocated })
    }

    @Test func emptyInputGivesNoTokenAndNoError() throws {
        let workbench = try Workbench()
        for mode in TokenizationMode.allCases {
            #expect(try workbench.tokens(of: [UInt8](), spec: TokenizerSpec(text: "unicode61"), mode: mode).isEmpty)
        }
    }

    @Test func invalidUTF8TokensAreShownEscapedNeverDropped() throws {
        // ascii treats every non-ASCII byte as a token character, so a lone 0xFF stays in the token.
        let workbench = try Workbench()
        let tokens = try workbench.tokens(
            of: [0x61, 0xFF, 0x62, 0x20, 0x63], spec: TokenizerSpec(text: "ascii"), mode: .document)
        #expect(tokens.map(\.text) == ["a\\xFFb", "c"])
        #expect(tokens.map(\.bytes) == [[0x61, 0xFF, 0x62], [0x63]])
    }
}
