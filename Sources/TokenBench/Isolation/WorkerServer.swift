import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The worker's side of isolation: reads units from standard input, runs them on a workbench of
/// its own, and writes what happens to standard output (`WorkerProtocol`). `tokenbench worker`
/// runs it; nothing else should.
package enum WorkerServer {
    /// Every kind of unit a worker runs.
    static let unitTypes: [any WorkerUnit.Type] = [
        TraceUnit.self, MatrixUnit.self, ContractUnit.self, IntegrityUnit.self, QualityUnit.self,
        UpgradeUnit.self, ThroughputUnit.self, SupportProbeUnit.self, EnvironmentUnit.self,
        EngineCheckUnit.self,
    ]

    /// Serves until standard input ends, and returns the exit status: 0, or 2 when the bench
    /// sent something that is not the protocol. `additionalUnits` are the kinds of unit of the
    /// layers above the bench (the server's requests).
    ///
    /// `ownTokenizers` are the Swift types this executable registers (`TokenBenchCLI.main`'s):
    /// when they are not the ones the bench's setup names, every unit fails with
    /// `workerRegistryDiffers`, naming the types, and the worker exits 2.
    package static func serve(
        additionalUnits: [any WorkerUnit.Type] = [], ownTokenizers: Workbench.Options = Workbench.Options()
    ) -> Int32 {
        let unitTypes = unitTypes + additionalUnits
        // Replies get standard output's pipe to themselves; whatever else writes to standard
        // output (a tokenizer's printf) goes to standard error, where it cannot break a reply.
        let replies = dup(1)
        dup2(2, 1)
        // A worker hung in judged code never reads the end of its input: it must not outlive the
        // bench (killed, or interrupted) and spin on. It checks its parent once a second.
        let parent = getppid()
        let watchdog = Thread {
            while getppid() == parent { sleep(1) }
            _exit(1)
        }
        watchdog.start()
        var reader = LineReader(descriptor: 0)
        guard let setupLine = reader.nextLine(),
            let setup = try? JSONDecoder().decode(WorkerProtocol.Setup.self, from: Data(setupLine))
        else {
            FileHandle.standardError.write(Data("tokenbench worker: the first line is not a worker setup\n".utf8))
            return 2
        }
        if let limit = setup.memoryLimit {
            var bound = rlimit(rlim_cur: rlim_t(limit), rlim_max: rlim_t(limit))
            setrlimit(Int32(RLIMIT_AS.rawValue), &bound)
        }
        let writer = ReplyWriter(descriptor: replies, board: ProgressBoard(worker: ProgressBoard.workerDescriptor))
        let registered = Workbench.ownTypeNames(of: ownTokenizers)
        guard registered == setup.ownTokenizers else {
            let error = TokenBenchError.workerRegistryDiffers(
                executable: WorkerIsolation.thisExecutablePath,
                missing: setup.ownTokenizers.filter { !registered.contains($0) },
                extra: registered.filter { !setup.ownTokenizers.contains($0) })
            FileHandle.standardError.write(Data("tokenbench \(error)\n".utf8))
            while reader.nextLine() != nil { writer.fail(error) }
            return 2
        }
        let workbench: Workbench
        do {
            var options = ownTokenizers
            options.extensions = setup.extensions.map(LoadableExtension.init(parsing:))
            workbench = try Workbench(options: options)
        } catch {
            // Every unit fails with the reason: the bench names it once.
            while reader.nextLine() != nil { writer.fail(error) }
            return 0
        }
        // Ready: the bench's clock for the first input starts now, not at the spawn.
        writer.progress(-1, .creating)
        while let line = reader.nextLine() {
            guard let header = try? JSONDecoder().decode(WorkerProtocol.RequestHeader.self, from: Data(line)) else {
                FileHandle.standardError.write(Data("tokenbench worker: not a unit request\n".utf8))
                return 2
            }
            // A kind this executable lacks fails the unit, by name, instead of ending the worker:
            // the pool would take that for a death of the tokenizer judged.
            guard let type = unitTypes.first(where: { $0.kind == header.kind }) else {
                writer.fail(TokenBenchError.unknownWorkerUnit(kind: header.kind, served: unitTypes.map { $0.kind }))
                continue
            }
            serve(type, line: line, on: workbench, writer: writer)
        }
        return 0
    }

    private static func serve<Unit: WorkerUnit>(
        _ type: Unit.Type, line: [UInt8], on workbench: Workbench, writer: ReplyWriter
    ) {
        do {
            let request = try JSONDecoder().decode(WorkerProtocol.Request<Unit>.self, from: Data(line))
            try request.unit.run(
                on: workbench, from: request.start, skipping: Set(request.skipping),
                progress: writer.progress,
                output: { input, value in
                    writer.output(Array("O \(input) ".utf8) + (try WorkerProtocol.json(of: value)))
                })
            writer.line("D")
        } catch {
            writer.fail(error)
        }
    }
}

/// Lines from a descriptor, without their LF.
struct LineReader {
    let descriptor: Int32
    private var pending: [UInt8] = []
    /// How many bytes at the start of `pending` were already taken as lines.
    private var consumed = 0
    private var ended = false

    init(descriptor: Int32) { self.descriptor = descriptor }

    mutating func nextLine() -> [UInt8]? {
        var scanned = consumed
        while true {
            if let newline = pending[scanned...].firstIndex(of: 0x0A) {
                let line = Array(pending[consumed..<newline])
                consumed = newline + 1
                return line
            }
            scanned = pending.count
            guard !ended else { return nil }
            var chunk = [UInt8](repeating: 0, count: 65536)
            let count = read(descriptor, &chunk, chunk.count)
            if count < 0 && errno == EINTR { continue }
            if count <= 0 {
                ended = true
                continue
            }
            // What was taken goes now, once per read, not once per line.
            pending.removeSubrange(..<consumed)
            scanned -= consumed
            consumed = 0
            pending += chunk[..<count]
        }
    }
}

/// Writes reply lines. Progress goes on the board when the bench gave one (or as a `P` line,
/// straight away, when it did not); outputs are gathered up to 64 KiB, since one the worker dies
/// before sending is only run again; every other line flushes them.
final class ReplyWriter {
    let descriptor: Int32
    private let board: ProgressBoard?
    private var pending: [UInt8] = []

    init(descriptor: Int32, board: ProgressBoard?) {
        self.descriptor = descriptor
        self.board = board
    }

    func progress(_ input: Int, _ phase: WorkerPhase) {
        if let board {
            board.post(input: input, phase: phase)
        } else {
            line("P \(input) \(phase.rawValue)")
        }
    }

    func output(_ bytes: [UInt8]) {
        pending += bytes
        pending.append(0x0A)
        if pending.count >= 64 << 10 { flush() }
    }

    func line(_ text: String) { line(Array(text.utf8)) }

    func line(_ bytes: [UInt8]) {
        pending += bytes
        pending.append(0x0A)
        flush()
    }

    private func flush() {
        let all = pending
        pending.removeAll(keepingCapacity: true)
        var written = 0
        while written < all.count {
            let count = all[written...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            // The bench is gone: nobody is left to answer.
            guard count > 0 else { exit(0) }
            written += count
        }
    }

    func fail(_ error: any Error) {
        let failure = WorkerProtocol.Failure(error)
        line(Array("F ".utf8) + ((try? WorkerProtocol.encoder.encode(failure)).map(Array.init) ?? Array("{}".utf8)))
    }
}
