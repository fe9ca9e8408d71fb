/// What `Database.makeFTS5Pattern(typed:kind:tokenizer:locale:)` and the SQL function
/// `tokenbench_pattern` build from a user's text, its pieces quoted (`"grey" "cat"`):
public enum TypedQueryKind: String, CaseIterable, Sendable {
    /// Any piece: `"a" OR "b"`.
    case any
    /// Every piece, anywhere in the row: `"a" "b"`.
    case all
    /// Every piece as a prefix: `"a"* "b"*`.
    case prefixes
    /// The pieces in a row, as one phrase: `"a" + "b"`, which finds what the whole text as one
    /// quoted phrase finds.
    case phrase

    /// The pattern of the quoted pieces; nil for none.
    func pattern(of quotedPieces: [String]) -> String? {
        guard !quotedPieces.isEmpty else { return nil }
        switch self {
        case .any: return quotedPieces.joined(separator: " OR ")
        case .all: return quotedPieces.joined(separator: " ")
        case .prefixes: return quotedPieces.map { $0 + "*" }.joined(separator: " ")
        case .phrase: return quotedPieces.joined(separator: " + ")
        }
    }
}
