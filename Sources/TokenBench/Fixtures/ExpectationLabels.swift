/// The tokenizer labels a run can know: an expectation naming any other label can never be
/// checked, so a misspelling (`match: latinasci`) would pass silently.
enum ExpectationLabels {
    /// Throws for the first case whose expectation names a label that is neither a catalog
    /// entry's (what `tokenbench list` shows: the workbench's `catalog`, with the user's own
    /// types) nor a tokenizer of this run, with its file, line and the nearest known labels.
    static func check(_ cases: [MatchCase], catalog: [TokenizerCatalog.Entry], runTokenizers: [TokenizerSpec]) throws {
        let known = Set(catalog.map(\.spec.name) + runTokenizers.map(\.name))
        for matchCase in cases {
            for label in matchCase.expectations.keys.sorted() where !known.contains(label) {
                let nearest = NearestNames.nearest(to: label, among: known)
                throw TokenBenchError.invalidFixture(
                    file: matchCase.location.file, line: matchCase.location.line,
                    reason:
                        "case \(matchCase.id) expects a verdict of '\(label)', which is neither in the catalog ('tokenbench list') nor a --tokenizer of this run"
                        + (nearest.isEmpty
                            ? "" : "; did you mean \(nearest.map { "'\($0)'" }.joined(separator: ", "))?"))
            }
        }
    }
}
