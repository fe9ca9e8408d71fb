/// The matrix grid: cases grouped by category down, tokenizers across.
extension HTMLReport {
    /// What a cell, or one of its sub-cells, shows: its verdict, or that it contradicts the
    /// fixture. The page's script reads these from the data; the legend draws them here.
    enum CellMark {
        case verdict(MatchVerdict.Code)
        case failed

        static let all: [CellMark] = MatchVerdict.Code.allCases.map(CellMark.verdict) + [.failed]

        /// The CSS class: the verdict's code, or `failed`.
        var className: String {
            switch self {
            case .verdict(let code): code.rawValue
            case .failed: "failed"
            }
        }

        var glyph: String {
            switch self {
            case .verdict(.match): "✓"
            case .verdict(.noMatch): "—"
            case .verdict(.noQuery): "∅"
            case .verdict(.error): "!"
            case .verdict(.lost): "‼"
            case .verdict(.unsupported): "·"
            case .failed: "✗"
            }
        }

        var wording: String {
            switch self {
            case .verdict(let code): code.wording
            case .failed: "expectation failed"
            }
        }

        /// The legend's explanation.
        var meaning: String {
            switch self {
            case .verdict(.match): "FTS5 finds the document."
            case .verdict(.noMatch): "FTS5 does not find it."
            case .verdict(.noQuery):
                "the app's query builder made no query of the text (GRDB's finds no token in it): nothing ran."
            case .verdict(.error): "FTS5 refused the query, or the query has no tokens."
            case .verdict(.lost):
                "the tokenizer crashed or hung its worker on this input, or had used up its deaths; the cell says how."
            case .verdict(.unsupported):
                "the engine cannot run the case as it asks (a locale before SQLite 3.47, tokendata before 3.45), or no engine ran it."
            case .failed:
                "some query kind or form contradicts what the fixture expects; the small marks say which."
            }
        }
    }

    /// The cells of each case × column (tokenizer and engine), in the matrix's order (query
    /// kind, then form pair), with the cases of a category together, categories in order of
    /// first appearance. Cells are looked up by coordinate; a case with a missing cell (a
    /// filtered matrix) has no complete row to draw and is left out.
    typealias CaseGroup = (matchCase: MatchCase, byColumn: [[MatrixCell]])

    func cellGroups() -> [CaseGroup] {
        let columns = matrix.columns
        var groups: [CaseGroup] = []
        for caseID in matrix.caseIDs {
            let byColumn = columns.map { column in
                matrix.queryKinds.flatMap { kind in
                    matrix.formPairs.compactMap { pair in
                        matrix.cell(
                            at: MatrixCoordinate(
                                caseID: caseID, tokenizer: column.tokenizer, engine: column.engine, queryKind: kind,
                                formPair: pair))
                    }
                }
            }
            let perColumn = matrix.queryKinds.count * matrix.formPairs.count
            guard perColumn > 0, byColumn.allSatisfy({ $0.count == perColumn }), let first = byColumn.first?.first
            else { continue }
            groups.append((first.matchCase, byColumn))
        }
        var categoryOrder: [String: Int] = [:]
        for group in groups where categoryOrder[group.matchCase.category] == nil {
            categoryOrder[group.matchCase.category] = categoryOrder.count
        }
        return groups.enumerated()
            .sorted {
                (categoryOrder[$0.element.matchCase.category]!, $0.offset) < (
                    categoryOrder[$1.element.matchCase.category]!, $1.offset
                )
            }
            .map(\.element)
    }

    /// The grid, its controls and the detail panel, drawn by the page's script from the matrix
    /// data embedded once here.
    func matrixSection(_ groups: [CaseGroup]) -> String {
        var html = "<section id=\"matrix\">\n<h2>Match matrix</h2>\n"
        html += legend()
        html += "<div class=\"controls\" id=\"controls\"></div>\n"
        html += "<p id=\"matrix-status\" aria-live=\"polite\"></p>\n"
        html += "<div class=\"grid-wrap\"><table class=\"grid\" id=\"grid\"></table></div>\n"
        html +=
            "<div id=\"detail\" class=\"detail\" role=\"region\" aria-label=\"the cell's tokens and verdicts\" hidden=\"hidden\"></div>\n"
        html +=
            "<noscript><p>A script in this page draws the matrix from the data below; <code>tokenbench matrix</code> writes the same cells as CSV.</p></noscript>\n"
        html += "<script type=\"application/json\" id=\"matrix-data\">"
        html += ReportMatrixData(matrix: matrix, groups: groups).embeddableText()
        return html + "</script>\n</section>\n"
    }

    private func legend() -> String {
        let primary = "\(matrix.queryKinds.first?.rawValue ?? "") \(matrix.formPairs.first?.description ?? "")"
        let order = matrix.queryKinds.flatMap { kind in matrix.formPairs.map { "\(kind.rawValue) \($0)" } }
        var html =
            "<div class=\"legend\"><p>Each cell answers: does the query find the document? The big mark is the \(HTML.escape(primary)) query:</p><ul>"
        for mark in CellMark.all {
            html +=
                "<li><span class=\"cell \(mark.className) sample\"><span class=\"verdict\"><b>\(mark.glyph)</b> \(mark.wording)</span></span> \(mark.meaning)</li>"
        }
        html += "</ul><p>The small marks under it are, in order: \(order.map(HTML.escape).joined(separator: " · ")). "
        html +=
            "One column per tokenizer: where the engines (\(matrix.engines.map(HTML.escape).joined(separator: ", "))) agree on a cell it shows once; where they differ, it says <em>engines differ</em> and gives each engine's verdict and small marks (<em>in tokens only</em> when the verdicts are the same). "
        html +=
            "Click a cell, or reach it with Tab and press Enter, to see the document and query tokens behind the verdict. "
        html +=
            "Invisible characters are shown with their code points, as in <span class=\"inv\">◌\u{301}<small>U+0301</small></span>.</p></div>\n"
        return html
    }

    /// "no match (expected match)".
    func verdict(_ cell: MatrixCell) -> String {
        cell.result.wording + (cell.expected.map { " (expected \($0.wording))" } ?? "")
    }
}
