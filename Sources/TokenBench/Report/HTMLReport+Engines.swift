/// The engines section: which SQLite ran what, and the cells where their verdicts differ,
/// first, because "what changes if I move to the other SQLite?" is the question it answers.
extension HTMLReport {
    func enginesSection() -> String {
        let columns = matrix.columns
        let engines = matrix.engines.filter { engine in columns.contains { $0.engine == engine } }
        guard engines.count > 1 else { return "" }
        var html =
            "<section id=\"engines\">\n<h2>Engines side by side</h2>\n<table class=\"engines\"><tr><th>engine</th><th>SQLite</th><th>tokenizers</th><th>only here</th></tr>\n"
        for engine in engines {
            let here = columns.filter { $0.engine == engine }.map(\.tokenizer)
            let onlyHere = here.filter { tokenizer in
                !columns.contains { $0.tokenizer == tokenizer && $0.engine != engine }
            }
            html +=
                "<tr><td>\(HTML.escape(engine))</td><td>\(HTML.escape(Self.value("\(engine).sqlite_version", in: environment)))</td>"
            html +=
                "<td>\(here.count)</td><td>\(onlyHere.isEmpty ? "none" : onlyHere.map(HTML.escape).joined(separator: ", "))</td></tr>\n"
        }
        html += "</table>\n"
        let disagreements = matrix.engineDisagreements()
        let shared = matrix.sharedCoordinateCount
        guard !disagreements.cells.isEmpty else {
            html +=
                "<p class=\"agree\">The engines agree on every one of the \(shared) cells they both ran.</p>\n</section>\n"
            return html
        }
        // One row per coordinate, in the matrix's order (so the page is the same on every run).
        var rowOrder: [MatrixCoordinate] = []
        var rows: [MatrixCoordinate: [MatrixCell]] = [:]
        for cell in disagreements.cells {
            let key = cell.coordinate.ignoringEngine
            if rows[key] == nil { rowOrder.append(key) }
            rows[key, default: []].append(cell)
        }
        html +=
            "<details><summary><span class=\"disagree\">The engines disagree on \(rowOrder.count) of the \(shared) cells they both ran</span> (the matrix below marks them; open for the list)</summary>\n"
        html += "<table class=\"disagreements\"><tr><th>case</th><th>tokenizer</th><th>query</th>"
        html += engines.map { "<th>\(HTML.escape($0))</th>" }.joined() + "<th>why (the case's note)</th></tr>\n"
        for cells in rowOrder.map({ rows[$0]! }) {
            let first = cells[0]
            html += "<tr><td>\(HTML.escape(first.matchCase.id))</td><td>\(HTML.escape(first.tokenizer))</td>"
            html += "<td>\(HTML.escape("\(first.queryKind.rawValue) \(first.formPair)"))</td>"
            for engine in engines {
                let cell = cells.first { $0.engine == engine }
                html +=
                    "<td>" + (cell.map { HTML.escape(verdict($0)) + " " + HTML.tokenChips($0.documentTokens) } ?? "")
                    + "</td>"
            }
            html += "<td>\(HTML.escape(first.matchCase.note))</td></tr>\n"
        }
        return html + "</table>\n</details>\n</section>\n"
    }
}
