import Foundation
import Testing

@testable import TokenBench
@testable import TokenBenchEngines
@testable import TokenBenchTokenizers

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The HTML report's structure, read back with a strict XML parser: one cell per case ×
/// tokenizer, and no fixture, spec or token text able to inject markup.
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

    static func render(throughput: [ThroughputFigures] = [], quality: QualityFigures? = nil) throws -> (
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
            command: "tokenbench report --case '<x>'", throughput: throughput, quality: quality)
        let html = report.render()
        return (html, try XMLDocument(xmlString: html, options: []))
    }

    /// Two engines: the grid gets a column per tokenizer and engine, and the engines section
    /// comes first, saying where they disagree: nowhere on a real run, one row on a doctored one.
    @Test func enginesAreSideBySideWithTheirDisagreementsFirst() throws {
        let workbench = try Workbench()
        let cases = [
            MatchCase(id: "foo", category: "c", document: "Foo", query: "foo"),
            MatchCase(id: "bar", category: "c", document: "bar", query: "bar"),
        ]
        let matrix = try workbench.matrix(
            cases: cases, tokenizers: [TokenizerSpec(text: "unicode61")], engines: [.system, .bundled])
        let environment = [("system.sqlite_version", "3.40.1"), ("bundled.sqlite_version", "3.54.1")]
        let agreeing = HTMLReport(matrix: matrix, environment: environment, command: "x").render()
        let document = try XMLDocument(xmlString: agreeing, options: [])
        let headers = try document.nodes(forXPath: "//table[@class='grid']/thead//th[@class='tokenizer']/span").map {
            $0.stringValue ?? ""
        }
        #expect(headers == ["unicode61@system", "unicode61@bundled"])
        #expect(agreeing.contains("The engines agree on every one of the 12 cells they both ran."))
        #expect(agreeing.range(of: "id=\"engines\"")!.lowerBound < agreeing.range(of: "id=\"matrix\"")!.lowerBound)

        // One bundled cell made to miss: exactly that coordinate is listed, with both verdicts.
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
        let rows = try XMLDocument(xmlString: disagreeing, options: []).nodes(
            forXPath: "//table[@class='disagreements']//tr[td]")
        #expect(rows.count == 1)
        #expect(rows.first?.stringValue?.contains("bar") == true)
        #expect(disagreeing.contains("The engines disagree on 1 of the 12 cells they both ran"))
    }

    @Test func oneCellPerCaseAndTokenizer() throws {
        let (_, document) = try Self.render()
        let cells = try document.nodes(forXPath: "//table[@class='grid']//td[contains(@class, 'cell')]")
        #expect(cells.count == Self.hostileCases.count * 3)
        let headers = try document.nodes(forXPath: "//table[@class='grid']/thead//th[@class='tokenizer']/span")
        #expect(headers.map { $0.stringValue ?? "" } == ["unicode61", "unicode61 tokenchars '<>&\"'''", "tri"])
        // One row group per category, in order of first appearance, even when cases interleave.
        let categories = try document.nodes(forXPath: "//tr[@class='category']/th")
        #expect(categories.map { $0.stringValue ?? "" } == ["<b>cat</b>&amp;", "second"])
        let firstGroup = try document.nodes(
            forXPath: "//table[@class='grid']/tbody[1]/tr/th[@class='case']/span[@class='id']")
        #expect(firstGroup.map { $0.stringValue ?? "" } == ["x<script>", "again"])
        // Every cell shows its verdict as a glyph and a word, not only as a colour.
        for cell in cells {
            let verdict = try cell.nodes(forXPath: "span[@class='verdict']").first?.stringValue ?? ""
            let readable = ["✓ match", "— no match", "! error"].contains(verdict) || verdict.hasPrefix("✗ failed")
            #expect(readable, "\(verdict)")
        }
    }

    @Test func noTextFieldInjectsMarkup() throws {
        let (html, document) = try Self.render()
        #expect(try document.nodes(forXPath: "//script").isEmpty)
        #expect(try document.nodes(forXPath: "//img").isEmpty)
        #expect(try document.nodes(forXPath: "//*[@onerror]").isEmpty)
        #expect(!html.contains("<script"))
        // The hostile texts survive as text.
        let text = document.rootElement()?.stringValue ?? ""
        #expect(text.contains("<script>alert('d')</script> & \"q\""))
        #expect(text.contains("</td><img src=x onerror=alert(1)>"))
        #expect(text.contains("<!-- note --> ]]>"))
        #expect(text.contains("tokenbench report --case '<x>'"))
        #expect(text.contains("\"quoted\" & <os>"))
        // Tokens that are markup (tokenchars '<>') are text too, in token chips.
        #expect(try !document.nodes(forXPath: "//span[@class='tok'][.=\"<script>alert\"]").isEmpty)
    }

    @Test func noScriptsAndNothingFetched() throws {
        let (html, document) = try Self.render()
        #expect(try document.nodes(forXPath: "//*[@src or @href]").isEmpty)
        #expect(!html.contains("@import") && !html.contains("url("))
        #expect(try document.nodes(forXPath: "//style").count == 1)
    }

    @Test func invisibleCharactersAreShownWithTheirCodePoints() throws {
        let (_, document) = try Self.render()
        // Only the token tables, not the legend (which shows U+0301 as its example whatever the data).
        let marks = try document.nodes(forXPath: "//section[@id='tokens']//span[@class='inv']/small").compactMap(
            \.stringValue)
        // Soft hyphen, ZWJ, a combining acute, a variation selector.
        for code in ["U+00AD", "U+200D", "U+0301", "U+FE0F"] {
            #expect(marks.contains(code), "\(code) not shown")
        }
        let titles = try document.nodes(forXPath: "//span[@class='inv']/@title").compactMap(\.stringValue)
        #expect(titles.contains("U+200D ZERO WIDTH JOINER"))
    }

    @Test func sideBySideTokensStackOverlappingAndAlignByOffset() throws {
        let (_, document) = try Self.render()
        // One <details> per case, each with a document and a query table.
        #expect(try document.nodes(forXPath: "//section[@id='tokens']/details").count == Self.hostileCases.count)
        let plain = try #require(
            try document.nodes(forXPath: "//section[@id='tokens']/details[summary/span[@class='id']='plain']/table[1]")
                .first)
        // trigram tokens overlap, so 'tri' spans several rows (lanes).
        let tri = try #require(try plain.nodes(forXPath: "tr/th[.='tri']").first)
        #expect(Self.span(tri, "rowspan") >= 3)
        // Each lane covers exactly the source segments: colspans add up to the segment count.
        let segments = try plain.nodes(forXPath: "tr[1]/td[@class='src']").count
        for row in try plain.nodes(forXPath: "tr[position() > 1]") {
            let spans = try row.nodes(forXPath: "td").map { Self.span($0, "colspan") }
            #expect(spans.reduce(0, +) == segments)
        }
    }

    /// A rowspan or colspan attribute, 1 when absent.
    static func span(_ node: XMLNode, _ attribute: String) -> Int {
        guard let element = node as? XMLElement, let value = element.attribute(forName: attribute)?.stringValue else {
            return 1
        }
        return Int(value) ?? 0
    }

    @Test func alignmentStacksColocatedTokensAndCutsAtEveryBoundary() {
        let text = Array("first base".utf8)
        let alignment = TokenAlignment(
            text: text,
            streams: [
                (
                    "synonyms",
                    [
                        Token(position: 0, bytes: Array("first".utf8), start: 0, end: 5, isColocated: false),
                        Token(position: 0, bytes: Array("1st".utf8), start: 0, end: 5, isColocated: true),
                        Token(position: 1, bytes: Array("base".utf8), start: 6, end: 10, isColocated: false),
                    ]
                ),
                (
                    "broken",
                    [
                        Token(position: 0, bytes: Array("x".utf8), start: 3, end: 99, isColocated: false),
                        Token(position: 1, bytes: [], start: 10, end: 10, isColocated: false),
                    ]
                ),
            ])
        #expect(alignment.segments == [0..<5, 5..<6, 6..<10])
        #expect(alignment.lanes[0].lanes.count == 2)
        #expect(alignment.lanes[0].lanes[1].map(\.token.text) == ["1st"])
        #expect(alignment.unplaced.map(\.token.text) == ["x"])
        // An empty token at the very end takes the last segment's column rather than one past it.
        #expect(alignment.lanes[1].lanes.first?.first?.segments == 2..<3)
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
