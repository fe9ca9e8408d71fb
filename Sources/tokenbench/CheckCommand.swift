import ArgumentParser
import Foundation
import TokenBench

struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Recompute a golden match matrix in this environment and list every cell that changed.",
        discussion: """
            The baseline is a long matrix CSV from 'tokenbench matrix -o FILE'; its tokenizers, engines, \
            form pairs and query kinds are recomputed on the fixtures (--engine limits the engines). Tokenizers this SQLite lacks are \
            reported as skipped. When cells changed and an env.csv from 'tokenbench env' lies beside \
            the baseline, the environment differences are listed too.
            Exit status: 0 every cell is identical; 1 some cell changed; 2 bad usage or input.
            """)

    @Option(help: "The golden matrix CSV to compare with.")
    var baseline: String = "results/matrix.csv"

    @Option(
        help: "The 'tokenbench env' CSV of the baseline's environment; default env.csv beside the baseline, if present."
    )
    var baselineEnv: String?

    @OptionGroup var workbenchOptions: WorkbenchOptions

    @OptionGroup var selection: FixtureOptions

    @OptionGroup var isolationOptions: IsolationOptions

    func run() throws {
        let workbench = try workbenchOptions.makeWorkbench(isolation: isolationOptions.isolation)
        let fixtures = try selection.load()
        let golden = try MatrixBaseline.load(path: baseline)
            .filtered(categories: selection.categories, ids: selection.caseIDs)
        guard !golden.records.isEmpty else {
            throw TokenBenchError.invalidArgument(
                name: "--baseline", value: baseline, reason: "the baseline holds no cell of the selected cases")
        }
        let check = try workbench.regressionCheck(
            baseline: golden, fixtures: fixtures, tokenizers: workbenchOptions.tokenizerSpecs,
            engines: workbenchOptions.engineArguments.isEmpty ? [] : workbenchOptions.engines)
        let comparison = check.comparison

        for skipped in check.skipped {
            printError(
                "tokenbench: skipped tokenizer \(skipped.name) on \(skipped.engine): this environment lacks it (\(skipped.reason))"
            )
        }
        for name in comparison.tokenizersOnlyAfter {
            printError("tokenbench: tokenizer \(name) is not in \(baseline); nothing to compare it with")
        }
        if !check.casesNotInBaseline.isEmpty {
            printError(
                "tokenbench: \(check.casesNotInBaseline.count) fixture cases are not in \(baseline) and were not checked "
                    + "(first: \(check.casesNotInBaseline[0])); regenerate the baseline to cover them")
        }
        guard comparison.comparedCellCount > 0 || !comparison.changes.isEmpty else {
            throw TokenBenchError.invalidArgument(
                name: "--baseline", value: baseline,
                reason:
                    "no cell could be compared (every tokenizer was skipped, or none given with --tokenizer is in the baseline)"
            )
        }
        guard !comparison.isIdentical else {
            printError(
                "tokenbench: all \(comparison.comparedCellCount) cells of \(comparison.sharedTokenizerCount) tokenizers match \(baseline)"
            )
            return
        }
        // Read the baseline's environment before printing anything, so a bad file fails alone.
        let environmentNote = try environmentDifferences(workbench)
        print(comparison.readableReport(), terminator: "")
        print(environmentNote, terminator: "")
        printError(
            "tokenbench: \(comparison.changes.count) of \(comparison.checkedBaselineCellCount) cells differ from \(baseline); "
                + "if the change is intended, regenerate it with 'tokenbench matrix -o \(baseline)'")
        throw ExitCode(1)
    }

    /// What differs between the baseline's environment and this one, when it is known; "" when not.
    private func environmentDifferences(_ workbench: Workbench) throws -> String {
        let path = baselineEnv ?? EnvironmentFingerprint.path(beside: baseline)
        guard baselineEnv != nil || FileManager.default.fileExists(atPath: path) else { return "" }
        let before = try EnvironmentFingerprint.load(path: path)
        let now = EnvironmentFingerprint(pairs: try workbench.environment(engines: workbenchOptions.engines))
        // The CPU changes the speed, never the matching.
        let differences = before.differences(to: now).filter { !$0.key.hasPrefix("cpu_") }
        guard !differences.isEmpty else {
            return "environment: identical to \(path) (apart from the CPU)\n"
        }
        var text = "environment differences (\(path) → now):\n"
        for difference in differences {
            text +=
                "  \(difference.key): \(difference.before.isEmpty ? "(absent)" : difference.before) → \(difference.after.isEmpty ? "(absent)" : difference.after)\n"
        }
        return text
    }
}
