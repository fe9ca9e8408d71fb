/// Where the index operation builds its FTS5 table.
public enum IndexStorage: String, CaseIterable, Sendable {
    /// An in-memory database: the cost of tokenizing and building FTS5's b-tree.
    case memory
    /// A database file in a temporary directory, committed to disk once per run.
    case file
}
