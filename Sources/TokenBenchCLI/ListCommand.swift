import ArgumentParser
import TokenBench

struct ListCommand: OwnTokenizerCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List every known tokenizer and whether each SQLite engine supports it (probed by creating a table).")

    @OptionGroup var workbenchOptions: TokenizerAndEngineOptions<CatalogDefaults>

    @OptionGroup var output: OutputOptions

    func run(registering own: OwnTokenizers) throws {
        // list probes in this process; a library given as an engine is tried in a worker first.
        let workbench = try workbenchOptions.makeWorkbench(
            registering: own, checkingEnginesIn: .benchExecutable(WorkerIsolation.thisExecutablePath))
        var table = CSVTable(header: [
            "tokenizer", "engine", "spec", "origin", "supported", "summary", "detail", "tokenizer_api",
            "engine_features",
        ])
        for engine in workbenchOptions.engines {
            // What the engine's FTS5 has beyond the v1 tokenizer API, the same on each of its rows.
            let features = engine.fts5FeatureNames
            for entry in workbench.catalog {
                let reason = workbench.unsupportedReason(entry.spec, engine: engine)
                table.rows.append([
                    entry.spec.name, engine.name, entry.spec.text, entry.origin.rawValue, reason == nil ? "yes" : "no",
                    entry.summary, reason ?? "",
                    reason == nil ? workbench.tokenizerAPI(entry.spec, engine: engine) ?? "" : "",
                    features,
                ])
            }
            // Each extension: whether it loaded on this engine, and why not.
            for (loadable, failure) in workbench.extensionStatus(engine: engine) {
                table.rows.append([
                    loadable.description, engine.name, "", "extension", failure == nil ? "yes" : "no",
                    "SQLite loadable extension", failure ?? "", "", features,
                ])
            }
            // Tokenizers named on the command line (from extensions, say) are probed too.
            for spec in workbenchOptions.tokenizerSpecs {
                let reason = workbench.unsupportedReason(spec, engine: engine)
                table.rows.append([
                    spec.name, engine.name, spec.text, "argument", reason == nil ? "yes" : "no", "", reason ?? "",
                    reason == nil ? workbench.tokenizerAPI(spec, engine: engine) ?? "" : "", features,
                ])
            }
        }
        try output.emit(table)
    }
}
