import TokenBenchEngines

/// How `Workbench.conformance` checks a tokenizer (the inputs come from `ConformanceCorpus`).
public struct ConformanceOptions: Sendable {
    /// How many threads tokenize at once in the threads check (0 or 1 skips it).
    package var threadCount: Int
    /// At most this many findings per tokenizer, check and mode are listed; the last says how many more there were.
    package var findingsPerCheck: Int
    /// The SQLite engine whose FTS5 creates and runs the tokenizer.
    package var engine: SQLiteEngine
    /// Whether the tokens are meant for a `tokendata=1` table (SQLite 3.45 and later), where a
    /// token `key\0data` matches on its key: the index-integrity table is one, and the query
    /// round trip compares keys.
    package var tokendata: Bool

    /// - Parameters:
    ///   - threadCount: How many threads tokenize at once in the threads check (0 or 1 skips it).
    ///   - findingsPerCheck: At most this many findings per tokenizer, check and mode are listed;
    ///     the last says how many more there were.
    ///   - engine: The SQLite engine whose FTS5 creates and runs the tokenizer.
    ///   - tokendata: Whether the tokens are meant for a `tokendata=1` table (SQLite 3.45 and
    ///     later), where a token `key\0data` matches on its key: the index-integrity table is
    ///     one, and the query round trip compares keys.
    public init(
        threadCount: Int = 4, findingsPerCheck: Int = 3, engine: SQLiteEngine = .system, tokendata: Bool = false
    ) {
        self.threadCount = threadCount
        self.findingsPerCheck = findingsPerCheck
        self.engine = engine
        self.tokendata = tokendata
    }
}
