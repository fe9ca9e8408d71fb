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
    public func wideTable() -> Table {
        var table = Table(header: ["case", "category", "query_kind", "document_form", "query_form", "document", "query"] + tokenizers)
        var index = 0
        // Cells are ordered case, tokenizer, query kind, form pair: regroup by row.
        let perTokenizer = queryKinds.count * formPairs.count
        while index < cells.count {
            let caseCells = cells[index..<index + perTokenizer * tokenizers.count]
            for kindIndex in queryKinds.indices {
                for pairIndex in formPairs.indices {
                    let offset = kindIndex * formPairs.count + pairIndex
                    let first = caseCells[caseCells.startIndex + offset]
                    var row = [
                        first.matchCase.id, first.matchCase.category, first.queryKind.rawValue,
                        first.formPair.document.rawValue, first.formPair.query.rawValue, first.document, first.query,
                    ]
                    for tokenizerIndex in tokenizers.indices {
                        let cell = caseCells[caseCells.startIndex + tokenizerIndex * perTokenizer + offset]
                        switch cell.result {
                        case .matched: row.append("X")
                        case .notMatched: row.append("")
                        case .error: row.append("error")
                        }
                    }
                    table.rows.append(row)
                }
            }
            index += perTokenizer * tokenizers.count
        }
        return table
    }
}
