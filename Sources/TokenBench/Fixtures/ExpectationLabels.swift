/// The tokenizer labels a run can know: an expectation naming any other label can never be
/// checked, so a misspelling (`match: latinasci`) would pass silently.
enum ExpectationLabels {
    /// Throws for the first case whose expectation names a label that is neither a catalog
    /// entry's (what `tokenbench list` shows) nor a tokenizer of this run, with its file, line
    /// and the nearest known labels.
    static func check(_ cases: [MatchCase], runTokenizers: [TokenizerSpec]) throws {
        let known = Set(TokenizerCatalog.all.map(\.spec.name) + runTokenizers.map(\.name))
        for matchCase in cases {
            for label in matchCase.expectations.keys.sorted() where !known.contains(label) {
                let nearest = nearestLabels(to: label, among: known)
                throw TokenBenchError.invalidFixture(
                    file: matchCase.location.file, line: matchCase.location.line,
                    reason:
                        "case \(matchCase.id) expects a verdict of '\(label)', which is neither in the catalog ('tokenbench list') nor a --tokenizer of this run"
                        + (nearest.isEmpty
                            ? "" : "; did you mean \(nearest.map { "'\($0)'" }.joined(separator: ", "))?"))
            }
        }
    }

    /// Up to three labels at the smallest edit distance from `label`, when that distance is at
    /// most a third of its length (plus one): suggestions, not guesses.
    static func nearestLabels(to label: String, among known: Set<String>) -> [String] {
        let limit = label.count / 3 + 1
        let scored = known.map { (label: $0, distance: editDistance(Array(label), Array($0))) }
            .filter { $0.distance <= limit }
        guard let best = scored.map(\.distance).min() else { return [] }
        return scored.filter { $0.distance == best }.map(\.label).sorted().prefix(3).map { $0 }
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
