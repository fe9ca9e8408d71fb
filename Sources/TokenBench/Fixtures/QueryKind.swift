/// How a case's query is run against the FTS5 table.
public enum QueryKind: String, CaseIterable, Sendable {
    /// The query as one phrase: `"…"`, inner quotes doubled.
    case phrase
    /// The same phrase as a prefix query: `"…" *`.
    case prefix

    /// The MATCH expression for `query` of this kind.
    public func matchExpression(for query: String) -> String {
        let phrase = "\"" + query.replacingOccurrences(of: "\"", with: "\"\"") + "\""
        switch self {
        case .phrase: return phrase
        case .prefix: return phrase + " *"
        }
    }

    /// The tokenization mode FTS5 uses for the query text of this kind.
    package var tokenizationMode: TokenizationMode {
        switch self {
        case .phrase: return .query
        case .prefix: return .prefix
        }
    }
}

/// Query kinds cross from the bench to a worker process as JSON.
extension QueryKind: Codable {}
