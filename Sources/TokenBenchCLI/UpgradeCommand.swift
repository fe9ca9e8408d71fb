import ArgumentParser
import Foundation
import TokenBench

struct UpgradeCommand: OwnTokenizerCommand {
    static let configuration = CommandConfiguration(
        commandName: "upgrade",
        abstract: "Check that each tokenizer's FTS5 index survives a change of SQLite, both ways.",
        discussion: """
            For each tokenizer, one engine builds an index file of the fixtures' documents, the \
            conformance inputs, every Unicode scalar value and --corpus lines; the other engine \
            opens the same file and runs FTS5's integrity-check and the fixtures' queries. One row \
            per tokenizer and direction: tokenizer,from,to,intact,queries_differing,first_difference,… \
            Each tokenizer runs in a worker: a document on which it crashes or hangs is left out, \
            and the row's error column says so. Exit status: 0 every index intact; 1 some index \
            does not survive, or a tokenizer crashed or timed out; 2 bad usage or input; 3 SQLite \
            failure.
            """)

    @OptionGroup var workbenchOptions: TokenizerAndEngineOptions<UpgradeDefaults>

    @OptionGroup var isolationOptions: IsolationOptions

    @Option(
        help:
            "The engine that builds the index: system, bundled, a version built with 'tokenbench engine build' or a libsqlite3 path (default: \(SQLiteEngine.system.name))."
    )
    var from: String?

    @Option(help: "The engine that opens it afterwards (default: \(SQLiteEngine.bundled.name)).")
    var to: String?

    @Option(
        help: ArgumentHelp(
            "Engines in the order an app upgrades through them, comma-separated (3.40.1,3.45.1,3.47.0,3.54.1): each step is checked, both ways unless --one-way. Instead of --from and --to.",
            valueName: "engines"))
    var path: String?

    @Flag(help: "Check only each step's way forward (--from → --to), not the way back.")
    var oneWay = false

    /// The engines named, in upgrade order: --path's, or --from and --to.
    var engineNames: [String] {
        path.map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
            ?? [from ?? SQLiteEngine.system.name, to ?? SQLiteEngine.bundled.name]
    }

    /// Each step of the path, forward and (unless --one-way) back.
    func directions(through engines: [SQLiteEngine]) -> [UpgradeDirection] {
        zip(engines, engines.dropFirst()).flatMap { from, to in
            oneWay ? [UpgradeDirection(from: from, to: to)] : UpgradeDirection.bothWays(from, to)
        }
    }

    @Option(
        name: .customLong("corpus"),
        help: "A text file whose every line is one more document (bytes as they are); repeatable.")
    var corpusFiles: [String] = []

    @Flag(
        inversion: .prefixedNo,
        help: "Index every Unicode scalar value too, 128 to a document, so a change in Unicode tables shows.")
    var everyScalarValue = true

    @Flag(
        name: .customLong("only-corpus"),
        help:
            "Index the --corpus lines and nothing else (no fixture documents, conformance inputs or scalar values): is your own text safe?"
    )
    var onlyCorpus = false

    @Option(
        help:
            "Build a locale=1 index, every document and query given this locale through fts5_locale() (SQLite 3.47 and later)."
    )
    var locale: String?

    @Flag(help: "Build a tokendata=1 index (SQLite 3.45 and later).")
    var tokendata = false

    @Flag(help: "Print progress on stderr even when it is not a terminal.")
    var progress = false

    @OptionGroup var selection: FixtureOptions

    @OptionGroup var sharding: ShardOptions

    @OptionGroup var output: OutputOptions

    func validate() throws {
        if let locale, locale.isEmpty || locale.contains("\0") {
            throw ValidationError("--locale '\(locale)': give a locale such as tr or de_CH, without NUL")
        }
        if onlyCorpus && corpusFiles.isEmpty {
            throw ValidationError("--only-corpus: give the text to check with --corpus FILE")
        }
        guard workbenchOptions.engineArguments.isEmpty else {
            throw ValidationError("--engine: upgrade takes --from and --to instead")
        }
        if let path {
            guard from == nil && to == nil else {
                throw ValidationError("--path '\(path)': it replaces --from and --to; give one or the other")
            }
            guard engineNames.count >= 2 else {
                throw ValidationError("--path '\(path)': name at least two engines, comma-separated")
            }
        }
        var engines: [SQLiteEngine] = []
        for (index, name) in engineNames.enumerated() {
            let flag = path == nil ? (index == 0 ? "--from" : "--to") : "--path"
            do {
                engines += try SQLiteEngine.named([name])
            } catch let error as TokenBenchError {
                throw ValidationError(error.namingFlags.description.replacingOccurrences(of: "--engine", with: flag))
            }
        }
        guard Set(engines).count == engines.count else {
            throw ValidationError(
                path.map { "--path '\($0)': name each engine once (two of its names are the same engine)" }
                    ?? "--from '\(engineNames[0])' --to '\(engineNames[1])': name two different engines")
        }
    }

    func run(registering own: OwnTokenizers) throws {
        let workbench = try workbenchOptions.makeWorkbench(registering: own, isolation: isolationOptions.isolation)
        let engines = try SQLiteEngine.named(engineNames)
        do {
            try workbench.checkLoadedEngines(engines)
        } catch TokenBenchError.invalidArgument(name: "engine", let engine, let reason) {
            // The check refuses an engine as `--engine`; here the engine came from another flag.
            let flag = path != nil ? "--path" : engineNames.first == engine ? "--from" : "--to"
            throw TokenBenchError.invalidArgument(name: flag, value: engine, reason: reason)
        }
        let directions = directions(through: engines)
        var inputs = try UpgradeInputs.make(
            fixtures: try selection.load(), corpusFiles: corpusFiles, everyScalarValue: everyScalarValue,
            onlyCorpus: onlyCorpus)
        inputs.locale = locale
        inputs.tokendata = tokendata
        try Self.requireTableOptions(
            of: inputs, in: directions, option: locale != nil ? "--locale" : "--tokendata")
        let showProgress = progress || isatty(STDERR_FILENO) != 0
        // Both engines must run a tokenizer: a table that one of them cannot open says nothing
        // about the upgrade. A spec neither runs is bad input; one whose constructor crashes or
        // hangs runs, and its rows say so.
        var specs = try workbenchOptions.plan(on: workbench, engines: engines, rules: .init(requireEveryEngine: true))
            .specs
        if let shard = sharding.shard { specs = shard.slice(specs) }
        let report = try workbench.upgrade(of: specs, inputs: inputs, directions: directions) { line in
            if showProgress { printError("tokenbench: \(line)") }
        }
        let rows = report.rows
        try output.emit(UpgradeRow.table(rows))
        printLosses(report.losses)
        let broken = rows.compactMap(\.failure)
        for failure in broken {
            printError("tokenbench: \(failure)")
        }
        let differing = rows.filter { !$0.queriesDiffering.isEmpty }
        for row in differing {
            printError(
                "tokenbench: \(row.tokenizer): \(row.queriesDiffering.count) queries answer differently on \(row.to) than on \(row.from), first \(row.queriesDiffering[0])"
            )
        }
        if !broken.isEmpty {
            // 'rebuild' cannot help where the other SQLite refuses the table itself (a locale=1
            // or tokendata=1 table on 3.40.1).
            let advice =
                rows.contains { $0.failure != nil && $0.rebuildRepairs == false }
                ? "where 'rebuild' does not repair one, create the table anew from its content or keep the SQLite version"
                : "rebuild them after the change ('rebuild') or keep the SQLite version"
            printError(
                "tokenbench: \(broken.count) of \(rows.count) indexes do not survive; \(advice) (Documentation/Upgrade.md)"
            )
            throw ExitCode(1)
        }
        if !report.losses.isEmpty { throw ExitCode(1) }
    }

    /// A direction whose first engine cannot build the index's table (`--locale` before SQLite
    /// 3.47) is said on stderr: it has no verdict. When no direction's can, nothing could run:
    /// exit 2.
    static func requireTableOptions(of inputs: UpgradeInputs, in directions: [UpgradeDirection], option: String)
        throws
    {
        let lacking = directions.compactMap { direction in inputs.lacking(on: direction.from).map { (direction, $0) } }
        guard lacking.count < directions.count else {
            throw TokenBenchError.invalidArgument(
                name: option,
                value: inputs.locale ?? directions.map(\.from.name).uniquedInOrder().joined(separator: ","),
                reason:
                    "no engine that builds an index here can: \(lacking.map { "\($0.0.from.name): \($0.1)" }.uniquedInOrder().joined(separator: "; "))"
            )
        }
        for (direction, reason) in lacking {
            printError(
                "tokenbench: \(option): the \(direction.from.name) engine cannot build the index (\(reason)): \(direction) has no verdict"
            )
        }
    }
}

/// `upgrade` runs on the two engines --from and --to name, and refuses --engine.
enum UpgradeDefaults: TokenizerAndEngineDefaults {
    static var takesEngine: Bool { false }
}
