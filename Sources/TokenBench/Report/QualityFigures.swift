/// A `tokenbench quality` summary read back for the report, with its per-query file when given.
package struct QualityFigures: Sendable {
    package internal(set) var file: String
    package internal(set) var rows: [QualityRow]
    /// Every query's outcome per row; empty without a per-query file.
    package internal(set) var outcomes: [QueryOutcome]

    /// Reads the summary CSV and, when given, the per-query CSV written in the same run.
    package static func load(summary: String, perQuery: String?) throws -> QualityFigures {
        let rows = try QualityRow.rows(ofFile: summary)
        guard !rows.isEmpty else {
            throw TokenBenchError.invalidFixture(file: summary, line: 0, reason: "the quality CSV has no row")
        }
        return QualityFigures(
            file: summary, rows: rows, outcomes: try perQuery.map(QueryOutcome.outcomes(ofFile:)) ?? [])
    }

    /// The baseline's row for `row`: same engine, query kind and detail.
    func baselineRow(of row: QualityRow) -> QualityRow? {
        guard !row.baseline.isEmpty, row.baseline != row.tokenizer else { return nil }
        return rows.first {
            $0.tokenizer == row.baseline && $0.engine == row.engine && $0.queryKind == row.queryKind
                && $0.detail == row.detail
        }
    }

    /// A row's outcomes by query id.
    func outcomes(of row: QualityRow) -> [String: QueryOutcome] {
        var byQuery: [String: QueryOutcome] = [:]
        for outcome in outcomes
        where outcome.tokenizer == row.tokenizer && outcome.engine == row.engine && outcome.queryKind == row.queryKind
            && outcome.detail == row.detail
        {
            byQuery[outcome.queryID] = outcome
        }
        return byQuery
    }
}
