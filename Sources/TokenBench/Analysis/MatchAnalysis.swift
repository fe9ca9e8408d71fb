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
        public var result: CellResult
        public var documentTokens: [Token]
        public var queryTokens: [Token]
        /// highlight() of the document for this query: the text in runs, marked or not; nil when
        /// the document did not match.
        public var highlight: [MarkedRun]?
        /// snippet() of the document, at most ``MatchAnalysis/snippetTokens`` tokens, in runs.
        public var snippet: [MarkedRun]?

        /// "match", "no match" or "error (reason)", as the matrix and the report say it.
        public var verdict: String { result.verdict }
    }

    /// A run of highlight() or snippet() output, inside a phrase match or outside.
    public struct MarkedRun: Sendable, Equatable {
        public var text: String
        public var isMarked: Bool
    }

    /// The longest snippet() asked for, in tokens (FTS5 allows up to 64).
    public static let snippetTokens = 16
}
