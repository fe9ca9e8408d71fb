import TokenBenchEngines

/// What `Workbench.quality` found: a row per tokenizer × engine × query kind × detail, every
/// query's outcome in each, and the tokenizer/engine pairs that could not run.
public struct QualityReport: Sendable {
    public internal(set) var rows: [QualityRow]
    /// Per row, in row order, then in the collection's query order.
    package internal(set) var outcomes: [QueryOutcome]
    /// A tokenizer an engine refused, with SQLite's reason.
    public internal(set) var skipped: [(spec: TokenizerSpec, engine: SQLiteEngine, reason: String)]
    /// An engine that ran nothing, with the reason: a collection with locales on an engine
    /// without them (before SQLite 3.47).
    public internal(set) var skippedEngines: [(engine: SQLiteEngine, reason: String)] = []
    /// Every worker death, in row order: each row's `error` holds its own.
    public internal(set) var deaths: [UnitDeath]
    /// The collection's counts: judged queries run, queries skipped for want of judgments,
    /// judgments naming unknown queries or documents.
    package internal(set) var judgedQueries: Int
    package internal(set) var unjudgedQueries: Int
    package internal(set) var judgmentsOfUnknownQueries: Int
    package internal(set) var judgmentsOfUnknownDocuments: Int
}
