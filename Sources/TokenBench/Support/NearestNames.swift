/// The known names nearest a misspelled one, for messages that say what was probably meant: a
/// fixture's tokenizer label, a subcommand, a tokenizer spec. One measure for all of them, so
/// that every suggestion the tool makes follows the same rule.
package enum NearestNames {
    /// Up to three names at the smallest edit distance from `name`, when that distance is at
    /// most a third of its length (plus one): suggestions, not guesses. Sorted; empty when no
    /// name is that near.
    package static func nearest(to name: String, among known: some Sequence<String>) -> [String] {
        let limit = name.count / 3 + 1
        let scored = Set(known).map { (name: $0, distance: editDistance(Array(name), Array($0))) }
            .filter { $0.distance <= limit }
        guard let best = scored.map(\.distance).min() else { return [] }
        return scored.filter { $0.distance == best }.map(\.name).sorted().prefix(3).map { $0 }
    }

    /// Levenshtein distance over characters.
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1] + Array(repeating: 0, count: b.count)
            for (j, y) in b.enumerated() {
                current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}
