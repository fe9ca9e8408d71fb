/// Which engines make a tokenizer spec, found by creating a real FTS5 table with it on each
/// engine: what `Workbench.plan` decides a run's pairs from (`TokenizerPlan`).
struct EngineSupport: Sendable {
    /// Why an engine does not run a spec.
    enum Refusal: Sendable, Equatable, CustomStringConvertible {
        /// FTS5 knows no tokenizer of that name; `extensionFailures` says which extensions did
        /// not load on that engine (one of them may have been meant to provide it).
        case unknownTokenizer(message: String, extensionFailures: [String])
        /// FTS5 found the tokenizer and refused the spec (its constructor failed, an option is
        /// unknown), or the engine could not be opened.
        case rejected(message: String)
        /// Making the tokenizer killed a worker: its constructor (or its xTokenize on an empty
        /// row) crashed or hung.
        case died(WorkerDeath)

        var description: String {
            switch self {
            case .unknownTokenizer(let message, let failures):
                failures.isEmpty ? message : "\(message) (\(failures.joined(separator: "; ")))"
            case .rejected(let message): message
            case .died(let death): death.description
            }
        }
    }

    let spec: TokenizerSpec
    /// The engines that run the spec, in the order asked.
    let engines: [SQLiteEngine]
    /// The engines that do not, in the order asked, each with its reason and the error the
    /// workbench threw.
    let refusals: [(engine: SQLiteEngine, reason: Refusal, error: any Error)]

    /// Throws the first refusing engine's error when no engine runs the spec: a spec the user
    /// named that nothing can run is bad input.
    func requireSomeEngine() throws {
        if engines.isEmpty, let first = refusals.first { throw first.error }
    }

    /// The same support, where an engine whose probe died (`Refusal.died`) runs the spec too, in
    /// the order of `asked`: for a run that judges the tokenizer (`TokenizerPlan.Rules.judgesDeaths`),
    /// a constructor that crashes or hangs is what its unit reports, not a reason to skip it.
    func judgingDeaths(inOrderOf asked: [SQLiteEngine]) -> EngineSupport {
        let died = refusals.filter { if case .died = $0.reason { true } else { false } }.map(\.engine)
        return EngineSupport(
            spec: spec, engines: asked.filter { engines.contains($0) || died.contains($0) },
            refusals: refusals.filter { !died.contains($0.engine) })
    }
}

extension Workbench {
    /// Tries `spec` on each of `engines` in a real FTS5 table, once: in a worker when the
    /// workbench isolates, so that a constructor that crashes or hangs is a refusal (`died`).
    func engineSupport(of spec: TokenizerSpec, on engines: [SQLiteEngine]) -> EngineSupport {
        engineSupport(of: [spec], on: engines)[0]
    }

    /// `engineSupport(of:on:)` of several specs, their probes spread over the workers.
    func engineSupport(of specs: [TokenizerSpec], on engines: [SQLiteEngine]) -> [EngineSupport] {
        let units = specs.map { SupportProbeUnit(spec: $0, engines: engines.map(\.name)) }
        let results: [UnitResult<TokenBenchError?>]
        do {
            // In-process, on this workbench: another one per thread would cost more than the probes.
            results = workerPool == nil ? units.map { $0.runInProcess(on: self) } : try run(units)
        } catch {
            // Starting the workers failed: every engine refuses every spec, with that reason.
            return specs.map { spec in
                EngineSupport(
                    spec: spec, engines: [],
                    refusals: engines.map { ($0, refusal(of: error, on: $0), error) })
            }
        }
        return zip(specs, results).map { spec, result in
            var running: [SQLiteEngine] = []
            var refusals: [(engine: SQLiteEngine, reason: EngineSupport.Refusal, error: any Error)] = []
            for (index, engine) in engines.enumerated() {
                if let answer = result.outputs[index] {
                    if let error = answer {
                        refusals.append((engine, refusal(of: error, on: engine), error))
                    } else {
                        running.append(engine)
                    }
                } else if let failure = result.failure {
                    refusals.append((engine, refusal(of: failure, on: engine), failure))
                } else {
                    // The death on this engine's probe, or the one that used up the unit's deaths.
                    let death =
                        result.death(on: index) ?? result.deaths.last?.death
                        ?? WorkerDeath(cause: .exit(0), phase: .creating, input: nil, frame: nil)
                    let error = TokenBenchError.invalidTokenizerSpec(spec: spec.description, reason: death.description)
                    refusals.append((engine, .died(death), error))
                }
            }
            return EngineSupport(spec: spec, engines: running, refusals: refusals)
        }
    }

    private func refusal(of error: any Error, on engine: SQLiteEngine) -> EngineSupport.Refusal {
        let message: String
        if case TokenBenchError.invalidTokenizerSpec(_, let why) = error {
            message = why
        } else {
            message = "\(error)"
        }
        guard message.contains("no such tokenizer") else { return .rejected(message: message) }
        // The user's GRDB types are registered where an app registers them: GRDB's connection.
        let unknownName = message.components(separatedBy: "no such tokenizer: ").last?
            .components(separatedBy: ";").first
        if !engine.isSystem, let name = unknownName, customTokenizerNames.contains(name) {
            return .rejected(
                message: "\(name) is a GRDB FTS5CustomTokenizer: it runs on the system engine only, as in an app")
        }
        return .unknownTokenizer(message: message, extensionFailures: extensionFailures(on: engine))
    }
}
