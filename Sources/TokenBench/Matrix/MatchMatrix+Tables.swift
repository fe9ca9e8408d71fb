extension MatchMatrix {
    /// One row per case × tokenizer × engine × query kind × form pair (`tokenbench matrix`), with
    /// `MatrixRecord`'s columns (`locale` only when a case has one): what `check` and `diff`
    /// read back.
    public func longTable() -> CSVTable {
        MatrixRecord.longTable(cells.map { MatrixRecord(cell: $0) })
    }

    /// One row per case × query kind × form pair, one column per tokenizer (per tokenizer and
    /// engine, named `TOKENIZER@ENGINE`, when the columns span several engines) with `X` where the
    /// query finds the document and `error` where FTS5 refused it: the shape of the seeds' tables.
    ///
    /// Cells are looked up by coordinate, so a filtered matrix still gives a table: a missing
    /// cell is an empty field, and a row with no cell at all is left out.
    public func wideTable() -> CSVTable {
        let columns = self.columns
        let names = columns.map { columnName(tokenizer: $0.tokenizer, engine: $0.engine) }
        // `locale` and `tokendata` columns only when a case has one, as in the long table.
        let hasLocales = cells.contains { $0.matchCase.hasLocale }
        let hasTokendata = cells.contains { $0.matchCase.tokendata }
        var table = CSVTable(
            header: ["case", "category", "query_kind", "document_form", "query_form", "document", "query"]
                + (hasLocales ? ["locale"] : []) + (hasTokendata ? ["tokendata"] : []) + names)
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
                    if hasLocales { fields.append(first.matchCase.localeColumn) }
                    if hasTokendata { fields.append(first.matchCase.tokendata ? "1" : "") }
                    for cell in row {
                        fields.append(cell?.result.wideMatrixField ?? "")
                    }
                    table.rows.append(fields)
                }
            }
        }
        return table
    }
}
