import ArgumentParser
import TokenBench

struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List every known tokenizer and whether this SQLite supports it (probed by creating a table).")

    @OptionGroup var workbench: WorkbenchOptions

    @OptionGroup var output: OutputOptions

    func run() throws {
        let bench = try workbench.makeWorkbench()
        var table = Table(header: ["tokenizer", "spec", "origin", "supported", "summary", "detail"])
        for entry in TokenizerCatalog.all {
            let reason = bench.unsupportedReason(entry.spec)
            table.rows.append([
                entry.spec.name, entry.spec.text, entry.origin.rawValue, reason == nil ? "yes" : "no", entry.summary, reason ?? "",
            ])
        }
        // Tokenizers named on the command line (from extensions, say) are probed too.
        for spec in workbench.tokenizerSpecs {
            let reason = bench.unsupportedReason(spec)
            table.rows.append([spec.name, spec.text, "argument", reason == nil ? "yes" : "no", "", reason ?? ""])
        }
        try output.emit(table)
    }
}
