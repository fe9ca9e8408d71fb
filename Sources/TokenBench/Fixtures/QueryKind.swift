import Foundation
import GRDB
import TokenBenchTokenizers

/// How a case's query is run against the FTS5 table: the bench's own quoted phrase (`phrase`,
/// `prefix`, the default), or the query an app builds from what its user typed: the text as it
/// is (`raw`), GRDB's `FTS5Pattern` builders (`grdb-*`), or TokenBenchTokenizers' builder that
/// knows the table's tokenizer (`typed-*`, `Database.makeFTS5Pattern(typed:kind:tokenizer:locale:)`).
public enum QueryKind: String, CaseIterable, Sendable {
    /// The query as one phrase: `"…"`, inner quotes doubled.
    case phrase
    /// The same phrase as a prefix query: `"…" *`.
    case prefix
    /// The text given to MATCH unchanged, as a naive app does: FTS5's syntax errors are verdicts.
    case raw
    /// GRDB's `FTS5Pattern(matchingAnyTokenIn:)`.
    case grdbAny = "grdb-any"
    /// GRDB's `FTS5Pattern(matchingAllTokensIn:)`.
    case grdbAll = "grdb-all"
    /// GRDB's `FTS5Pattern(matchingAllPrefixesIn:)`.
    case grdbPrefixes = "grdb-prefixes"
    /// GRDB's `FTS5Pattern(matchingPhrase:)`.
    case grdbPhrase = "grdb-phrase"
    /// GRDB's `FTS5Pattern(matchingPrefixPhrase:)`.
    case grdbPrefixPhrase = "grdb-prefix-phrase"
    /// `Database.makeFTS5Pattern(typed:kind:tokenizer:locale:)` with `.any`, built with the
    /// table's own tokenizer.
    case typedAny = "typed-any"
    /// The same builder with `.all`.
    case typedAll = "typed-all"
    /// The same builder with `.prefixes`.
    case typedPrefixes = "typed-prefixes"
    /// The same builder with `.phrase`.
    case typedPhrase = "typed-phrase"

    /// What a matrix runs unless asked: the bench's own phrase and prefix queries.
    public static let defaults: [QueryKind] = [.phrase, .prefix]

    /// Whether this is one of the bench's own kinds (`phrase`, `prefix`), whose pattern is the
    /// quoted query and whose CSV rows need no `pattern` or `verdict` column.
    package var isBenchQuery: Bool { self == .phrase || self == .prefix }

    /// The builder's kind for a `typed-*` kind, whose pattern needs the table's tokenizer; nil
    /// for every other kind.
    package var typedKind: TypedQueryKind? {
        switch self {
        case .typedAny: .any
        case .typedAll: .all
        case .typedPrefixes: .prefixes
        case .typedPhrase: .phrase
        default: nil
        }
    }

    /// Whether the pattern comes from one of GRDB's `FTS5Pattern` builders.
    package var isGRDBBuilder: Bool { rawValue.hasPrefix("grdb-") }

    /// The MATCH expression for `query` of this kind; nil where GRDB's builder returns nil (the
    /// text has no token under FTS5's `ascii` tokenizer), and for the `typed-*` kinds, whose
    /// pattern needs the table's tokenizer (`Database.makeFTS5Pattern`).
    ///
    /// GRDB's builders are GRDB's own code, called: they tokenize on GRDB's SQLite (the system's)
    /// whatever the table's tokenizer and engine are, as they do in an app.
    public func matchExpression(for query: String) -> String? {
        switch self {
        case .phrase: TypedPatternBuilder.quoted(query)
        case .prefix: TypedPatternBuilder.quoted(query) + " *"
        case .raw: query
        case .grdbAny: FTS5Pattern(matchingAnyTokenIn: query)?.rawPattern
        case .grdbAll: FTS5Pattern(matchingAllTokensIn: query)?.rawPattern
        case .grdbPrefixes: FTS5Pattern(matchingAllPrefixesIn: query)?.rawPattern
        case .grdbPhrase: FTS5Pattern(matchingPhrase: query)?.rawPattern
        case .grdbPrefixPhrase: FTS5Pattern(matchingPrefixPhrase: query)?.rawPattern
        case .typedAny, .typedAll, .typedPrefixes, .typedPhrase: nil
        }
    }

    /// The tokenization mode FTS5 uses for the query text of this kind: prefix for the kinds
    /// whose every term is a prefix query.
    package var tokenizationMode: TokenizationMode {
        switch self {
        case .prefix, .grdbPrefixes, .typedPrefixes: return .prefix
        default: return .query
        }
    }
}

/// Query kinds cross from the bench to a worker process as JSON.
extension QueryKind: Codable {}
