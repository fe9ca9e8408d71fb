import Foundation
import TokenBenchEngines

/// What `Workbench.advise` measures: the candidates on the engines, through the query kinds,
/// with known-item queries generated from the corpus, and which platforms the app ships on.
public struct AdviceOptions: Sendable {
    package var tokenizers: [TokenizerSpec]
    package var engines: [SQLiteEngine]
    /// How the app builds its query from what the user typed: `typed-all`, `typed-prefixes` and
    /// `grdb-all` by default.
    package var queryKinds: [SearchQueryKind]
    /// The platforms the app ships on: a candidate needing a newer SQLite than the oldest of
    /// them, or outside the portable set on an Apple one, is excluded.
    package var targets: [PlatformTarget]
    /// Instead of targets: the oldest SQLite the app supports.
    package var minimumSQLite: String?
    /// How many known-item queries to generate.
    package var knownItems: Int
    /// The seed of the queries' generation and of the randomization tests.
    package var seed: UInt64
    package var permutations: Int
    /// A folder for one TREC run file per candidate × engine × kind; nil writes none.
    package var runDirectory: String?
    /// A folder for the generated collection (BEIR: corpus, queries with their class, qrels);
    /// nil keeps it in a temporary folder, removed after the run.
    package var collectionDirectory: String?
    /// How many indexes are built and queried at once.
    package var parallelUnits: Int
    /// What users searched, if known: ranked by every candidate too, for its over-matches and the
    /// agreement between candidates.
    package var queryLog: QueryLog?

    public static let defaultQueryKinds: [SearchQueryKind] = [.typedAll, .typedPrefixes, .grdbAll]
    /// The candidates that are never dropped: one of each family a user compares against.
    package static let alwaysCandidates = ["unicode61", "trigram", "latinascii"]

    public init(
        tokenizers: [TokenizerSpec], engines: [SQLiteEngine] = [.system, .bundled],
        queryKinds: [SearchQueryKind] = [.typedAll, .typedPrefixes, .grdbAll], targets: [PlatformTarget] = [],
        minimumSQLite: String? = nil, knownItems: Int = 1000, seed: UInt64 = RandomizationTest.defaultSeed,
        permutations: Int = RandomizationTest.defaultPermutations, runDirectory: String? = nil,
        collectionDirectory: String? = nil, parallelUnits: Int = 1, queryLog: QueryLog? = nil
    ) {
        self.tokenizers = tokenizers
        self.engines = engines
        self.queryKinds = queryKinds
        self.targets = targets
        self.minimumSQLite = minimumSQLite
        self.knownItems = knownItems
        self.seed = seed
        self.permutations = permutations
        self.runDirectory = runDirectory
        self.collectionDirectory = collectionDirectory
        self.parallelUnits = parallelUnits
        self.queryLog = queryLog
    }

    /// Checks the options, naming the one at fault.
    package func validate() throws {
        func invalid(_ name: String, _ value: String, _ reason: String) -> TokenBenchError {
            .invalidArgument(name: name, value: value, reason: reason)
        }
        guard !tokenizers.isEmpty else { throw invalid("tokenizers", "", "no candidate tokenizer") }
        guard !engines.isEmpty else { throw invalid("engines", "", "no engine to run on") }
        guard !queryKinds.isEmpty else { throw invalid("queryKinds", "", "no query kind") }
        guard knownItems >= 1 else { throw invalid("knownItems", "\(knownItems)", "expected at least 1") }
        guard permutations >= 1 else { throw invalid("permutations", "\(permutations)", "expected at least 1") }
        guard parallelUnits >= 1 else { throw invalid("parallelUnits", "\(parallelUnits)", "expected at least 1") }
        if minimumSQLite != nil && !targets.isEmpty {
            throw invalid("minimumSQLite", minimumSQLite!, "give targets or a minimum SQLite, not both")
        }
        if let minimumSQLite, !Self.isSQLiteVersion(minimumSQLite) {
            throw invalid("minimumSQLite", minimumSQLite, "expected a SQLite version such as 3.43.2")
        }
        try MatchMatrix.checkUnique(tokenizers.map(\.name), axis: "tokenizer")
    }

    /// The run's engines, with one of the app's oldest SQLite added when it is built (`tokenbench
    /// engine build`) and not among them; the engine of that version the advice is decided on,
    /// if any; and a sentence that says where it is decided, and why.
    package func enginesWithTarget() -> (engines: [SQLiteEngine], deciding: SQLiteEngine?, note: String?) {
        guard let oldest = oldestSQLite else { return (engines, nil, nil) }
        let whose = targets.isEmpty ? "--min-sqlite's" : "the oldest target's"
        if let engine = engines.first(where: { $0.sqliteVersion == oldest }) {
            return (engines, engine, "decided on \(engine.name): SQLite \(oldest) is \(whose)")
        }
        if EngineCache(directory: EngineCache.defaultDirectory).library(named: oldest) != nil,
            let engine = try? SQLiteEngine.named([oldest]).first
        {
            return (
                engines + [engine], engine,
                "decided on \(engine.name), built with 'tokenbench engine build' and added to the run: SQLite \(oldest) is \(whose)"
            )
        }
        return (
            engines, nil,
            "no engine of SQLite \(oldest) (\(whose)) is built: decided on the oldest engine of the run instead; 'tokenbench engine build' makes one from that release's amalgamation"
        )
    }

    /// Whether `text` reads as a SQLite version: two or more numbers joined by dots (3.43.2).
    package static func isSQLiteVersion(_ text: String) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count >= 2 && parts.allSatisfy { Int($0) != nil }
    }

    /// The oldest SQLite the app must run on: `minimumSQLite`, or the oldest target's; nil when
    /// neither limits it.
    package var oldestSQLite: String? {
        if let minimumSQLite { return minimumSQLite }
        return targets.compactMap(\.sqliteVersion).min { $0.versionOrder.lexicographicallyPrecedes($1.versionOrder) }
    }

    /// Whether a target allows only the portable set.
    package var needsPortable: Bool { targets.contains(where: \.portableOnly) }
}
