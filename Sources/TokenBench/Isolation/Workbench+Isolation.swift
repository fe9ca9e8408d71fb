import Foundation

extension Workbench {
    /// Runs `units` in workers when the workbench isolates (`Options.isolation`), or here, on
    /// up to `maximumWorkers` threads, each unit on connections of its own, when it does not; the
    /// results come back in the order of `units`. The workers outlive the call: the workbench's next units
    /// reuse them. `finished` hears of each unit as it ends, on the thread that ran it.
    func run<Unit: WorkerUnit>(
        _ units: [Unit], maximumWorkers: Int = .max, finished: (@Sendable (Int) -> Void)? = nil
    ) throws -> [UnitResult<Unit.Output>] {
        guard let workerPool else {
            // An extension keeps the API routines of the engine that loaded it last in one global
            // (SQLITE_EXTENSION_INIT1): in one process, its units run one after another.
            return runInProcess(
                units, maximumWorkers: options.extensions.isEmpty ? maximumWorkers : 1, finished: finished)
        }
        return workerPool.run(units, maximumWorkers: maximumWorkers, finished: finished)
    }

    /// Runs `units` here, on up to one thread per core, each unit on connections of its own (a
    /// workbench made for it from this one's options): a workbench's connections serve one
    /// thread at a time. On one thread, they all run on this workbench.
    private func runInProcess<Unit: WorkerUnit>(
        _ units: [Unit], maximumWorkers: Int, finished: (@Sendable (Int) -> Void)?
    ) -> [UnitResult<Unit.Output>] {
        let workers = min(units.count, ProcessInfo.processInfo.activeProcessorCount, maximumWorkers)
        guard workers > 1 else {
            return units.enumerated().map { index, unit in
                defer { finished?(index) }
                return unit.runInProcess(on: self)
            }
        }
        let options = options
        return WorkerThreads(count: workers).map(units.count) { _, index in
            defer { finished?(index) }
            do {
                return units[index].runInProcess(on: try Workbench(options: options))
            } catch {
                var result = UnitResult<Unit.Output>()
                result.failure = error
                return result
            }
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

    /// What to say of tokens whose offsets lie outside their input (start below 0, end past the
    /// input's bytes, or before start), nil when there are none. Such a token is bytes the
    /// tokenizer read past nText, or a miscount: SQLite 3.45 to 3.47's trigram gives one- and
    /// two-character inputs tokens of whatever follows them in memory.
    package var offsetsOutsideTheInput: String? {
        let outside = traces.map { trace in
            trace.tokens.count { $0.start < 0 || $0.end > trace.input.count || $0.end < $0.start }
        }
        let tokens = outside.reduce(0, +)
        guard tokens > 0 else { return nil }
        return
            "\(spec.name) on \(engine.name): \(tokens) token\(tokens == 1 ? "" : "s") in \(outside.count { $0 > 0 }) of \(traces.count) traces (input × mode) have offsets outside their input, so their bytes are not the text's; 'tokenbench conformance' judges this (offset-range, read-past-end)"
    }
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
