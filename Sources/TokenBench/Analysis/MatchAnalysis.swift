import TokenBenchEngines

/// One typed document and query run through one tokenizer on one engine, in every query kind
/// and form pair: the verdicts of a real FTS5 table and MATCH, the tokens that explain them,
/// and what FTS5's highlight() and snippet() make of the document.
public struct MatchAnalysis: Sendable {
    public var tokenizer: String
    public var engine: String
    public var cells: [Cell]

    public struct Cell: Sendable {
        public var queryKind: QueryKind
        public var formPair: FormPair
        /// The document and query exactly as FTS5 received them (the form pair applied).
        public var document: String
        public var query: String
        /// The MATCH expression the query kind made of the query.
        public var matchExpression: String
        public var result: MatchVerdict
        public var documentTokens: [Token]
        public var queryTokens: [Token]
        /// highlight() of the document for this query: the text in runs, marked or not; nil when
        /// the document did not match.
        public var highlight: [MarkedRun]?
        /// snippet() of the document, at most ``MatchAnalysis/snippetTokens`` tokens, in runs.
        public var snippet: [MarkedRun]?
        /// Each phrase instance of the match with its tokens as the index holds them, read with
        /// FTS5's `xInstToken` (SQLite 3.45 and later; nil on an older engine or without a
        /// match). In a `tokendata=1` table a token is `key\0data`.
        public var matchedTokens: [MatchedInstance]?

        /// "match", "no match" or "error (reason)", as the matrix and the report say it.
        public var verdict: String { result.wording }
    }

    /// One phrase instance of a match: which phrase of the query, at which token offset of the
    /// document, and the document's tokens there.
    public struct MatchedInstance: Sendable, Equatable {
        public var phrase: Int
        public var offset: Int
        public var tokens: [[UInt8]]
    }

    /// A run of highlight() or snippet() output, inside a phrase match or outside.
    public struct MarkedRun: Sendable, Equatable {
        public var text: String
        public var isMarked: Bool
    }

    /// The longest snippet() asked for, in tokens (FTS5 allows up to 64).
    public static let snippetTokens = 16
}
