import ArgumentParser
import Foundation
import TokenBench

struct CheckCommand: OwnTokenizerCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract:
            "Recompute a golden match matrix in this environment and list every cell that changed; or, with --quality, gate search quality.",
        discussion: """
            The baseline is a long matrix CSV from 'tokenbench matrix -o FILE'; its tokenizers, engines, \
            form pairs and query kinds are recomputed on the fixtures (--engine limits the engines). Tokenizers this SQLite lacks are \
            reported as skipped. When cells changed and an env.csv from 'tokenbench env' lies beside \
            the baseline, the environment differences are listed too.
            With --quality FILE, a summary from 'tokenbench quality -o FILE' is the baseline instead: each \
            row is run again with this build on the collection the file names, and a row whose nDCG@10 \
            falls with p < --alpha (a paired randomization test against the row's per-query figures) \
            fails the check; stderr lists the queries it lost, with their tokens now.
            Exit status: 0 every cell is identical (no row regressed); 1 some cell changed (some row \
            regressed, or a tokenizer died); 2 bad usage or input, or the quality collection changed \
            since the baseline was written.
            """)

    @Option(help: "The golden matrix CSV to compare with.")
    var baseline: String = "results/matrix.csv"

    @Option(
        help: "The 'tokenbench env' CSV of the baseline's environment; default env.csv beside the baseline, if present."
    )
    var baselineEnv: String?

    @Option(
        help:
            "A quality summary from 'tokenbench quality -o': run its rows again on its collection and fail on a significant fall of nDCG@10, instead of checking the match matrix."
    )
    var quality: String?

    @Option(help: "With --quality: the significance level of the randomization test.")
    var alpha: Double = 0.05

    @OptionGroup var workbenchOptions: TokenizerAndEngineOptions<CheckDefaults>

    @OptionGroup var selection: FixtureOptions

    @OptionGroup var isolationOptions: IsolationOptions

    func validate() throws {
        guard quality != nil else {
            if alpha != 0.05 { throw ValidationError("--alpha is the significance level of --quality's check") }
            return
        }
        if baseline != "results/matrix.csv" {
            throw ValidationError(
                "--baseline is the match matrix to check; --quality names the quality summary instead")
        }
        let matrixOnly = [
            ("--tokenizer", !workbenchOptions.tokenizerSpecs.isEmpty),
            ("--engine", !workbenchOptions.engineArguments.isEmpty),
            ("--fixtures", !selection.fixturePaths.isEmpty), ("--category", !selection.categories.isEmpty),
            ("--case", !selection.caseIDs.isEmpty), ("--baseline-env", baselineEnv != nil),
        ].filter(\.1).map(\.0)
        if let option = matrixOnly.first {
            throw ValidationError(
                "\(option) selects what the match matrix check runs; --quality runs the rows of its file on their own collection"
            )
        }
        guard alpha > 0, alpha < 1 else { throw ValidationError("--alpha '\(alpha)': expected between 0 and 1") }
    }

    func run(registering own: OwnTokenizers) throws {
        let workbench = try workbenchOptions.makeWorkbench(registering: own, isolation: isolationOptions.isolation)
        if let quality {
            try checkQuality(baseline: quality, workbench: workbench)
            return
        }
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
        // A tokenizer that now crashes or hangs (its constructor too) loses its cells, which show
        // as changed below; the deaths say why.
        printLosses(check.losses)
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

    /// `check --quality`: the verdicts on stdout, the regressions and their lost queries on stderr.
    private func checkQuality(baseline path: String, workbench: Workbench) throws {
        let showProgress = isatty(STDERR_FILENO) != 0
        let check = try workbench.checkQuality(
            baseline: path, alpha: alpha, parallelUnits: isolationOptions.jobs ?? 1
        ) { line in
            if showProgress { printError("tokenbench: \(line)") }
        }
        guard check.verdicts.contains(where: { $0.outcome != .skipped }) else {
            let reasons = check.verdicts.map { "\($0.before.key): \($0.skipReason)" }
            throw TokenBenchError.invalidArgument(
                name: "--quality", value: path,
                reason: "no row could be run here (\(reasons.prefix(3).joined(separator: "; ")))")
        }
        print(QualityRegressionCheck.Verdict.csvTable(check.verdicts).csv(), terminator: "")
        for skipped in check.verdicts where skipped.outcome == .skipped {
            printError("tokenbench: skipped \(skipped.before.key): \(skipped.skipReason)")
        }
        for regression in check.regressions {
            for line in regression.readableLines { printError(line) }
        }
        printLosses(check.losses)
        let regressed = check.regressions.count
        if regressed > 0 {
            printError(
                "tokenbench: \(regressed) of \(check.verdicts.count) rows regressed against \(path) (alpha \(alpha)); if the change is intended, write it again with 'tokenbench quality -o \(path)'"
            )
            throw ExitCode(1)
        }
        printError("tokenbench: no row of \(path) regressed (\(check.verdicts.count) rows, alpha \(alpha))")
        if !check.losses.isEmpty { throw ExitCode(1) }
    }

    /// What differs between the baseline's environment and this one, when it is known; "" when not.
    private func environmentDifferences(_ workbench: Workbench) throws -> String {
        let path = baselineEnv ?? EnvironmentFingerprint.path(beside: baseline)
        guard baselineEnv != nil || FileManager.default.fileExists(atPath: path) else { return "" }
        let before = try EnvironmentFingerprint.load(path: path)
        let environment = try workbench.environment(engines: workbenchOptions.engines)
        printLosses(environment.losses)
        let now = EnvironmentFingerprint(pairs: environment.pairs)
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

/// `check` recomputes what its baseline holds.
enum CheckDefaults: TokenizerAndEngineDefaults {
    static var tokenizers: String {
        "the baseline's; one named must be in it (not with --quality, whose rows name theirs)"
    }
    static var engines: String { "the baseline's" }
}
