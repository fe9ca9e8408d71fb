/// A row of one of the bench's CSV files, written through its one list of columns: `Column`'s
/// cases in order, their raw values the header. The header, each row's fields and the table all
/// follow from that list, and each file's reader goes through the same `Column`.
package protocol CSVRow {
    associatedtype Column: RawRepresentable & CaseIterable & Hashable where Column.RawValue == String
    /// The row's text in `column`, as the CSV holds it.
    func field(_ column: Column) -> String
}

extension CSVRow {
    package static var csvHeader: [String] { Column.allCases.map(\.rawValue) }

    package var csvFields: [String] { Column.allCases.map(field) }

    package static func csvTable(_ rows: [Self]) -> CSVTable {
        CSVTable(header: csvHeader, rows: rows.map(\.csvFields))
    }

    /// The table of `rows` without each of `optional` that is empty in every row: a run that did
    /// not use what such a column records writes the file it wrote before the column existed.
    package static func csvTable(_ rows: [Self], omittingWhenEmpty optional: Set<Column>) -> CSVTable {
        let columns = Column.allCases.filter { column in
            !optional.contains(column) || rows.contains { !$0.field(column).isEmpty }
        }
        return CSVTable(header: columns.map(\.rawValue), rows: rows.map { row in columns.map(row.field) })
    }
}
