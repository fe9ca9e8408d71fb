import Foundation

/// How a workbench runs the tokenizers it judges apart from itself: in worker processes it can
/// afford to lose, so that a tokenizer (or FTS5 on its output) that aborts, faults, hangs or
/// takes all memory costs one input, not the run.
///
/// A worker is `command` started (spawn and exec, never a fork of this process), which must speak
/// the workers' protocol on its standard input and output: the `tokenbench` executable does, as
/// `tokenbench worker`.
public struct WorkerIsolation: Sendable, Hashable {
    /// The worker's executable and its arguments.
    package var command: [String]
    /// How long one input may take in a worker before the worker is killed and the input
    /// reported as timed out.
    package var timeout: Duration
    /// The worker's address-space bound in bytes (`RLIMIT_AS`), or nil for none. Off under
    /// AddressSanitizer, which reserves terabytes of shadow memory.
    package var memoryLimit: Int?
    /// How many workers run at once.
    package var jobs: Int
    /// After this many deaths (crashes, timeouts) a unit stops, and its remaining inputs are
    /// reported as not run.
    package var deathsPerUnit: Int
    /// Where each input that killed a worker is written, beside a command that reproduces it;
    /// nil writes none.
    package var crashDirectory: String?
    /// Whether `command` is a bench executable made by `TokenBenchCLI.main`, which registers
    /// the same Swift types as the workbench that starts it: only then may a workbench with
    /// `customTokenizers` or `filteringTokenizers` isolate. Each worker checks it when it starts.
    package var registersOwnTokenizers = false

    /// The default timeout: 10 s, where the slowest real tokenizer here takes under 0.3 s on the
    /// largest conformance input (results/README.md, "Workers").
    @usableFromInline package static let defaultTimeout: Duration = .seconds(10)
    /// The default memory bound: 8 GiB of address space. A worker runs every shipped tokenizer
    /// within 256 MiB (`tokens` with `japanese` and `icu` under `--worker-memory 256M`).
    @usableFromInline package static let defaultMemoryLimit = 8 << 30

    /// - Parameters:
    ///   - command: The worker's executable and its arguments; it must speak the workers'
    ///     protocol, as `tokenbench worker` does.
    ///   - timeout: How long one input may take before the worker is killed and the input
    ///     reported as timed out: 10 s by default.
    ///   - memoryLimit: The worker's address-space bound in bytes (`RLIMIT_AS`), nil for none:
    ///     8 GiB by default. Off under AddressSanitizer, which reserves terabytes of shadow memory.
    ///   - jobs: How many workers run at once: the number of cores by default.
    ///   - deathsPerUnit: After this many crashes or timeouts a tokenizer × engine stops, and its
    ///     remaining inputs are reported as not run.
    ///   - crashDirectory: Where each input that killed a worker is written, beside a script that
    ///     runs it again in-process; nil writes none.
    public init(
        command: [String], timeout: Duration = defaultTimeout, memoryLimit: Int? = defaultMemoryLimit,
        jobs: Int = ProcessInfo.processInfo.activeProcessorCount, deathsPerUnit: Int = 3,
        crashDirectory: String? = nil
    ) {
        self.command = command
        self.timeout = timeout
        self.memoryLimit = memoryLimit
        self.jobs = jobs
        self.deathsPerUnit = deathsPerUnit
        self.crashDirectory = crashDirectory
    }

    /// Isolation in workers that are this very executable, started again with `arguments`.
    public static func thisExecutable(arguments: [String]) -> WorkerIsolation {
        WorkerIsolation(command: [thisExecutablePath] + arguments)
    }

    /// Isolation in workers that are a bench executable made by `TokenBenchCLI.main` (its own
    /// `tokenbench`, at `path`), started as `path worker`. It must register the same Swift
    /// types as the workbench's options: a worker whose types differ refuses every unit,
    /// naming the type, and the operation throws `workerRegistryDiffers`.
    public static func benchExecutable(_ path: String) -> WorkerIsolation {
        var isolation = WorkerIsolation(command: [path, "worker"])
        isolation.registersOwnTokenizers = true
        return isolation
    }

    /// The path of this process's executable.
    package static var thisExecutablePath: String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }

    /// Checks the values, naming the API argument at fault.
    package func validate() throws {
        guard !command.isEmpty else {
            throw TokenBenchError.invalidArgument(name: "command", value: "", reason: "names no executable")
        }
        guard timeout > .zero else {
            throw TokenBenchError.invalidArgument(name: "timeout", value: "\(timeout)", reason: "must be above 0")
        }
        guard jobs >= 1 else {
            throw TokenBenchError.invalidArgument(name: "jobs", value: "\(jobs)", reason: "must be 1 or more")
        }
        guard deathsPerUnit >= 1 else {
            throw TokenBenchError.invalidArgument(
                name: "deathsPerUnit", value: "\(deathsPerUnit)", reason: "must be 1 or more")
        }
        if let memoryLimit, memoryLimit < 256 << 20 {
            throw TokenBenchError.invalidArgument(
                name: "memoryLimit", value: "\(memoryLimit)",
                reason: "must be at least 256 MiB, what a worker running the shipped tokenizers needs")
        }
    }
}
