import Foundation
import Testing

@testable import TokenBench
@testable import TokenBenchEngines
@testable import TokenBenchTokenizers

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The HTML report's structure, read back with a strict XML parser, and the matrix data its script
/// draws from: one cell per case × tokenizer, and no fixture, spec or token text able to inject
/// markup. `ReportBrowserTests` checks what the script draws, in Chromium.
struct HTMLReportTests {
    /// Text fields that would break out of their element or attribute if they were not escaped.
    static let hostileCases = [
        MatchCase(
            id: "x<script>", category: "<b>cat</b>&amp;", document: "<script>alert('d')</script> & \"q\"",
            query: "</td><img src=x onerror=alert(1)>", note: "<!-- note --> ]]>"),
        MatchCase(id: "plain", category: "second", document: "Jérôme co\u{AD}operation a\u{200D}b", query: "jerome"),
        MatchCase(id: "nfd", category: "second", document: "Jére\u{301}my \u{1F44D}\u{FE0F}", query: "jeremy"),
        // Back in the first category: the report groups it with the first case.
        MatchCase(id: "again", category: "<b>cat</b>&amp;", document: "a", query: "a"),
    ]

    static func render(
        throughput: [ThroughputFigures] = [], quality: QualityFigures? = nil, advice: AdviceFigures? = nil
    ) throws -> (
        html: String, document: XMLDocument
    ) {
        let workbench = try Workbench()
        let matrix = try workbench.matrix(
            cases: hostileCases,
            tokenizers: [
                TokenizerSpec(text: "unicode61"),
                // A spec whose name is markup, and whose tokens keep '<', '>', '&' and quotes.
                TokenizerSpec(text: "unicode61 tokenchars '<>&\"'''"),
                TokenizerSpec(label: "tri", text: "trigram"),
            ])
        let report = HTMLReport(
            matrix: matrix, environment: [("sqlite_version", "3.<40>"), ("os", "\"quoted\" & <os>")],
            command: "tokenbench report --case '<x>'", throughput: throughput, quality: quality, advice: advice)
        let html = report.render()
        return (html, try XMLDocument(xmlString: html, options: []))
    }

    /// The matrix data the page's script draws from, decoded from its `<script>` element by
    /// the data's own `Codable` type.
    static func matrixData(_ html: String) throws -> ReportMatrixData {
        let start = try #require(html.range(of: "<script type=\"application/json\" id=\"matrix-data\">"))
        let end = try #require(html.range(of: "</script>", range: start.upperBound..<html.endIndex))
        let text = String(html[start.upperBound..<end.lowerBound])
        return try JSONDecoder().decode(ReportMatrixData.self, from: Data(text.utf8))
    }

    /// The verdicts a record's digits stand for, through the data's own list.
    static func verdicts(_ digits: String, in data: ReportMatrixData) -> [MatchVerdict.Code] {
        digits.map { data.verdicts[Int(String($0))!] }
    }

    /// Two engines: one column per tokenizer, each cell once where the engines agree and once
    /// per engine where they differ; the engines section comes first and lists the differences:
    /// none on a real run, one row on a doctored one.
    @Test func enginesAreMergedWhereTheyAgreeAndSplitWhereTheyDiffer() throws {
        let workbench = try Workbench()
        let cases = [
            MatchCase(id: "foo", category: "c", document: "Foo", query: "foo"),
            MatchCase(id: "bar", category: "c", document: "bar", query: "bar"),
        ]
        let matrix = try workbench.matrix(
            cases: cases, tokenizers: [TokenizerSpec(text: "unicode61")], engines: [.system, .bundled])
        let environment = [("system.sqlite_version", "3.40.1"), ("bundled.sqlite_version", "3.54.1")]
        let agreeing = HTMLReport(matrix: matrix, environment: environment, command: "x").render()
        let data = try Self.matrixData(agreeing)
        #expect(data.tokenizers == ["unicode61"])
        #expect(data.engines == ["system", "bundled"])
        for caseIndex in 0..<2 {
            let entries = data.cells[caseIndex][0]
            #expect(entries.count == 1)
            #expect(entries.first?.engines == [0, 1])
        }
        #expect(agreeing.contains("The engines agree on every one of the 12 cells they both ran."))
        #expect(agreeing.range(of: "id=\"engines\"")!.lowerBound < agreeing.range(of: "id=\"matrix\"")!.lowerBound)

        // One bundled cell made to miss: that case's cell splits, and the list names it.
        let doctored = try MatchMatrix(
            tokenizers: matrix.tokenizers, engines: matrix.engines, queryKinds: matrix.queryKinds,
            formPairs: matrix.formPairs,
            cells: matrix.cells.map { cell in
                var cell = cell
                if cell.engine == "bundled", cell.matchCase.id == "bar", cell.queryKind == .prefix,
                    cell.formPair == FormPair.defaults[0]
                {
                    cell.result = .notMatched
                }
                return cell
            })
        #expect(doctored.engineDisagreements().cells.count == 2)
        let disagreeing = HTMLReport(matrix: doctored, environment: environment, command: "x").render()
        let split = try Self.matrixData(disagreeing)
        #expect(split.cells[0][0].count == 1)
        let bar = split.cells[1][0]
        #expect(bar.map(\.engines) == [[0], [1]])
        // Sub-cell 3 is prefix asis:asis (kind-major): a match on system, no match on bundled.
        #expect(bar.map { Self.verdicts($0.record.results, in: split)[3] } == [.match, .noMatch])
        let rows = try XMLDocument(xmlString: disagreeing, options: []).nodes(
            forXPath: "//table[@class='disagreements']//tr[td]")
        #expect(rows.count == 1)
        #expect(rows.first?.stringValue?.contains("bar") == true)
        #expect(disagreeing.contains("The engines disagree on 1 of the 12 cells they both ran"))
    }

    /// A case with a locale: the system's 3.40.1 cannot run it, so its cell is the bundled
    /// engine's alone (no "engines differ"), the case carries its texts' locales, and a case no
    /// engine could run keeps the system's "not run" sub-cells ("s").
    @Test func aCaseWithALocaleShowsTheEngineThatRanIt() throws {
        let cases = [
            MatchCase(
                id: "tr", category: "locale", document: "IĞDIR", query: "ığdır", documentLocale: "tr", queryLocale: "tr"
            )
        ]
        let (icu, asis) = ([TokenizerSpec(text: "icu")], [FormPair(document: .asis, query: .asis)])
        let both = try Workbench().matrix(
            cases: cases, tokenizers: icu, engines: [.system, .bundled], formPairs: asis)
        let data = try Self.matrixData(HTMLReport(matrix: both, environment: [], command: "x").render())
        #expect(data.cases.first?.locales == ["tr", "tr"])
        let entries = data.cells[0][0]
        #expect(entries.map(\.engines) == [[1]])
        // Phrase and prefix, both found.
        #expect(entries.map { Self.verdicts($0.record.results, in: data) } == [[.match, .match]])

        let systemOnly = try Workbench().matrix(cases: cases, tokenizers: icu, engines: [.system], formPairs: asis)
        let notRun = try Self.matrixData(HTMLReport(matrix: systemOnly, environment: [], command: "x").render())
        #expect(
            notRun.cells[0][0].map { Self.verdicts($0.record.results, in: notRun) } == [[.unsupported, .unsupported]])
        #expect(notRun.cells[0][0].first?.record.wordings.first?.hasPrefix("locale needs SQLite 3.47") == true)
    }

    @Test func theDataHoldsOneCellPerCaseAndTokenizer() throws {
        let (html, _) = try Self.render()
        let data = try Self.matrixData(html)
        #expect(data.tokenizers == ["unicode61", "unicode61 tokenchars '<>&\"'''", "tri"])
        // One category group each, in order of first appearance, even when cases interleave.
        #expect(data.categories == ["<b>cat</b>&amp;", "second"])
        #expect(data.cases.map(\.id) == ["x<script>", "again", "plain", "nfd"])
        #expect(data.cases.map(\.category) == [0, 0, 1, 1])
        let subCells = data.kinds.count * data.pairs.count
        #expect(subCells == 6)
        // The verdicts' codes, as programs and CSS classes read them; each has a mark to draw.
        #expect(data.verdicts.map(\.rawValue) == ["match", "no-match", "no-query", "error", "lost", "unsupported"])
        #expect(Set(data.marks.keys) == Set(data.verdicts.map(\.rawValue) + ["failed"]))
        for caseIndex in data.cases.indices {
            for tokenizer in 0..<3 {
                let entries = data.cells[caseIndex][tokenizer]
                #expect(entries.count == 1)
                let record = try #require(entries.first?.record)
                // Results, expectations and violations: one character per sub-cell.
                for field in [record.results, record.expected, record.violations] { #expect(field.count == subCells) }
                #expect(Set(Self.verdicts(record.results, in: data)).isSubset(of: [.match, .noMatch, .error]))
            }
        }
    }

    @Test func noTextFieldInjectsMarkup() throws {
        let (html, document) = try Self.render()
        // The data's script element and the page's script, nothing else.
        #expect(try document.nodes(forXPath: "//script").count == 2)
        #expect(try document.nodes(forXPath: "//img").isEmpty)
        #expect(try document.nodes(forXPath: "//*[@onerror]").isEmpty)
        // No text in the data can close its element: JSON holds '<', '>' and '&' only as escapes.
        let start = try #require(html.range(of: "id=\"matrix-data\">"))
        let end = try #require(html.range(of: "</script>", range: start.upperBound..<html.endIndex))
        #expect(!html[start.upperBound..<end.lowerBound].contains(where: { "<>&".contains($0) }))
        // The hostile texts survive exactly, as data.
        let data = try Self.matrixData(html)
        #expect(data.cases[0].document == "<script>alert('d')</script> & \"q\"")
        #expect(data.cases[0].query == "</td><img src=x onerror=alert(1)>")
        #expect(data.cases[0].note == "<!-- note --> ]]>")
        // Tokens that are markup (tokenchars '<>') are data too.
        #expect(data.streams.contains { $0.contains { $0.text == "<script>alert" } })
        // The static parts are escaped text.
        let text = document.rootElement()?.stringValue ?? ""
        #expect(text.contains("tokenbench report --case '<x>'"))
        #expect(text.contains("\"quoted\" & <os>"))
    }

    @Test func oneInlineScriptAndNothingFetched() throws {
        let (html, document) = try Self.render()
        #expect(try document.nodes(forXPath: "//*[@src or @href]").isEmpty)
        #expect(!html.contains("@import") && !html.contains("url("))
        #expect(try document.nodes(forXPath: "//style").count == 1)
        #expect(try document.nodes(forXPath: "//script[not(@type)]").count == 1)
        for call in ["fetch(", "XMLHttpRequest", "import(", "innerHTML", "eval("] {
            #expect(!HTMLReport.script.contains(call), "\(call)")
        }
    }

    @Test func invisibleCharactersComeWithTheirNames() throws {
        let (html, _) = try Self.render()
        let invisible = try Self.matrixData(html).invisible
        // Soft hyphen, ZWJ, a combining acute (drawn on a dotted circle: no label), a variation selector.
        #expect(invisible["00AD"] == ["SHY", "SOFT HYPHEN"])
        #expect(invisible["200D"] == ["ZWJ", "ZERO WIDTH JOINER"])
        #expect(invisible["0301"] == ["", "COMBINING ACUTE ACCENT"])
        #expect(invisible["FE0F"] == ["VS16", "VARIATION SELECTOR-16"])
        #expect(invisible["0041"] == nil)
    }

    @Test func throughputChartsComeFromTheCSVRows() throws {
        let csv = """
            tokenizer,operation,mode,corpus,bytes,mb_per_s,relative,reference
            unicode61,tokenize,document,gen<1>,100,150.5,1.000,unicode61
            icu,tokenize,document,gen<1>,100,30.1,0.200,unicode61
            unicode61,c-reference,document,gen<1>,100,151.0,0.997,unicode61
            unicode61,index,document,gen<1>,100,20.0,1.000,unicode61

            """
        let figures = try ThroughputFigures.parse(csv, file: "t.csv")
        #expect(figures.rows.map(\.operation) == [.tokenize, .tokenize, .cReference])
        let (_, document) = try Self.render(throughput: [figures])
        let charts = try document.nodes(forXPath: "//section[@id='throughput']//*[local-name()='svg']")
        #expect(charts.count == 2)
        let bars = try document.nodes(
            forXPath: "//section[@id='throughput']//*[local-name()='rect']/*[local-name()='title']"
        ).compactMap(\.stringValue)
        #expect(bars.contains("icu document: 30.1"))
        #expect(bars.contains("unicode61 c-reference document: 151.0"))
        #expect(bars.contains("icu document: 0.20"))
        let text = document.rootElement()?.stringValue ?? ""
        #expect(text.contains("gen<1> (100 bytes)"))
    }

    /// A CSV of single-script corpora (`throughput --script`) gets a section of its own, with one
    /// bar per script for each tokenizer; a second engine adds `@engine` to each label.
    @Test func perScriptThroughputIsChartedPerScript() throws {
        let mixed = try ThroughputFigures.parse(
            """
            tokenizer,engine,operation,mode,corpus,bytes,mb_per_s,relative,reference,script
            icu,system,tokenize,document,g,100,30.0,0.200,unicode61,mixed

            """, file: "mixed.csv")
        let scripts = try ThroughputFigures.parse(
            """
            tokenizer,engine,operation,mode,corpus,bytes,mb_per_s,relative,reference,script
            icu,system,tokenize,document,g1,100,49.0,0.230,unicode61,latin
            icu,system,tokenize,document,g2,100,34.5,0.300,unicode61,thai
            icu,bundled,tokenize,document,g2,100,35.5,0.310,unicode61,thai
            icu,system,c-limit,document,g2,100,33.0,1.040,unicode61,thai

            """, file: "scripts.csv")
        #expect(scripts.scripts == ["latin", "thai"])
        let (_, document) = try Self.render(throughput: [mixed, scripts])
        let heading = try document.nodes(forXPath: "//section[@id='throughput-2']/h2").first?.stringValue
        #expect(heading == "Throughput per script")
        let bars = try document.nodes(
            forXPath: "//section[@id='throughput-2']//*[local-name()='rect']/*[local-name()='title']"
        ).compactMap(\.stringValue)
        #expect(bars.contains("icu@system latin: 49.0"))
        #expect(bars.contains("icu@system thai: 34.5"))
        #expect(bars.contains("icu@bundled thai: 35.5"))
        #expect(bars.contains("icu c-limit@system thai: 33.0"))
        // The first file, one script only, keeps the per-tokenizer charts.
        let first = try document.nodes(
            forXPath: "//section[@id='throughput']//*[local-name()='rect']/*[local-name()='title']"
        ).compactMap(\.stringValue)
        #expect(first.contains("icu document: 30.0"))
    }

    /// The quality section from a real run's CSVs, read back: a row per tokenizer with its
    /// p-value, a point per row in the size chart, and the query porter fixes with both
    /// tokenizers' tokens (run and runs stem to the same word; unicode61 keeps them apart).
    @Test func qualitySectionComesFromTheCSVs() throws {
        let collection = try QualityCollection(
            documents: [
                QualityDocument(id: "d1", text: "she runs every day"), QualityDocument(id: "d2", text: "a <b> tag"),
            ],
            queries: [QualityQuery(id: "q<1>", text: "run"), QualityQuery(id: "q2", text: "tag")],
            judgments: [
                QualityJudgment(queryID: "q<1>", documentID: "d1", relevance: 1),
                QualityJudgment(queryID: "q2", documentID: "d2", relevance: 1),
            ])
        let run = try Workbench().quality(
            collection,
            options: QualityOptions(tokenizers: [TokenizerSpec(parsing: "unicode61"), TokenizerSpec(parsing: "porter")])
        )
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tb-report-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let summary = directory.appendingPathComponent("q.csv").path
        let perQuery = directory.appendingPathComponent("pq.csv").path
        try OutputDestination.write(QualityRow.csvTable(run.rows).csv(), to: summary)
        try OutputDestination.write(QueryOutcome.csvTable(run.outcomes).csv(), to: perQuery)
        let figures = try QualityFigures.load(summary: summary, perQuery: perQuery)
        let (_, document) = try Self.render(quality: figures)
        let rows = try document.nodes(forXPath: "//section[@id='quality']/table[@class='quality']/tbody/tr")
        #expect(rows.count == 2)
        // unicode61 finds tag only (nDCG@10 (0 + 1) / 2); porter finds both.
        #expect(rows.first?.stringValue?.hasPrefix("unicode61@system any full0.5000") == true)
        #expect(rows.last?.stringValue?.hasPrefix("porter@system any full1.0000") == true)
        let points = try document.nodes(forXPath: "//section[@id='quality']//*[local-name()='circle']")
        #expect(points.count == 2)
        let summaries = try document.nodes(forXPath: "//section[@id='quality']//details/summary").compactMap(
            \.stringValue)
        #expect(summaries == ["porter@system any full: fixes 1, breaks 0 against unicode61"])
        let fix = try document.nodes(forXPath: "//section[@id='quality']//table[@class='changes']/tbody/tr/td")
            .compactMap(\.stringValue)
        #expect(fix == ["q<1>", "\"run\"", "run", "run", "0.000 → 1.000", "– → 1"])
    }

    /// The advice section from a real advise run's CSV, read back: the recommendation, a row
    /// per candidate and kind on the engine decided on, and the classes of the two chosen ones;
    /// a label that is markup stays text (the page parses as XML).
    @Test func adviceSectionComesFromTheCSV() throws {
        let path = try AdviceTests.corpusFile()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let options = AdviceOptions(
            tokenizers: [TokenizerSpec(text: "unicode61"), TokenizerSpec(label: "<lat&in>", text: "latinascii")],
            engines: [.system], queryKinds: [.typedAll, .typedPrefixes], knownItems: 60, permutations: 200)
        let run = try Workbench().advise(try AdviceCorpus.read(path: path, format: .lines), options: options)
        let csv = FileManager.default.temporaryDirectory.appendingPathComponent("advice-\(UUID()).csv").path
        defer { try? FileManager.default.removeItem(atPath: csv) }
        try OutputDestination.write(run.table.csv(), to: csv)
        let figures = try AdviceFigures.load(path: csv)
        // Read back, the rows write the same CSV.
        #expect(AdviceRow.csvTable(figures.rows) == run.table)
        let (_, document) = try Self.render(advice: figures)
        let rows = try document.nodes(forXPath: "//section[@id='advice']/table[@class='advice']/tbody/tr")
        #expect(rows.count == 4, "two candidates × two kinds")
        let items = try document.nodes(forXPath: "//section[@id='advice']/ul/li").compactMap(\.stringValue)
        #expect(items.first?.hasPrefix("recommended: ") == true, "\(items)")
        let classes = try document.nodes(forXPath: "//section[@id='advice']/table[@class='advice-classes']/tbody/tr")
        #expect(classes.count == run.weights.count)
        let header = try document.nodes(forXPath: "//section[@id='advice']/table[@class='advice']/tbody/tr/th")
            .compactMap(\.stringValue)
        #expect(header.contains("<lat&in> typed-all"))
    }

    @Test func malformedThroughputCSVIsRejectedWithItsLine() {
        #expect(
            throws: TokenBenchError.invalidFixture(
                file: "t.csv", line: 1, reason: "no 'mb_per_s' column; expected a CSV from 'tokenbench throughput'")
        ) {
            try ThroughputFigures.parse("tokenizer,operation,mode,corpus,bytes,relative,reference\n", file: "t.csv")
        }
        // A figure that is not a number: the error names line 2 and the column.
        do {
            _ = try ThroughputFigures.parse(
                "tokenizer,operation,mode,corpus,bytes,mb_per_s,relative,reference\nu,tokenize,document,c,1,fast,1,u\n",
                file: "t.csv")
            Issue.record("a non-numeric mb_per_s was accepted")
        } catch let TokenBenchError.invalidFixture(file, line, reason) {
            #expect(file == "t.csv")
            #expect(line == 2)
            #expect(reason.contains("mb_per_s"), "\(reason)")
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }
}
