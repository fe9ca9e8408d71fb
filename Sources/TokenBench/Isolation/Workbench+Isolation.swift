import Foundation

extension Workbench {
    /// Runs `units` in workers when the workbench isolates (`Options.isolation`), or here, on
    /// up to `maximumWorkers` threads with a workbench each, when it does not; the results come
    /// back in the order of `units`. The workers outlive the call: the workbench's next units
    /// reuse them.
    func run<Unit: WorkerUnit>(_ units: [Unit], maximumWorkers: Int = .max) throws -> [UnitResult<Unit.Output>] {
        guard let workerPool else {
            // An extension keeps the API routines of the engine that loaded it last in one global
            // (SQLITE_EXTENSION_INIT1): in one process, its units run one after another.
            return try runInProcess(units, maximumWorkers: options.extensions.isEmpty ? maximumWorkers : 1)
        }
        return workerPool.run(units, maximumWorkers: maximumWorkers)
    }

    /// Runs `units` here, on up to one thread per core, each thread with a workbench of its own
    /// (this one on the first): a workbench's connections serve one thread at a time.
    private func runInProcess<Unit: WorkerUnit>(_ units: [Unit], maximumWorkers: Int) throws -> [UnitResult<
        Unit.Output
    >] {
        let workers = min(units.count, ProcessInfo.processInfo.activeProcessorCount, maximumWorkers)
        guard workers > 1 else { return units.map { $0.runInProcess(on: self) } }
        // Ownership: workbench i is used by worker thread i alone, until every unit has run.
        nonisolated(unsafe) let benches = [self] + (try (1..<workers).map { _ in try Workbench(options: options) })
        return WorkerThreads(count: workers).map(units.count) { worker, index in
            units[index].runInProcess(on: benches[worker])
        }
    }
}

/// The token traces of one tokenizer on one engine, and the inputs they lack: those that killed a
/// worker, and those left when the tokenizer had used up its deaths.
package struct TraceRun: Sendable {
    package var spec: TokenizerSpec
    package var engine: SQLiteEngine
    package var traces: [TokenTrace]
    /// The inputs that killed a worker, and those not run.
    package var losses: RunLosses
}

extension Workbench {
    /// `traces(of:spec:modes:form:locale:engine:)` for several tokenizer × engine pairs, each in
    /// a worker when the workbench isolates: a tokenizer that crashes or hangs on an input loses
    /// that input's traces, and says why, instead of ending the run.
    package func traceRuns(
        of inputs: [[UInt8]], pairs: [(spec: TokenizerSpec, engine: SQLiteEngine)], modes: [TokenizationMode],
        form: NormalizationForm = .asis, locale: String? = nil
    ) throws -> [TraceRun] {
        let presented = try Self.presented(inputs, in: form)
        let units = pairs.map {
            TraceUnit(spec: $0.spec, engine: $0.engine, locale: locale, modes: modes, inputs: presented)
        }
        return try zip(zip(pairs, units), try run(units)).map { pairAndUnit, result in
            let (pair, unit) = pairAndUnit
            let outputs = try result.get()
            let traces = (0..<unit.inputCount).compactMap { index in
                outputs[index].map { tokens in
                    TokenTrace(
                        tokenizer: pair.spec.name, engine: pair.engine.name, mode: modes[index / presented.count],
                        form: form, inputIndex: index % presented.count + 1, input: presented[index % presented.count],
                        tokens: tokens.tokens)
                }
            }
            var losses = RunLosses()
            losses.record(result, tokenizer: pair.spec.name, engine: pair.engine.name, label: unit.label(ofInput:))
            return TraceRun(spec: pair.spec, engine: pair.engine, traces: traces, losses: losses)
        }
    }
}
