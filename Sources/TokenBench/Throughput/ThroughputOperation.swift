/// What `tokenbench throughput` measures.
public enum ThroughputOperation: String, CaseIterable, Sendable {
    /// Running the tokenizer's xTokenize over every document, counting tokens.
    case tokenize
    /// Inserting every document into a fresh FTS5 table.
    case index
    /// Running the fixture queries against an index of the corpus.
    case query
}

/// Where the index operation builds its FTS5 table.
public enum IndexStorage: String, CaseIterable, Sendable {
    /// An in-memory database: the cost of tokenizing and building FTS5's b-tree.
    case memory
    /// A database file in a temporary directory, committed to disk once per run.
    case file
}
