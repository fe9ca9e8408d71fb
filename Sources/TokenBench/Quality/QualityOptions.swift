import Foundation
import TokenBenchEngines

/// What a quality run measures: every tokenizer on every engine, for every query kind and
/// detail, compared with the baseline tokenizer's row on the same engine, kind and detail.
public struct QualityOptions: Sendable {
    /// The tokenizers to rank with; the baseline joins them when it is not among them.
    package var tokenizers: [TokenizerSpec]
    package var engines: [SQLiteEngine]
    package var queryKinds: [SearchQueryKind]
    package var details: [FTS5Detail]
    /// The tokenizer every other row is compared with.
    package var baseline: TokenizerSpec
    /// How many documents each query retrieves (the run files' depth; R@100 needs 100).
    package var depth: Int
    /// The randomization test's permutations and seed.
    package var permutations: Int
    package var seed: UInt64
    /// A folder for one TREC run file per row; nil writes none.
    package var runDirectory: String?
    /// How many tables are built and queried at once (each tokenizer × engine × detail is one):
    /// more is faster, but the query latencies (`p50_us`, `p99_us`) then share the cores.
    package var parallelUnits: Int
    /// One share of the run (`--shard K/N`): the rows of the K-th block of
    /// `tokenizersWithBaseline`. The baseline is ranked in every shard, for the comparisons, but
    /// its rows are written by its own shard only; the shards' rows joined in shard order are
    /// the unsharded run's.
    package var shard: Shard?
    /// Whether the prefix kinds' queries (`SearchQueryKind.matchesPrefixes`) are answered from a
    /// copy of each index with prefix indexes (`prefix = '1 2 3'`): the same rows and scores,
    /// several times faster, but the latencies then come from one query in ten, run on the
    /// table itself. Off by default; `advise` turns it on. Not with locales.
    package var prefixQueriesOnPrefixIndex = false

    /// - Parameters:
    ///   - tokenizers: The tokenizers to rank with; the baseline joins them when it is not among
    ///     them.
    ///   - engines: The engines to run each tokenizer on.
    ///   - queryKinds: How a query's words combine: `any` (OR) by default, `all` (AND), `phrase`,
    ///     or `fts5` (the query is an FTS5 expression as it is).
    ///   - details: FTS5's detail option of each table: one row per detail.
    ///   - baseline: The tokenizer every other row is compared with: unicode61 by default.
    ///   - depth: How many documents each query retrieves: at least 100 (R@100 needs them).
    ///   - permutations: The randomization test's permutations against the baseline: 10,000 by
    ///     default.
    ///   - seed: The randomization test's seed.
    ///   - runDirectory: A folder for one TREC run file per row; nil writes none.
    ///   - parallelUnits: How many tables are built and queried at once (each tokenizer ×
    ///     engine × detail is one): more is faster, but the query latencies (`p50_us`,
    ///     `p99_us`) then share the cores.
    public init(
        tokenizers: [TokenizerSpec], engines: [SQLiteEngine] = [.system],
        queryKinds: [SearchQueryKind] = [.any], details: [FTS5Detail] = [.full],
        baseline: TokenizerSpec = TokenizerSpec(text: "unicode61"), depth: Int = 100,
        permutations: Int = RandomizationTest.defaultPermutations, seed: UInt64 = RandomizationTest.defaultSeed,
        runDirectory: String? = nil, parallelUnits: Int = 1
    ) {
        self.tokenizers = tokenizers
        self.engines = engines
        self.queryKinds = queryKinds
        self.details = details
        self.baseline = baseline
        self.depth = depth
        self.permutations = permutations
        self.seed = seed
        self.runDirectory = runDirectory
        self.parallelUnits = parallelUnits
    }

    /// Checks the options, naming the one at fault.
    package func validate() throws {
        func invalid(_ name: String, _ value: String, _ reason: String) -> TokenBenchError {
            .invalidArgument(name: name, value: value, reason: reason)
        }
        guard !tokenizers.isEmpty else { throw invalid("tokenizers", "", "no tokenizer to rank with") }
        guard !engines.isEmpty else { throw invalid("engines", "", "no engine to run on") }
        guard !queryKinds.isEmpty else { throw invalid("queryKinds", "", "no query kind") }
        guard !details.isEmpty else { throw invalid("details", "", "no detail") }
        guard depth >= 100 else {
            throw invalid("depth", "\(depth)", "at least 100 documents per query are needed for R@100")
        }
        guard permutations >= 1 else { throw invalid("permutations", "\(permutations)", "expected at least 1") }
        guard parallelUnits >= 1 else { throw invalid("parallelUnits", "\(parallelUnits)", "expected at least 1") }
        try MatchMatrix.checkUnique(tokenizers.map(\.name), axis: "tokenizer")
        if let runDirectory {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: runDirectory, isDirectory: &isDirectory), !isDirectory.boolValue {
                throw invalid("runDirectory", runDirectory, "exists and is not a directory")
            }
        }
    }

    /// The tokenizers run: the baseline first when it is not among `tokenizers`.
    var tokenizersWithBaseline: [TokenizerSpec] { tokenizers.including(reference: baseline) }

    /// The tokenizers whose rows this run writes: all of them, or the shard's block.
    var writtenTokenizers: [TokenizerSpec] { shard.map { $0.slice(tokenizersWithBaseline) } ?? tokenizersWithBaseline }

    /// The tokenizers this run ranks: those it writes, and the baseline when they lack it.
    var rankedTokenizers: [TokenizerSpec] { writtenTokenizers.including(reference: baseline) }
}
