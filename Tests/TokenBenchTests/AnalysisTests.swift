import Testing

@testable import TokenBench

/// What the analysis page shows beside the tokens: text facts, skipped bytes, wrapper stages and
/// match analyses, each checked against what it must equal.
struct AnalysisTests {
    @Test(
        arguments: [
            // ASCII is NFC and NFD at once.
            (
                "abc", true, true, true,
                ["U+0061 LATIN SMALL LETTER A", "U+0062 LATIN SMALL LETTER B", "U+0063 LATIN SMALL LETTER C"]
            ),
            // Precomposed é: NFC only.
            ("\u{E9}", true, true, false, ["U+00E9 LATIN SMALL LETTER E WITH ACUTE"]),
            // e + combining acute: NFD only.
            ("e\u{301}", true, false, true, ["U+0065 LATIN SMALL LETTER E", "U+0301 COMBINING ACUTE ACCENT"]),
            // A control has no name (and Swift gives it no alias): its general category is shown.
            ("\u{7}", true, true, true, ["U+0007 <control>"]),
            // The Kelvin sign is neither NFC nor NFD (both map it to K).
            ("\u{212A}", true, false, false, ["U+212A KELVIN SIGN"]),
        ] as [(String, Bool, Bool, Bool, [String])])
    func textFacts(text: String, utf8: Bool, nfc: Bool, nfd: Bool, names: [String]) {
        let facts = TextFacts(Array(text.utf8))
        #expect(facts.isUTF8 == utf8)
        #expect(facts.isNFC == nfc)
        #expect(facts.isNFD == nfd)
        #expect(facts.codePoints == names)
    }

    @Test func bytesThatAreNotUTF8AreNamedOneByOne() {
        let facts = TextFacts([0x61, 0xFF, 0xC3])
        #expect(!facts.isUTF8)
        #expect(facts.isNFC == nil)
        #expect(facts.codePoints == ["U+0061 LATIN SMALL LETTER A", "\\xFF (not UTF-8)", "\\xC3 (not UTF-8)"])
    }

    @Test func skippedBytesSurviveLyingOffsets() {
        let input = Array("ab, cd".utf8)
        let tokens = [
            Token(position: 0, bytes: Array("ab".utf8), start: 0, end: 2, isColocated: false),
            // A tokenizer that lies: offsets out of range and reversed are clamped, not trusted.
            Token(position: 1, bytes: Array("cd".utf8), start: 4, end: 900, isColocated: false),
            Token(position: 2, bytes: [], start: -3, end: -9, isColocated: false),
        ]
        let runs = SkippedBytes.runs(in: input, outside: tokens)
        #expect(runs == [SkippedBytes(start: 2, end: 4, bytes: Array(", ".utf8))])
    }

    @Test func theLastStageIsTheSpecItself() throws {
        let workbench = try Workbench()
        let text = Array("The ﬁrst Großmann".utf8)
        for spec in ["nfkc", "synonyms stopwords", "porter latinascii"] {
            let stages = try workbench.tokenStages(of: text, spec: TokenizerSpec(parsing: spec), mode: .document)
            #expect(stages.count >= 2, "\(spec)")
            #expect(stages.last?.spec.text == spec)
            #expect(
                stages.last?.tokens
                    == (try workbench.tokens(of: text, spec: TokenizerSpec(parsing: spec), mode: .document)))
        }
    }

    @Test func matchAnalysisAgreesWithTheMatrix() throws {
        let workbench = try Workbench()
        let spec = TokenizerSpec(parsing: "nfkc")
        let analysis = try workbench.matchAnalysis(document: "Herr Großmann ﬁndet", query: "grossmann", spec: spec)
        let matrix = try workbench.matrix(
            cases: [MatchCase(id: "x", category: "x", document: "Herr Großmann ﬁndet", query: "grossmann")],
            tokenizers: [spec])
        #expect(analysis.cells.map(\.result) == matrix.cells.map(\.result))
        #expect(analysis.cells.allSatisfy { $0.result == .matched })
        // highlight() marks the matched word and leaves the rest as it was.
        let highlight = try #require(analysis.cells.first?.highlight)
        #expect(
            highlight == [
                MatchAnalysis.MarkedRun(text: "Herr ", isMarked: false),
                MatchAnalysis.MarkedRun(text: "Großmann", isMarked: true),
                MatchAnalysis.MarkedRun(text: " ﬁndet", isMarked: false),
            ])
        let missed = try workbench.matchAnalysis(
            document: "Herr Großmann", query: "grossmann", spec: TokenizerSpec(parsing: "unicode61"))
        #expect(missed.cells.allSatisfy { $0.result == .notMatched && $0.highlight == nil })
    }

    /// The document's tokens at each phrase instance, through FTS5's xInstToken (SQLite 3.45):
    /// one row per case, the tokens of the prefix asis:asis cell, nil where the engine's
    /// extension API has no xInstToken (3.40.1).
    @Test(
        arguments: [
            // The prefix query's instance is the whole document token it matched.
            ("unicode61", "bundled", "Herr Großmann findet", "groß", [1], [["großmann"]]),
            // nfkc folds ß before indexing: the index holds grossmann.
            ("nfkc", "bundled", "Herr Großmann findet", "gross", [1], [["grossmann"]]),
            // A two-token phrase: one instance, both tokens.
            ("unicode61", "bundled", "a b c", "b c", [1], [["b", "c"]]),
            // 3.40.1's extension API is version 2: no xInstToken.
            ("unicode61", "system", "Herr Großmann findet", "groß", nil, nil),
        ] as [(String, String, String, String, [Int]?, [[String]]?)])
    func matchedTokensComeFromXInstToken(
        spec: String, engine: String, document: String, query: String, offsets: [Int]?, tokens: [[String]]?
    ) throws {
        let analysis = try Workbench().matchAnalysis(
            document: document, query: query, spec: TokenizerSpec(parsing: spec),
            engine: try #require(try SQLiteEngine.named([engine]).first),
            formPairs: [FormPair(document: .asis, query: .asis)], queryKinds: [.prefix])
        let cell = try #require(analysis.cells.first)
        #expect(cell.result == .matched)
        #expect(cell.matchedTokens?.map(\.offset) == offsets)
        #expect(cell.matchedTokens?.map { $0.tokens.map { String(decoding: $0, as: UTF8.self) } } == tokens)
    }

    /// A locale on an engine without locales: every cell is unsupported, and nothing throws.
    @Test func aLocaleOnTheSystemEngineIsUnsupportedNotAnError() throws {
        let analysis = try Workbench().matchAnalysis(
            document: "IĞDIR", query: "ığdır", spec: TokenizerSpec(parsing: "icu"), engine: .system, locale: "tr")
        #expect(analysis.cells.allSatisfy { $0.isUnsupportedResult })
    }
}

extension MatchAnalysis.Cell {
    fileprivate var isUnsupportedResult: Bool {
        if case .unsupported = result { return true }
        return false
    }
}
