import GRDB
import TokenBenchTokenizers

/// How a quality run turns a query's text into an FTS5 MATCH expression, as a search box
/// would: each white-space-separated word is quoted as an FTS5 string (inner quotes doubled),
/// so no word is read as FTS5 syntax, and inside each string the tokenizer's query mode
/// decides the tokens. Or as an app builds it from the text: GRDB's `FTS5Pattern` builders
/// (`grdb-*`), or TokenBenchTokenizers' builder with the table's tokenizer (`typed-*`,
/// [Queries](Queries.md)).
public enum SearchQueryKind: String, CaseIterable, Sendable {
    /// Any word: `"w1" OR "w2" OR …`.
    case any
    /// Every word: `"w1" AND "w2" AND …`.
    case all
    /// The words in order, adjacent: the whole text as one phrase, `"w1 w2 …"`.
    case phrase
    /// The query text passed to MATCH unchanged (`--query-syntax fts5`).
    case fts5
    /// GRDB's `FTS5Pattern(matchingAnyTokenIn:)`, `matchingAllTokensIn`, `matchingAllPrefixesIn`,
    /// `matchingPhrase` and `matchingPrefixPhrase`, called.
    case grdbAny = "grdb-any"
    case grdbAll = "grdb-all"
    case grdbPrefixes = "grdb-prefixes"
    case grdbPhrase = "grdb-phrase"
    case grdbPrefixPhrase = "grdb-prefix-phrase"
    /// `Database.makeFTS5Pattern(typed:kind:tokenizer:)` with the index's own tokenizer.
    case typedAny = "typed-any"
    case typedAll = "typed-all"
    case typedPrefixes = "typed-prefixes"
    case typedPhrase = "typed-phrase"

    /// The kinds `--query-kind` offers; `fts5` is chosen with the query syntax instead.
    package static let searchBox: [SearchQueryKind] = allCases.filter { $0 != .fts5 }

    /// The matrix's query kind of the same builder, for the kinds an app's builder makes: the
    /// one spelled the same (`phrase` is the bench's there, `fts5` is `raw`'s text unchanged).
    private var appKind: QueryKind? {
        QueryKind(rawValue: rawValue).flatMap { $0.isBenchQuery ? nil : $0 }
    }

    /// The typed builder's kind for a `typed-*` kind, whose pattern needs the index's tokenizer.
    package var typedKind: TypedQueryKind? { appKind?.typedKind }

    /// Whether the kind's expressions end their words with `*`: FTS5 prefix queries.
    package var matchesPrefixes: Bool { [.typedPrefixes, .grdbPrefixes, .grdbPrefixPhrase].contains(self) }

    /// Whether the pattern runs as its builder made it, whatever the tokenizer makes of the words:
    /// the text unchanged, or an app's builder's.
    package var runsAsBuilt: Bool { self == .fts5 || appKind != nil }

    /// The MATCH expression for `text`; nil when the text has no word at all, where GRDB's builder
    /// returns nil, and for the `typed-*` kinds, whose pattern needs the index's tokenizer.
    package func matchExpression(for text: String) -> String? {
        if self == .fts5 { return text.isEmpty ? nil : text }
        if let appKind { return appKind.matchExpression(for: text) }
        let words = text.split(whereSeparator: { $0.isWhitespace }).map(String.init)
        guard !words.isEmpty else { return nil }
        switch self {
        case .any: return words.map(Self.quoted).joined(separator: " OR ")
        case .all: return words.map(Self.quoted).joined(separator: " AND ")
        default: return Self.quoted(words.joined(separator: " "))
        }
    }

    private static func quoted(_ word: String) -> String { TypedPatternBuilder.quoted(word) }
}
