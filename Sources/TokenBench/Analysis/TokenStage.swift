import GRDB
import TokenBenchEngines
import TokenBenchTokenizers

/// One stage of a wrapper chain: the tokens of the chain cut at one tokenizer. For
/// `nfkc unicode61 remove_diacritics 0` the stages are `unicode61 remove_diacritics 0`
/// (the base alone), then the whole spec: what each wrapper changed, as Solr's Analysis screen
/// shows a filter chain.
package struct TokenStage: Sendable {
    /// The spec of the chain up to this stage, as FTS5 words joined again.
    package var spec: TokenizerSpec
    /// The stage's tokens, through its own xTokenize.
    package var tokens: [Token]
}

extension Workbench {
    /// The tokens of `text` at every stage of `spec`'s wrapper chain, innermost base first; the
    /// last stage is `spec` itself, whose tokens are those of ``tokens(of:spec:mode:locale:engine:)``.
    ///
    /// The chain is the one the constructors really built: every tokenizer a wrapper's
    /// constructor creates through the engine's FTS5 API is recorded (defaults included, so a
    /// bare `nfkc` shows its `unicode61`). FTS5's own `porter` creates its base in C, unseen;
    /// its base is its arguments, or `unicode61` without any, as FTS5 documents.
    ///
    /// With a `locale`, every stage is made through the engine's v2 API and given it, as
    /// ``tokens(of:spec:mode:locale:engine:)`` is.
    package func tokenStages(
        of text: [UInt8], spec: TokenizerSpec, mode: TokenizationMode, locale: String? = nil,
        engine: SQLiteEngine = .system
    ) throws -> [TokenStage] {
        try withConnection(engine) { connection in
            let components = try TokenizerOnConnection.components(of: spec, in: connection)
            let chain = try Self.creationChain(of: components, spec: spec, in: connection)
            return try chain.map { words in
                let stageSpec = words == components ? spec : TokenizerSpec(FTS5TokenizerDescriptor(components: words))
                let tokenizer = try TokenizerOnConnection(
                    spec: stageSpec, components: words, locale: locale, in: connection)
                return TokenStage(spec: stageSpec, tokens: try tokenizer.tokens(of: text, mode: mode))
            }
        }
    }

    /// The components of every tokenizer in the chain of `components`, innermost first. A
    /// shipped wrapper's BASE is read from its declared arguments, as its constructor reads them
    /// (so it is found even when a loaded extension's copy of the wrapper made it); any other
    /// tokenizer's chain is the one its constructor is seen to create.
    private static func creationChain(
        of components: [String], spec: TokenizerSpec, in connection: EngineConnection
    ) throws -> [[String]] {
        if let base = try? ShippedTokenizers.baseWords(of: components) {
            let baseSpec = TokenizerSpec(FTS5TokenizerDescriptor(components: base))
            return try creationChain(of: base, spec: baseSpec, in: connection) + [components]
        }
        let created = try EngineTokenizerInstance.recordingCreations(on: connection) {
            _ = try TokenizerOnConnection(spec: spec, components: components, in: connection)
        }.created
        // Outermost first, as created: the spec itself, then each base its constructor made.
        var outerFirst: [[String]] = []
        for words in created where words != outerFirst.last {
            outerFirst.append(words)
            // What porter's C constructor creates is not recorded; what its base creates in
            // turn is, so the rest is left to the base's own chain.
            if words.first == "porter" {
                let base = words.count > 1 ? Array(words.dropFirst()) : ["unicode61"]
                let baseSpec = TokenizerSpec(FTS5TokenizerDescriptor(components: base))
                return try creationChain(of: base, spec: baseSpec, in: connection) + outerFirst.reversed()
            }
        }
        return outerFirst.reversed()
    }
}
