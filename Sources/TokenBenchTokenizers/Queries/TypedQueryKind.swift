/// What `Database.makeFTS5Pattern(typed:kind:tokenizer:locale:)` and the SQL function
/// `tokenbench_pattern` build from a user's text, its pieces quoted (`"grey" "cat"`). The pieces
/// of one typed name are one phrase in every kind (`"3" + "14"` for unicode61's `3.14`), written
/// `w` below:
public enum TypedQueryKind: String, CaseIterable, Sendable {
    /// Any word: `w1 OR w2`.
    case any
    /// Every word, anywhere in the row: `w1 w2`.
    case all
    /// Every word, its last piece a prefix: `"a"* "b" + "c"*`.
    case prefixes
    /// The pieces in a row, as one phrase: `"a" + "b"`, which finds what the whole text as one
    /// quoted phrase finds.
    case phrase

    /// The pattern of the words, each its quoted pieces; nil for none.
    func pattern(ofWords words: [[String]]) -> String? {
        guard !words.isEmpty else { return nil }
        let phrases = words.map { $0.joined(separator: " + ") }
        switch self {
        case .any: return phrases.joined(separator: " OR ")
        case .all: return phrases.joined(separator: " ")
        case .prefixes: return phrases.map { $0 + "*" }.joined(separator: " ")
        case .phrase: return phrases.joined(separator: " + ")
        }
    }
}
