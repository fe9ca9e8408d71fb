import TokenBenchEngines

/// What a throughput run measures, and on what.
public struct ThroughputOptions: Sendable {
    /// The tokenizers to measure. The reference is measured too, listed or not.
    package var tokenizers: [TokenizerSpec]
    /// The tokenizer every `relative` figure is divided by; the C reference loop runs it too.
    package var reference: TokenizerSpec
    /// Tokenize modes: document and/or query. Index always tokenizes in document mode and query
    /// in query mode, as FTS5 does.
    package var modes: [TokenizationMode]
    /// Among `tokenize`, `index` and `query`: the C loops' rows come with `tokenize`.
    package var operations: [ThroughputOperation]
    package var storages: [IndexStorage]
    /// FTS5's detail option of the index operation's table: one row per detail.
    package var details: [FTS5Detail]
    /// Timed runs per measurement, after one untimed warm-up.
    package var runs: Int
    package var corpora: [CorpusSource]
    /// FTS5 MATCH expressions for the query operation; by default, the embedded fixtures'
    /// queries as phrases and prefix queries (`queries(from: FixtureSet.defaults())`).
    package var queries: [String]
    /// Corpora are streamed in batches of about this many bytes; a corpus that fits in one batch
    /// is kept in memory between passes.
    package var batchBytes: Int
    /// The SQLite engine whose FTS5 creates the tokenizers and runs the index and query
    /// operations; `relative` figures compare tokenizers of this engine only.
    package var engine: SQLiteEngine
    /// Above 1: every tokenizer is also measured with this many instances on as many threads,
    /// each over its share of every batch (tokenize only), in rows of their own.
    package var threads: Int
    /// Whether the query operation also times its prefix queries (those ending in `*`) on a
    /// `tokendata=1` index, reading every match's tokens through `xInstToken`, without and with
    /// FTS5's `insttoken` (`fts5_insttoken()`), in rows of their own. Needs SQLite 3.48.
    package var measuresInsttoken: Bool

    /// - Parameters:
    ///   - tokenizers: The tokenizers to measure. The reference is measured too, listed or not.
    ///   - reference: The tokenizer every `relative` figure is divided by; the C reference loop
    ///     runs it too. unicode61 by default.
    ///   - modes: Tokenize modes: document and/or query. Index always tokenizes in document mode
    ///     and query in query mode, as FTS5 does.
    ///   - operations: Among `tokenize`, `index` and `query`, all three by default: the C loops'
    ///     rows come with `tokenize`.
    ///   - storages: Where the index operation's table lives: in memory and in a file.
    ///   - details: FTS5's detail option of the index operation's table: one row per detail.
    ///   - runs: Timed runs per measurement, after one untimed warm-up: 5 by default.
    ///   - corpora: The texts to measure on: the built-in generated corpus (8 MB) by default.
    ///   - queries: FTS5 MATCH expressions for the query operation; by default, the embedded
    ///     fixtures' queries as phrases and prefix queries.
    ///   - batchBytes: Corpora are streamed in batches of about this many bytes (8 MiB by
    ///     default); a corpus that fits in one batch is kept in memory between passes.
    ///   - engine: The SQLite engine whose FTS5 creates the tokenizers and runs the index and
    ///     query operations; `relative` figures compare tokenizers of this engine only.
    ///   - threads: Above 1, every tokenizer is also measured with this many instances on as
    ///     many threads, each over its share of every batch (tokenize only), in rows of their own.
    ///   - measuresInsttoken: Whether the query operation also times its prefix queries on a
    ///     `tokendata=1` index, reading every match's tokens through `xInstToken`, without and
    ///     with FTS5's `insttoken`, in rows of their own. Needs SQLite 3.48.
    public init(
        tokenizers: [TokenizerSpec],
        reference: TokenizerSpec = TokenizerSpec(label: "unicode61", text: "unicode61"),
        modes: [TokenizationMode] = [.document, .query],
        operations: [ThroughputOperation] = ThroughputOperation.requestable,
        storages: [IndexStorage] = IndexStorage.allCases,
        details: [FTS5Detail] = [.full],
        runs: Int = 5,
        corpora: [CorpusSource] = [.generated(seed: CorpusSource.defaultSeed, size: CorpusSource.defaultSize)],
        queries: [String]? = nil,
        batchBytes: Int = 8 << 20,
        engine: SQLiteEngine = .system,
        threads: Int = 1,
        measuresInsttoken: Bool = false
    ) {
        self.threads = threads
        self.measuresInsttoken = measuresInsttoken
        self.engine = engine
        self.tokenizers = tokenizers
        self.reference = reference
        self.modes = modes
        self.operations = operations
        self.storages = storages
        self.details = details
        self.runs = runs
        self.corpora = corpora
        // The embedded fixtures are part of the build and covered by tests: they always parse.
        self.queries = queries ?? ((try? FixtureSet.defaults()).map(Self.queries(from:)) ?? [])
        self.batchBytes = batchBytes
    }

    /// The fixture queries as FTS5 expressions: each case's query as a phrase and as a prefix
    /// query, without repeats.
    package static func queries(from fixtures: FixtureSet) -> [String] {
        fixtures.cases.flatMap { matchCase in
            QueryKind.defaults.map { $0.matchExpression(for: matchCase.query)! }
        }.uniquedInOrder()
    }

    /// The prefix queries among `queries`: those `measuresInsttoken` times.
    var prefixQueries: [String] {
        queries.filter { $0.trimmingCharacters(in: .whitespaces).hasSuffix("*") }
    }
}
