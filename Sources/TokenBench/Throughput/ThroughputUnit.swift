import Foundation
import TokenBenchEngines

/// A throughput run on one engine: every tokenizer in one worker, so that the runs interleave
/// across tokenizers as they do in-process, and the machine's noise hits them alike.
///
/// Input `i < tokenizers.count` is tokenizer `i`: the measurer names it, outside every timed
/// call, before it creates, tokenizes, indexes or queries with it, so that a death is pinned to
/// it. Input `tokenizers.count` is every row, sent once the run is done. A tokenizer that killed
/// a worker is left out when the run starts again; without the reference, no row has a
/// relative figure.
struct ThroughputUnit: WorkerUnit {
    static let kind = "throughput"

    /// The options, but for the engine, which crosses by name (a path for one loaded by path).
    var options: CodableOptions
    var engine: String
    /// The scratch folder's name in the temporary directory, chosen by the bench so that it
    /// can remove the folder after a worker died in the middle of a measurement.
    var scratchName: String

    /// `ThroughputOptions` as they cross to a worker.
    struct CodableOptions: Codable, Sendable {
        var tokenizers: [TokenizerSpec]
        var reference: TokenizerSpec
        var modes: [TokenizationMode]
        var operations: [ThroughputOperation]
        var storages: [IndexStorage]
        var details: [FTS5Detail]
        var runs: Int
        var corpora: [CorpusSource]
        var queries: [String]
        var batchBytes: Int
        var threads: Int
        var measuresInsttoken: Bool
    }

    /// The tokenizers measured are `options.tokenizers`, with the reference first when it is
    /// not among them.
    init(_ options: ThroughputOptions) {
        let tokenizers = options.tokenizers.including(reference: options.reference)
        self.options = CodableOptions(
            tokenizers: tokenizers, reference: options.reference, modes: options.modes,
            operations: options.operations, storages: options.storages, details: options.details, runs: options.runs,
            corpora: options.corpora, queries: options.queries, batchBytes: options.batchBytes,
            threads: options.threads, measuresInsttoken: options.measuresInsttoken)
        engine = options.engine.name
        scratchName = "tokenbench-throughput-\(UUID().uuidString)"
    }

    var scratchDirectory: URL { FileManager.default.temporaryDirectory.appendingPathComponent(scratchName) }

    var rowsInput: Int { options.tokenizers.count }
    var inputCount: Int { options.tokenizers.count + 1 }

    func label(ofInput index: Int) -> String {
        index < rowsInput ? "tokenizer \(options.tokenizers[index].name)" : "the rows"
    }

    func run(
        on workbench: Workbench, from start: Int, skipping: Set<Int>,
        progress: (Int, WorkerPhase) -> Void, output: (Int, [ThroughputRow]) throws -> Void
    ) throws {
        guard start <= rowsInput, let engine = try SQLiteEngine.named([engine]).first else { return }
        let kept = options.tokenizers.indices.filter { !skipping.contains($0) }
        let measured = ThroughputOptions(
            tokenizers: kept.map { options.tokenizers[$0] }, reference: options.reference, modes: options.modes,
            operations: options.operations, storages: options.storages, details: options.details,
            runs: options.runs, corpora: options.corpora, queries: options.queries, batchBytes: options.batchBytes,
            engine: engine, threads: options.threads, measuresInsttoken: options.measuresInsttoken)
        let rows = try withoutActuallyEscaping(progress) { post in
            try workbench.withConnection(engine) { connection in
                try ThroughputMeasurer(
                    connection: connection, options: measured, inputs: kept, post: post,
                    scratchDirectory: scratchDirectory, progress: nil
                ).run()
            }
        }
        try output(rowsInput, rows)
    }
}

extension IndexStorage: Codable {}
extension ThroughputOperation: Codable {}
extension CorpusScript: Codable {}
