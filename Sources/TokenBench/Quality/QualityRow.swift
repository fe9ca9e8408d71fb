/// One line of a quality report: one tokenizer on one engine, with one query kind and one
/// detail, over every judged query of the collection.
package struct QualityRow: Sendable, Equatable {
    /// The tokenizer's label, and the FTS5 tokenize= text it stands for.
    package internal(set) var tokenizer: String
    package internal(set) var spec: String
    package internal(set) var engine: String
    package internal(set) var sqliteVersion: String
    package internal(set) var queryKind: SearchQueryKind
    package internal(set) var detail: FTS5Detail
    package internal(set) var documents: Int
    /// Judged queries run; each counts in every mean.
    package internal(set) var queries: Int
    /// Queries that retrieved no document, for any reason; among them, those whose text gave the
    /// tokenizer no token in query mode, and those FTS5 rejected.
    package internal(set) var zeroResults: Int
    package internal(set) var noTokens: Int
    package internal(set) var rejected: Int
    /// Queries whose answer was lost: a worker died on them, on a document or on the index's
    /// optimize (then every query of the row is lost), or they were not run after the unit used
    /// up its deaths. Each scores 0, as a query that fails the user does.
    package internal(set) var lost: Int
    /// Documents retrieved per query, at most the run's depth.
    package internal(set) var meanResults: Double
    /// The means over every judged query.
    package internal(set) var metrics: RankingMetrics
    /// The baseline's tokenizer label (on its own rows too; empty when it did not run on this
    /// engine), and the comparison with its row (nil on the baseline's own rows).
    package internal(set) var baseline: String
    package internal(set) var comparison: RandomizationTest?
    /// Latency of the ranking query, MATCH through the last row retrieved.
    package internal(set) var p50Microseconds: Double
    package internal(set) var p99Microseconds: Double
    /// The inverted index's bytes after an `optimize`: the pages of the `%_data` and `%_idx`
    /// shadow tables as dbstat counts them; nil where the engine has no dbstat.
    package internal(set) var indexBytes: Int?
    /// The pages of the `%_content` table (the documents themselves, the same for every tokenizer).
    package internal(set) var contentBytes: Int?
    /// Seconds to insert every document and optimize the index, in one transaction.
    package internal(set) var buildSeconds: Double
    /// The run file's name in the run directory; empty when no run file was written.
    package internal(set) var runFile: String
    /// Where the collection was read from (`QualityCollection.Source` as JSON; empty for one
    /// built in memory) and its fingerprint: what `check --quality` runs the row on again.
    package internal(set) var collection: String = ""
    package internal(set) var collectionFingerprint: String = ""
    /// nDCG@10 of every judged query, in the collection's order: what the randomization test of
    /// `check --quality` pairs a new run's figures with.
    package internal(set) var perQueryNDCG10: [Double] = []
    /// How the row's tokenizer killed workers, one death after another ("crashed (SIGSEGV while
    /// indexing) on document 17 of docs.jsonl; …"); empty when none died.
    package internal(set) var error: String

    /// What names the row among others: `tokenizer@engine kind detail`.
    package var key: String { "\(tokenizer)@\(engine) \(queryKind.rawValue) \(detail.rawValue)" }
}

/// One query's outcome under one row's tokenizer, engine, query kind and detail.
package struct QueryOutcome: Sendable, Equatable {
    /// Why a query retrieved what it did.
    package enum Status: String, Sendable {
        /// FTS5 ran the query (it may still have found nothing).
        case ran
        /// The query text has no word, or the tokenizer gave it no token in query mode.
        case noTokens = "no-tokens"
        /// FTS5 refused the MATCH expression; `message` says why.
        case rejected
        /// A worker died on the query, or on the index before it, or the query was not run after
        /// the unit used up its deaths; `message` says which.
        case lost
    }

    package internal(set) var queryID: String
    package internal(set) var tokenizer: String
    package internal(set) var engine: String
    package internal(set) var queryKind: SearchQueryKind
    package internal(set) var detail: FTS5Detail
    package internal(set) var status: Status
    /// FTS5's message for a rejected query; for a lost one, the worker's death or why the query
    /// was not run.
    package internal(set) var message: String
    package internal(set) var results: Int
    package internal(set) var metrics: RankingMetrics
    /// The MATCH expression run, and the tokens the tokenizer gives its strings in query mode
    /// (each quoted word, or the phrase), space-separated as `tokenbench tokens` shows them.
    package internal(set) var matchExpression: String
    package internal(set) var tokens: String
    /// A lost query's `Loss.Code`; nil for every other status.
    package internal(set) var loss: Loss.Code? = nil
    /// The ids of the first ten documents retrieved, best first: what `advise` compares
    /// candidates' result lists by.
    package internal(set) var topDocumentIDs: [String] = []
}
