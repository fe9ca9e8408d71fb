import Foundation
import TokenBenchEngines

/// One line of a throughput report: one tokenizer × operation × mode (× storage) on one corpus.
package struct ThroughputRow: Sendable, Equatable, Codable {
    package internal(set) var tokenizer: String
    /// The SQLite engine whose FTS5 created the tokenizer and held the index: `relative`
    /// compares rows of one engine only.
    package internal(set) var engine: String = SQLiteEngine.system.name
    package internal(set) var operation: ThroughputOperation
    package internal(set) var mode: TokenizationMode
    /// For index and query rows: where the FTS5 table was.
    package internal(set) var storage: IndexStorage?
    /// For index rows: FTS5's detail option of the table.
    package internal(set) var detail: FTS5Detail?
    /// For index rows: the inverted index's bytes after an `optimize` (the `%_data` and `%_idx`
    /// pages as dbstat counts them), measured once after the timed runs; nil without dbstat.
    package internal(set) var indexBytes: Int?
    package internal(set) var corpus: CorpusSurvey
    /// Tokens per pass over the corpus (tokenize rows; index rows when tokenize ran too); for an
    /// `insttoken` row, the tokens `xInstToken` gave per pass over the queries.
    package internal(set) var tokens: Int?
    package internal(set) var runs: Int
    /// Seconds per pass over the corpus (tokenize, index), or per query execution (query).
    package internal(set) var minSeconds: Double
    package internal(set) var medianSeconds: Double
    package internal(set) var maxSeconds: Double
    /// Query rows: how many distinct queries ran against the index, and their latencies.
    package internal(set) var queries: Int?
    package internal(set) var p50Microseconds: Double?
    package internal(set) var p90Microseconds: Double?
    package internal(set) var p99Microseconds: Double?
    /// Query rows of `--insttoken`: the prefix queries on a `tokendata=1` index, every match's
    /// tokens read through `xInstToken`, without (false) or with (true) FTS5's `insttoken`. Nil
    /// on every other row.
    package internal(set) var insttoken: Bool?
    /// The spec label of the reference tokenizer `relative` is measured against.
    package internal(set) var reference: String
    /// The row over its baseline, the reference tokenizer, on every row: median throughput
    /// divided by the reference's for the same operation, mode, storage and corpus in the same
    /// run (for query rows: the reference's p50 latency divided by this row's; for the
    /// c-reference and c-limit rows: against the reference's tokenize row of the same mode).
    package internal(set) var relative: Double?
    /// For the c-reference row: the harness's median throughput for the reference tokenizer
    /// divided by the C loop's, so 1.0 means the harness costs nothing. Nil on other rows.
    package internal(set) var harnessOverCLoop: Double?
    /// For a c-limit row: the tokenizer's median throughput divided by its limit loop's, so 1.0
    /// means the tokenizer is as fast as its approach allows. Nil on other rows.
    package internal(set) var tokenizerOverLimitLoop: Double?

    /// The figure `throughput --baseline` compares: that of `operation.comparedColumn`.
    var comparedFigure: Double? {
        operation.isCLoop ? harnessOverCLoop ?? tokenizerOverLimitLoop : relative
    }
    /// Tokenizer instances run at once, each on its own thread over its share of the corpus
    /// (tokenize rows of `--threads N`); the figures are then the aggregate. 1 otherwise.
    package internal(set) var threads: Int = 1
    /// For a row with `threads` above 1: its throughput over the same tokenizer's on one thread in
    /// the same run (2.0: twice as fast). Nil otherwise.
    package internal(set) var speedup: Double?

    /// Millions of bytes per second at the median (tokenize, index and c-reference rows).
    package var megabytesPerSecond: Double? {
        operation == .query || medianSeconds <= 0 ? nil : Double(corpus.bytes) / medianSeconds / 1e6
    }

    package var tokensPerSecond: Double? {
        guard let tokens, operation != .query, medianSeconds > 0 else { return nil }
        return Double(tokens) / medianSeconds
    }

    package var nanosecondsPerToken: Double? {
        guard let tokens, tokens > 0, operation != .query else { return nil }
        return medianSeconds * 1e9 / Double(tokens)
    }

    package var documentsPerSecond: Double? {
        operation == .query || medianSeconds <= 0 ? nil : Double(corpus.documents) / medianSeconds
    }
}
