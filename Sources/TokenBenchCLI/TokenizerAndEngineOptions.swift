import ArgumentParser
import TokenBench

/// What a command runs when `--tokenizer` or `--engine` is not given, as its `--help` says it:
/// each command's help takes its default from where the command takes it.
protocol TokenizerAndEngineDefaults {
    /// The end of `--tokenizer`'s help: "by default …".
    static var tokenizers: String { get }
    /// The same for `--engine`: "default …".
    static var engines: String { get }
    /// Whether the command takes `--engine` (`upgrade` takes `--from` and `--to`): when it does
    /// not, the option is left out of `--help` and refused by the command.
    static var takesEngine: Bool { get }
}

extension TokenizerAndEngineDefaults {
    static var tokenizers: String {
        "every catalog tokenizer an engine supports ('list' adds these rows to the catalog's)"
    }
    static var engines: String { SQLiteEngine.builtIn.map(\.name).joined(separator: " and ") }
    static var takesEngine: Bool { true }
}

/// The catalog's tokenizers on the built-in engines: most commands.
enum CatalogDefaults: TokenizerAndEngineDefaults {}

/// The tokenizers a command runs, and where extra ones come from.
struct TokenizerAndEngineOptions<Defaults: TokenizerAndEngineDefaults>: ParsableArguments {
    @Option(
        name: .customLong("tokenizer"),
        help: ArgumentHelp(
            "A tokenizer: its FTS5 tokenize= text, LABEL=SPEC, or a label from 'tokenbench list'; repeatable; by default \(Defaults.tokenizers)."
        )
    )
    var tokenizerArguments: [String] = []

    @Option(
        name: .customLong("engine"),
        help: ArgumentHelp(
            "The SQLite to run on: system (the system's libsqlite3), bundled (sqlite-nio's SQLite \(SQLiteEngine.bundled.sqliteVersion)), a version built with 'tokenbench engine build' (such as 3.47.0), or the path of a libsqlite3 file; repeatable, default \(Defaults.engines).",
            visibility: Defaults.takesEngine ? .default : .private)
    )
    var engineArguments: [String] = []

    @Option(
        name: .customLong("load-extension"),
        help:
            "A SQLite loadable extension (PATH or PATH:ENTRY) registering FTS5 tokenizers, loaded on every engine; repeatable."
    )
    var extensionArguments: [String] = []

    /// Each argument as a spec; a bare catalog label (`porter-ascii`) stands for its entry.
    var tokenizerSpecs: [TokenizerSpec] { tokenizerArguments.map(TokenizerArguments.spec(forArgument:)) }

    /// The engines asked for, in the order given, or the built-in ones. `validate()` has
    /// resolved them once already, so this cannot fail.
    var engines: [SQLiteEngine] {
        engineArguments.isEmpty ? SQLiteEngine.builtIn : (try? SQLiteEngine.named(engineArguments)) ?? []
    }

    func validate() throws {
        do {
            _ = try SQLiteEngine.named(engineArguments)
        } catch let error as TokenBenchError {
            throw ValidationError(error.namingFlags.description)
        }
        // Names are compared as Strings, so an NFC and an NFD spelling of one spec are the same
        // name: they would read alike in every output, where a label tells them apart. The value
        // keeps the first spelling's bytes, to say which case it is.
        var seen: [String: String] = [:]
        for spec in tokenizerSpecs {
            guard !spec.text.trimmingCharacters(in: .whitespaces).isEmpty else {
                throw ValidationError("--tokenizer '\(spec.description)': the spec is empty")
            }
            if let earlier = seen[spec.name] {
                let spelling =
                    earlier.utf8.elementsEqual(spec.name.utf8)
                    ? "is given twice" : "is given twice, in two normalization forms (NFC and NFD)"
                throw ValidationError(
                    "--tokenizer '\(spec.description)': the name '\(spec.name)' \(spelling); label one (LABEL=SPEC)")
            }
            seen[spec.name] = spec.name
        }
    }

    /// What every workbench of the command registers: the executable's own types and the
    /// `--load-extension` extensions.
    func workbenchConfiguration(registering own: OwnTokenizers) -> Workbench.Options {
        var options = own.workbenchOptions
        options.extensions = extensionArguments.map(LoadableExtension.init(parsing:))
        return options
    }

    /// The command's workbench, running the judged tokenizers in workers when `isolation` says so.
    /// An engine loaded from a library file opens its first connection in one of those workers
    /// (or in `checkingEnginesIn`'s, for a command that runs here): a library whose own code
    /// crashes is refused by name before this process calls it.
    func makeWorkbench(
        registering own: OwnTokenizers, isolation: WorkerIsolation? = nil, checkingEnginesIn: WorkerIsolation? = nil
    ) throws -> Workbench {
        var options = workbenchConfiguration(registering: own)
        options.isolation = isolation
        let workbench = try Workbench(options: options)
        try workbench.checkLoadedEngines(engines, isolation: checkingEnginesIn)
        return workbench
    }

    /// The tokenizers asked for, or the catalog's entries that the plan runs on one of the
    /// engines, for an operation that plans its run itself (`Workbench.quality`): a bad spec is
    /// reported there, so it is not checked twice.
    func tokenizers(on workbench: Workbench) throws -> [TokenizerSpec] {
        tokenizerSpecs.isEmpty ? try plan(on: workbench).specs : tokenizerSpecs
    }

    /// The run's plan (`Workbench.plan`): the tokenizers named, or the catalog's entries that
    /// one of the engines makes, on `engines` (standing in for `--engine` in a command that picks
    /// its engines otherwise: `upgrade`). A named tokenizer that no engine makes is an error with
    /// the first engine's reason; the engines that cannot run one are said on stderr. A
    /// tokenizer whose constructor crashes or hangs runs, and its units report the death.
    func plan(
        on workbench: Workbench, engines: [SQLiteEngine]? = nil, rules: TokenizerPlan.Rules = .init()
    ) throws -> TokenizerPlan {
        let engines = engines ?? self.engines
        guard !tokenizerSpecs.isEmpty else {
            // The defaults' gaps are what 'tokenbench list' shows.
            var rules = rules
            rules.requireSomeEngine = false
            let plan = try workbench.plan(workbench.catalog.map(\.spec), on: engines, rules: rules)
            // The executable's own types are the user's: where one does not run, say why.
            for skip in plan.skips where workbench.ownTokenizerNames.contains(skip.spec.name) {
                printError("tokenbench: \(skip)")
            }
            return plan
        }
        let plan = try workbench.plan(tokenizerSpecs, on: engines, rules: rules)
        for skip in plan.skips { noteSkipped(skip) }
        return plan
    }

    /// Says on stderr that a tokenizer does not run on an engine, and why, when the user named
    /// the tokenizers; the defaults' gaps are what 'tokenbench list' shows.
    func noteSkipped(_ skip: TokenizerPlan.Skip) {
        guard !tokenizerSpecs.isEmpty else { return }
        printError("tokenbench: \(skip)")
    }
}

/// What the commands do with `--tokenizer`-style arguments, whatever their defaults.
enum TokenizerArguments {
    /// A `--tokenizer`-style argument as a spec: a catalog label, LABEL=SPEC, or a spec.
    static func spec(forArgument argument: String) -> TokenizerSpec {
        TokenizerCatalog.spec(labelled: argument) ?? TokenizerSpec(parsing: argument)
    }

    /// The pairs whose engine has `feature` (`named` in messages); each engine that lacks it is
    /// named once on stderr, and none left is an error (exit 2), said in its one line alone.
    static func pairs(
        _ pairs: [(spec: TokenizerSpec, engine: SQLiteEngine)], having feature: FTS5Feature, named: String,
        option: String, value: String
    ) throws -> [(spec: TokenizerSpec, engine: SQLiteEngine)] {
        let version = feature.since
        let lacking = pairs.map(\.engine).uniquedInOrder().filter { $0.fts5Features?.has(feature) != true }
        let kept = pairs.filter { pair in !lacking.contains(pair.engine) }
        guard !kept.isEmpty else {
            throw TokenBenchError.invalidArgument(
                name: option, value: value,
                reason: "\(named) need SQLite \(version) or later, and no engine of this run has them")
        }
        for engine in lacking {
            printError(
                "tokenbench: \(option): skipped the \(engine.name) engine: \(named) need SQLite \(version) or later, and it is SQLite \(engine.sqliteVersion)"
            )
        }
        return kept
    }

    /// The pairs whose engine makes `tokendata=1` tables (SQLite 3.45 and later): `--tokendata`
    /// of `tokens` and of `conformance` refuse an engine without them alike.
    static func enginesWithTokendata(
        _ pairs: [(spec: TokenizerSpec, engine: SQLiteEngine)]
    ) throws -> [(spec: TokenizerSpec, engine: SQLiteEngine)] {
        try Self.pairs(
            pairs, having: .tokendata, named: "tokendata tables", option: "--tokendata",
            value: pairs.map(\.engine.name).uniquedInOrder().joined(separator: ","))
    }
}

/// Where and how a command prints its table.
struct OutputOptions: ParsableArguments {
    @Option(help: "Output format: csv or markdown.")
    var format: TableFormat = .csv

    @Option(name: .shortAndLong, help: "Write to this file (atomically) instead of standard output.")
    var output: String?

    func emit(_ table: CSVTable) throws {
        try OutputDestination.write(table.render(format), to: output)
    }
}

extension TableFormat: ExpressibleByArgument {}
extension TokenizationMode: ExpressibleByArgument {}
extension NormalizationForm: ExpressibleByArgument {}
extension QueryKind: ExpressibleByArgument {}
