import ArgumentParser
import TokenBench

struct EnvCommand: OwnTokenizerCommand {
    static let configuration = CommandConfiguration(
        commandName: "env",
        abstract:
            "Print the environment fingerprint: SQLite, its options and capabilities, ICU, Unicode, Swift, OS, CPU.")

    @OptionGroup var workbenchOptions: TokenizerAndEngineOptions<CatalogDefaults>

    @OptionGroup var output: OutputOptions

    func run(registering own: OwnTokenizers) throws {
        let workbench = try workbenchOptions.makeWorkbench(registering: own)
        try output.emit(
            CSVTable(
                header: ["key", "value"],
                rows: try workbench.environment(engines: workbenchOptions.engines).map { [$0.key, $0.value] }))
    }
}
