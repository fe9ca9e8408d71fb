import ArgumentParser
import TokenBench

struct EnvCommand: OwnTokenizerCommand {
    static let configuration = CommandConfiguration(
        commandName: "env",
        abstract:
            "Print the environment fingerprint: SQLite, its options and capabilities, ICU, Unicode, Swift, OS, CPU.",
        discussion: """
            Each engine is probed in a worker: one whose library or FTS5 crashes or hangs there \
            has a NAME.probes row with the loss instead of its facts. Exit status: 0 success; 1 \
            an engine's probes killed a worker; 2 bad usage or input; 3 SQLite failure.
            """)

    @OptionGroup var workbenchOptions: TokenizerAndEngineOptions<CatalogDefaults>

    @OptionGroup var isolationOptions: IsolationOptions

    @OptionGroup var output: OutputOptions

    func run(registering own: OwnTokenizers) throws {
        // env's probes are its engines' check: a library that crashes there costs its own facts.
        var options = workbenchOptions.workbenchConfiguration(registering: own)
        options.isolation = isolationOptions.isolation
        let workbench = try Workbench(options: options)
        let environment = try workbench.environment(engines: workbenchOptions.engines)
        try output.emit(CSVTable(header: ["key", "value"], rows: environment.pairs.map { [$0.key, $0.value] }))
        printLosses(environment.losses)
        if !environment.losses.isEmpty { throw ExitCode(1) }
    }
}
