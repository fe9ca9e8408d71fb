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

extension MatchMatrix {
    /// What changed when: one row per case × tokenizer × query kind × form pair that two or
    /// more engines ran, with each engine's verdict in SQLite version order (oldest first;
    /// `versions` gives each engine's release; empty where an engine did not run the tokenizer),
    /// `first_change`, the first engine whose verdict differs from the one before it, and
    /// `changes`, each change in order (`3.45.1: error → no match; bundled 3.54.1: no match →
    /// error`). Engines that did not run the cell (unsupported, or no cell) are skipped there.
    public func versionsTable(versions: [String: String]) -> CSVTable {
        let ordered = engines.enumerated().sorted { left, right in
            let (a, b) = ((versions[left.element] ?? "").versionOrder, (versions[right.element] ?? "").versionOrder)
            return a == b ? left.offset < right.offset : a.lexicographicallyPrecedes(b)
        }.map(\.element)
        let headers = ordered.map { engine in
            versions[engine].map { $0 == engine ? engine : "\(engine) \($0)" } ?? engine
        }
        let hasLocales = cells.contains { $0.matchCase.hasLocale }
        var table = CSVTable(
            header: ["case", "category", "tokenizer", "query_kind", "document_form", "query_form", "document", "query"]
                + (hasLocales ? ["locale"] : []) + headers + ["first_change", "changes"])
        for caseID in caseIDs {
            for tokenizer in tokenizers {
                for queryKind in queryKinds {
                    for formPair in formPairs {
                        let row = ordered.map {
                            cell(
                                at: MatrixCoordinate(
                                    caseID: caseID, tokenizer: tokenizer, engine: $0, queryKind: queryKind,
                                    formPair: formPair))
                        }
                        let ran = row.enumerated().filter { $0.element.map { !$0.isUnsupported } ?? false }
                        guard ran.count > 1, let first = ran.first?.element else { continue }
                        let verdicts = row.map { $0.map(\.result.versionsField) ?? "" }
                        let changes = zip(ran, ran.dropFirst()).filter { verdicts[$0.offset] != verdicts[$1.offset] }
                        var fields = [
                            caseID, first.matchCase.category, tokenizer, queryKind.rawValue,
                            formPair.document.rawValue, formPair.query.rawValue, first.document, first.query,
                        ]
                        if hasLocales { fields.append(first.matchCase.localeColumn) }
                        fields += verdicts
                        fields.append(changes.first.map { headers[$1.offset] } ?? "")
                        fields.append(
                            changes.map { "\(headers[$1.offset]): \(verdicts[$0.offset]) → \(verdicts[$1.offset])" }
                                .joined(separator: "; "))
                        table.rows.append(fields)
                    }
                }
            }
        }
        return table
    }
}

extension MatchVerdict {
    /// The verdict in words, for the versions table: `match`, `no match`, then as the wide
    /// table says it (`error`, `no query`, `unsupported`, how a cell was lost).
    var versionsField: String {
        switch self {
        case .matched: "match"
        case .notMatched: "no match"
        default: wideMatrixField
        }
    }
}
