import Foundation
import TokenBenchEngines

/// Several instances of one tokenizer, each tokenizing its share of a batch on its own thread
/// (`throughput --threads N`): the aggregate speed of N connections indexing at once, as an
/// app with a pool of readers and writers sees it.
///
/// Each instance is only ever used by one thread, as FTS5 uses an instance; what is shared
/// between threads is the tokenizer's code and any global state it keeps. A tokenizer whose
/// token count changes when it runs on several threads is not safe to use from several
/// connections at once, and the measurement says so instead of reporting a figure.
final class ThreadedTokenCounter {
    let spec: TokenizerSpec
    private let instances: [TokenizerOnConnection]
    private let workers: WorkerThreads

    init(tokenizer: TokenizerOnConnection, threads: Int, in connection: EngineConnection) throws {
        spec = tokenizer.spec
        instances = try (0..<threads).map { _ in
            try TokenizerOnConnection(spec: tokenizer.spec, components: tokenizer.components, in: connection)
        }
        workers = WorkerThreads(count: threads)
    }

    var threads: Int { instances.count }

    /// Splits `batch` into one run of whole documents per thread, of about equal bytes.
    static func shares(of batch: CorpusBatch, count: Int) -> [Range<Int>] {
        let total = batch.bytes.count
        var shares: [Range<Int>] = []
        var start = 0
        for share in 1...count {
            let target = total * share / count
            var end = start
            while end < batch.documentCount && (share == count || batch.ends[end] <= target) { end += 1 }
            shares.append(start..<end)
            start = end
        }
        return shares
    }

    /// Tokenizes the whole batch, each instance its share on its own thread; returns the total
    /// token count once every thread is done.
    func countTokens(in batch: CorpusBatch, mode: TokenizationMode) throws -> Int {
        let shares = Self.shares(of: batch, count: instances.count)
        // Every thread only reads `batch`, and worker i uses instance i alone, on its share.
        nonisolated(unsafe) let instances = instances
        let results = workers.each { worker in
            Result {
                try TokenCounter.countTokens(in: batch, documents: shares[worker], with: instances[worker], mode: mode)
            }
        }
        return try results.map { try $0.get() }.reduce(0, +)
    }
}
