import Foundation
import GRDB
import TokenBenchEngines

/// Runs one throughput measurement on a workbench connection: every tokenizer instantiated
/// once, then, per corpus, the tokenize, index and query operations, runs interleaved so that
/// machine noise hits every tokenizer alike and the relative figures stay stable.
final class ThroughputMeasurer {
    let connection: EngineConnection
    let options: ThroughputOptions
    let progress: ((String) -> Void)?
    /// The tokenizers measured: `options.tokenizers`, which hold the reference unless it killed
    /// a worker (then there are no relative figures and no C reference loop).
    let tokenizers: [TokenizerOnConnection]
    /// Each tokenizer's input in its `ThroughputUnit`, and where to say the measurer is on it,
    /// outside every timed call: a worker's death is then pinned to the tokenizer.
    let inputs: [Int]
    let post: (Int, WorkerPhase) -> Void
    let referenceName: String
    /// Holds the database files of the index and query operations; removed when done (and by
    /// the bench, after a worker that died before).
    let scratchDirectory: URL

    init(
        connection: EngineConnection, options: ThroughputOptions, inputs: [Int],
        post: @escaping (Int, WorkerPhase) -> Void, scratchDirectory: URL, progress: ((String) -> Void)?
    ) throws {
        self.connection = connection
        self.options = options
        self.progress = progress
        self.inputs = inputs
        self.post = post
        referenceName = options.reference.name
        tokenizers = try zip(options.tokenizers, inputs).map { spec, input in
            post(input, .creating)
            return try TokenizerOnConnection(spec: spec, in: connection)
        }
        self.scratchDirectory = scratchDirectory
        do {
            try FileManager.default.createDirectory(at: scratchDirectory, withIntermediateDirectories: true)
        } catch {
            throw TokenBenchError.fileAccess(
                path: scratchDirectory.path, reason: "cannot create: \(FileAccess.reason(of: error))")
        }
    }

    deinit { try? FileManager.default.removeItem(at: scratchDirectory) }

    func run() throws -> [ThroughputRow] {
        var rows: [ThroughputRow] = []
        for source in options.corpora {
            progress?("reading corpus \(source.name)")
            // Reading a corpus is nobody's fault: the unit's own work (input -1).
            post(-1, .creating)
            let corpus = try StreamedCorpus(source: source, batchBytes: options.batchBytes)
            var corpusRows: [ThroughputRow] = []
            if options.operations.contains(.tokenize) {
                corpusRows += try measureTokenize(corpus)
            }
            if options.operations.contains(.index) {
                let documentTokens = Dictionary(
                    corpusRows.filter { $0.operation == .tokenize && $0.mode == .document }
                        .compactMap { row in row.tokens.map { (row.tokenizer, $0) } },
                    uniquingKeysWith: { first, _ in first })
                corpusRows += try measureIndex(corpus, documentTokens: documentTokens)
            }
            if options.operations.contains(.query) {
                corpusRows += try measureQuery(corpus)
            }
            rows += Self.addingRelativeFigures(to: corpusRows, referenceName: referenceName)
        }
        return rows
    }

    /// The order in which run `run` visits `count` participants: each run starts one further on,
    /// so no tokenizer always runs first (cold) or right after the same neighbour.
    static func rotation(count: Int, run: Int) -> [Int] {
        (0..<count).map { ($0 + run) % count }
    }

    func row(
        tokenizer: TokenizerOnConnection, operation: ThroughputOperation, mode: TokenizationMode,
        storage: IndexStorage?,
        corpus: StreamedCorpus, tokens: Int?, statistics: TimingStatistics
    ) -> ThroughputRow {
        ThroughputRow(
            tokenizer: tokenizer.spec.name, engine: connection.engine.name, operation: operation, mode: mode,
            storage: storage,
            corpus: corpus.survey,
            tokens: tokens, runs: options.runs, minSeconds: statistics.minSeconds,
            medianSeconds: statistics.medianSeconds,
            maxSeconds: statistics.maxSeconds, reference: referenceName)
    }

    /// Fills `relative` on every row from the reference tokenizer's row of the same operation
    /// (tokenize for the C loops' rows), mode and storage, measured in the same run; and the C
    /// loops' rows' own ratios to the tokenizer they stand beside.
    static func addingRelativeFigures(to rows: [ThroughputRow], referenceName: String) -> [ThroughputRow] {
        func referenceRow(_ operation: ThroughputOperation, _ row: ThroughputRow) -> ThroughputRow? {
            rows.first {
                $0.tokenizer == referenceName && $0.engine == row.engine && $0.operation == operation
                    && $0.mode == row.mode
                    && $0.storage == row.storage && $0.detail == row.detail && $0.threads == row.threads
                    && $0.insttoken == row.insttoken
            }
        }
        /// The same tokenizer's row of `operation`, mode and storage on one thread: the harness
        /// row a C loop's row is compared with, and the base of a threaded row's speed-up.
        func singleThreadRow(_ operation: ThroughputOperation, _ row: ThroughputRow) -> ThroughputRow? {
            rows.first {
                $0.tokenizer == row.tokenizer && $0.engine == row.engine && $0.operation == operation
                    && $0.mode == row.mode
                    && $0.storage == row.storage && $0.threads == 1
            }
        }
        return rows.map { row in
            var row = row
            switch row.operation {
            case .tokenize, .index, .cReference, .cLimit:
                let measured: ThroughputOperation = row.operation == .index ? .index : .tokenize
                if let reference = referenceRow(measured, row), row.medianSeconds > 0 {
                    row.relative = reference.medianSeconds / row.medianSeconds
                }
            case .query:
                if let reference = referenceRow(.query, row)?.p50Microseconds, let own = row.p50Microseconds, own > 0 {
                    row.relative = reference / own
                }
            }
            // The same tokenizer through the harness: what a C loop's row is compared with.
            if row.operation.isCLoop, let harness = singleThreadRow(.tokenize, row), harness.medianSeconds > 0 {
                let ratio = row.medianSeconds / harness.medianSeconds
                if row.operation == .cReference {
                    row.harnessOverCLoop = ratio
                } else {
                    row.tokenizerOverLimitLoop = ratio
                }
            }
            if row.threads > 1, let single = singleThreadRow(row.operation, row), row.medianSeconds > 0 {
                row.speedup = single.medianSeconds / row.medianSeconds
            }
            return row
        }
    }
}

extension Workbench {
    /// Measures tokenize, index and query throughput as `options` says, and returns one row per
    /// tokenizer × operation × mode (× storage) × corpus, plus the C reference loop's rows.
    ///
    /// The measurement runs in one worker when the workbench isolates (a `ThroughputUnit`): a
    /// tokenizer that crashes or hangs is left out and the run starts again without it; its
    /// death is in the report. `progress` receives a short status line now and then, for a
    /// terminal.
    public func throughput(_ options: ThroughputOptions, progress: ((String) -> Void)? = nil) throws
        -> ThroughputReport
    {
        guard options.runs >= 1 else {
            throw TokenBenchError.invalidArgument(
                name: "runs", value: String(options.runs), reason: "at least one timed run is needed")
        }
        guard options.threads >= 1 else {
            throw TokenBenchError.invalidArgument(
                name: "threads", value: String(options.threads), reason: "at least one thread is needed")
        }
        if let other = options.operations.first(where: { !ThroughputOperation.requestable.contains($0) }) {
            throw TokenBenchError.invalidArgument(
                name: "operations", value: other.rawValue,
                reason: "its rows come with the tokenize operation; ask for tokenize")
        }
        guard !options.corpora.isEmpty else {
            throw TokenBenchError.invalidArgument(name: "corpora", value: "", reason: "no corpus to measure")
        }
        if options.measuresInsttoken, options.engine.fts5Features?.has(.insttoken) != true {
            throw TokenBenchError.invalidArgument(
                name: "measuresInsttoken", value: options.engine.name,
                reason: FTS5Feature.insttoken.lacking(on: options.engine))
        }
        progress?("measuring \(options.tokenizers.count) tokenizers")
        let unit = ThroughputUnit(options)
        defer { try? FileManager.default.removeItem(at: unit.scratchDirectory) }
        // Measurements one at a time: timings must not share the cores.
        guard let result = try run([unit], maximumWorkers: 1).first else {
            return ThroughputReport(rows: [])
        }
        var report = ThroughputReport(rows: try result.get()[unit.rowsInput] ?? [])
        report.losses.record(result, engine: options.engine.name) { input in
            input.map { unit.options.tokenizers[$0].name } ?? "throughput"
        }
        return report
    }
}

/// What `Workbench.throughput` measured, and the tokenizers it lost: each crashed or hung a
/// worker, and the run went on without it.
public struct ThroughputReport: Sendable, ReportsRunLosses {
    package internal(set) var rows: [ThroughputRow]
    public internal(set) var losses = RunLosses()

    /// The rows as `tokenbench throughput` writes them: the same columns, in the same order
    /// (`Documentation/Throughput.md` defines each).
    public var table: CSVTable { ThroughputRow.table(rows) }
}
