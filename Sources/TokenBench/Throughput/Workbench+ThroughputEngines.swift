import TokenBenchEngines

extension Workbench {
    /// `throughput` on every engine of `engines` that `plan` runs a tokenizer on, each engine's
    /// tokenizers against its own reference (`options.reference`); `options.tokenizers` and
    /// `options.engine` are set per engine from `plan`, and the insttoken rows come on
    /// `insttokenEngines` only. With `shard`, the rows are that shard's block of the tokenizers
    /// (the reference placed as the measurement places it): a shard without the reference still
    /// measures it, for its relative figures, but leaves its rows to its own shard, and an engine
    /// is measured by every shard with something to write there.
    ///
    /// Throws when no engine accepts a tokenizer and nothing died: a run whose every tokenizer
    /// killed its worker is a result (the losses), not a bad argument.
    package func throughput(
        _ options: ThroughputOptions, plan: TokenizerPlan, engines: [SQLiteEngine],
        insttokenEngines: [SQLiteEngine] = [], shard: Shard? = nil, progress: ((String) -> Void)? = nil
    ) throws -> ThroughputReport {
        let reference = options.reference
        let ordered = plan.specs.including(reference: reference)
        let written = Set((shard?.slice(ordered) ?? ordered).map(\.name))
        var report = ThroughputReport(rows: [])
        for engine in engines {
            let specs = plan.specs.filter { plan.runs($0, on: engine) && written.contains($0.name) }
            guard plan.pairs.contains(where: { $0.engine == engine }),
                !specs.isEmpty || written.contains(reference.name)
            else { continue }
            var engineOptions = options
            engineOptions.tokenizers = specs
            engineOptions.engine = engine
            engineOptions.measuresInsttoken = insttokenEngines.contains(engine)
            let measured = try throughput(engineOptions) { progress?("\(engine.name): \($0)") }
            report.rows += measured.rows.filter { written.contains($0.tokenizer) }
            report.losses.append(measured.losses)
        }
        guard !report.rows.isEmpty || !report.losses.isEmpty || shard != nil else {
            throw TokenBenchError.invalidArgument(
                name: "--tokenizer", value: plan.specs.map(\.name).joined(separator: " "),
                reason: "no engine accepts these tokenizers")
        }
        return report
    }
}
