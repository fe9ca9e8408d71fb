import TokenBenchEngines

/// What `Workbench.quality` found: a row per tokenizer × engine × query kind × detail (`table`),
/// what its workers lost (`losses`), and what could not run (`notRun`).
public struct QualityReport: Sendable, ReportsRunLosses {
    package internal(set) var rows: [QualityRow]
    /// Per row, in row order, then in the collection's query order.
    package internal(set) var outcomes: [QueryOutcome]
    /// A tokenizer an engine refused, with SQLite's reason.
    package internal(set) var skipped: [TokenizerPlan.Skip]
    /// An engine that ran nothing, with the reason: a collection with locales on an engine
    /// without them (before SQLite 3.47).
    package internal(set) var skippedEngines: [(engine: SQLiteEngine, reason: String)] = []
    /// Every worker death, in row order: each row's `error` holds its own.
    public internal(set) var losses = RunLosses()
    /// The collection's counts: judged queries run, queries skipped for want of judgments,
    /// judgments naming unknown queries or documents.
    package internal(set) var judgedQueries: Int
    package internal(set) var unjudgedQueries: Int
    package internal(set) var judgmentsOfUnknownQueries: Int
    package internal(set) var judgmentsOfUnknownDocuments: Int

    /// The rows as `tokenbench quality` writes them: the same columns, in the same order
    /// (`Documentation/Quality.md` defines each).
    public var table: CSVTable { QualityRow.csvTable(rows) }

    /// What did not run, one sentence each, in the words `tokenbench quality` uses on stderr: a
    /// tokenizer an engine refused, an engine without locales for a collection that has them.
    public var notRun: [String] { skipped.map(\.description) + engineSkips }

    /// The engines that ran nothing, one sentence each.
    package var engineSkips: [String] {
        skippedEngines.map { "skipped the \($0.engine.name) engine: \($0.reason)" }
    }
}
