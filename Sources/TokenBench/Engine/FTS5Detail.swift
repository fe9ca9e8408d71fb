/// FTS5's `detail` option: how much the index records of each token's occurrences. It changes
/// both the index's size and which queries can run (phrase and NEAR queries need `full`;
/// column filters need `full` or `column`).
public enum FTS5Detail: String, CaseIterable, Sendable {
    /// Every occurrence's column and position (FTS5's default).
    case full
    /// The columns a token occurs in, without positions.
    case column
    /// Only the rows a token occurs in.
    case none
}

extension FTS5Detail {
    /// The same option in a table recipe, which the engine layer below cannot name this type for.
    var recipeDetail: FTS5TableRecipe.Detail {
        switch self {
        case .full: return .full
        case .column: return .column
        case .none: return .none
        }
    }
}
