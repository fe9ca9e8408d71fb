import TokenBenchEngines

/// What the real FTS5 engine said of one cell: the one verdict type, with every way the bench
/// spells it (for programs, for people, in each CSV column), so the matrix, `check`, the CSVs,
/// the report and the analysis page cannot drift apart.
public enum MatchVerdict: Hashable, Sendable {
    case matched
    case notMatched
    /// The app's builder made no query of the text (GRDB's returns nil when FTS5's `ascii`
    /// tokenizer finds no token in it: empty text, white space, `-`): nothing ran. Not a miss
    /// and not an error.
    case noQuery
    /// FTS5 rejected the query, or the query had no tokens; the message says which.
    case error(String)
    /// No answer: the judged code killed its worker on this cell's input ("crashed (SIGSEGV
    /// while indexing)", "timed out (…)"), or the tokenizer had used up its deaths ("not run
    /// (…)"): the loss says which, with its code. Not a verdict on the match, and never what a
    /// fixture expects.
    case lost(Loss)
    /// Not run: the engine cannot do what the case asks ("locale needs SQLite 3.47 (this engine
    /// is SQLite 3.40.1)"). Not a verdict on the tokenizer, and never what a fixture expects.
    case unsupported(String)

    /// A verdict without its message: what programs, CSS classes and fixtures use.
    public enum Code: String, CaseIterable, Codable, Sendable {
        case match
        case noMatch = "no-match"
        case noQuery = "no-query"
        case error
        case lost
        case unsupported

        /// The verdicts a fixture may expect: a lost or unsupported cell has no verdict on the
        /// tokenizer to expect.
        package static let expectable: [Code] = [.match, .noMatch, .noQuery, .error]

        /// For a person: "match", "no match", "no query", "error", "lost", "not run".
        public var wording: String {
            switch self {
            case .match: "match"
            case .noMatch: "no match"
            case .noQuery: "no query"
            case .error: "error"
            case .lost: "lost"
            case .unsupported: "not run"
            }
        }

        /// How a fixture writes an expectation of this verdict: `match`, `nomatch`, `noquery` or
        /// `error`.
        package var fixtureKey: String {
            switch self {
            case .noMatch: "nomatch"
            case .noQuery: "noquery"
            default: rawValue
            }
        }

        /// The expectable verdict a fixture writes as `key`.
        package init?(fixtureKey key: String) {
            guard let code = Self.expectable.first(where: { $0.fixtureKey == key }) else { return nil }
            self = code
        }

        /// The `expected` column of the long matrix: 1, 0, `no-query` or `error`.
        package var expectedColumn: String {
            switch self {
            case .match: "1"
            case .noMatch: "0"
            case .noQuery, .error, .lost, .unsupported: rawValue
            }
        }

        @available(*, deprecated, renamed: "noMatch")
        public static var nomatch: Code { .noMatch }
    }

    /// The verdict for a program: one word that CSS classes and scripts can use as it is.
    public var code: Code {
        switch self {
        case .matched: .match
        case .notMatched: .noMatch
        case .noQuery: .noQuery
        case .error: .error
        case .lost: .lost
        case .unsupported: .unsupported
        }
    }

    /// The verdict for a person: "match", "no match", "no query", "error (message)", or how the
    /// cell was lost or why it was not run.
    public var wording: String {
        switch self {
        case .matched, .notMatched, .noQuery: code.wording
        case .error(let message): message.isEmpty ? "error" : "error (\(message))"
        case .lost(let loss): loss.wording
        case .unsupported(let message): message
        }
    }

    /// FTS5's message, how the cell was lost, or what the engine lacks; nil for a match, no
    /// match or no query.
    public var message: String? {
        switch self {
        case .matched, .notMatched, .noQuery: nil
        case .error(let message), .unsupported(let message): message
        case .lost(let loss): loss.wording
        }
    }

    /// How the cell was lost; nil for every other verdict.
    public var loss: Loss? {
        if case .lost(let loss) = self { loss } else { nil }
    }

    // MARK: The CSV columns

    /// The `matched` column of the long matrix: 1, 0, or empty for no match verdict.
    package var matchedColumn: String {
        switch self {
        case .matched: "1"
        case .notMatched: "0"
        case .noQuery, .error, .lost, .unsupported: ""
        }
    }

    /// The `error` column of the long matrix: the message, or empty.
    package var errorColumn: String { message ?? "" }

    /// A tokenizer's field in the wide matrix: `X` for a match, empty for no match, else the
    /// verdict without its details (`error`, `unsupported`, `crashed`, `timed out`, `not run`).
    package var wideMatrixField: String {
        switch self {
        case .matched: "X"
        case .notMatched: ""
        case .noQuery: "no query"
        case .error: "error"
        case .unsupported: "unsupported"
        case .lost(let loss): loss.code.headline
        }
    }

    /// The verdict of a long-matrix row from its `verdict` code (written when an app's query
    /// kind ran), its `error` column, and the loss the row names; nil for a code that is not a
    /// verdict's, and for `lost` without a loss.
    package init?(code: String, errorColumn text: String, loss: Loss?) {
        switch Code(rawValue: code) {
        case .match: self = .matched
        case .noMatch: self = .notMatched
        case .noQuery: self = .noQuery
        case .error: self = .error(text)
        case .lost:
            guard let loss else { return nil }
            self = .lost(loss)
        case .unsupported: self = .unsupported(text)
        case nil: return nil
        }
    }

    /// The verdict of a long-matrix row whose `matched` is empty, from its `error` column, the
    /// loss it names, and whether its outcome is `skipped` (an unsupported cell's).
    package init(errorColumn text: String, loss: Loss?, skipped: Bool = false) {
        if skipped {
            self = .unsupported(text)
        } else if let loss {
            self = .lost(loss)
        } else {
            self = .error(text)
        }
    }

    /// The cell of a case that needs `feature` (a locale, tokendata) on an engine without it.
    package static func lacking(_ feature: FTS5Feature, on engine: SQLiteEngine) -> MatchVerdict {
        .unsupported(feature.lacking(on: engine))
    }

}

/// The name this type had before it was the one verdict.
@available(*, deprecated, renamed: "MatchVerdict")
public typealias CellResult = MatchVerdict

/// The name a fixture's expectation had before it was a verdict code. Its raw values changed:
/// `no-match` where `ExpectedResult` had `nomatch` (a fixture file still writes `nomatch`).
@available(
    *, deprecated, renamed: "MatchVerdict.Code",
    message: "its case nomatch is MatchVerdict.Code.noMatch, whose raw value is 'no-match'"
)
public typealias ExpectedResult = MatchVerdict.Code

/// The name `ExpectationOutcome` had before it said what it compares.
@available(*, deprecated, renamed: "ExpectationOutcome")
public typealias Outcome = ExpectationOutcome
