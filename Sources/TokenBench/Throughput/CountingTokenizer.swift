/// A tokenizer instance that counts tokens over corpus batches exactly as `tokenbench
/// throughput` times it (xTokenize per document, a callback that only counts), for benchmark
/// harnesses such as package-benchmark that time the calls themselves.
///
/// Only valid inside the `Workbench.withCountingTokenizer` call that created it.
public struct CountingTokenizer {
    let resolved: ResolvedTokenizer

    public var spec: TokenizerSpec { resolved.spec }

    /// Tokenizes every document of `batch` in `mode` and returns the number of tokens.
    public func countTokens(in batch: CorpusBatch, mode: TokenizationMode) throws -> Int {
        try TokenCounter.countTokens(in: batch, with: resolved, mode: mode)
    }
}

extension Workbench {
    /// Instantiates `spec` once and runs `body` with it; setup stays outside whatever `body` times.
    public func withCountingTokenizer<T>(_ spec: TokenizerSpec, _ body: (CountingTokenizer) throws -> T) throws -> T {
        try withConnection { connection in try body(CountingTokenizer(resolved: ResolvedTokenizer(spec: spec, in: connection))) }
    }
}

extension CorpusSource {
    /// Reads the whole corpus into one batch: for benchmarks on corpora that fit in memory.
    public func loadedBatch() throws -> CorpusBatch {
        var whole = CorpusBatch()
        try forEachBatch { batch in
            for index in 0..<batch.documentCount { whole.append(document: batch.bytes[batch.range(ofDocument: index)]) }
        }
        return whole
    }
}
