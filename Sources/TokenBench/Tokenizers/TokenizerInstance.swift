import TokenBenchEngines
/// One instance of a tokenizer, created once and used for many texts: what FTS5 does with the
/// tokenizer of a table. `Workbench.tokens(of:spec:mode:)` creates an instance per call (and
/// checks the spec in a probe table first), which costs far more than tokenizing a short text
/// when the constructor loads a dictionary (`japanese`) or compiles rules (`translit`).
///
/// It keeps its workbench alive, and every call runs on the workbench's serial queue, like the
/// workbench's own operations.
public final class TokenizerInstance {
    public let spec: TokenizerSpec
    public let engine: SQLiteEngine
    private let workbench: Workbench
    private let resolved: ResolvedTokenizer

    init(workbench: Workbench, spec: TokenizerSpec, engine: SQLiteEngine) throws {
        self.workbench = workbench
        self.spec = spec
        self.engine = engine
        resolved = try workbench.withConnection(engine) { connection in
            try ResolvedTokenizer(spec: spec, in: connection)
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
}
