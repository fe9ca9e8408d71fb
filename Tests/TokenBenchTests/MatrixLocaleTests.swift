import Foundation
import Testing

@testable import TokenBench
@testable import TokenBenchEngines

/// The matrix's locale axis: a case's texts go into a `locale=1` table and its MATCH through
/// `fts5_locale()`, on engines that have locales (SQLite 3.47 and later); elsewhere its cells say
/// that locales need 3.47 and are no verdict.
struct MatrixLocaleTests {
    static let icu = TokenizerSpec(text: "icu")
    static let asis = FormPair(document: .asis, query: .asis)

    /// One case per row: how the `.cases` keys set each text's locale, and the CSV's column.
    @Test(
        arguments: [
            // locale sets both texts.
            ("locale: tr", "tr", "tr", "tr"),
            // Each text its own: the column writes DOCUMENT/QUERY.
            ("document_locale: tr\nquery_locale: en", "tr", "en", "tr/en"),
            // Only the query has one: the document side is empty.
            ("query_locale: en", nil, "en", "/en"),
            // No locale at all: no column value.
            ("note: none", nil, nil, ""),
        ] as [(String, String?, String?, String)])
    func casesKeysSetEachTextsLocale(keys: String, document: String?, query: String?, column: String) throws {
        let text = "id: a\ncategory: c\ndocument: d\nquery: q\n\(keys)\n"
        let parsed = try FixtureParser.parse(Array(text.utf8), file: "t.cases", format: .cases)
        #expect(parsed.map(\.documentLocale) == [document])
        #expect(parsed.map(\.queryLocale) == [query])
        #expect(parsed.map(\.localeColumn) == [column])
    }

    @Test func csvFixturesTakeTheSameLocaleColumns() throws {
        let text = "id,category,document,query,document_locale,query_locale\na,c,INFO,info,tr,en\nb,c,x,y,,\n"
        let parsed = try FixtureParser.parse(Array(text.utf8), file: "t.csv", format: .csv)
        #expect(parsed.map(\.localeColumn) == ["tr/en", ""])
    }

    /// Turkish and English rows in one `locale=1` table on the bundled 3.54.1, under icu: one
    /// row per case, with whether the query finds its document and the document's tokens.
    @Test func theLocaleDecidesTheMatchInOneTable() throws {
        let rows:
            [(
                id: String, document: String, query: String, locales: (String?, String?), matches: Bool,
                tokens: [String]
            )] = [
                // Turkic folding: IĞDIR is ığdır.
                ("igdir-tr", "IĞDIR", "ığdır", ("tr", "tr"), true, ["ığdır"]),
                // Without a locale, root folding: iğdir, which ığdır does not find.
                ("igdir-none", "IĞDIR", "ığdır", (nil, nil), false, ["iğdir"]),
                // An English row: info finds INFO.
                ("info-en", "INFO", "info", ("en", "en"), true, ["info"]),
                // INFO in a Turkish row is ınfo: an English query for info misses it.
                ("info-tr-en", "INFO", "info", ("tr", "en"), false, ["ınfo"]),
                // İ is i under tr (root folding gives i + U+0307).
                ("istanbul-tr", "İSTANBUL", "istanbul", ("tr", "tr"), true, ["istanbul"]),
            ]
        let cases = rows.map {
            MatchCase(
                id: $0.id, category: "locale", document: $0.document, query: $0.query, documentLocale: $0.locales.0,
                queryLocale: $0.locales.1)
        }
        let matrix = try Workbench().matrix(
            cases: cases, tokenizers: [Self.icu], engines: [.bundled], formPairs: [Self.asis], queryKinds: [.phrase])
        for row in rows {
            let cell = try #require(matrix.cells.first { $0.matchCase.id == row.id })
            #expect(cell.result == (row.matches ? .matched : .notMatched), "\(row.id)")
            #expect(cell.documentTokens.map(\.text) == row.tokens, "\(row.id)")
        }
    }

    /// On the system's 3.40.1 a case with a locale is not run: its cells say why, are skipped
    /// whatever the fixture expects, and count in no engine disagreement; a case without a
    /// locale in the same run is judged as always.
    @Test func anEngineWithoutLocalesSaysSoAndJudgesNothing() throws {
        let cases = [
            MatchCase(
                id: "with", category: "locale", document: "IĞDIR", query: "ığdır", documentLocale: "tr",
                queryLocale: "tr", expectations: ["icu": [ExpectationScope(): .match]]),
            MatchCase(id: "without", category: "locale", document: "INFO", query: "info"),
        ]
        let matrix = try Workbench().matrix(
            cases: cases, tokenizers: [Self.icu], engines: [.system, .bundled], formPairs: [Self.asis],
            queryKinds: [.phrase])
        let unsupported = try #require(
            matrix.cells.first { $0.matchCase.id == "with" && $0.engine == SQLiteEngine.system.name })
        #expect(unsupported.result == .lacking(.locale, on: .system))
        #expect(unsupported.result.errorColumn.hasPrefix("locale needs SQLite 3.47 (this engine is SQLite 3."))
        #expect(unsupported.outcome == .skipped)
        #expect(!unsupported.violatesExpectation)
        #expect(unsupported.documentTokens.isEmpty)
        let bundled = try #require(
            matrix.cells.first { $0.matchCase.id == "with" && $0.engine == SQLiteEngine.bundled.name })
        #expect(bundled.result == .matched)
        #expect(bundled.outcome == .pass)
        #expect(matrix.cells.filter { $0.matchCase.id == "without" }.map(\.result) == [.matched, .matched])
        #expect(matrix.engineDisagreements().cells.isEmpty)
        #expect(matrix.sharedCoordinateCount == 1)
    }

    /// The long CSV has a `locale` column only when a case has a locale, and reads back as it was
    /// written: an unsupported cell stays unsupported, and a file without the column (every file
    /// before locales) reads as cells without a locale.
    @Test func theLocaleColumnIsWrittenOnlyWhenNeededAndReadsBack() throws {
        let plain = MatchCase(id: "p", category: "c", document: "INFO", query: "info")
        let turkish = MatchCase(
            id: "t", category: "c", document: "IĞDIR", query: "ığdır", documentLocale: "tr", queryLocale: "tr")
        func run(_ cases: [MatchCase]) throws -> MatchMatrix {
            try Workbench().matrix(
                cases: cases, tokenizers: [Self.icu], engines: [.system], formPairs: [Self.asis],
                queryKinds: [.phrase])
        }
        let withoutLocales = try run([plain]).longTable()
        #expect(!withoutLocales.header.contains("locale"))
        let read = try MatrixBaseline.parse(withoutLocales.csv(), source: "old.csv")
        #expect(read.records.map(\.locale) == [""])

        let matrix = try run([plain, turkish])
        let table = matrix.longTable()
        #expect(table.header.firstIndex(of: "locale") == table.header.firstIndex(of: "query")! + 1)
        let records = try MatrixBaseline.parse(table.csv(), source: "new.csv").records
        #expect(records.map(\.locale) == ["", "tr"])
        #expect(records.map(\.result) == matrix.cells.map(\.result))
        #expect(records.map(\.outcome) == [.unchecked, .skipped])
        // The wide table marks the cell too.
        #expect(matrix.wideTable().rows.map(\.last) == ["X", "unsupported"])
    }
}
