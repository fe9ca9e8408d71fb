extension MatchMatrix {
    /// Where the typed builder's patterns break what `Database.makeFTS5Pattern` promises, one
    /// line each: a quoted phrase of the text finds the document but `typed-phrase` does not;
    /// `typed-all` misses what `typed-phrase` finds, `typed-any` or `typed-prefixes` what
    /// `typed-all` finds; or a `typed-*` cell is an error or lost. Each rule is checked where
    /// both its kinds ran.
    package func typedPatternViolations() -> [String] {
        let rules: [(QueryKind, QueryKind)] = [
            (.phrase, .typedPhrase), (.typedPhrase, .typedAll), (.typedAll, .typedAny), (.typedAll, .typedPrefixes),
        ]
        var violations: [String] = []
        for cell in cells where cell.queryKind.typedKind != nil {
            switch cell.result {
            case .error, .lost: violations.append("\(cell.coordinate): \(cell.result.wording)")
            default: break
            }
        }
        for cell in cells where cell.result == .matched {
            for (finder, wider) in rules where cell.queryKind == finder {
                var coordinate = cell.coordinate
                coordinate.queryKind = wider
                if let other = self.cell(at: coordinate), other.result != .matched {
                    violations.append(
                        "\(coordinate): \(other.result.wording) where \(finder.rawValue) finds the document (pattern \(other.pattern ?? "none"))"
                    )
                }
            }
        }
        return violations
    }
}
