extension MatchMatrix {
    /// The columns of the long matrix CSV: what `check` and `diff` read back.
    package static let longTableHeader = [
        "case", "category", "tokenizer", "engine", "query_kind", "document_form", "query_form", "document", "query",
        "matched", "expected", "outcome", "document_tokens", "query_tokens", "error",
    ]

    /// One row per case × tokenizer × engine × query kind × form pair (`tokenbench matrix`).
    public func longTable() -> Table {
        var table = Table(header: Self.longTableHeader)
        for cell in cells {
            var message = ""
            if case .error(let text) = cell.result { message = text }
            table.rows.append([
                cell.matchCase.id, cell.matchCase.category, cell.tokenizer, cell.engine, cell.queryKind.rawValue,
                cell.formPair.document.rawValue, cell.formPair.query.rawValue, cell.document, cell.query,
                cell.result.csvValue, cell.expected?.csvValue ?? "", cell.outcome.rawValue,
                cell.documentTokens.joinedForDisplay, cell.queryTokens.joinedForDisplay, message,
            ])
        }
        return table
    }

    /// One row per case × query kind × form pair, one column per tokenizer (per tokenizer and
    /// engine, named `TOKENIZER@ENGINE`, when the columns span several engines) with `X` where the
    /// query finds the document and `error` where FTS5 refused it: the shape of the seeds' tables.
    ///
    /// Cells are looked up by coordinate, so a filtered matrix still gives a table: a missing
    /// cell is an empty field, and a row with no cell at all is left out.
    public func wideTable() -> Table {
        let columns = self.columns
        let names = columns.map { columnName(tokenizer: $0.tokenizer, engine: $0.engine) }
        var table = Table(
            header: ["case", "category", "query_kind", "document_form", "query_form", "document", "query"] + names)
        for caseID in caseIDs {
            for queryKind in queryKinds {
                for formPair in formPairs {
                    let row = columns.map {
                        cell(
                            at: MatrixCoordinate(
                                caseID: caseID, tokenizer: $0.tokenizer, engine: $0.engine, queryKind: queryKind,
                                formPair: formPair))
                    }
                    guard let first = row.compactMap({ $0 }).first else { continue }
                    var fields = [
                        first.matchCase.id, first.matchCase.category, queryKind.rawValue,
                        formPair.document.rawValue, formPair.query.rawValue, first.document, first.query,
                    ]
                    for cell in row {
                        switch cell?.result {
                        case .matched: fields.append("X")
                        case .notMatched, nil: fields.append("")
                        case .error: fields.append("error")
                        }
                    }
                    table.rows.append(fields)
                }
            }
        }
        return table
    }
}
