/// What `tokenbench throughput` measures.
public enum ThroughputOperation: String, CaseIterable, Sendable {
    /// Running the tokenizer's xTokenize over every document, counting tokens.
    case tokenize
    /// Inserting every document into a fresh FTS5 table.
    case index
    /// Running the fixture queries against an index of the corpus.
    case query
}
