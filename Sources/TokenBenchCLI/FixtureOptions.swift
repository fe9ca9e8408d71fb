import ArgumentParser
import TokenBench

/// Which fixture cases a command runs.
struct FixtureOptions: ParsableArguments {
    @Option(
        name: .customLong("fixtures"),
        help: "A fixture file or directory to run instead of the embedded defaults; repeatable.")
    var fixturePaths: [String] = []

    @Option(name: .customLong("category"), help: "Run only the cases of this category; repeatable.")
    var categories: [String] = []

    @Option(name: .customLong("case"), help: "Run only the case with this id; repeatable.")
    var caseIDs: [String] = []

    /// The selected cases; an empty selection is an error, since it would check nothing.
    func load() throws -> FixtureSet {
        let fixtures = try (fixturePaths.isEmpty ? FixtureSet.defaults() : FixtureSet.load(paths: fixturePaths))
            .filtered(categories: categories, ids: caseIDs)
        guard !fixtures.cases.isEmpty else {
            throw TokenBenchError.invalidArgument(
                name: "--category/--case", value: (categories + caseIDs).joined(separator: ","),
                reason: "no fixture case is selected")
        }
        return fixtures
    }
}
