import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One worker process, seen from the bench: its pipes, its standard error (a file, read after a
/// death for the crash report), and its end.
///
/// Spawned with `posix_spawn` (fork and exec in one step, safe in a process with threads), not
/// Foundation's `Process`, which reaps its children on a thread of its own: the bench needs the
/// exit status and peak memory from `wait4` itself. Not swift-subprocess either: its API is async,
/// and the bench runs its work on threads.
final class WorkerProcess {
    let pid: pid_t
    /// The worker's standard input (requests) and output (replies). Owned: closed in `end()`.
    private var requests: Int32
    private var replies: Int32
    /// The worker's standard error, a file unlinked at once: only this descriptor reaches it.
    private let errors: Int32
    /// Where the worker says which input it is on.
    let board: ProgressBoard
    /// Reply bytes read but not yet taken as lines.
    private var pending: [UInt8] = []
    /// How many bytes at the start of `pending` were already taken as lines, and how far past
    /// them it holds no LF: a long line arriving over many calls is scanned once, not once per
    /// call (rescanning 20 MB of one answer per call left no time to read the rest).
    private var consumed = 0
    private var scanned = 0
    /// Every reply byte read so far: bytes arriving are a worker at work, as its board is.
    private(set) var bytesReceived = 0
    private var ended = false

    /// The environment every worker gets: the bench's, with Swift's crash reporter set to print
    /// the crashing thread only, without asking anyone (it would wait on a terminal). Under
    /// AddressSanitizer, whose shadow memory no address-space bound leaves room for, ASan's own
    /// RSS bound stands in for `memoryLimit`.
    private static func environment(memoryLimit: Int?) -> [String] {
        var variables = ProcessInfo.processInfo.environment
        // Under AddressSanitizer, which reports faults itself, Swift's reporter is off: its
        // helper process ran on for minutes there, holding the pipes of the process it reported on.
        variables["SWIFT_BACKTRACE"] =
            WorkerPool.underAddressSanitizer
            ? "enable=no"
            : "enable=yes,interactive=no,color=no,threads=crashed,registers=none,images=none,limit=16,top=0"
        if WorkerPool.underAddressSanitizer, let memoryLimit {
            variables["ASAN_OPTIONS"] =
                (variables["ASAN_OPTIONS"].map { $0 + ":" } ?? "") + "hard_rss_limit_mb=\(memoryLimit >> 20)"
        }
        return variables.map { "\($0.key)=\($0.value)" }
    }

    private static let spawning = NSLock()

    init(command: [String], setup: WorkerProtocol.Setup, memoryLimit: Int?) throws {
        // A write to a worker that just died must fail with EPIPE, not end the bench.
        signal(SIGPIPE, SIG_IGN)
        // The descriptors are made and marked close-on-exec under one lock with the spawn, so
        // that a worker another thread starts at the same time inherits none of them (Glibc's
        // Swift module has no pipe2 or mkostemp to make them so at once).
        Self.spawning.lock()
        defer { Self.spawning.unlock() }
        var requestPipe: [Int32] = [0, 0]
        var replyPipe: [Int32] = [0, 0]
        guard pipe(&requestPipe) == 0 else { throw Self.failure("pipe") }
        guard pipe(&replyPipe) == 0 else {
            close(requestPipe[0])
            close(requestPipe[1])
            throw Self.failure("pipe")
        }
        // A file, unlinked at once: only the descriptors reach it.
        var template = Array((NSTemporaryDirectory() + "/tokenbench-worker-XXXXXX").utf8CString)
        let errors = mkstemp(&template)
        guard errors >= 0 else {
            for descriptor in requestPipe + replyPipe { close(descriptor) }
            throw Self.failure("a file for the worker's standard error")
        }
        unlink(template)
        for descriptor in requestPipe + replyPipe + [errors] { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        let board: ProgressBoard
        do {
            board = try ProgressBoard()
        } catch {
            for descriptor in requestPipe + replyPipe + [errors] { close(descriptor) }
            throw error
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, requestPipe[0], 0)
        posix_spawn_file_actions_adddup2(&actions, replyPipe[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errors, 2)
        posix_spawn_file_actions_adddup2(&actions, board.descriptor, ProgressBoard.workerDescriptor)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // The signals the bench ignores (SIGPIPE, SIGXFSZ) take their default again in the worker,
        // and none is blocked.
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGPIPE)
        sigaddset(&defaults, SIGXFSZ)
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setsigmask(&attributes, &unblocked)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        var child: pid_t = 0
        let arguments = command.map { strdup($0) } + [nil]
        let environment = Self.environment(memoryLimit: memoryLimit).map { strdup($0) } + [nil]
        defer {
            for pointer in arguments + environment { free(pointer) }
        }
        let status = posix_spawn(&child, command[0], &actions, &attributes, arguments, environment)
        close(requestPipe[0])
        close(replyPipe[1])
        guard status == 0 else {
            close(requestPipe[1])
            close(replyPipe[0])
            close(errors)
            throw TokenBenchError.invalidArgument(
                name: "worker", value: command.joined(separator: " "),
                reason: "cannot be started: \(String(cString: strerror(status)))")
        }
        pid = child
        requests = requestPipe[1]
        replies = replyPipe[0]
        self.errors = errors
        self.board = board
        try send(Array(try WorkerProtocol.encoder.encode(setup)))
    }

    deinit {
        if !ended {
            kill(pid, SIGKILL)
            _ = end()
        }
        close(errors)
    }

    /// Writes `line` and its LF; false when the worker is gone (its end of the pipe closed).
    @discardableResult
    func send(_ line: [UInt8]) throws -> Bool {
        let bytes = line + [0x0A]
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { write(requests, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return false
            }
            written += count
        }
        return true
    }

    enum Read {
        case line(ArraySlice<UInt8>)
        /// Nothing for the whole wait.
        case silent
        /// The worker closed its standard output: it is dead or dying.
        case closed
    }

    /// The next line of replies, waiting at most until `deadline`.
    func nextLine(before deadline: ContinuousClock.Instant) -> Read {
        scanned = max(scanned, consumed)
        while true {
            if let newline = pending[scanned...].firstIndex(of: 0x0A) {
                let line = pending[consumed..<newline]
                consumed = newline + 1
                scanned = consumed
                return .line(line)
            }
            scanned = pending.count
            let left = ContinuousClock.now.duration(to: deadline)
            guard left > .zero else { return .silent }
            let (seconds, attoseconds) = left.components
            // A fifth of a second at most: a worker that died while a process it started (a crash
            // reporter) still holds its end of the pipe is seen by its state, not by the pipe.
            let milliseconds = min(Int32(clamping: seconds * 1000 + attoseconds / 1_000_000_000_000_000 + 1), 200)
            var descriptor = pollfd(fd: replies, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, milliseconds)
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0 else {
                if hasEnded { return .closed }
                continue
            }
            var chunk = [UInt8](repeating: 0, count: 65536)
            let count = read(replies, &chunk, chunk.count)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return .closed }
            bytesReceived += count
            // What was taken goes now, once per read, not once per line.
            pending.removeSubrange(..<consumed)
            scanned -= consumed
            consumed = 0
            pending += chunk[..<count]
        }
    }

    /// Whether the worker has ended (a zombie not yet reaped), read from /proc without reaping it.
    private var hasEnded: Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return false }
        // "PID (COMM) STATE …": COMM may hold spaces and parentheses, so the state follows the last ')'.
        return stat[stat.index(after: close)...].trimmingCharacters(in: .whitespaces).first == "Z"
    }

    /// How the worker ended.
    struct End {
        /// The signal that ended it, or nil when it exited.
        var signal: Int32?
        var exitStatus: Int32
        /// Its peak resident memory, in bytes.
        var peakMemory: Int
    }

    /// Kills the worker (when it has not ended already) and waits for its end.
    func killAndReap() -> End {
        kill(pid, SIGKILL)
        return end()
    }

    /// Closes the pipes and waits for the worker to end: a worker that read its end of input
    /// exits by itself.
    func end() -> End {
        if !ended {
            close(requests)
            close(replies)
            ended = true
        }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        let signalled = (status & 0x7F) != 0 && (status & 0x7F) != 0x7F
        return End(
            signal: signalled ? status & 0x7F : nil, exitStatus: (status >> 8) & 0xFF,
            peakMemory: Int(usage.ru_maxrss) * 1024)
    }

    /// The last `limit` bytes the worker wrote to its standard error.
    func standardErrorTail(limit: Int = 16384) -> String {
        let size = lseek(errors, 0, SEEK_END)
        guard size > 0 else { return "" }
        let start = max(0, Int(size) - limit)
        var bytes = [UInt8](repeating: 0, count: Int(size) - start)
        let count = pread(errors, &bytes, bytes.count, off_t(start))
        return String(decoding: bytes.prefix(max(count, 0)), as: UTF8.self)
    }

    private static func failure(_ what: String) -> TokenBenchError {
        .workerFailed(reason: "cannot start one: \(what): \(String(cString: strerror(errno)))")
    }
}
