import ArgumentParser
import TokenBench

struct EnvCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "env",
        abstract: "Print the environment fingerprint: SQLite, its options and capabilities, ICU, Unicode, Swift, OS, CPU.")

    @OptionGroup var workbench: WorkbenchOptions

    @OptionGroup var output: OutputOptions

    func run() throws {
        let bench = try workbench.makeWorkbench()
        try output.emit(Table(header: ["key", "value"], rows: try bench.environment(engines: workbench.engines).map { [$0.key, $0.value] }))
    }
}
