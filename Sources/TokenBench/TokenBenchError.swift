import Foundation

/// Every error the TokenBench library reports. Each message is one line that names the input
/// at fault (a file and line, a tokenizer spec, an argument) so that a user can act on it.
public enum TokenBenchError: Error, Equatable, Sendable {
    /// FTS5 refused a tokenizer spec: an unknown name, or arguments its constructor rejects.
    case invalidTokenizerSpec(spec: String, reason: String)
    /// A fixture file, or another input file such as a baseline CSV, is malformed at `line`
    /// (1-based; 0 when the file as a whole is at fault).
    case invalidFixture(file: String, line: Int, reason: String)
    /// A command-line or API argument has a value that cannot be used.
    case invalidArgument(name: String, value: String, reason: String)
    /// A file could not be read or written.
    case fileAccess(path: String, reason: String)
    /// A tokenizer's xTokenize returned an error code instead of SQLITE_OK.
    case tokenizeFailed(spec: String, mode: String, code: Int32)
    /// A tokenizer reported a token that cannot be read as it says (a null pointer with bytes,
    /// unreadable memory, more bytes than the call's budget): the bench does not read it.
    case brokenToken(spec: String, mode: String, reason: String)
    /// A SQLite loadable extension could not be loaded.
    case extensionLoadFailed(path: String, reason: String)
    /// A throughput measurement could not be trusted: a tokenizer's token count changed
    /// between runs, or the C reference loop disagreed with the harness.
    case inconsistentMeasurement(spec: String, reason: String)
    /// SQLite failed where no user input is at fault (out of memory, I/O error, …).
    case sqlite(context: String, message: String)
    /// A worker process could not be started or spoke outside the workers' protocol, through no
    /// fault of the code it judges (that is a `Loss`): the system's reason.
    case workerFailed(reason: String)
    /// The worker executable serves no unit of this kind: its registry of unit types is not the
    /// bench's (a user's own `tokenbench` built without a type the bench sends).
    case unknownWorkerUnit(kind: String, served: [String])
    /// The worker executable registers other Swift tokenizer types than the bench that started
    /// it: `missing` are the bench's that it lacks, `extra` its own that the bench lacks (each
    /// "kind name: Swift type"). Its workers must be an executable made by `TokenBenchCLI.main`
    /// with the same types.
    case workerRegistryDiffers(executable: String, missing: [String], extra: [String])
    /// `tokenbench engine build` could not make an engine of `source`: no C compiler, not an
    /// amalgamation, a compile failure (its first error line), or a library without FTS5.
    case engineBuildFailed(source: String, reason: String)
}

extension TokenBenchError: LocalizedError, CustomStringConvertible {
    public var description: String {
        switch self {
        case .invalidTokenizerSpec(let spec, let reason):
            return "tokenizer '\(spec)': \(reason)"
        case .invalidFixture(let file, let line, let reason):
            return line > 0 ? "\(file):\(line): \(reason)" : "\(file): \(reason)"
        case .invalidArgument(let name, let value, let reason):
            return "\(name) '\(value)': \(reason)"
        case .fileAccess(let path, let reason):
            return "\(path): \(reason)"
        case .tokenizeFailed(let spec, let mode, let code):
            return "tokenizer '\(spec)': xTokenize failed in \(mode) mode with SQLite code \(code)"
        case .brokenToken(let spec, let mode, let reason):
            return "tokenizer '\(spec)': in \(mode) mode, \(reason) ('tokenbench conformance' checks its tokens)"
        case .extensionLoadFailed(let path, let reason):
            return "extension '\(path)': \(reason)"
        case .inconsistentMeasurement(let spec, let reason):
            return "tokenizer '\(spec)': \(reason)"
        case .sqlite(let context, let message):
            return "SQLite error while \(context): \(message)"
        case .workerFailed(let reason):
            return "worker: \(reason)"
        case .unknownWorkerUnit(let kind, let served):
            return
                "worker: this executable serves no '\(kind)' unit (it serves \(served.joined(separator: ", "))): build it with the bench's unit types"
        case .workerRegistryDiffers(let executable, let missing, let extra):
            let lacks = missing.isEmpty ? [] : ["lacks \(missing.joined(separator: ", "))"]
            let adds =
                extra.isEmpty
                ? [] : ["registers \(extra.joined(separator: ", ")), which the bench that started it does not"]
            return
                "worker: \(executable) \((lacks + adds).joined(separator: " and ")): the workers must be an executable made by TokenBenchCLI.main with the same customTokenizers and filteringTokenizers"
        case .engineBuildFailed(let source, let reason):
            return "engine build '\(source)': \(reason)"
        }
    }

    public var errorDescription: String? { description }
}

/// Errors cross from a worker process to the bench as JSON, and come back as the same case.
extension TokenBenchError: Codable {}
