import Foundation

/// The quality CSVs, both ways: the summary (one `QualityRow` per line) and the per-query file
/// (one `QueryOutcome` per line). Each column list is written once, here; `tokenbench quality`
/// writes with it and the report reads with it.
extension QualityRow: CSVRow {
    /// The summary's columns, in order. The metric columns are named as ir_measures names them.
    package enum Column: String, CaseIterable, Sendable {
        case tokenizer, spec, engine
        case sqliteVersion = "sqlite_version"
        case queryKind = "query_kind"
        case detail, documents, queries
        case zeroResults = "zero_results"
        case noTokens = "no_tokens"
        case rejected, lost
        case meanResults = "mean_results"
        case nDCG10 = "nDCG@10"
        case reciprocalRank10 = "RR@10"
        case recall10 = "R@10"
        case recall100 = "R@100"
        case precision1 = "P@1"
        case baseline
        case pValue = "p_value"
        case wins, losses, ties
        case p50Microseconds = "p50_us"
        case p99Microseconds = "p99_us"
        case indexBytes = "index_bytes"
        case contentBytes = "content_bytes"
        case buildSeconds = "build_s"
        case runFile = "run_file"
        case collection
        case collectionFingerprint = "collection_fingerprint"
        case perQueryNDCG10 = "per_query_nDCG@10"
        case error
    }

    package func field(_ column: Column) -> String {
        switch column {
        case .tokenizer: tokenizer
        case .spec: spec
        case .engine: engine
        case .sqliteVersion: sqliteVersion
        case .queryKind: queryKind.rawValue
        case .detail: detail.rawValue
        case .documents: String(documents)
        case .queries: String(queries)
        case .zeroResults: String(zeroResults)
        case .noTokens: String(noTokens)
        case .rejected: String(rejected)
        case .lost: String(lost)
        case .meanResults: String(format: "%.2f", meanResults)
        case .nDCG10: Self.metric(metrics.nDCG10)
        case .reciprocalRank10: Self.metric(metrics.reciprocalRank10)
        case .recall10: Self.metric(metrics.recall10)
        case .recall100: Self.metric(metrics.recall100)
        case .precision1: Self.metric(metrics.precision1)
        case .baseline: baseline
        case .pValue: comparison.map { String(format: "%.4g", $0.pValue) } ?? ""
        case .wins: comparison.map { String($0.wins) } ?? ""
        case .losses: comparison.map { String($0.losses) } ?? ""
        case .ties: comparison.map { String($0.ties) } ?? ""
        case .p50Microseconds: String(format: "%.1f", p50Microseconds)
        case .p99Microseconds: String(format: "%.1f", p99Microseconds)
        case .indexBytes: indexBytes.map(String.init) ?? ""
        case .contentBytes: contentBytes.map(String.init) ?? ""
        case .buildSeconds: String(format: "%.3f", buildSeconds)
        case .runFile: runFile
        case .collection: collection
        case .collectionFingerprint: collectionFingerprint
        case .perQueryNDCG10: perQueryNDCG10.map(Self.figureText).joined(separator: " ")
        case .error: error
        }
    }

    /// Metrics to six decimals: the checks against trec_eval are to four.
    static func metric(_ value: Double) -> String { String(format: "%.6f", value) }
    /// A query's figure to six significant digits: as few characters as it needs.
    static func figureText(_ value: Double) -> String { String(format: "%.6g", value) }

    /// Reads a summary CSV that `tokenbench quality` wrote; a malformed line is an error naming
    /// the file and line.
    package static func rows(ofFile path: String) throws -> [QualityRow] {
        let header = Column.allCases.map(\.rawValue)
        // A summary written before `check --quality` lacks the three columns it needs: read it
        // with them empty (the report can still show it; the check says to write it again).
        let added: [Column] = [.collection, .collectionFingerprint, .perQueryNDCG10]
        let older = header.filter { name in !added.contains { $0.rawValue == name } }
        let (found, read) = try CSV.records(ofFile: path, headers: [header, older], writtenBy: "tokenbench quality")
        let records =
            found == header
            ? read
            : read.map { record in
                var fields = record.fields
                fields.insert(contentsOf: ["", "", ""], at: fields.count - 1)
                return CSV.Record(line: record.line, fields: fields)
            }
        return try records.map { record in
            let reader = CSVFieldReader<Column>(record: record, file: path)
            let comparison =
                try reader.optionalDouble(.pValue).map { pValue in
                    RandomizationTest(
                        pValue: pValue, wins: try reader.int(.wins), losses: try reader.int(.losses),
                        ties: try reader.int(.ties))
                }
            var metrics = RankingMetrics.zero
            metrics.nDCG10 = try reader.double(.nDCG10)
            metrics.reciprocalRank10 = try reader.double(.reciprocalRank10)
            metrics.recall10 = try reader.double(.recall10)
            metrics.recall100 = try reader.double(.recall100)
            metrics.precision1 = try reader.double(.precision1)
            return QualityRow(
                tokenizer: reader.text(.tokenizer), spec: reader.text(.spec), engine: reader.text(.engine),
                sqliteVersion: reader.text(.sqliteVersion), queryKind: try reader.value(.queryKind),
                detail: try reader.value(.detail), documents: try reader.int(.documents),
                queries: try reader.int(.queries), zeroResults: try reader.int(.zeroResults),
                noTokens: try reader.int(.noTokens), rejected: try reader.int(.rejected), lost: try reader.int(.lost),
                meanResults: try reader.double(.meanResults), metrics: metrics, baseline: reader.text(.baseline),
                comparison: comparison, p50Microseconds: try reader.double(.p50Microseconds),
                p99Microseconds: try reader.double(.p99Microseconds),
                indexBytes: try reader.optionalDouble(.indexBytes).map { Int($0) },
                contentBytes: try reader.optionalDouble(.contentBytes).map { Int($0) },
                buildSeconds: try reader.double(.buildSeconds), runFile: reader.text(.runFile),
                collection: reader.text(.collection), collectionFingerprint: reader.text(.collectionFingerprint),
                perQueryNDCG10: try reader.numbers(.perQueryNDCG10), error: reader.text(.error))
        }
    }
}

/// Reads one record's fields by column, naming the file, line and column of a bad value.
struct CSVFieldReader<Column: RawRepresentable & CaseIterable & Equatable> where Column.RawValue == String {
    let record: CSV.Record
    let file: String

    func text(_ column: Column) -> String { optionalText(column) ?? "" }

    /// The field, or nil when the record ends before it: a file written before a last column
    /// existed.
    func optionalText(_ column: Column) -> String? {
        let index = Array(Column.allCases).firstIndex(of: column)!
        return index < record.fields.count ? record.fields[index] : nil
    }

    func failure(_ column: Column, _ expected: String) -> TokenBenchError {
        .invalidFixture(
            file: file, line: record.line,
            reason: "\(column.rawValue) '\(text(column))' is not \(expected)")
    }

    func int(_ column: Column) throws -> Int {
        guard let value = Int(text(column)) else { throw failure(column, "an integer") }
        return value
    }

    func double(_ column: Column) throws -> Double {
        guard let value = Double(text(column)), value.isFinite else { throw failure(column, "a number") }
        return value
    }

    func optionalDouble(_ column: Column) throws -> Double? {
        text(column).isEmpty ? nil : try double(column)
    }

    /// A space-separated list of numbers; empty for an empty field.
    func numbers(_ column: Column) throws -> [Double] {
        try text(column).split(separator: " ").map { field in
            guard let value = Double(field), value.isFinite else { throw failure(column, "a list of numbers") }
            return value
        }
    }

    func value<T: RawRepresentable & CaseIterable>(_ column: Column) throws -> T where T.RawValue == String {
        guard let value = T(rawValue: text(column)) else {
            throw failure(column, "one of " + T.allCases.map(\.rawValue).joined(separator: ", "))
        }
        return value
    }
}

extension RandomizationTest {
    /// A comparison read back from a CSV.
    init(pValue: Double, wins: Int, losses: Int, ties: Int) {
        self.pValue = pValue
        self.wins = wins
        self.losses = losses
        self.ties = ties
        isExact = false
    }
}

extension QueryOutcome: CSVRow {
    /// The per-query file's columns, in order.
    package enum Column: String, CaseIterable, Sendable {
        case queryID = "query_id"
        case tokenizer, engine
        case queryKind = "query_kind"
        case detail, status, results
        case firstRelevantRank = "first_relevant_rank"
        case nDCG10 = "nDCG@10"
        case reciprocalRank10 = "RR@10"
        case recall10 = "R@10"
        case recall100 = "R@100"
        case precision1 = "P@1"
        case matchExpression = "match"
        case tokens, message
        /// A lost query's `Loss.Code`: written only when a query was lost, so it is last.
        case loss
    }

    /// The per-query file of `outcomes`: `loss` only when a query was lost.
    package static func table(_ outcomes: [QueryOutcome]) -> CSVTable {
        csvTable(outcomes, omittingWhenEmpty: [.loss])
    }

    /// Reads a per-query CSV that `tokenbench quality --per-query` wrote; a malformed line is an
    /// error naming the file and line.
    package static func outcomes(ofFile path: String) throws -> [QueryOutcome] {
        let header = Column.allCases.map(\.rawValue)
        let records = try CSV.records(
            ofFile: path, headers: [header, header.filter { $0 != Column.loss.rawValue }],
            writtenBy: "tokenbench quality --per-query"
        ).records
        return try records.map { record in
            let reader = CSVFieldReader<Column>(record: record, file: path)
            var metrics = RankingMetrics.zero
            metrics.nDCG10 = try reader.double(.nDCG10)
            metrics.reciprocalRank10 = try reader.double(.reciprocalRank10)
            metrics.recall10 = try reader.double(.recall10)
            metrics.recall100 = try reader.double(.recall100)
            metrics.precision1 = try reader.double(.precision1)
            metrics.firstRelevantRank = try reader.optionalDouble(.firstRelevantRank).map { Int($0) }
            guard let status = Status(rawValue: reader.text(.status)) else {
                throw reader.failure(.status, "ran, no-tokens, rejected or lost")
            }
            // A file written before the `loss` column says how a query was lost only in words.
            let loss: Loss.Code? =
                if let code = reader.optionalText(.loss) {
                    code.isEmpty ? nil : try reader.value(.loss) as Loss.Code
                } else {
                    status == .lost ? Loss.fromLegacyWording(reader.text(.message))?.code : nil
                }
            return QueryOutcome(
                queryID: reader.text(.queryID), tokenizer: reader.text(.tokenizer), engine: reader.text(.engine),
                queryKind: try reader.value(.queryKind), detail: try reader.value(.detail), status: status,
                message: reader.text(.message), results: try reader.int(.results), metrics: metrics,
                matchExpression: reader.text(.matchExpression), tokens: reader.text(.tokens), loss: loss)
        }
    }

    package func field(_ column: Column) -> String {
        switch column {
        case .queryID: queryID
        case .tokenizer: tokenizer
        case .engine: engine
        case .queryKind: queryKind.rawValue
        case .detail: detail.rawValue
        case .status: status.rawValue
        case .results: String(results)
        case .firstRelevantRank: metrics.firstRelevantRank.map(String.init) ?? ""
        case .nDCG10: QualityRow.metric(metrics.nDCG10)
        case .reciprocalRank10: QualityRow.metric(metrics.reciprocalRank10)
        case .recall10: QualityRow.metric(metrics.recall10)
        case .recall100: QualityRow.metric(metrics.recall100)
        case .precision1: QualityRow.metric(metrics.precision1)
        case .matchExpression: matchExpression
        case .tokens: tokens
        case .message: message
        case .loss: loss?.rawValue ?? ""
        }
    }
}

extension QualityRow {
    /// The figures people compare, as the Markdown table and the report show them: the five
    /// metrics to four decimals, p ("baseline" on the baseline's own row), W/L/T, the queries
    /// without results, and the index bytes.
    var figureCells: [String] {
        [metrics.nDCG10, metrics.reciprocalRank10, metrics.recall10, metrics.recall100, metrics.precision1].map {
            String(format: "%.4f", $0)
        } + [
            comparison.map { String(format: "%.4g", $0.pValue) } ?? (baseline == tokenizer ? "baseline" : ""),
            comparison.map { "\($0.wins)/\($0.losses)/\($0.ties)" } ?? "",
            "\(zeroResults) of \(queries)", indexBytes.map(String.init) ?? "",
        ]
    }

    /// A narrower table for people: the figures that compare tokenizers.
    package static func summaryTable(_ rows: [QualityRow]) -> CSVTable {
        CSVTable(
            header: [
                "tokenizer", "engine", "kind", "detail", "nDCG@10", "RR@10", "R@10", "R@100", "P@1", "p", "W/L/T",
                "zero results", "index bytes", "build s", "p50 µs", "p99 µs",
            ],
            rows: rows.map { row in
                [row.tokenizer, row.engine, row.queryKind.rawValue, row.detail.rawValue] + row.figureCells + [
                    String(format: "%.3f", row.buildSeconds), String(format: "%.1f", row.p50Microseconds),
                    String(format: "%.1f", row.p99Microseconds),
                ]
            })
    }
}
