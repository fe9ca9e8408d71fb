import Foundation
import Testing

/// The report's "typed input" grid in headless Chromium over WebDriver: for the tokenizer and
/// forms chosen on the page, each cell's mark and MATCH expression against the long matrix CSV
/// of the same run, which the page's script never sees.
@Suite(.serialized, WebDriver.availableOrRequired)
struct ReportTypedInputBrowserTests {
    typealias CLI = CLITests
    typealias Records = ReportBrowserTests.Run

    /// Cases chosen for what each shows in the grid; one expectation is wrong on purpose.
    static let fixtures = """
        # icu keeps don't whole, GRDB asks for don and t: a miss. The expectation is wrong on
        # purpose, so that the cell shows the failed mark.
        id: t-apostrophe
        category: typed
        document: I don't know
        query: don't
        match[grdb-all]: icu

        # Only punctuation: GRDB makes no query, raw is FTS5's syntax error.
        id: t-minus
        category: typed
        document: a - b
        query: -

        # trigram finds 3.14 as a phrase, and GRDB's 3 and 14 are too short for it.
        id: t-decimal
        category: typed
        document: pi is 3.14 or so
        query: 3.14

        # Another category, so that the grid's bands and the category filter show.
        id: t-word
        category: words
        document: grey cat
        query: cat

        """
    static let tokenizers = ["icu", "unicode61", "trigram"]
    static let kinds = ["phrase", "raw", "grdb-all", "grdb-prefix-phrase", "typed-all"]

    struct Run {
        let report: URL
        let rows: [[String: String]]

        static let shared: Result<Run, any Error> = Result {
            let directory = try CLI.makeTemporaryDirectory()
            try ReportTypedInputBrowserTests.fixtures.write(
                to: directory.appendingPathComponent("typed.cases"), atomically: true, encoding: .utf8)
            let selection =
                ["--fixtures", "typed.cases"] + tokenizers.flatMap { ["--tokenizer", $0] }
                + kinds.flatMap { ["--query-kind", $0] }
            // Both exit 1: the fixture's one wrong expectation.
            let report = try CLI.run(["report", "--output", "report.html"] + selection, in: directory)
            #expect(report.status == 1, "\(report.stderr)")
            let matrix = try CLI.run(["matrix", "--output", "matrix.csv"] + selection, in: directory)
            #expect(matrix.status == 1, "\(matrix.stderr)")
            return Run(
                report: directory.appendingPathComponent("report.html"),
                rows: try Records.records(directory.appendingPathComponent("matrix.csv")))
        }
    }

    static func openReport() throws -> (WebDriver, Run) {
        let run = try Run.shared.get()
        return (try ReportBrowserTests.open(run.report), run)
    }

    /// Every typed-grid cell as `[case id, kind, class, first line of its title]`.
    static let typedCells = """
        return Array.from(document.querySelectorAll('#typed-grid td.cell')).map(td => [
          td.parentNode.querySelector('th.case .id').textContent, td.dataset.kind, td.className,
          td.title.split('\\n')[0]]);
        """

    /// What the CSV says a typed-grid cell shows: its class and its title's first line.
    static func expectedCell(_ rows: [[String: String]]) -> (className: String, title: String) {
        // An engine that could not run the case gives no verdict to differ from.
        let judged = rows.filter { $0["outcome"] != "skipped" }
        let shown = judged.isEmpty ? rows : judged
        let says = { (row: [String: String]) in
            [row["verdict"]!, row["pattern"]!, row["outcome"]!, row["expected"]!, row["error"]!]
        }
        guard shown.allSatisfy({ says($0) == says(shown[0]) }) else { return ("cell split", "") }
        let row = shown[0]
        let status =
            row["outcome"] == "fail" || (row["outcome"] == "error" && row["expected"] != "")
            ? "failed" : row["verdict"]!
        return ("cell \(status)", row["pattern"]!.isEmpty ? "no query" : "MATCH \(row["pattern"]!)")
    }

    @Test func eachCellShowsTheCSVsVerdictAndPatternForTheChosenTokenizerAndForms() throws {
        let (driver, run) = try Self.openReport()
        let pairs = run.rows.map { "\($0["document_form"]!):\($0["query_form"]!)" }.uniquedInOrder()
        #expect(pairs.count == 3, "the default forms: \(pairs)")
        var failedCells = 0
        var noQueryCells = 0
        for (tokenizerIndex, tokenizer) in Self.tokenizers.enumerated() {
            try driver.click("#typed-tokenizer option[value='\(tokenizerIndex)']")
            for (pairIndex, pair) in pairs.enumerated() {
                try driver.click("#typed-forms option[value='\(pairIndex)']")
                let cells = try #require(try driver.execute(Self.typedCells) as? [[String]])
                let caseIDs = run.rows.map { $0["case"]! }.uniquedInOrder()
                // One row per case, one column per kind, in the matrix's order of kinds.
                #expect(cells.count == caseIDs.count * Self.kinds.count)
                for cell in cells {
                    let rows = run.rows.filter {
                        $0["case"] == cell[0] && $0["tokenizer"] == tokenizer && $0["query_kind"] == cell[1]
                            && "\($0["document_form"]!):\($0["query_form"]!)" == pair
                    }
                    let expected = Self.expectedCell(rows)
                    #expect(cell[2] == expected.className, "\(tokenizer) \(pair) \(cell)")
                    if expected.className != "cell split" {
                        #expect(cell[3] == expected.title, "\(tokenizer) \(pair) \(cell)")
                    }
                    if cell[2] == "cell failed" { failedCells += 1 }
                    if cell[2] == "cell no-query" { noQueryCells += 1 }
                }
                let status = try driver.execute("return document.getElementById('typed-status').textContent;")
                #expect(
                    status as? String
                        == "Showing \(caseIDs.count) of \(caseIDs.count) cases with \(tokenizer), forms \(pair).")
            }
        }
        // The wrong expectation fails on icu in every form pair; "-" has no token for GRDB's
        // ascii split nor for any of these tokenizers: no query from GRDB's two kinds and the
        // typed builder, on every tokenizer and form pair.
        #expect(failedCells == 3)
        #expect(noQueryCells == Self.tokenizers.count * pairs.count * 3)
    }

    @Test func theCategoryFilterAndSearchApplyAndTheMainGridIsUnchanged() throws {
        let (driver, run) = try Self.openReport()
        let caseIDs = run.rows.map { $0["case"]! }.uniquedInOrder()
        // The main grid keeps one column per tokenizer, one cell per case.
        #expect(
            try driver.execute("return document.querySelectorAll('#grid td.cell').length;") as? Int
                == caseIDs.count * Self.tokenizers.count)
        let typedRows =
            "return Array.from(document.querySelectorAll('#typed-grid th.case .id')).map(e => e.textContent);"
        #expect(try driver.execute(typedRows) as? [String] == caseIDs)
        try driver.type("apostrophe", into: "#case-search")
        #expect(try driver.execute(typedRows) as? [String] == ["t-apostrophe"])
        // Backspace as a user empties the field (WebDriver's clear fires no input event).
        try driver.type(String(repeating: "\u{E003}", count: "apostrophe".count), into: "#case-search")
        #expect(try driver.execute(typedRows) as? [String] == caseIDs)
        try driver.click("details.categories summary")
        try driver.click("details.categories input[value='words']")
        let filtered = try driver.execute(typedRows) as? [String]
        #expect(filtered == caseIDs.filter { $0 != "t-word" }, "\(String(describing: filtered))")
    }

    @Test func aTypedCellOpensItsPatternsByKeyboard() throws {
        let (driver, run) = try Self.openReport()
        // icu's grdb-all cell of the apostrophe case: Tab's focus and Enter, as a keyboard user.
        try driver.execute(
            "Array.from(document.querySelectorAll('#typed-grid td.cell[data-kind=\"grdb-all\"]')).find(td => td.parentNode.querySelector('.id').textContent === 't-apostrophe').focus();"
        )
        try driver.press("\u{E007}")
        #expect(try driver.execute("return document.getElementById('detail').hidden;") as? Bool == false)
        let patterns = try #require(
            try driver.execute(
                "return Array.from(document.querySelectorAll('#detail code.pattern')).map(e => e.textContent);")
                as? [String])
        let expected = run.rows.filter {
            $0["case"] == "t-apostrophe" && $0["tokenizer"] == "icu" && $0["engine"] == "system"
        }
        // One per form pair and kind, in the CSV's patterns; GRDB's "don t" among them.
        #expect(Set(patterns) == Set(expected.map { $0["pattern"]!.isEmpty ? "no query" : $0["pattern"]! }))
        #expect(patterns.contains("don t"))
    }

    @Test func aReportOfTheBenchsKindsHasNoTypedGrid() throws {
        let directory = try CLI.makeTemporaryDirectory()
        try Self.fixtures.write(to: directory.appendingPathComponent("typed.cases"), atomically: true, encoding: .utf8)
        let report = try CLI.run(
            ["report", "--fixtures", "typed.cases", "--tokenizer", "unicode61", "--output", "report.html"],
            in: directory)
        #expect(report.status == 0, "\(report.stderr)")
        let html = try String(contentsOf: directory.appendingPathComponent("report.html"), encoding: .utf8)
        #expect(html.contains("id=\"matrix\""))
        #expect(!html.contains("id=\"typed-input\""))
    }
}

extension Array where Element: Hashable {
    fileprivate func uniquedInOrder() -> [Element] {
        var seen: Set<Element> = []
        return filter { seen.insert($0).inserted }
    }
}
