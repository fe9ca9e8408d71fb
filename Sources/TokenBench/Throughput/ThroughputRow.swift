import Foundation

/// One line of a throughput report: one tokenizer × operation × mode (× storage) on one corpus.
public struct ThroughputRow: Sendable, Equatable {
    /// What a row measured. `cReference` is the C reference loop running the reference
    /// tokenizer: the harness-overhead row. `cLimit` is a shipped tokenizer's approach written as
    /// the plainest C loop over the same libraries (`icu`, `nfkc`): the tokenizer's limit.
    public enum Operation: String, Sendable, CaseIterable {
        case tokenize
        case index
        case query
        case cReference = "c-reference"
        case cLimit = "c-limit"
    }

    public internal(set) var tokenizer: String
    /// The SQLite engine whose FTS5 created the tokenizer and held the index: `relative`
    /// compares rows of one engine only.
    public internal(set) var engine: String = SQLiteEngine.system.name
    public internal(set) var operation: Operation
    public internal(set) var mode: TokenizationMode
    /// For index and query rows: where the FTS5 table was.
    public internal(set) var storage: IndexStorage?
    public internal(set) var corpus: CorpusSurvey
    /// Tokens per pass over the corpus (tokenize rows; index rows when tokenize ran too).
    public internal(set) var tokens: Int?
    public internal(set) var runs: Int
    /// Seconds per pass over the corpus (tokenize, index), or per query execution (query).
    public internal(set) var minSeconds: Double
    public internal(set) var medianSeconds: Double
    public internal(set) var maxSeconds: Double
    /// Query rows: how many distinct queries ran against the index, and their latencies.
    public internal(set) var queries: Int?
    public internal(set) var p50Microseconds: Double?
    public internal(set) var p90Microseconds: Double?
    public internal(set) var p99Microseconds: Double?
    /// The spec label of the reference tokenizer `relative` is measured against.
    public internal(set) var reference: String
    /// Median throughput divided by the reference tokenizer's for the same operation, mode,
    /// storage and corpus in the same run (for query rows: the reference's p50 latency divided by
    /// this row's). For the c-reference row: the harness's median throughput for the reference
    /// tokenizer divided by the C loop's, so 1.0 means the harness costs nothing. For a c-limit
    /// row: the tokenizer's median throughput divided by its limit loop's, so 1.0 means the
    /// tokenizer is as fast as its approach allows.
    public internal(set) var relative: Double?
    /// Tokenizer instances run at once, each on its own thread over its share of the corpus
    /// (tokenize rows of `--threads N`); the figures are then the aggregate. 1 otherwise.
    public internal(set) var threads: Int = 1
    /// For a row with `threads` above 1: its throughput over the same tokenizer's on one thread in
    /// the same run (2.0: twice as fast). Nil otherwise.
    public internal(set) var speedup: Double?

    /// Millions of bytes per second at the median (tokenize, index and c-reference rows).
    public var megabytesPerSecond: Double? {
        operation == .query || medianSeconds <= 0 ? nil : Double(corpus.bytes) / medianSeconds / 1e6
    }

    public var tokensPerSecond: Double? {
        guard let tokens, operation != .query, medianSeconds > 0 else { return nil }
        return Double(tokens) / medianSeconds
    }

    public var nanosecondsPerToken: Double? {
        guard let tokens, tokens > 0, operation != .query else { return nil }
        return medianSeconds * 1e9 / Double(tokens)
    }

    public var documentsPerSecond: Double? {
        operation == .query || medianSeconds <= 0 ? nil : Double(corpus.documents) / medianSeconds
    }
}

// MARK: - Tables

extension ThroughputRow {
    /// The CSV columns: the ones every consumer relies on first, then the extras.
    public static let tableHeader = [
        "tokenizer", "engine", "operation", "mode", "corpus", "bytes", "documents", "tokens", "runs",
        "min_s", "median_s", "max_s", "mb_per_s", "tokens_per_s", "ns_per_token", "relative",
        "reference", "storage", "checksum", "documents_per_s", "queries", "p50_us", "p90_us", "p99_us", "script",
        "threads", "speedup",
    ]

    public var tableRow: [String] {
        [
            tokenizer, engine, operation.rawValue, mode.rawValue, corpus.name, String(corpus.bytes), String(corpus.documents),
            tokens.map(String.init) ?? "", String(runs),
            Self.format(minSeconds, "%.6f"), Self.format(medianSeconds, "%.6f"), Self.format(maxSeconds, "%.6f"),
            Self.format(megabytesPerSecond, "%.2f"), Self.format(tokensPerSecond, "%.0f"),
            Self.format(nanosecondsPerToken, "%.2f"), Self.format(relative, "%.3f"),
            reference, storage?.rawValue ?? "", corpus.checksum, Self.format(documentsPerSecond, "%.0f"),
            queries.map(String.init) ?? "", Self.format(p50Microseconds, "%.1f"),
            Self.format(p90Microseconds, "%.1f"), Self.format(p99Microseconds, "%.1f"), corpus.script ?? "",
            String(threads), Self.format(speedup, "%.2f"),
        ]
    }

    /// The full table, as written to CSV.
    public static func table(_ rows: [ThroughputRow]) -> Table {
        Table(header: tableHeader, rows: rows.map(\.tableRow))
    }

    /// A narrower table for people (README, pull requests): the figures that compare tokenizers.
    public static func summaryTable(_ rows: [ThroughputRow]) -> Table {
        Table(
            header: ["tokenizer", "engine", "operation", "mode", "storage", "script", "threads", "MB/s", "tokens/s", "ns/token", "docs/s", "p50 µs", "p99 µs", "relative", "speed-up"],
            rows: rows.map { row in
                [
                    row.tokenizer, row.engine, row.operation.rawValue, row.mode.rawValue, row.storage?.rawValue ?? "",
                    row.corpus.script ?? "", String(row.threads),
                    format(row.megabytesPerSecond, "%.1f"), format(row.tokensPerSecond.map { $0 / 1e6 }, "%.2fM"),
                    format(row.nanosecondsPerToken, "%.1f"), format(row.documentsPerSecond, "%.0f"),
                    format(row.p50Microseconds, "%.1f"), format(row.p99Microseconds, "%.1f"),
                    format(row.relative, "%.3f"), format(row.speedup, "%.2f"),
                ]
            })
    }

    private static func format(_ value: Double?, _ pattern: String) -> String {
        guard let value, value.isFinite else { return "" }
        return String(format: pattern, value)
    }
}
