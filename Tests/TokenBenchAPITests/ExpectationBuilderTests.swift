import Testing
import TokenBench

/// Cases written in Swift with their expectations, run in a real matrix, checked with #expect:
/// how a user pins their tokenizer choice in their own test suite.
struct ExpectationBuilderTests {
    static func aime() throws -> MatchCase {
        let same = FormPair(document: .nfc, query: .nfc)
        let mixed = FormPair(document: .nfc, query: .nfd)
        return try MatchCase(id: "aime", category: "nfd", document: "aim\u{E9}", query: "aim\u{E9}") {
            Expectation.match(["unicode61"])
            // The NFD query keeps its accent as a combining mark, which only diacritic removal drops.
            for tokenizer in ["ascii", "rd0"] {
                Expectation.match([tokenizer], formPair: same)
                Expectation.nomatch([tokenizer], formPair: mixed)
            }
            for engine in [SQLiteEngine.system, .bundled] {
                Expectation.match(["unicode61"], queryKind: .prefix, engine: engine)
            }
        }
    }

    @Test func everyCellKeepsItsExpectation() throws {
        let matrix = try Workbench().matrix(
            cases: [try Self.aime()],
            tokenizers: [
                TokenizerSpec(text: "ascii"), TokenizerSpec(text: "unicode61"),
                TokenizerSpec(label: "rd0", text: "unicode61 remove_diacritics 0"),
            ],
            engines: [.system, .bundled],
            formPairs: [FormPair(document: .nfc, query: .nfc), FormPair(document: .nfc, query: .nfd)])
        #expect(matrix.cells.count == 3 * 2 * 2 * 2)
        #expect(
            matrix.cells.allSatisfy { !$0.violatesExpectation },
            "\(matrix.cells.filter(\.violatesExpectation).map(\.coordinate))")
        // Every cell has a verdict to check, from the most specific expectation in scope.
        #expect(matrix.cells.filter { $0.expected == nil }.isEmpty)
        #expect(
            matrix.cells.filter { $0.tokenizer == "ascii" }.map(\.result).sorted { "\($0)" < "\($1)" }
                == [.matched, .matched, .matched, .matched, .notMatched, .notMatched, .notMatched, .notMatched])
    }

    @Test func twoVerdictsForOneScopeAreRefused() {
        #expect(
            throws: TokenBenchError.invalidArgument(
                name: "case x", value: "ascii", reason: "expected both match and nomatch in scope [prefix]")
        ) {
            _ = try MatchCase(id: "x", category: "c", document: "a", query: "a") {
                Expectation.match(["ascii"], queryKind: .prefix)
                Expectation.nomatch(["ascii"], queryKind: .prefix)
            }
        }
    }

    /// The builder takes a case's locales (and tokendata) as the case without expectations
    /// does: a Turkish IĞDIR found by ığdır under `tr` (locales.cases pins the same verdicts),
    /// in a locale=1 table of the bundled engine; the system engine (SQLite 3.40.1) has no
    /// locales, so its cells are unsupported and skipped, not failed.
    @Test func theBuilderTakesLocales() throws {
        let igdir = try MatchCase(
            id: "igdir", category: "locale", document: "I\u{11E}DIR", query: "\u{131}\u{11F}d\u{131}r",
            documentLocale: "tr", queryLocale: "tr"
        ) {
            Expectation.match(["icu"])
            Expectation.nomatch(["unicode61"])
        }
        #expect(igdir.documentLocale == "tr" && igdir.queryLocale == "tr" && !igdir.tokendata)
        let matrix = try Workbench().matrix(
            cases: [igdir], tokenizers: [TokenizerSpec(text: "icu"), TokenizerSpec(text: "unicode61")],
            engines: [.system, .bundled], formPairs: [FormPair(document: .nfc, query: .nfc)])
        let bundled = matrix.cells.filter { $0.engine == "bundled" }
        #expect(bundled.map(\.result) == [.matched, .matched, .notMatched, .notMatched])
        #expect(bundled.allSatisfy { $0.outcome == .pass })
        #expect(matrix.cells.filter { $0.engine == "system" }.allSatisfy { $0.outcome == .skipped })
    }

    /// The app's query of a text of punctuation: GRDB's builder makes none (`no query`, which the
    /// case expects), the raw text is FTS5's syntax error, and the typed builder makes none
    /// either, since unicode61 has no token in it.
    @Test func theBuilderTakesNoQuery() throws {
        let dash = try MatchCase(id: "dash", category: "typed", document: "a - b", query: "-") {
            Expectation.noquery(["unicode61"], queryKind: .grdbAll)
            Expectation.error(["unicode61"], queryKind: .raw)
            Expectation.noquery(["unicode61"], queryKind: .typedAll)
        }
        let matrix = try Workbench().matrix(
            cases: [dash], tokenizers: [TokenizerSpec(text: "unicode61")],
            formPairs: [FormPair(document: .asis, query: .asis)], queryKinds: [.raw, .grdbAll, .typedAll])
        #expect(matrix.cells.map(\.result.code) == [.error, .noQuery, .noQuery])
        #expect(matrix.cells.map(\.outcome) == [.pass, .pass, .pass])
        #expect(matrix.cells.map(\.pattern) == ["-", nil, nil])
    }
}
