import TokenBenchEngines

/// How `Workbench.conformance` checks a tokenizer (the inputs come from `ConformanceCorpus`).
public struct ConformanceOptions: Sendable {
    /// How many threads tokenize at once in the threads check (0 or 1 skips it).
    public var threadCount: Int
    /// At most this many findings per tokenizer, check and mode are listed; the last says how many more there were.
    public var findingsPerCheck: Int
    /// The SQLite engine whose FTS5 creates and runs the tokenizer.
    public var engine: SQLiteEngine

    public init(threadCount: Int = 4, findingsPerCheck: Int = 3, engine: SQLiteEngine = .system) {
        self.threadCount = threadCount
        self.findingsPerCheck = findingsPerCheck
        self.engine = engine
    }
}
