import ArgumentParser
import Foundation
import TokenBench
import TokenBenchServer

/// How a command runs the tokenizers it judges: in worker processes (the default), so that one
/// that crashes or hangs costs an input, not the run.
struct IsolationOptions: ParsableArguments {
    @Flag(
        name: .customLong("in-process"),
        help: "Run the tokenizers in this process, without workers: a crash or hang then ends the run.")
    var inProcess = false

    @Option(
        help:
            "Seconds one input may take in a worker before it is reported as timed out (default \(Self.defaultTimeout))."
    )
    var timeout: Double = Self.defaultTimeout

    @Option(
        name: .customLong("worker-memory"),
        help:
            "Each worker's address-space bound: MiB, or a size with K, M, G (powers of 1024; KB, MB, GB: of 1000); 0 for none (default 8G; off under AddressSanitizer)."
    )
    var workerMemory: String = "8G"

    @Option(
        help:
            "How many workers run at once (default: the number of cores; 1 for quality, whose query latencies would share the cores)."
    )
    var jobs: Int?

    @Option(
        name: .customLong("deaths-per-unit"),
        help: "After this many crashes or timeouts a tokenizer × engine stops; its other inputs are not run.")
    var deathsPerUnit: Int = 3

    @Option(
        name: .customLong("crash-dir"),
        help: "Write each input that kills a worker into this directory, with a script that runs it again in-process.")
    var crashDirectory: String?

    static let defaultTimeout = Double(WorkerIsolation.defaultTimeout.components.seconds)

    func validate() throws {
        guard timeout > 0, timeout.isFinite else { throw ValidationError("--timeout '\(timeout)': must be above 0") }
        if let jobs, jobs < 1 { throw ValidationError("--jobs '\(jobs)': must be 1 or more") }
        guard deathsPerUnit >= 1 else {
            throw ValidationError("--deaths-per-unit '\(deathsPerUnit)': must be 1 or more")
        }
        guard let bytes = Self.parseMemory(workerMemory) else {
            throw ValidationError("--worker-memory '\(workerMemory)': not a size (MiB, or a number with K, M or G)")
        }
        if bytes != 0 && bytes < 256 << 20 {
            throw ValidationError("--worker-memory '\(workerMemory)': must be 0 (none) or at least 256M")
        }
    }

    /// "8G" → 8 GiB, "512" → 512 MiB, "0" → 0; a bare K, M, G in powers of 1024, as memory is
    /// counted (KB, MB, GB say powers of 1000).
    static func parseMemory(_ text: String) -> Int? {
        ByteSize.parse(text, letters: .binary, bareUnit: 1 << 20)
    }

    /// The workbench's isolation: workers that are this executable, as `tokenbench worker`,
    /// which registers the same Swift types as this process (`TokenBenchCLI.main`'s).
    var isolation: WorkerIsolation? {
        guard !inProcess else { return nil }
        var isolation = WorkerIsolation.benchExecutable(WorkerIsolation.thisExecutablePath)
        isolation.timeout = .milliseconds(Int64((timeout * 1000).rounded(.up)))
        let bytes = Self.parseMemory(workerMemory) ?? 0
        isolation.memoryLimit = bytes == 0 ? nil : bytes
        isolation.jobs = jobs ?? ProcessInfo.processInfo.activeProcessorCount
        isolation.deathsPerUnit = deathsPerUnit
        isolation.crashDirectory = crashDirectory
        return isolation
    }
}

/// `tokenbench worker`: what a command's workers run. Not for people: it speaks the workers'
/// protocol on its standard input and output.
struct WorkerCommand: OwnTokenizerCommand {
    static let configuration = CommandConfiguration(
        commandName: "worker", abstract: "Serve a command's work units (the bench starts it; not for people).",
        shouldDisplay: false)

    func run(registering own: OwnTokenizers) throws {
        let status = WorkerServer.serve(additionalUnits: [AnalysisUnit.self], ownTokenizers: own.workbenchOptions)
        if status != 0 { throw ExitCode(status) }
    }
}
