import Foundation

/// Runs units in worker processes, `isolation.jobs` at a time, and turns every way a worker can
/// die into a result: the unit goes on after the input that killed it, in a new worker, until
/// it has used up its deaths.
package final class WorkerPool: @unchecked Sendable {
    let isolation: WorkerIsolation
    private let setup: WorkerProtocol.Setup
    /// Workers that finished a `run` alive, for the next one (a server's requests); ended with
    /// the pool.
    private var idle: [WorkerProcess] = []
    /// How many crashes `--crash-dir` holds from this pool; behind `idleLock` too.
    private var crashCount = 0
    private let idleLock = NSLock()

    package init(isolation: WorkerIsolation, extensions: [LoadableExtension], ownTokenizers: [String] = []) throws {
        try isolation.validate()
        if let directory = isolation.crashDirectory {
            do {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            } catch {
                throw TokenBenchError.fileAccess(
                    path: directory, reason: "cannot make the --crash-dir directory: \(FileAccess.reason(of: error))")
            }
        }
        self.isolation = isolation
        setup = WorkerProtocol.Setup(
            extensions: extensions.map(\.description), ownTokenizers: ownTokenizers,
            memoryLimit: Self.underAddressSanitizer ? nil : isolation.memoryLimit)
    }

    deinit {
        for worker in idle { _ = worker.end() }
    }

    /// What a worker gets beyond the timeout to start, and a unit to start in it.
    static let startupAllowance = Duration.seconds(30)

    /// Whether this process runs under AddressSanitizer: its workers then do too, and need
    /// their shadow memory unbounded.
    static let underAddressSanitizer = dlsym(nil, "__asan_init") != nil

    /// Runs every unit, on up to `isolation.jobs` (and `maximumWorkers`) workers at once, each
    /// worker reused for unit after unit until it dies, and kept for the next call; the results
    /// come back in the order of `units`. `finished` hears of each unit as it ends, on the
    /// thread that ran it.
    package func run<Unit: WorkerUnit>(
        _ units: [Unit], maximumWorkers: Int = .max, finished: (@Sendable (Int) -> Void)? = nil
    ) -> [UnitResult<Unit.Output>] {
        let workers = min(isolation.jobs, maximumWorkers, units.count)
        guard workers > 0 else { return [] }
        // Each unit takes an idle worker process (or starts one) and parks it again after: at most
        // `workers` are busy at once, and they outlive the call.
        let runUnit: @Sendable (Int) -> UnitResult<Unit.Output> = { index in
            var worker = self.idleLock.withLock { self.idle.popLast() }
            defer { if let worker { self.idleLock.withLock { self.idle.append(worker) } } }
            defer { finished?(index) }
            return self.run(units[index], reusing: &worker)
        }
        guard workers > 1 else { return units.indices.map(runUnit) }
        return WorkerThreads(count: workers).map(units.count) { _, index in runUnit(index) }
    }

    /// Runs one unit on `worker` (started when nil, replaced when it dies).
    private func run<Unit: WorkerUnit>(_ unit: Unit, reusing worker: inout WorkerProcess?) -> UnitResult<Unit.Output> {
        var result = UnitResult<Unit.Output>()
        var skipping: Set<Int> = []
        var start = 0
        let decoder = JSONDecoder()
        while true {
            let process: WorkerProcess
            // A new worker first makes its workbench (every tokenizer registered on every engine,
            // the extensions loaded): seconds in a debug or ASan build on a busy machine, and no
            // input's fault. It has 30 s more for that; its first post on the board ends them.
            var startup = Duration.zero
            do {
                if let worker {
                    process = worker
                } else {
                    startup = Self.startupAllowance
                    process = try WorkerProcess(
                        command: isolation.command, setup: setup, memoryLimit: isolation.memoryLimit)
                    worker = process
                }
            } catch {
                result.failure = error
                return result
            }
            // The board's count before the unit is sent: what the worker posts after it is this
            // unit's. Read after sending, it could already hold the input the worker died on (a
            // busy machine can stall this thread that long), and the death went unpinned.
            let postedBefore = process.board.read()?.count ?? 0
            do {
                let request = WorkerProtocol.Request(
                    kind: Unit.kind, start: start, skipping: skipping.sorted(), unit: unit)
                // A reused worker that died between units (killed from outside) is replaced; the
                // unit has not started, so no death is counted.
                guard try process.send(Array(try WorkerProtocol.encoder.encode(request))) || startup != .zero else {
                    _ = process.killAndReap()
                    worker = nil
                    continue
                }
            } catch {
                result.failure = error
                return result
            }
            var position: (input: Int, phase: WorkerPhase)?
            var deadline = ContinuousClock.now + isolation.timeout + startup
            var crashReportGrace = false
            var postsSeen = postedBefore
            var bytesSeen = process.bytesReceived
            let death: WorkerDeath.Cause
            reading: while true {
                // Woken at least five times a second, to see whether the worker moved on.
                switch process.nextLine(before: min(deadline, ContinuousClock.now + .milliseconds(200))) {
                case .line(let line):
                    deadline = ContinuousClock.now + isolation.timeout
                    switch WorkerProtocol.Reply(line: line) {
                    case .progress(let input, let phase):
                        position = (input, phase)
                    case .output(let input, let json):
                        guard let value = try? WorkerProtocol.output(Unit.Output.self, fromJSON: json, decoder: decoder)
                        else {
                            death = .garbage(Self.excerpt(line))
                            break reading
                        }
                        result.outputs[input] = value
                        start = max(start, input + 1)
                    case .done:
                        return result
                    case .failed(let json):
                        let failure = try? decoder.decode(WorkerProtocol.Failure.self, from: Data(json))
                        result.failure =
                            failure?.asError
                            ?? TokenBenchError.workerFailed(
                                reason: "a failure outside the protocol: \(String(decoding: json, as: UTF8.self))")
                        return result
                    case nil:
                        death = .garbage(Self.excerpt(line))
                        break reading
                    }
                case .silent:
                    let board = process.board.read()
                    let posted = board?.count ?? postedBefore
                    if posted != postsSeen || process.bytesReceived != bytesSeen {
                        (postsSeen, bytesSeen) = (posted, process.bytesReceived)
                        // A unit's own start (input -1: opening an engine's connection, registering
                        // every tokenizer on it, making the tokenizer) gets the start-up allowance
                        // too: on a busy machine it took over 3 s in a debug build.
                        let unitStart = (board?.input ?? 0) < 0 ? Self.startupAllowance : .zero
                        deadline = ContinuousClock.now + isolation.timeout + unitStart
                        continue reading
                    }
                    guard ContinuousClock.now >= deadline else { continue reading }
                    // A worker that crashed is silent while Swift's backtracer writes its report
                    // (about a second): it gets time to finish and die of its signal, once.
                    if !crashReportGrace, process.standardErrorTail(limit: 4096).contains("*** Signal ") {
                        crashReportGrace = true
                        deadline = ContinuousClock.now + .seconds(30)
                        continue reading
                    }
                    death = .timeout(isolation.timeout)
                    break reading
                case .closed:
                    death = .exit(0) // replaced below by how it ended
                    break reading
                }
            }
            worker = nil
            let end = process.killAndReap()
            if let posted = process.board.read(), posted.count > postedBefore {
                position = (posted.input, posted.phase)
            }
            let report = Self.crashReport(standardError: process.standardErrorTail(limit: 1 << 20))
            var cause = death
            if case .exit = death {
                if let signal = end.signal {
                    cause = .signal(signal)
                } else if let kind = Self.sanitizerError(in: report) {
                    cause = .sanitizer(kind)
                } else {
                    cause = .exit(end.exitStatus)
                }
                if let limit = isolation.memoryLimit, Self.ranOutOfMemory(end: end, limit: limit, report: report) {
                    cause = .memory(limit: limit)
                }
            }
            // Input -1 is the unit's own work (making the tokenizer): no input to leave out.
            let pinned = position.flatMap { $0.input >= 0 ? $0.input : nil }
            var recorded = WorkerDeath(
                cause: cause, phase: position?.phase, input: pinned.map(unit.label(ofInput:)),
                frame: Self.crashingFrame(in: report))
            if let pinned, let reproduction = unit.reproduction(ofInput: pinned) {
                recorded.reproduction = writeReproduction(reproduction, of: recorded, report: report)
            }
            result.deaths.append((pinned, recorded))
            guard let input = pinned, result.deaths.count < isolation.deathsPerUnit else {
                result.notRun = (start..<unit.inputCount).filter {
                    !skipping.contains($0) && $0 != pinned && result.outputs[$0] == nil
                }
                return result
            }
            skipping.insert(input)
        }
    }

    /// Writes `reproduction` into `--crash-dir`: the input, a script that runs it alone in-process
    /// (so that it crashes for real, under a debugger if need be), and the worker's crash report.
    /// Returns the script's path, or nil without a directory or when a file cannot be written.
    private func writeReproduction(_ reproduction: CrashReproduction, of death: WorkerDeath, report: String)
        -> String?
    {
        guard let directory = isolation.crashDirectory else { return nil }
        let number = idleLock.withLock {
            crashCount += 1
            return crashCount
        }
        let base = URL(fileURLWithPath: directory).appendingPathComponent("crash-\(getpid())-\(number)")
        let input = base.appendingPathExtension(reproduction.fileExtension)
        let script = base.appendingPathExtension("sh")
        let extensions = setup.extensions.flatMap { ["--load-extension", $0] }
        let arguments =
            [isolation.command[0]] + reproduction.arguments.map { $0 == "FILE" ? input.path : $0 } + extensions
            + ["--in-process"]
        func quoted(_ word: String) -> String { "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'" }
        let text = """
            #!/bin/sh
            # \(death.loss.wording)\(death.input.map { " on \($0)" } ?? "")
            exec \(arguments.map(quoted).joined(separator: " "))

            """
        do {
            try Data(reproduction.contents).write(to: input)
            try Data(text.utf8).write(to: script)
            try Data(report.utf8).write(to: base.appendingPathExtension("report"))
        } catch {
            return nil
        }
        return script.path
    }

    /// What a dead worker's standard error says: its last `limit` bytes, without the process
    /// memory map AddressSanitizer prints after its one-line "hard rss limit exhausted". A debug
    /// worker's map is about 10 KiB before ASan's own mappings; in a CI run it pushed that line out
    /// of the tail and the death was called "exited (status 1)". So the map's lines are left out,
    /// not the line that names the death.
    static func crashReport(standardError: String, limit: Int = 16384) -> String {
        var kept: [Substring] = []
        var inMemoryMap = false
        for line in standardError.split(separator: "\n", omittingEmptySubsequences: false) {
            if inMemoryMap && line.hasPrefix("\t") { continue }
            inMemoryMap = line.hasSuffix("Process memory map follows:")
            kept.append(line)
        }
        return String(decoding: kept.joined(separator: "\n").utf8.suffix(limit), as: UTF8.self)
    }

    /// A death after the worker came near its memory bound, or whose report says an
    /// allocation failed: a tokenizer that takes memory until malloc fails then usually writes
    /// through the NULL it got. Under AddressSanitizer, only ASan's report counts: its shadow
    /// memory makes every worker's peak large.
    static func ranOutOfMemory(end: WorkerProcess.End, limit: Int, report: String) -> Bool {
        let lowered = report.lowercased()
        return (!underAddressSanitizer && end.peakMemory >= limit / 2) || lowered.contains("could not allocate")
            || lowered.contains("out of memory") || lowered.contains("cannot allocate memory")
            || lowered.contains("rss limit exhausted")
    }

    /// The error an AddressSanitizer report names: "SEGV" from "ERROR: AddressSanitizer: SEGV on
    /// unknown address", "heap-buffer-overflow"…
    static func sanitizerError(in report: String) -> String? {
        guard let marker = report.range(of: "ERROR: AddressSanitizer: ") else { return nil }
        let kind = report[marker.upperBound...].prefix { !$0.isWhitespace && $0 != "(" }
        return kind.isEmpty ? nil : String(kind)
    }

    /// The innermost frame of a crash report (Swift's backtracer, or AddressSanitizer's) that is
    /// not the C library's or the runtime's: the code that crashed, or that called abort().
    static func crashingFrame(in report: String) -> String? {
        let lines = report.split(separator: "\n", omittingEmptySubsequences: false)
        // Swift: "Thread 0 "tokenbench" crashed:", then "  0  0x00007f… tbtest_segv_tokenize + 114 in libtbtest.so".
        // AddressSanitizer: "    #0 0x55… in tbtest_segv_tokenize (/tmp/libtbtest.so+0x1772)".
        let swiftStart = lines.firstIndex { $0.hasSuffix(" crashed:") }
        let frames: [Substring]
        if let swiftStart {
            // The crashed thread's frames run to the next empty line.
            frames = Array(lines[(swiftStart + 1)...].drop { $0.isEmpty }.prefix { !$0.isEmpty })
        } else {
            frames = lines.filter { $0.trimmingCharacters(in: .whitespaces).hasPrefix("#") && $0.contains(" in ") }
        }
        // A Swift trap (an index out of range, a force unwrap of nil) stops in the Swift runtime's
        // assertion code (libswiftCore, and a debug build's libswiftSwiftOnoneSupport): the frame
        // that matters is its caller's.
        // A call through a null pointer leaves a frame at address 0 of no module, and under ASan
        // an unwind that goes on inside ASan's own signal report (compiler-rt's sources).
        let ignored = [
            "libc.so", "libclang_rt", "libsystem", "[system]", "__asan", "__interceptor", "__sanitizer", " in libswift",
            "(<unknown module>)", "/compiler-rt/",
        ]
        for frame in frames.prefix(16) {
            guard !ignored.contains(where: { frame.contains($0) }) else { continue }
            guard let address = frame.range(of: " 0x") else { continue }
            var text = frame[address.upperBound...].drop { !$0.isWhitespace }.trimmingCharacters(in: .whitespaces)
            if text.hasPrefix("in ") { text.removeFirst(3) }
            if let source = text.range(of: " at /") { text = String(text[..<source.lowerBound]) }
            guard !text.isEmpty else { continue }
            return text
        }
        return nil
    }

    private static func excerpt(_ line: ArraySlice<UInt8>) -> String {
        ByteEscaping.display(Array(line.prefix(60)))
    }
}
