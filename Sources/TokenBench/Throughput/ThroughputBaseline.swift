import Foundation

/// The relative figures of an earlier throughput run (a CSV such as `results/throughput.csv`),
/// for catching a tokenizer that got slower compared with the reference.
///
/// Relative figures, not MB/s, are compared: they were measured against the reference tokenizer
/// in the same run, so they survive a slower or busier machine. A C loop's row is compared by
/// its own ratio instead (`harness_over_c`, `tokenizer_over_limit`): the harness, or the
/// tokenizer, against the loop beside it, which falls when the Swift side gets slower.
package struct ThroughputBaseline: Sendable {
    /// What identifies a row across runs.
    package struct Key: Hashable, Sendable, CustomStringConvertible {
        package var tokenizer: String
        package var engine: String
        package var operation: ThroughputOperation
        package var mode: TokenizationMode
        package var storage: IndexStorage?
        /// Index rows' FTS5 detail; full in a CSV written before the detail axis existed.
        package var detail: FTS5Detail?
        package var corpus: String
        package var reference: String
        /// Instances on as many threads (`--threads`); 1 in a CSV written before threads existed.
        package var threads: Int = 1
        /// `--insttoken` query rows: without (false) or with (true) insttoken.
        package var insttoken: Bool?

        package init(_ row: ThroughputRow) {
            self.init(
                tokenizer: row.tokenizer, engine: row.engine, operation: row.operation, mode: row.mode,
                storage: row.storage, detail: row.detail,
                corpus: row.corpus.name, reference: row.reference, threads: row.threads)
            insttoken = row.insttoken
        }

        package init(_ record: ThroughputRow.Record) {
            self.init(
                tokenizer: record.tokenizer, engine: record.engine, operation: record.operation, mode: record.mode,
                storage: record.storage, detail: record.detail, corpus: record.corpus, reference: record.reference,
                threads: record.threads)
            insttoken = record.insttoken
        }

        package init(
            tokenizer: String, engine: String, operation: ThroughputOperation, mode: TokenizationMode,
            storage: IndexStorage?, detail: FTS5Detail? = nil,
            corpus: String, reference: String, threads: Int = 1
        ) {
            self.detail = detail
            self.tokenizer = tokenizer
            self.engine = engine
            self.operation = operation
            self.mode = mode
            self.storage = storage
            self.corpus = corpus
            self.reference = reference
            self.threads = threads
        }

        package var description: String {
            [
                tokenizer, "on", engine, operation.rawValue, mode.rawValue, storage?.rawValue ?? "",
                detail.map { "detail=\($0.rawValue)" } ?? "",
                threads > 1 ? "on \(threads) threads" : "",
                insttoken.map { $0 ? "tokendata=1 insttoken on" : "tokendata=1 insttoken off" } ?? "",
            ]
            .filter { !$0.isEmpty }.joined(separator: " ")
        }
    }

    /// A row whose relative figure fell by more than the threshold.
    package struct Regression: Sendable, Equatable, CustomStringConvertible {
        package var key: Key
        package var baseline: Double
        package var current: Double

        /// The change as a fraction of the baseline (−0.2 is 20% slower relative to the reference).
        package var change: Double { (current - baseline) / baseline }

        /// The figure compared: the row's column.
        package var figure: String { key.operation.comparedColumn.rawValue }

        package var description: String {
            String(
                format: "%@: %@ %.3f -> %.3f (%+.1f%%)", key.description, figure, baseline, current, change * 100)
        }
    }

    /// Per row, the figure compared: `relative`, or a C loop's own ratio.
    package private(set) var figures: [Key: Double] = [:]
    package let file: String

    /// Reads a throughput CSV written by `tokenbench throughput`.
    package static func load(path: String) throws -> ThroughputBaseline {
        try ThroughputBaseline(csv: try CSV.readText(ofFile: path), file: path)
    }

    package init(csv text: String, file: String) throws {
        self.file = file
        for record in try ThroughputRow.records(ofCSV: text, file: file, requiring: [.storage, .relative]) {
            guard let figure = record.comparedFigure else { continue }
            guard figure > 0 else {
                throw TokenBenchError.invalidFixture(
                    file: file, line: record.line,
                    reason:
                        "\(record.operation.comparedColumn.rawValue) '\(String(format: "%g", figure))' is not a positive number"
                )
            }
            figures[Key(record)] = figure
        }
    }

    /// The rows of `rows` whose relative figure fell below (1 − threshold) × the baseline's.
    /// Rows the baseline does not have (a new tokenizer, another corpus) are not compared; when
    /// no row at all can be compared, that is an error rather than a silent pass.
    package func regressions(in rows: [ThroughputRow], threshold: Double) throws -> [Regression] {
        var compared = 0
        var regressions: [Regression] = []
        for row in rows {
            guard let current = row.comparedFigure else { continue }
            let key = Key(row)
            guard let baseline = figures[key] else { continue }
            compared += 1
            if current < baseline * (1 - threshold) {
                regressions.append(Regression(key: key, baseline: baseline, current: current))
            }
        }
        guard compared > 0 else {
            throw TokenBenchError.invalidArgument(
                name: "baseline", value: file,
                reason:
                    "no row matches this run (same tokenizer, engine, operation, mode, storage, corpus and reference)")
        }
        return regressions
    }
}
