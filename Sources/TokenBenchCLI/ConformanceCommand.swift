import ArgumentParser
import Foundation
import TokenBench

struct ConformanceCommand: OwnTokenizerCommand {
    static let configuration = CommandConfiguration(
        commandName: "conformance",
        abstract:
            "Check that tokenizers keep FTS5's contract: offsets, flags, no read past nText, determinism, error codes.",
        discussion: """
            Each tokenizer runs over every fixture document and query, edge cases (empty input, NUL \
            bytes, invalid UTF-8), two 1 MB inputs, 100 kB single words and seeded random input, in \
            document, query, prefix and aux modes, on each engine. One CSV row per finding: \
            tokenizer,engine,check,severity,mode,input,detail. The input label reproduces the input from the seed. \
            A tokenizer that crashes or hangs on an input (or makes FTS5 crash on its output) has a \
            crash or timeout finding there, and the checks go on in a new worker.
            Exit status: 0 no error (warnings allowed); 1 some check found an error; 2 bad usage or input.
            """)

    @OptionGroup var workbenchOptions: TokenizerAndEngineOptions<CatalogDefaults>

    @OptionGroup var isolationOptions: IsolationOptions

    @Option(help: "The seed of the random inputs; the same seed gives the same inputs.")
    var seed: UInt64 = ConformanceCorpus.defaultSeed

    @Option(help: "How many random inputs to generate.")
    var iterations: Int = ConformanceCorpus.defaultIterations

    @Option(help: "How many threads tokenize at once in the threads check; 0 or 1 skips that check.")
    var threads: Int = ConformanceOptions().threadCount

    @Flag(inversion: .prefixedNo, help: "Add the 1 MB inputs and the 100 kB single words.")
    var largeInputs = true

    @Option(help: "List at most this many findings per tokenizer, check and mode.")
    var findingsPerCheck: Int = ConformanceOptions().findingsPerCheck

    @Option(
        help: "A CSV of accepted errors (tokenizer,engine,check,reason): they are still listed but do not fail the run."
    )
    var known: String?

    @Flag(
        help:
            "Check the tokens as a tokendata=1 table reads them (SQLite 3.45 and later): the index-integrity table is one, and the query round trip compares keys."
    )
    var tokendata = false

    @OptionGroup var selection: FixtureOptions

    @OptionGroup var sharding: ShardOptions

    @OptionGroup var output: OutputOptions

    func validate() throws {
        guard iterations >= 0 else { throw ValidationError("--iterations '\(iterations)': must be 0 or more") }
        guard threads >= 0 else { throw ValidationError("--threads '\(threads)': must be 0 or more") }
        guard findingsPerCheck >= 1 else {
            throw ValidationError("--findings-per-check '\(findingsPerCheck)': must be 1 or more")
        }
    }

    func run(registering own: OwnTokenizers) throws {
        let workbench = try workbenchOptions.makeWorkbench(registering: own, isolation: isolationOptions.isolation)
        let knownIssues = try known.map(ConformanceKnownIssues.load(path:)) ?? ConformanceKnownIssues()
        let inputs = ConformanceCorpus.make(
            fixtures: try selection.load(), seed: seed, iterations: iterations, large: largeInputs)
        var table = CSVTable(header: ConformanceFinding.tableHeader)
        // Every tokenizer × engine pair is a unit of its own, run in workers on all cores (or, with
        // --in-process, on threads here); the reports come back in the order of the pairs.
        // A tokenizer whose constructor crashes or hangs is judged too: its unit reports that as
        // a `crash` or `timeout` finding (exit 1).
        var pairs = try workbenchOptions.plan(on: workbench).pairs
        if tokendata { pairs = try TokenizerArguments.enginesWithTokendata(pairs) }
        if let shard = sharding.shard { pairs = shard.slice(pairs) }
        let reports = try workbench.conformanceReports(
            of: pairs, inputs: inputs,
            options: ConformanceOptions(threadCount: threads, findingsPerCheck: findingsPerCheck, tokendata: tokendata))
        for report in reports {
            table.rows += report.findings.map(\.tableRow)
            let knownCount = knownIssues.verdict(on: [report]).knownErrors.count
            printError(
                "tokenbench: \(report.tokenizer) on \(report.engine): \(report.errorCount) errors\(knownCount == 0 ? "" : " (\(knownCount) known)"), "
                    + "\(report.warningCount) warnings (\(report.inputCount) inputs, \(report.tokenizeCalls) xTokenize calls, \(report.indexIntegrity))"
            )
        }
        let verdict = knownIssues.verdict(on: reports)
        for entry in verdict.knownIssuesNotFound {
            printError(
                "tokenbench: known issue not found this time: \(entry.tokenizer) on \(entry.engine) \(entry.check.rawValue) (\(entry.reason))"
            )
        }
        try output.emit(table)
        if !verdict.passes {
            printError("tokenbench: \(verdict.unknownErrors.count) errors break FTS5's tokenizer contract")
            throw ExitCode(1)
        }
    }
}
