/// The engines section: which SQLite ran what, and the cells where their verdicts differ,
/// first, because "what changes if I move to the other SQLite?" is the question it answers.
extension HTMLReport {
    func enginesSection() -> String {
        let columns = matrix.columns
        let engines = matrix.engines.filter { engine in columns.contains { $0.engine == engine } }
        guard engines.count > 1 else { return "" }
        var html = "<section id=\"engines\">\n<h2>Engines side by side</h2>\n<table class=\"engines\"><tr><th>engine</th><th>SQLite</th><th>tokenizers</th><th>only here</th></tr>\n"
        for engine in engines {
            let here = columns.filter { $0.engine == engine }.map(\.tokenizer)
            let onlyHere = here.filter { tokenizer in !columns.contains { $0.tokenizer == tokenizer && $0.engine != engine } }
            html += "<tr><td>\(HTML.escape(engine))</td><td>\(HTML.escape(Self.value("\(engine).sqlite_version", in: environment)))</td>"
            html += "<td>\(here.count)</td><td>\(onlyHere.isEmpty ? "none" : onlyHere.map(HTML.escape).joined(separator: ", "))</td></tr>\n"
        }
        html += "</table>\n"
        let disagreements = matrix.engineDisagreements()
        let shared = matrix.sharedCoordinateCount
        guard !disagreements.cells.isEmpty else {
            html += "<p class=\"agree\">The engines agree on every one of the \(shared) cells they both ran.</p>\n</section>\n"
            return html
        }
        let groups = Dictionary(grouping: disagreements.cells) { DisagreementKey($0) }
        html += "<p class=\"disagree\">The engines disagree on \(groups.count) of the \(shared) cells they both ran:</p>\n"
        html += "<table class=\"disagreements\"><tr><th>case</th><th>tokenizer</th><th>query</th>"
        html += engines.map { "<th>\(HTML.escape($0))</th>" }.joined() + "</tr>\n"
        for cells in groups.values.sorted(by: { $0[0].matchCase.id + $0[0].tokenizer < $1[0].matchCase.id + $1[0].tokenizer }) {
            let first = cells[0]
            html += "<tr><td>\(HTML.escape(first.matchCase.id))</td><td>\(HTML.escape(first.tokenizer))</td>"
            html += "<td>\(HTML.escape("\(first.queryKind.rawValue) \(first.formPair)"))</td>"
            for engine in engines {
                let cell = cells.first { $0.engine == engine }
                html += "<td>" + (cell.map { HTML.escape(verdict($0)) + " " + HTML.tokenChips($0.documentTokens) } ?? "") + "</td>"
            }
            html += "</tr>\n"
        }
        return html + "</table>\n</section>\n"
    }

    /// A cell's coordinate without its engine.
    private struct DisagreementKey: Hashable {
        var caseID: String, tokenizer: String, queryKind: QueryKind, formPair: FormPair
        init(_ cell: MatrixCell) {
            (caseID, tokenizer, queryKind, formPair) = (cell.matchCase.id, cell.tokenizer, cell.queryKind, cell.formPair)
        }
    }
}
