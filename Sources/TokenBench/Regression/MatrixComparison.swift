import TokenBenchEngines

/// Two match matrices compared cell by cell: what `tokenbench check` and `tokenbench diff` report.
///
/// Cells are matched by case, tokenizer, query kind and form pair. A tokenizer present on one
/// side only is not compared cell by cell (an environment may lack it); it is listed instead.
package struct MatrixComparison: Sendable {
    /// One cell that differs.
    package struct Change: Sendable {
        package enum Kind: String, Sendable, CaseIterable {
            /// Both sides have the cell and some column differs.
            case changed
            /// Only the first (baseline) side has the cell.
            case removed
            /// Only the second side has the cell.
            case added
        }

        package var kind: Kind
        package var coordinate: MatrixCoordinate
        package var before: MatrixRecord?
        package var after: MatrixRecord?
        /// The columns that differ (empty unless `kind` is `changed`).
        package var changedColumns: [MatrixRecord.Column]
    }

    package var before: MatrixBaseline
    package var after: MatrixBaseline
    package private(set) var changes: [Change] = []
    /// Tokenizers with cells on one side only, in order of appearance.
    package private(set) var tokenizersOnlyBefore: [String] = []
    package private(set) var tokenizersOnlyAfter: [String] = []
    /// How many cells both sides have.
    package private(set) var comparedCellCount = 0
    /// How many cells of the tokenizers both sides have the baseline holds: what the changes are
    /// counted against (the cells of a tokenizer on one side only were never checked).
    package private(set) var checkedBaselineCellCount = 0
    /// How many tokenizers both sides have.
    package private(set) var sharedTokenizerCount = 0

    package init(before: MatrixBaseline, after: MatrixBaseline) {
        self.before = before
        self.after = after
        let beforeTokenizers = before.tokenizers
        let afterTokenizers = after.tokenizers
        tokenizersOnlyBefore = beforeTokenizers.filter { !afterTokenizers.contains($0) }
        tokenizersOnlyAfter = afterTokenizers.filter { !beforeTokenizers.contains($0) }
        let shared = Set(beforeTokenizers).intersection(afterTokenizers)
        sharedTokenizerCount = shared.count

        var afterByCoordinate: [MatrixCoordinate: MatrixRecord] = [:]
        for record in after.records where shared.contains(record.coordinate.tokenizer) {
            afterByCoordinate[record.coordinate] = record
        }
        var seen: Set<MatrixCoordinate> = []
        for record in before.records where shared.contains(record.coordinate.tokenizer) {
            seen.insert(record.coordinate)
            checkedBaselineCellCount += 1
            guard let counterpart = afterByCoordinate[record.coordinate] else {
                changes.append(
                    Change(
                        kind: .removed, coordinate: record.coordinate, before: record, after: nil, changedColumns: []))
                continue
            }
            comparedCellCount += 1
            let columns = record.changedColumns(comparedWith: counterpart)
            if !columns.isEmpty {
                changes.append(
                    Change(
                        kind: .changed, coordinate: record.coordinate, before: record, after: counterpart,
                        changedColumns: columns)
                )
            }
        }
        for record in after.records
        where shared.contains(record.coordinate.tokenizer) && !seen.contains(record.coordinate) {
            changes.append(
                Change(kind: .added, coordinate: record.coordinate, before: nil, after: record, changedColumns: []))
        }
    }

    package var isIdentical: Bool { changes.isEmpty }

    /// The changed cells as rows (`tokenbench diff`): the cell, what changed, and both sides'
    /// verdicts, token streams and errors; and, when a changed cell is of an app's query kind
    /// (`raw`, `grdb-*`, `typed-*`), both sides' verdict codes and patterns, as the long matrix
    /// has them only then.
    package func table() -> CSVTable {
        let hasAppQueries = changes.contains { !$0.coordinate.queryKind.isBenchQuery }
        let compared: [MatrixRecord.Column] =
            [.matched] + (hasAppQueries ? [.verdict, .pattern] : []) + [.documentTokens, .queryTokens, .error]
        var table = CSVTable(
            header: [
                "change", "case", "category", "tokenizer", "engine", "query_kind", "document_form", "query_form",
                "changed_columns",
            ] + compared.flatMap { ["\($0.rawValue)_a", "\($0.rawValue)_b"] })
        for change in changes {
            let a = change.before
            let b = change.after
            let coordinate = change.coordinate
            table.rows.append(
                [
                    change.kind.rawValue, coordinate.caseID, (a ?? b)?.category ?? "", coordinate.tokenizer,
                    coordinate.engine, coordinate.queryKind.rawValue, coordinate.formPair.document.rawValue,
                    coordinate.formPair.query.rawValue, change.changedColumns.map(\.rawValue).joined(separator: " "),
                ] + compared.flatMap { column in [a?.field(column) ?? "", b?.field(column) ?? ""] })
        }
        return table
    }

    /// The changed cells for a person: per cell, the verdict before → after and the token streams
    /// that explain it.
    package func readableReport() -> String {
        var text = ""
        for change in changes {
            let any = (change.before ?? change.after)!
            let coordinate = change.coordinate
            let heading =
                "\(coordinate.caseID) [\(any.category)] · \(coordinate.tokenizerOnEngine) · \(coordinate.queryKind.rawValue) · "
                + "\(coordinate.formPair)"
            switch change.kind {
            case .removed:
                text +=
                    "REMOVED \(heading)\n  in \(before.source) (line \(any.line)), not in \(after.source): is the case gone from the fixtures?\n"
            case .added:
                text += "ADDED   \(heading)\n  in \(after.source) (\(any.result.wording)), not in \(before.source)\n"
            case .changed:
                let old = change.before!
                let new = change.after!
                text += "CHANGED \(heading)\n"
                text += "  document \(Self.quoted(new.document))  query \(Self.quoted(new.query))\n"
                text += "  verdict: \(old.result.wording) → \(new.result.wording)\n"
                for column in [MatrixRecord.Column.documentTokens, .queryTokens] {
                    let label = column.rawValue.replacingOccurrences(of: "_", with: " ")
                    if old.field(column) == new.field(column) {
                        text += "  \(label): [\(new.field(column))]\n"
                    } else {
                        text += "  \(label): [\(old.field(column))] → [\(new.field(column))]\n"
                    }
                }
                for column in change.changedColumns
                where ![.matched, .verdict, .error, .documentTokens, .queryTokens].contains(column) {
                    text +=
                        "  \(column.rawValue): \(Self.quoted(old.field(column))) → \(Self.quoted(new.field(column)))\n"
                }
            }
        }
        return text
    }

    private static func quoted(_ text: String) -> String {
        "\"" + ByteEscaping.display(Array(text.utf8)) + "\""
    }
}
