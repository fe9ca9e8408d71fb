import Foundation
import Testing

/// The report's matrix as a person uses it, in headless Chromium over WebDriver: every count
/// the page shows is checked against the long matrix CSV of the same run, which the page's
/// script never sees.
@Suite(.serialized, WebDriver.availableOrRequired)
struct ReportBrowserTests {
    typealias CLI = CLITests

    /// The default report and the long matrix CSV of the same fixtures, once for every test.
    struct Run {
        let report: URL
        /// The long matrix CSV's rows, as `column: value`.
        let rows: [[String: String]]
        /// The case and tokenizer of every cell whose columns (verdict, expectation, tokens,
        /// error) differ between the engines, from the long CSV.
        var splitCells: Set<[String]> {
            var byCoordinate: [[String]: [String: [String]]] = [:]
            let compared = ["matched", "expected", "outcome", "document_tokens", "query_tokens", "error"]
            // An engine that could not run a case (a locale on 3.40.1) gives no verdict to differ
            // from: the page shows the other engine's cell alone.
            for row in rows where row["outcome"] != "skipped" {
                let coordinate = ["case", "tokenizer", "query_kind", "document_form", "query_form"].map { row[$0]! }
                byCoordinate[coordinate, default: [:]][row["engine"]!] = compared.map { row[$0] ?? "" }
            }
            return Set(
                byCoordinate.filter { Set($0.value.values).count > 1 }.keys.map { [$0[0], $0[1]] })
        }

        var caseIDs: [String] { rows.map { $0["case"]! }.uniqued() }
        var tokenizers: [String] { rows.map { $0["tokenizer"]! }.uniqued() }

        static let shared: Result<Run, any Error> = Result {
            let directory = try CLI.makeTemporaryDirectory()
            let report = try CLI.run(["report", "--output", "report.html"], in: directory)
            #expect(report.status == 0, "\(report.stderr)")
            let matrix = try CLI.run(["matrix", "--output", "matrix.csv"], in: directory)
            #expect(matrix.status == 0, "\(matrix.stderr)")
            return Run(
                report: directory.appendingPathComponent("report.html"),
                rows: try Self.records(directory.appendingPathComponent("matrix.csv")))
        }

        /// A CSV without quoted newlines read into dictionaries (the matrix's texts hold none
        /// that this test relies on; a quoted field is read whole).
        static func records(_ file: URL) throws -> [[String: String]] {
            try records(text: try String(contentsOf: file, encoding: .utf8))
        }

        static func records(text: String) throws -> [[String: String]] {
            var records: [[String]] = []
            var field = ""
            var record: [String] = []
            var quoted = false
            var previous: Character = " "
            for character in text {
                if quoted {
                    if character == "\"" { quoted = false } else { field.append(character) }
                } else if character == "\"" {
                    if previous == "\"" { field.append("\"") }
                    quoted = true
                } else if character == "," {
                    record.append(field)
                    field = ""
                } else if character == "\n" || character == "\r\n" {
                    record.append(field)
                    records.append(record)
                    field = ""
                    record = []
                } else {
                    field.append(character)
                }
                previous = character
            }
            guard let header = records.first else { return [] }
            return records.dropFirst().map { Dictionary(uniqueKeysWithValues: zip(header, $0)) }
        }
    }

    /// A driver on the report, ready. The suite is skipped where there is no browser, and
    /// fails here where one is required and missing.
    static func openReport() throws -> (WebDriver, Run) {
        let run = try Run.shared.get()
        return (try open(run.report), run)
    }

    /// A driver on the page `report`, once its script has drawn it.
    static func open(_ report: URL) throws -> WebDriver {
        if let reason = WebDriver.unavailableReason { throw WebDriver.Failure(description: reason) }
        let driver = try WebDriver()
        try driver.open(report)
        try driver.wait(until: "document.body.dataset.ready === 'true'")
        return driver
    }

    static let countCells = "return document.querySelectorAll('#grid td.cell').length;"
    static let countRows = "return document.querySelectorAll('#grid th.case').length;"
    static let headers =
        "return Array.from(document.querySelectorAll('#grid th.tokenizer > span')).map(e => e.textContent);"

    /// In a cell the engines disagree on, each engine's line has small marks of its own, one per
    /// query kind × form pair, titled with that engine's verdict as the long CSV gives it: a
    /// difference off the big mark shows where it is.
    @Test func eachEngineOfASplitCellHasItsOwnSmallMarks() throws {
        let (driver, run) = try Self.openReport()
        // [case id, tokenizer, the line's engines, its marks' titles joined by "|", the cell's
        // head].
        let lines = try #require(
            try driver.execute(
                """
                return Array.from(document.querySelectorAll('#grid td.cell.split')).flatMap(td =>
                  Array.from(td.querySelectorAll('.engine')).map(line => [
                    td.parentNode.querySelector('th.case .id').textContent,
                    document.querySelectorAll('#grid th.tokenizer > span')[td.cellIndex - 1].textContent,
                    line.textContent.slice(line.textContent.indexOf(' ') + 1).split(': ')[0],
                    line.nextElementSibling && line.nextElementSibling.classList.contains('strip')
                      ? Array.from(line.nextElementSibling.querySelectorAll('i')).map(i => i.title).join('|') : '',
                    td.querySelector('.differ').textContent]));
                """) as? [[String]])
        #expect(!lines.isEmpty)
        var checked = 0
        var tokensOnly = 0
        for line in lines {
            let titles = line[3].split(separator: "|").map(String.init)
            // The head says "in tokens only" exactly where the CSV gives every engine the same
            // verdicts, expectations and errors.
            let verdicts = Set(
                run.rows.filter { $0["case"] == line[0] && $0["tokenizer"] == line[1] }.map { row in
                    ["query_kind", "document_form", "query_form", "matched", "expected", "outcome", "error"]
                        .map { row[$0]! }
                        + [row["engine"]!]
                }
            )
            let perEngine = Dictionary(grouping: verdicts, by: { $0.last! }).mapValues {
                Set($0.map { Array($0.dropLast()) })
            }
            let same = Set(perEngine.values).count == 1
            #expect(line[4] == (same ? "engines differ in tokens only" : "engines differ"), "\(line)")
            if same { tokensOnly += 1 }
            for engine in line[2].components(separatedBy: ", ") {
                let rows = run.rows.filter {
                    $0["case"] == line[0] && $0["tokenizer"] == line[1] && $0["engine"] == engine
                }
                // One mark per row of the engine's: each query kind × form pair.
                #expect(titles.count == rows.count, "\(line)")
                for row in rows {
                    let label = "\(row["query_kind"]!) \(row["document_form"]!):\(row["query_form"]!): "
                    let title = try #require(titles.first { $0.hasPrefix(label) }, "\(line): no mark \(label)")
                    let verdict = title.dropFirst(label.count)
                    if row["matched"] == "1" { #expect(verdict.hasPrefix("match"), "\(line) \(row)") }
                    if row["matched"] == "0" { #expect(verdict.hasPrefix("no match"), "\(line) \(row)") }
                    checked += 1
                }
            }
        }
        #expect(checked > 0 && tokensOnly > 0 && tokensOnly < lines.count, "\(tokensOnly) of \(lines.count)")
    }

    @Test func oneColumnPerTokenizerWithTheEnginesMerged() throws {
        let (driver, run) = try Self.openReport()
        // One column per tokenizer (not per tokenizer and engine), one row per case.
        #expect(try driver.execute(Self.headers) as? [String] == run.tokenizers)
        #expect(try driver.execute(Self.countRows) as? Int == run.caseIDs.count)
        #expect(try driver.execute(Self.countCells) as? Int == run.caseIDs.count * run.tokenizers.count)
        // A cell the engines disagree on shows both, marked; every other cell shows once. The CSV
        // shows verdicts and token texts: a cell that differs there is split. The page also
        // splits a cell whose tokens differ only in their byte offsets, which the CSV does not
        // show: `tokenbench tokens` on both engines must then give different offsets.
        let csvSplit = run.splitCells
        #expect(!csvSplit.isEmpty)
        let pageSplit = try #require(
            try driver.execute(
                "return Array.from(document.querySelectorAll('#grid td.cell.split')).map(td => [td.parentNode.querySelector('th.case .id').textContent, document.querySelectorAll('#grid th.tokenizer > span')[td.cellIndex - 1].textContent]);"
            ) as? [[String]])
        #expect(csvSplit.isSubset(of: Set(pageSplit)), "\(csvSplit.subtracting(pageSplit))")
        for cell in Set(pageSplit).subtracting(csvSplit) {
            let document = try #require(run.rows.first { $0["case"] == cell[0] }?["document"])
            let tokens = try CLI.run(
                ["tokens", "--tokenizer", cell[1], "--engine", "system", "--engine", "bundled", document])
            let rows = try Run.records(text: tokens.stdout)
            let offsets = { (engine: String) in
                rows.filter { $0["engine"] == engine }.map { [$0["start"]!, $0["end"]!] }
            }
            #expect(offsets("system") != offsets("bundled"), "\(cell) is split, but its offsets are the same")
        }
        let splitText =
            try driver.execute("return document.querySelector('#grid td.cell.split').textContent;") as? String
        #expect(splitText?.contains("engines differ") == true)
        #expect(splitText?.contains("system:") == true && splitText?.contains("bundled:") == true)
        // A case with a locale runs on the bundled engine only: its cell says so, and is not split.
        let localeCell =
            try driver.execute(
                "var th = Array.from(document.querySelectorAll('#grid th.case')).find(th => th.querySelector('.id').textContent === 'locale-tr-igdir-capitals'); var column = Array.from(document.querySelectorAll('#grid th.tokenizer > span')).findIndex(e => e.textContent === 'icu'); var td = th.parentNode.cells[column + 1]; return [td.className, td.textContent, th.querySelector('.locale').textContent];"
            ) as? [String]
        #expect(localeCell?[0] == "cell match")
        #expect(localeCell?[1].contains("bundled only") == true, "\(localeCell ?? [])")
        #expect(localeCell?[2] == " [tr]")
    }

    @Test func filtersShowTheCellsTheySay() throws {
        let (driver, run) = try Self.openReport()
        // Only the cases where the engines differ.
        try driver.click("input[name=outcome][value=disagree]")
        // At least the cases whose cells differ in the CSV (offsets can differ too, see above).
        let disagreeing = Set(run.splitCells.map { $0[0] })
        let rows = try #require(
            try driver.execute(
                "return Array.from(document.querySelectorAll('#grid th.case .id')).map(e => e.textContent);")
                as? [String])
        #expect(disagreeing.isSubset(of: Set(rows)))
        #expect(
            try driver.execute("return document.querySelectorAll('#grid tbody tr:not(.category)').length;") as? Int
                == rows.count)
        #expect(
            try driver.execute(
                "return Array.from(document.querySelectorAll('#grid tbody tr:not(.category)')).every(tr => tr.querySelector('td.cell.split'));"
            ) as? Bool == true)
        // No default fixture expectation fails.
        try driver.click("input[name=outcome][value=failed]")
        #expect(try driver.execute(Self.countRows) as? Int == 0)
        try driver.click("input[name=outcome][value=all]")
        // Hide a tokenizer: one column fewer.
        try driver.click("details.tokenizers > summary")
        try driver.click("ol.tokenizer-list input[value='trigram']")
        let shown = run.tokenizers.filter { $0 != "trigram" }
        #expect(try driver.execute(Self.headers) as? [String] == shown)
        #expect(try driver.execute(Self.countCells) as? Int == run.caseIDs.count * shown.count)
        // Move the first tokenizer one place later.
        try driver.click("ol.tokenizer-list li:first-child button.move:last-of-type")
        #expect(try (driver.execute(Self.headers) as? [String])?.prefix(2) == [shown[1], shown[0]][...])
        // Hide a category.
        try driver.click("details.categories > summary")
        let category = try #require(run.rows.first?["category"])
        try driver.click("fieldset.categories input[value='\(category)']")
        let inCategory = Set(run.rows.filter { $0["category"] == category }.map { $0["case"]! })
        #expect(try driver.execute(Self.countRows) as? Int == run.caseIDs.count - inCategory.count)
        try driver.click("fieldset.categories input[value='\(category)']")
        // Search the cases, typed key by key.
        try driver.type("seed-table-foo", into: "#case-search")
        let found = run.caseIDs.filter { $0.contains("seed-table-foo") }
        #expect(!found.isEmpty)
        #expect(try driver.execute(Self.countRows) as? Int == found.count)
        #expect(
            try driver.execute("return document.getElementById('matrix-status').textContent;") as? String
                == "Showing \(found.count) of \(run.caseIDs.count) cases × \(shown.count) of \(run.tokenizers.count) tokenizers."
        )
    }

    @Test func aCellOpensItsTokensByClickAndByKeyboard() throws {
        let (driver, run) = try Self.openReport()
        try driver.click("#grid td.cell")
        #expect(try driver.execute("return document.getElementById('detail').hidden;") as? Bool == false)
        let first = try #require(run.rows.first { $0["tokenizer"] == run.tokenizers[0] })
        let detail = try driver.execute("return document.getElementById('detail').textContent;") as? String ?? ""
        #expect(detail.contains("\(run.caseIDs[0]) · \(run.tokenizers[0])"))
        // The document tokens of the CSV's first cell, as chips (colocated ones joined by |).
        for token in (first["document_tokens"] ?? "").split(separator: " ") where !token.contains("|") {
            #expect(detail.contains(String(token)), "\(token) not in \(detail)")
        }
        try driver.click("#detail button.close")
        #expect(try driver.execute("return document.getElementById('detail').hidden;") as? Bool == true)
        // Keyboard: focus the second cell and press Enter.
        try driver.execute("document.querySelectorAll('#grid td.cell')[1].focus();")
        try driver.press("\u{E007}")
        let second = try driver.execute("return document.getElementById('detail').textContent;") as? String ?? ""
        #expect(second.contains("\(run.caseIDs[0]) · \(run.tokenizers[1])"))
    }

    @Test func tokensSideBySideStackOverlappingTrigrams() throws {
        let (driver, run) = try Self.openReport()
        // A case whose trigram document has overlapping tokens: a word of five letters or more.
        let row = try #require(
            run.rows.first {
                $0["tokenizer"] == "trigram" && $0["document_form"] == "asis"
                    && ($0["document_tokens"] ?? "").split(separator: " ").count >= 3
                    && ($0["document"] ?? "").unicodeScalars.allSatisfy { $0.isASCII && $0 != " " }
            })
        let index = try #require(
            try driver.execute(
                "return Array.from(document.querySelectorAll('#grid th.case')).find(th => th.querySelector('.id').textContent === arguments[0]).querySelector('button').dataset.case;",
                [row["case"]!]) as? String)
        try driver.click("button.show-tokens[data-case='\(index)']")
        let lanes =
            try driver.execute(
                """
                const table = document.querySelector('#align table.align');
                const head = Array.from(table.querySelectorAll('th')).find(th => th.textContent === 'trigram');
                const segments = table.querySelectorAll('td.src').length;
                const rows = Array.from(table.querySelectorAll('tr')).slice(1);
                const spans = rows.map(tr => Array.from(tr.querySelectorAll('td')).reduce((n, td) => n + td.colSpan, 0));
                return [head ? head.rowSpan : 0, segments, spans];
                """) as? [Any]
        let rowSpan = lanes?[0] as? Int ?? 0
        #expect(rowSpan >= 3, "trigram's tokens overlap, so they stack: \(String(describing: lanes))")
        // Every row of the table spans the same source segments.
        let segments = lanes?[1] as? Int ?? -1
        #expect((lanes?[2] as? [Int])?.allSatisfy { $0 == segments } == true, "\(String(describing: lanes))")
    }
}

extension Array where Element: Hashable {
    fileprivate func uniqued() -> [Element] {
        var seen: Set<Element> = []
        return filter { seen.insert($0).inserted }
    }
}
