import Foundation
import TokenBenchEngines

/// The throughput CSV, both ways: the one place that knows its columns. `tokenbench throughput`
/// writes rows with `table(_:)`; baselines and the report read them back as `Record`s.
extension ThroughputRow: CSVRow {
    /// The CSV columns, in order: the ones every consumer relies on first, then the extras.
    package enum Column: String, CaseIterable, Sendable {
        case tokenizer, engine, operation, mode, corpus, bytes, documents, tokens, runs
        case minSeconds = "min_s"
        case medianSeconds = "median_s"
        case maxSeconds = "max_s"
        case megabytesPerSecond = "mb_per_s"
        case tokensPerSecond = "tokens_per_s"
        case nanosecondsPerToken = "ns_per_token"
        case relative, reference, storage, checksum
        case documentsPerSecond = "documents_per_s"
        case queries
        case p50Microseconds = "p50_us"
        case p90Microseconds = "p90_us"
        case p99Microseconds = "p99_us"
        case script, threads, speedup, detail
        case indexBytes = "index_bytes"
        case harnessOverCLoop = "harness_over_c"
        case tokenizerOverLimitLoop = "tokenizer_over_limit"
        /// Written only when a row has it (`--insttoken`), so other runs' files stay as they were.
        case insttoken
    }

    package func field(_ column: Column) -> String {
        switch column {
        case .tokenizer: tokenizer
        case .engine: engine
        case .operation: operation.rawValue
        case .mode: mode.rawValue
        case .corpus: corpus.name
        case .bytes: String(corpus.bytes)
        case .documents: String(corpus.documents)
        case .tokens: tokens.map(String.init) ?? ""
        case .runs: String(runs)
        case .minSeconds: Self.format(minSeconds, "%.6f")
        case .medianSeconds: Self.format(medianSeconds, "%.6f")
        case .maxSeconds: Self.format(maxSeconds, "%.6f")
        case .megabytesPerSecond: Self.format(megabytesPerSecond, "%.2f")
        case .tokensPerSecond: Self.format(tokensPerSecond, "%.0f")
        case .nanosecondsPerToken: Self.format(nanosecondsPerToken, "%.2f")
        case .relative: Self.format(relative, "%.3f")
        case .reference: reference
        case .storage: storage?.rawValue ?? ""
        case .checksum: corpus.checksum
        case .documentsPerSecond: Self.format(documentsPerSecond, "%.0f")
        case .queries: queries.map(String.init) ?? ""
        case .p50Microseconds: Self.format(p50Microseconds, "%.1f")
        case .p90Microseconds: Self.format(p90Microseconds, "%.1f")
        case .p99Microseconds: Self.format(p99Microseconds, "%.1f")
        case .script: corpus.script ?? ""
        case .threads: String(threads)
        case .speedup: Self.format(speedup, "%.2f")
        case .detail: detail?.rawValue ?? ""
        case .indexBytes: indexBytes.map(String.init) ?? ""
        case .harnessOverCLoop: Self.format(harnessOverCLoop, "%.3f")
        case .tokenizerOverLimitLoop: Self.format(tokenizerOverLimitLoop, "%.3f")
        case .insttoken: insttoken.map { $0 ? "on" : "off" } ?? ""
        }
    }

    /// The full table, as written to CSV: every column, but `insttoken` only when a row has it.
    package static func table(_ rows: [ThroughputRow]) -> CSVTable {
        csvTable(rows, omittingWhenEmpty: optionalColumns)
    }

    /// The columns written only when a row has them.
    package static var optionalColumns: Set<Column> { [.insttoken] }

    /// A narrower table for people (pull requests, issue reports): the figures that compare tokenizers.
    package static func summaryTable(_ rows: [ThroughputRow]) -> CSVTable {
        CSVTable(
            header: [
                "tokenizer", "engine", "operation", "mode", "storage", "detail", "script", "threads", "MB/s",
                "tokens/s", "ns/token", "docs/s", "index bytes", "p50 µs", "p99 µs", "relative", "speed-up",
                "harness/C", "tokenizer/limit",
            ],
            rows: rows.map { row in
                [
                    row.tokenizer, row.engine,
                    row.operation.rawValue + (row.insttoken.map { $0 ? " (insttoken on)" : " (insttoken off)" } ?? ""),
                    row.mode.rawValue, row.storage?.rawValue ?? "",
                    row.detail?.rawValue ?? "", row.corpus.script ?? "", String(row.threads),
                    format(row.megabytesPerSecond, "%.1f"), format(row.tokensPerSecond.map { $0 / 1e6 }, "%.2fM"),
                    format(row.nanosecondsPerToken, "%.1f"), format(row.documentsPerSecond, "%.0f"),
                    row.indexBytes.map(String.init) ?? "", format(row.p50Microseconds, "%.1f"),
                    format(row.p99Microseconds, "%.1f"),
                    format(row.relative, "%.3f"), format(row.speedup, "%.2f"), format(row.harnessOverCLoop, "%.3f"),
                    format(row.tokenizerOverLimitLoop, "%.3f"),
                ]
            })
    }

    private static func format(_ value: Double?, _ pattern: String) -> String {
        guard let value, value.isFinite else { return "" }
        return String(format: pattern, value)
    }
}

// MARK: - Reading

extension ThroughputRow {
    /// One line of a throughput CSV read back: the columns that baselines and the report compare.
    /// A CSV written before engines, scripts or threads existed reads as the system engine, no
    /// script and one thread.
    package struct Record: Sendable, Equatable {
        /// The line in the CSV file, for errors.
        package internal(set) var line: Int
        package internal(set) var tokenizer: String
        package internal(set) var engine: String
        package internal(set) var operation: ThroughputOperation
        package internal(set) var mode: TokenizationMode
        package internal(set) var storage: IndexStorage?
        /// Index rows: a CSV written before the detail axis existed reads as full, FTS5's default.
        package internal(set) var detail: FTS5Detail?
        package internal(set) var corpus: String
        /// Nil when the CSV has no `bytes` column.
        package internal(set) var bytes: Int?
        package internal(set) var script: String
        package internal(set) var threads: Int
        /// Nil for query rows, and when the CSV has no `mb_per_s` column.
        package internal(set) var megabytesPerSecond: Double?
        /// Nil for rows without a reference figure.
        package internal(set) var relative: Double?
        package internal(set) var reference: String
        /// A C loop's row: its own ratio, `harness_over_c` or `tokenizer_over_limit`. Nil on other
        /// rows. A CSV written before those columns held the ratio in the row's `relative`, which
        /// is read as it.
        package internal(set) var loopRatio: Double?
        /// `--insttoken` query rows: without (false) or with (true) insttoken; nil on others,
        /// and in a CSV without the column.
        package internal(set) var insttoken: Bool?

        /// The figure `throughput --baseline` compares: that of `operation.comparedColumn`.
        var comparedFigure: Double? { operation.isCLoop ? loopRatio : relative }
    }

    /// The columns every reader needs; `records(ofCSV:file:requiring:)` adds its caller's.
    static let requiredColumns: [Column] = [.tokenizer, .operation, .mode, .corpus, .reference]

    /// Reads a CSV written by `tokenbench throughput` (or a subset of its columns, with at least
    /// `requiredColumns` and `requiring`). Errors name the file and line.
    package static func records(ofCSV text: String, file: String, requiring: [Column] = []) throws -> [Record] {
        let records = try CSV.records(of: text, file: file)
        guard let header = records.first else {
            throw TokenBenchError.invalidFixture(
                file: file, line: 0, reason: "empty file; expected a CSV from 'tokenbench throughput'")
        }
        // Throws, naming the first required column the header lacks.
        _ = try CSV.columnIndices(
            of: (requiredColumns + requiring).map(\.rawValue), in: header, file: file,
            expected: "a CSV from 'tokenbench throughput'")
        let present = [Column: Int](
            uniqueKeysWithValues: Column.allCases.compactMap { column in
                header.fields.firstIndex(of: column.rawValue).map { (column, $0) }
            })
        return try records.dropFirst().map { record in
            try CSV.checkFieldCount(of: record, header: header, file: file)
            func field(_ column: Column) -> String? { present[column].map { record.fields[$0] } }
            func invalid(_ column: Column, _ what: String) -> TokenBenchError {
                .invalidFixture(
                    file: file, line: record.line, reason: "\(column.rawValue) '\(field(column) ?? "")' is not \(what)")
            }
            func parsed<Value>(_ column: Column, _ what: String, _ parse: (String) -> Value?) throws -> Value? {
                guard let text = field(column), !text.isEmpty else { return nil }
                guard let value = parse(text) else { throw invalid(column, what) }
                return value
            }
            func number(_ column: Column) throws -> Double? {
                try parsed(column, "a finite number") { Double($0).flatMap { $0.isFinite ? $0 : nil } }
            }
            // An empty required field is as wrong as a misspelt one.
            func required<Value>(_ column: Column, _ what: String, _ parse: (String) -> Value?) throws -> Value {
                guard let value = try parsed(column, what, parse) else { throw invalid(column, what) }
                return value
            }
            let operation = try required(
                .operation, "an operation of 'tokenbench throughput'", ThroughputOperation.init)
            let relative = try number(.relative)
            let loopRatio =
                !operation.isCLoop
                ? nil
                : present[.tokenizerOverLimitLoop] == nil
                    ? relative : try number(.harnessOverCLoop) ?? number(.tokenizerOverLimitLoop)
            return Record(
                line: record.line, tokenizer: field(.tokenizer) ?? "",
                engine: field(.engine) ?? SQLiteEngine.system.name, operation: operation,
                mode: try required(.mode, "a tokenization mode", TokenizationMode.init),
                storage: try parsed(.storage, "memory or file", IndexStorage.init(rawValue:)),
                detail: try parsed(.detail, "full, column or none", FTS5Detail.init(rawValue:))
                    ?? (field(.operation) == ThroughputOperation.index.rawValue ? .full : nil),
                corpus: field(.corpus) ?? "", bytes: try parsed(.bytes, "a byte count", Int.init),
                script: field(.script) ?? "", threads: try parsed(.threads, "a thread count", Int.init) ?? 1,
                megabytesPerSecond: try number(.megabytesPerSecond), relative: relative,
                reference: field(.reference) ?? "", loopRatio: loopRatio,
                insttoken: try parsed(.insttoken, "on or off") { ["on": true, "off": false][$0] })
        }
    }

    /// Reads a throughput CSV file; see `records(ofCSV:file:requiring:)`.
    package static func records(ofFile path: String, requiring: [Column] = []) throws -> [Record] {
        try records(ofCSV: try CSV.readText(ofFile: path), file: path, requiring: requiring)
    }
}
