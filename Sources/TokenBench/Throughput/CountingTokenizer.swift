/// A tokenizer instance that counts tokens over corpus batches exactly as `tokenbench
/// throughput` times it (xTokenize per document, a callback that only counts), for benchmark
/// harnesses such as package-benchmark that time the calls themselves: `Benchmarks/`, a package
/// of its own, which reaches it behind `@_spi(Benchmarks)`.
///
/// Only valid inside the `Workbench.withCountingTokenizer` call that created it.
@_spi(Benchmarks) public struct CountingTokenizer {
    let resolved: ResolvedTokenizer
    /// Set when this counts through the tokenizer's C limit loop instead of its xTokenize.
    let limitLoop: LimitLoop?

    @_spi(Benchmarks) public var spec: TokenizerSpec { resolved.spec }

    /// Tokenizes every document of `batch` in `mode` and returns the number of tokens.
    @_spi(Benchmarks) public func countTokens(in batch: CorpusBatch, mode: TokenizationMode) throws -> Int {
        if let limitLoop { return try limitLoop.countTokens(in: batch, mode: mode) }
        return try TokenCounter.countTokens(in: batch, with: resolved, mode: mode)
    }
}

extension Workbench {
    /// Instantiates `spec` once and runs `body` with it; setup stays outside whatever `body` times.
    @_spi(Benchmarks) public func withCountingTokenizer<T>(
        _ spec: TokenizerSpec, _ body: (CountingTokenizer) throws -> T
    ) throws -> T {
        try withConnection { connection in
            try body(CountingTokenizer(resolved: ResolvedTokenizer(spec: spec, in: connection), limitLoop: nil))
        }
    }

    /// Runs `body` with the C limit loop of `spec` (`icu`, `nfkc` and `japanese` have one: their
    /// approach as the plainest C loop over the same libraries; for `japanese`, MeCab's morphemes
    /// counted), counting as `withCountingTokenizer` does; nil when the tokenizer has no limit loop.
    @_spi(Benchmarks) public func withLimitLoop<T>(_ spec: TokenizerSpec, _ body: (CountingTokenizer) throws -> T)
        throws -> T?
    {
        try withConnection { connection in
            let resolved = try ResolvedTokenizer(spec: spec, in: connection)
            guard let loop = try LimitLoop(tokenizer: resolved, in: connection) else { return nil }
            return try body(CountingTokenizer(resolved: resolved, limitLoop: loop))
        }
    }
}

extension CorpusSource {
    /// Reads the whole corpus into one batch: for benchmarks on corpora that fit in memory.
    @_spi(Benchmarks) public func loadedBatch() throws -> CorpusBatch {
        var whole = CorpusBatch()
        try forEachBatch { batch in
            for index in 0..<batch.documentCount { whole.append(document: batch.bytes[batch.range(ofDocument: index)]) }
        }
        return whole
    }
}
