import TokenBenchEngines

/// One instance of a tokenizer, created once and used for many texts: what FTS5 does with the
/// tokenizer of a table. `Workbench.tokens(of:spec:mode:)` creates an instance per call (and
/// checks the spec in a probe table first), which costs far more than tokenizing a short text
/// when the constructor loads a dictionary (`japanese`) or compiles rules (`translit`).
///
/// It keeps its workbench alive, and every call runs on the workbench's serial queue, like the
/// workbench's own operations. Benchmark harnesses count tokens through it
/// (`countTokens(in:mode:)`), as `tokenbench throughput` times them.
public final class TokenizerInstance {
    public let spec: TokenizerSpec
    public let engine: SQLiteEngine
    private let workbench: Workbench
    private let resolved: TokenizerOnConnection
    /// Set when this counts through the tokenizer's C limit loop instead of its xTokenize.
    private let limitLoop: CLimitLoop?

    init(workbench: Workbench, spec: TokenizerSpec, engine: SQLiteEngine) throws {
        self.workbench = workbench
        self.spec = spec
        self.engine = engine
        resolved = try workbench.withConnection(engine) { connection in
            try TokenizerOnConnection(spec: spec, in: connection)
        }
        limitLoop = nil
    }

    /// The instance that counts through `spec`'s C limit loop, or nil when it has none.
    fileprivate init?(limitLoopOf spec: TokenizerSpec, workbench: Workbench) throws {
        let made = try workbench.withConnection { connection -> (TokenizerOnConnection, CLimitLoop)? in
            let resolved = try TokenizerOnConnection(spec: spec, in: connection)
            return try CLimitLoop(tokenizer: resolved, in: connection).map { (resolved, $0) }
        }
        guard let made else { return nil }
        self.workbench = workbench
        self.spec = spec
        engine = .system
        resolved = made.0
        limitLoop = made.1
    }

    /// Tokenizes every document of `batch` in `mode` and returns the number of tokens, as
    /// `tokenbench throughput` times it: xTokenize per document with a callback that only counts,
    /// or for an instance of `withLimitLoop`, the C limit loop over each document. One hop onto
    /// the workbench's queue per call, not per document.
    @_spi(Benchmarks) public func countTokens(in batch: CorpusBatch, mode: TokenizationMode) throws -> Int {
        try workbench.withConnection(engine) { _ in
            if let limitLoop { return try limitLoop.countTokens(in: batch, mode: mode) }
            return try TokenCounter.countTokens(in: batch, with: resolved, mode: mode)
        }
    }

    /// The tokens of `text` in `mode`, through the instance's own xTokenize, with their byte
    /// offsets into `text`.
    public func tokens(of text: [UInt8], mode: TokenizationMode) throws -> [Token] {
        try workbench.withConnection(engine) { _ in try resolved.tokens(of: text, mode: mode) }
    }

    /// Convenience for UTF-8 text.
    public func tokens(of text: String, mode: TokenizationMode) throws -> [Token] {
        try tokens(of: Array(text.utf8), mode: mode)
    }
}

extension Workbench {
    /// Creates one instance of `spec` on `engine`, after checking that FTS5 accepts the spec in a
    /// real table, for tokenizing many texts without creating the tokenizer again.
    public func instantiate(_ spec: TokenizerSpec, engine: SQLiteEngine = .system) throws -> TokenizerInstance {
        try TokenizerInstance(workbench: self, spec: spec, engine: engine)
    }

    /// Instantiates `spec` once on the system engine and runs `body` with it, for benchmark
    /// harnesses such as package-benchmark that time the calls themselves: setup stays outside
    /// whatever `body` times.
    @_spi(Benchmarks) public func withCountingTokenizer<T>(
        _ spec: TokenizerSpec, _ body: (TokenizerInstance) throws -> T
    ) throws -> T {
        try body(instantiate(spec))
    }

    /// Runs `body` with the C limit loop of `spec` (`icu`, `nfkc` and `japanese` have one: their
    /// approach as the plainest C loop over the same libraries; for `japanese`, MeCab's morphemes
    /// counted), counting as `withCountingTokenizer` does; nil when the tokenizer has no limit loop.
    @_spi(Benchmarks) public func withLimitLoop<T>(_ spec: TokenizerSpec, _ body: (TokenizerInstance) throws -> T)
        throws -> T?
    {
        try TokenizerInstance(limitLoopOf: spec, workbench: self).map(body)
    }
}

/// What benchmark harnesses counted tokens with before `TokenizerInstance` did it.
@_spi(Benchmarks) @available(*, deprecated, renamed: "TokenizerInstance")
public typealias CountingTokenizer = TokenizerInstance
