extension MatchMatrix {
    /// The columns of the long matrix CSV: what `check` and `diff` read back.
    public static let longTableHeader = [
        "case", "category", "tokenizer", "query_kind", "document_form", "query_form", "document", "query",
        "matched", "expected", "outcome", "document_tokens", "query_tokens", "error",
    ]

    /// One row per case × tokenizer × query kind × form pair (`tokenbench matrix`).
    public func longTable() -> Table {
        var table = Table(header: Self.longTableHeader)
        for cell in cells {
            var message = ""
            if case .error(let text) = cell.result { message = text }
            table.rows.append([
                cell.matchCase.id, cell.matchCase.category, cell.tokenizer, cell.queryKind.rawValue,
                cell.formPair.document.rawValue, cell.formPair.query.rawValue, cell.document, cell.query,
                cell.result.csvValue, cell.expected?.csvValue ?? "", cell.outcome.rawValue,
                cell.documentTokens.joinedForDisplay, cell.queryTokens.joinedForDisplay, message,
            ])
        }
        return table
    }

    /// One row per case × query kind × form pair, one column per tokenizer with `X` where the
    /// query finds the document and `error` where FTS5 refused it: the shape of the seeds' tables.
    ///
    /// Cells are looked up by what they are, not by where they sit in `cells`, so a matrix whose
    /// cells were filtered or reordered still gives a table: a missing cell is an empty field.
    public func wideTable() -> Table {
        var table = Table(header: ["case", "category", "query_kind", "document_form", "query_form", "document", "query"] + tokenizers)
        struct RowKey: Hashable {
            var caseID: String
            var queryKind: QueryKind
            var formPair: FormPair
        }
        var rowOrder: [RowKey] = []
        var firstCell: [RowKey: MatrixCell] = [:]
        var results: [RowKey: [String: CellResult]] = [:]
        for cell in cells {
            let key = RowKey(caseID: cell.matchCase.id, queryKind: cell.queryKind, formPair: cell.formPair)
            if firstCell[key] == nil {
                firstCell[key] = cell
                rowOrder.append(key)
            }
            results[key, default: [:]][cell.tokenizer] = cell.result
        }
        // Rows by case in order of appearance, then by the matrix's query kinds and form pairs.
        let caseOrder = rowOrder.map(\.caseID).uniquedInOrder()
        for caseID in caseOrder {
            for queryKind in queryKinds {
                for formPair in formPairs {
                    let key = RowKey(caseID: caseID, queryKind: queryKind, formPair: formPair)
                    guard let first = firstCell[key] else { continue }
                    var row = [
                        first.matchCase.id, first.matchCase.category, first.queryKind.rawValue,
                        first.formPair.document.rawValue, first.formPair.query.rawValue, first.document, first.query,
                    ]
                    for tokenizer in tokenizers {
                        switch results[key]?[tokenizer] {
                        case .matched: row.append("X")
                        case .notMatched, nil: row.append("")
                        case .error: row.append("error")
                        }
                    }
                    table.rows.append(row)
                }
            }
        }
        return table
    }
}
