import TokenBenchEngines

/// One row of a long match-matrix CSV (`tokenbench matrix`), as `check` and `diff` compare it:
/// the cell it describes, and every other column as text.
package struct MatrixRecord: Hashable, Sendable {
    /// What identifies a cell across runs and machines.
    package struct Key: Hashable, Sendable, CustomStringConvertible {
        package var caseID: String
        package var tokenizer: String
        package var engine: String
        package var queryKind: String
        package var documentForm: String
        package var queryForm: String

        package var description: String {
            "case \(caseID), tokenizer \(tokenizer)\(engine == SQLiteEngine.system.name ? "" : " on \(engine)"), \(queryKind) \(documentForm):\(queryForm)"
        }
    }

    package var key: Key
    /// The columns of `MatchMatrix.longTableHeader`, in that order.
    package var values: [String]
    /// The 1-based CSV line the row was read from, or 0 for a row computed in this run.
    package var line: Int

    /// The columns that identify a cell; every other column is compared.
    static let keyColumns: Set<String> = ["case", "tokenizer", "engine", "query_kind", "document_form", "query_form"]

    /// The row as `MatchMatrix.longTable()` lays it out.
    init(longTableRow row: [String], line: Int) {
        values = row
        self.line = line
        key = Key(
            caseID: row[0], tokenizer: row[2], engine: row[3], queryKind: row[4], documentForm: row[5],
            queryForm: row[6])
    }

    package subscript(column: String) -> String {
        guard let index = MatchMatrix.longTableHeader.firstIndex(of: column) else { return "" }
        return values[index]
    }

    package var category: String { self["category"] }

    /// The compared columns whose values differ between `self` and `other`.
    func changedColumns(comparedWith other: MatrixRecord) -> [String] {
        MatchMatrix.longTableHeader.indices.compactMap { index in
            let column = MatchMatrix.longTableHeader[index]
            guard !Self.keyColumns.contains(column), values[index] != other.values[index] else { return nil }
            return column
        }
    }
}
