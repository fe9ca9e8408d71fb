import Foundation
import TokenBenchEngines

/// A long match-matrix CSV read back: the golden file of `tokenbench check`, or one side of
/// `tokenbench diff`.
package struct MatrixBaseline: Sendable {
    /// Where the records came from, for messages.
    package var source: String
    package var records: [MatrixRecord]

    package init(source: String, records: [MatrixRecord]) {
        self.source = source
        self.records = records
    }

    /// The records of a matrix computed in this run, exactly as its CSV would hold them.
    package init(matrix: MatchMatrix, source: String = "this run") {
        self.source = source
        records = matrix.cells.map(MatrixRecord.init(cell:))
    }

    /// Reads a file written by `tokenbench matrix` (long layout). Extra columns are ignored;
    /// missing ones, malformed forms or query kinds, and duplicate cells are errors naming the line.
    package static func load(path: String) throws -> MatrixBaseline {
        try parse(try CSV.readText(ofFile: path), source: path)
    }

    /// Parses the text of a long matrix CSV; `source` names it in errors.
    package static func parse(_ text: String, source: String) throws -> MatrixBaseline {
        let csvRecords = try CSV.records(of: text, file: source)
        guard let header = csvRecords.first else {
            throw TokenBenchError.invalidFixture(
                file: source, line: 0, reason: "the file is empty; expected a CSV written by 'tokenbench matrix'")
        }
        // Files written before engines existed have no engine column: their cells are the system's.
        // Files without a case that has a locale have no locale column.
        let required = MatrixRecord.Column.allCases.filter { !$0.isOptional || header.fields.contains($0.rawValue) }
        let indices = try CSV.columnIndices(
            of: required.map(\.rawValue), in: header, file: source,
            expected: "the long layout of 'tokenbench matrix' (\(MatrixRecord.csvHeader.joined(separator: ",")))")
        var records: [MatrixRecord] = []
        var firstLine: [MatrixCoordinate: Int] = [:]
        for csvRecord in csvRecords.dropFirst() {
            try CSV.checkFieldCount(of: csvRecord, header: header, file: source)
            let record: MatrixRecord
            do {
                record = try MatrixRecord(
                    reading: { column in indices[column.rawValue].map { csvRecord.fields[$0] } },
                    line: csvRecord.line)
            } catch {
                throw TokenBenchError.invalidFixture(file: source, line: csvRecord.line, reason: error.reason)
            }
            if let earlier = firstLine[record.coordinate] {
                throw TokenBenchError.invalidFixture(
                    file: source, line: csvRecord.line,
                    reason: "\(record.coordinate) is listed twice (first at line \(earlier))")
            }
            firstLine[record.coordinate] = csvRecord.line
            records.append(record)
        }
        return MatrixBaseline(source: source, records: records)
    }

    /// The tokenizer names in the order they first appear.
    package var tokenizers: [String] { records.map(\.coordinate.tokenizer).uniquedInOrder() }

    /// The engine names in the order they first appear.
    package var engines: [String] { records.map(\.coordinate.engine).uniquedInOrder() }

    /// The form pairs in the order they first appear.
    package var formPairs: [FormPair] { records.map(\.coordinate.formPair).uniquedInOrder() }

    /// The query kinds in the order they first appear.
    package var queryKinds: [QueryKind] {
        records.map(\.coordinate.queryKind).uniquedInOrder()
    }

    /// Keeps the records of the listed categories or case ids (all when both lists are empty),
    /// as `FixtureSet.filtered` does for cases.
    package func filtered(categories: [String], ids: [String]) -> MatrixBaseline {
        guard !categories.isEmpty || !ids.isEmpty else { return self }
        var copy = self
        copy.records = records.filter { categories.contains($0.category) || ids.contains($0.coordinate.caseID) }
        return copy
    }

    /// Keeps the records of the listed tokenizers.
    package func restricted(toTokenizers names: Set<String>) -> MatrixBaseline {
        var copy = self
        copy.records = records.filter { names.contains($0.coordinate.tokenizer) }
        return copy
    }
}
