/// Which engines run a tokenizer spec, decided once by creating a real FTS5 table with it on each
/// engine: every command asks this, and runs the spec on `engines` only.
package struct EngineSupport: Sendable {
    /// Why an engine does not run a spec.
    package enum Refusal: Sendable, Equatable, CustomStringConvertible {
        /// FTS5 knows no tokenizer of that name; `extensionFailures` says which extensions did
        /// not load on that engine (one of them may have been meant to provide it).
        case unknownTokenizer(message: String, extensionFailures: [String])
        /// FTS5 found the tokenizer and refused the spec (its constructor failed, an option is
        /// unknown), or the engine could not be opened.
        case rejected(message: String)

        package var description: String {
            switch self {
            case .unknownTokenizer(let message, let failures):
                failures.isEmpty ? message : "\(message) (\(failures.joined(separator: "; ")))"
            case .rejected(let message): message
            }
        }
    }

    package let spec: TokenizerSpec
    /// The engines that run the spec, in the order asked.
    package let engines: [SQLiteEngine]
    /// The engines that do not, in the order asked, each with its reason and the error the
    /// workbench threw.
    package let refusals: [(engine: SQLiteEngine, reason: Refusal, error: any Error)]

    /// Throws the first refusing engine's error when no engine runs the spec: a spec the user
    /// named that nothing can run is bad input.
    package func requireSomeEngine() throws {
        if engines.isEmpty, let first = refusals.first { throw first.error }
    }

    /// Whether `engine` runs the spec.
    package func runs(on engine: SQLiteEngine) -> Bool { engines.contains(engine) }
}

extension Workbench {
    /// Tries `spec` on each of `engines` in a real FTS5 table, once.
    package func engineSupport(of spec: TokenizerSpec, on engines: [SQLiteEngine]) -> EngineSupport {
        var running: [SQLiteEngine] = []
        var refusals: [(engine: SQLiteEngine, reason: EngineSupport.Refusal, error: any Error)] = []
        for engine in engines {
            do {
                try validate(spec, engine: engine)
                running.append(engine)
            } catch {
                refusals.append((engine, refusal(of: error, on: engine), error))
            }
        }
        return EngineSupport(spec: spec, engines: running, refusals: refusals)
    }

    private func refusal(of error: any Error, on engine: SQLiteEngine) -> EngineSupport.Refusal {
        let message: String
        if case TokenBenchError.invalidTokenizerSpec(_, let why) = error {
            message = why
        } else {
            message = "\(error)"
        }
        guard message.contains("no such tokenizer") else { return .rejected(message: message) }
        return .unknownTokenizer(message: message, extensionFailures: extensionFailures(on: engine))
    }
}
