import TokenBenchEngines

/// One typed document and query run through one tokenizer on one engine, in every query kind
/// and form pair: the verdicts of a real FTS5 table and MATCH, the tokens that explain them,
/// and what FTS5's highlight() and snippet() make of the document.
package struct MatchAnalysis: Sendable {
    package var tokenizer: String
    package var engine: String
    package var cells: [Cell]

    package struct Cell: Sendable {
        package var queryKind: QueryKind
        package var formPair: FormPair
        /// The document and query exactly as FTS5 received them (the form pair applied).
        package var document: String
        package var query: String
        /// The MATCH expression the query kind made of the query.
        package var matchExpression: String
        package var result: MatchVerdict
        package var documentTokens: [Token]
        package var queryTokens: [Token]
        /// highlight() of the document for this query: the text in runs, marked or not; nil when
        /// the document did not match.
        package var highlight: [MarkedRun]?
        /// snippet() of the document, at most ``MatchAnalysis/snippetTokens`` tokens, in runs.
        package var snippet: [MarkedRun]?
        /// Each phrase instance of the match with its tokens as the index holds them, read with
        /// FTS5's `xInstToken` (SQLite 3.45 and later; nil on an older engine or without a
        /// match). In a `tokendata=1` table a token is `key\0data`.
        package var matchedTokens: [MatchedInstance]?

        /// "match", "no match" or "error (reason)", as the matrix and the report say it.
        package var verdict: String { result.wording }
    }

    /// One phrase instance of a match: which phrase of the query, at which token offset of the
    /// document, and the document's tokens there.
    package struct MatchedInstance: Sendable, Equatable {
        package var phrase: Int
        package var offset: Int
        package var tokens: [[UInt8]]
    }

    /// A run of highlight() or snippet() output, inside a phrase match or outside.
    package struct MarkedRun: Sendable, Equatable {
        package var text: String
        package var isMarked: Bool
    }

    /// The longest snippet() asked for, in tokens (FTS5 allows up to 64).
    package static let snippetTokens = 16
}
