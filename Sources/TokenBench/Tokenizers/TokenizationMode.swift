import GRDB

/// The reasons FTS5 gives a tokenizer for tokenizing text (the `FTS5_TOKENIZE_*` flags).
public enum TokenizationMode: String, CaseIterable, Sendable {
    /// Text inserted into, or deleted from, an FTS5 table.
    case document
    /// The text of a query term or phrase.
    case query
    /// A query term followed by `*`: the last token is a prefix (QUERY | PREFIX).
    case prefix
    /// Text tokenized for an auxiliary function such as highlight() or snippet().
    case aux

    /// The flags FTS5 passes to xTokenize for this mode.
    public var tokenization: FTS5Tokenization {
        switch self {
        case .document: return .document
        case .query: return .query
        case .prefix: return [.query, .prefix]
        case .aux: return .aux
        }
    }
}
