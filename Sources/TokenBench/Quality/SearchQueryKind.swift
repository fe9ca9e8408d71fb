/// How a quality run turns a query's text into an FTS5 MATCH expression, as a search box
/// would: each white-space-separated word is quoted as an FTS5 string (inner quotes doubled),
/// so no word is read as FTS5 syntax, and inside each string the tokenizer's query mode
/// decides the tokens.
public enum SearchQueryKind: String, CaseIterable, Sendable {
    /// Any word: `"w1" OR "w2" OR …`.
    case any
    /// Every word: `"w1" AND "w2" AND …`.
    case all
    /// The words in order, adjacent: the whole text as one phrase, `"w1 w2 …"`.
    case phrase
    /// The query text passed to MATCH unchanged (`--query-syntax fts5`).
    case fts5

    /// The kinds a search box offers; `fts5` is chosen with the query syntax instead.
    package static let searchBox: [SearchQueryKind] = [.any, .all, .phrase]

    /// The MATCH expression for `text`; nil when the text has no word at all.
    package func matchExpression(for text: String) -> String? {
        if self == .fts5 { return text.isEmpty ? nil : text }
        let words = text.split(whereSeparator: { $0.isWhitespace }).map(String.init)
        guard !words.isEmpty else { return nil }
        switch self {
        case .any: return words.map(Self.quoted).joined(separator: " OR ")
        case .all: return words.map(Self.quoted).joined(separator: " AND ")
        case .phrase, .fts5: return Self.quoted(words.joined(separator: " "))
        }
    }

    private static func quoted(_ word: String) -> String {
        "\"" + word.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
