/// The matrix grid: cases grouped by category down, tokenizers across.
extension HTMLReport {
    /// What one case × tokenizer cell shows, in colour and in shape and text.
    enum CellStatus: String {
        case match
        case noMatch = "nomatch"
        case failed
        case error

        var glyph: String {
            switch self {
            case .match: return "✓"
            case .noMatch: return "—"
            case .failed: return "✗"
            case .error: return "!"
            }
        }

        var label: String {
            switch self {
            case .match: return "match"
            case .noMatch: return "no match"
            case .failed: return "expectation failed"
            case .error: return "error"
            }
        }

        /// The status of one sub-cell (one query kind and form pair).
        init(_ cell: MatrixCell) {
            if cell.violatesExpectation {
                self = .failed
            } else {
                switch cell.result {
                case .matched: self = .match
                case .notMatched: self = .noMatch
                case .error: self = .error
                }
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

    /// A column's name: the tokenizer, and its engine when the columns span several.
    func columnName(_ index: Int) -> String {
        let column = matrix.columns[index]
        return matrix.columnName(tokenizer: column.tokenizer, engine: column.engine)
    }

    func matrixSection(_ groups: [CaseGroup]) -> String {
        var html = "<section id=\"matrix\">\n<h2>Match matrix</h2>\n"
        html += legend()
        html += "<table class=\"grid\">\n<thead><tr><th class=\"corner\">case: document ← query</th>"
        for index in matrix.columns.indices {
            let name = columnName(index)
            let failures = groups.filter { $0.byColumn[index].contains(where: \.violatesExpectation) }.count
            let matches = groups.filter { $0.byColumn[index].first?.result == .matched }.count
            html += "<th class=\"tokenizer\" scope=\"col\"><span>\(HTML.escape(name))</span>"
            html += "<small>\(matches)/\(groups.count) match\(failures > 0 ? ", \(failures) failed" : "")</small></th>"
        }
        html += "</tr></thead>\n"
        var category: String?
        for group in groups {
            if group.matchCase.category != category {
                if category != nil { html += "</tbody>\n" }
                category = group.matchCase.category
                html +=
                    "<tbody><tr class=\"category\"><th colspan=\"\(matrix.columns.count + 1)\" scope=\"rowgroup\">\(HTML.escape(group.matchCase.category))</th></tr>\n"
            }
            html += caseRow(group.matchCase, group.byColumn)
        }
        if category != nil { html += "</tbody>\n" }
        html += "</table>\n</section>\n"
        return html
    }

    private func legend() -> String {
        let primary = "\(matrix.queryKinds.first?.rawValue ?? "") \(matrix.formPairs.first?.description ?? "")"
        let order = matrix.queryKinds.flatMap { kind in matrix.formPairs.map { "\(kind.rawValue) \($0)" } }
        var html =
            "<div class=\"legend\"><p>Each cell answers: does the query find the document? The big mark is the \(HTML.escape(primary)) query:</p><ul>"
        for status in [CellStatus.match, .noMatch, .failed, .error] {
            html +=
                "<li><span class=\"cell \(status.rawValue) sample\"><span class=\"verdict\"><b>\(status.glyph)</b> \(status.label)</span></span> "
            switch status {
            case .match: html += "FTS5 finds the document."
            case .noMatch: html += "FTS5 does not find it."
            case .failed:
                html += "some query kind or form contradicts what the fixture expects; the small marks say which."
            case .error: html += "FTS5 refused the query, or the query has no tokens."
            }
            html += "</li>"
        }
        html += "</ul><p>The small marks under it are, in order: \(order.map(HTML.escape).joined(separator: " · ")). "
        html += "Hover over a cell, or focus it with Tab, to see the document and query tokens behind the verdict. "
        html +=
            "Invisible characters are shown with their code points, as in <span class=\"inv\">◌\u{301}<small>U+0301</small></span>.</p></div>\n"
        return html
    }

    private func caseRow(_ matchCase: MatchCase, _ byColumn: [[MatrixCell]]) -> String {
        var html = "<tr><th class=\"case\" scope=\"row\"><span class=\"id\">\(HTML.escape(matchCase.id))</span>"
        html +=
            "<span class=\"texts\">\(HTML.visible(matchCase.document)) <span class=\"arrow\">←</span> \(HTML.visible(matchCase.query))</span>"
        if !matchCase.note.isEmpty {
            html += "<span class=\"note\">\(HTML.escape(matchCase.note))</span>"
        }
        html += "</th>"
        for (index, cells) in byColumn.enumerated() {
            html += cell(tokenizer: columnName(index), cells)
        }
        return html + "</tr>\n"
    }

    private func cell(tokenizer: String, _ cells: [MatrixCell]) -> String {
        let primary = cells[0]
        let status = cells.contains(where: \.violatesExpectation) ? CellStatus.failed : CellStatus(primary)
        let shown = status == .failed ? CellStatus(primary) : status
        var html = "<td class=\"cell \(status.rawValue)\" tabindex=\"0\">"
        html +=
            "<span class=\"verdict\"><b>\(status.glyph)</b> \(status == .failed ? "failed: " + shown.label : status.label)</span>"
        html += "<span class=\"strip\">"
        for cell in cells {
            let sub = CellStatus(cell)
            html += "<i class=\"\(sub.rawValue)\" title=\"\(HTML.escape(describe(cell)))\">\(sub.glyph)</i>"
        }
        html += "</span>"
        html += popup(tokenizer: tokenizer, cells)
        return html + "</td>"
    }

    /// "prefix nfc:nfd: no match (expected match)".
    func describe(_ cell: MatrixCell) -> String {
        "\(cell.queryKind.rawValue) \(cell.formPair): " + verdict(cell)
    }

    /// "no match (expected match)".
    func verdict(_ cell: MatrixCell) -> String {
        cell.result.verdict + (cell.expected.map { " (expected \($0.verdict))" } ?? "")
    }

    private func popup(tokenizer: String, _ cells: [MatrixCell]) -> String {
        let primary = cells[0]
        var html =
            "<div class=\"pop\"><p class=\"title\">\(HTML.escape(primary.matchCase.id)) · \(HTML.escape(tokenizer))</p>"
        html += "<table><tr><th>forms</th><th>document tokens</th><th>query tokens</th>"
        html += matrix.queryKinds.map { "<th>\(HTML.escape($0.rawValue))</th>" }.joined() + "</tr>"
        for (pairIndex, pair) in matrix.formPairs.enumerated() {
            let first = cells[pairIndex]
            html +=
                "<tr><th>\(HTML.escape(pair.description))</th><td>\(HTML.tokenChips(first.documentTokens))</td><td>\(HTML.tokenChips(first.queryTokens))</td>"
            for kindIndex in matrix.queryKinds.indices {
                let cell = cells[kindIndex * matrix.formPairs.count + pairIndex]
                let sub = CellStatus(cell)
                html += "<td class=\"\(sub.rawValue)\">\(sub.glyph) \(HTML.escape(verdict(cell)))</td>"
            }
            html += "</tr>"
        }
        html += "</table></div>"
        return html
    }
}
