import Foundation

/// What a worker was doing on an input when it last said so.
package enum WorkerPhase: String, Sendable, Codable, CaseIterable {
    /// Loading the engine's library and opening a connection to it, which also registers the
    /// bench's tokenizers and loads the extensions (the frame then says whose code died): no
    /// tokenizer is made yet.
    case connecting
    /// Making the tokenizer (xCreate) or its table.
    case creating
    /// Calling the tokenizer's xTokenize through the bench's own callback.
    case tokenizing
    /// Inserting the input into a real FTS5 table.
    case indexing
    /// Running a MATCH.
    case querying
    /// FTS5's integrity-check over an index of the inputs.
    case integrityCheck = "integrity-check"
    /// FTS5's highlight() over the input.
    case highlight
    /// Building a query's pattern with the tokenizer (the `typed-*` query kinds).
    case buildingPattern = "building-pattern"
    /// Probing an engine's facts and capabilities (`tokenbench env`).
    case probing

    /// "while indexing", "while running the integrity-check".
    package var whileDoing: String {
        switch self {
        case .connecting: "while opening a connection to the engine"
        case .creating: "while creating the tokenizer"
        case .integrityCheck: "while running FTS5's integrity-check"
        case .buildingPattern: "while building the pattern"
        case .probing: "while probing the engine"
        default: "while \(rawValue)"
        }
    }
}

/// How a worker died on an input: a result to report, never the end of the run.
package struct WorkerDeath: Hashable, Sendable, CustomStringConvertible {
    package enum Cause: Hashable, Sendable {
        /// Ended by a signal (SIGSEGV, SIGABRT…; a Swift trap is SIGILL or SIGTRAP).
        case signal(Int32)
        /// Silent on one input for longer than the timeout, then killed.
        case timeout(Duration)
        /// Ended by a signal or an allocation failure after reaching the memory bound.
        case memory(limit: Int)
        /// Exited by itself in the middle of a unit (a tokenizer that calls exit()).
        case exit(Int32)
        /// Wrote something that is not the workers' protocol.
        case garbage(String)
        /// Ended by AddressSanitizer, with the kind of error its report names ("SEGV",
        /// "heap-buffer-overflow"): under ASan, a fault ends the worker by ASan's exit, not a signal.
        case sanitizer(String)
    }

    package var cause: Cause
    /// What the worker said it was doing last, or nil before it said anything.
    package var phase: WorkerPhase?
    /// The input it was on, as the unit labels it (nil before the first input).
    package var input: String?
    /// The innermost frame that is not the C library's, from the worker's crash report: where
    /// it can be had.
    package var frame: String?
    /// The script `--crash-dir` wrote to run the input again, alone, in-process.
    package var reproduction: String?

    /// The input's loss: "crashed (SIGSEGV while indexing)", "timed out (over 10 s while
    /// tokenizing)", with its code.
    package var loss: Loss {
        let doing = phase.map { " \($0.whileDoing)" } ?? ""
        switch cause {
        case .signal(let number): return Loss(.crashed, detail: "\(Self.signalName(number))\(doing)")
        case .timeout(let limit): return Loss(.timedOut, detail: "over \(Self.seconds(limit))\(doing)")
        case .memory(let limit): return Loss(.outOfMemory, detail: "over \(limit >> 20) MiB\(doing)")
        case .exit(let status): return Loss(.exited, detail: "status \(status)\(doing)")
        case .garbage(let text): return Loss(.protocol, detail: "wrote '\(text)'\(doing)")
        case .sanitizer(let kind): return Loss(.crashed, detail: "AddressSanitizer: \(kind)\(doing)")
        }
    }

    package var description: String {
        loss.wording + (input.map { " on \($0)" } ?? "") + (frame.map { " at \($0)" } ?? "")
            + (reproduction.map { " (again: sh \($0))" } ?? "")
    }

    /// SIGSEGV, SIGABRT…, or "signal N".
    package static func signalName(_ number: Int32) -> String {
        let names: [Int32: String] = [
            SIGSEGV: "SIGSEGV", SIGBUS: "SIGBUS", SIGABRT: "SIGABRT", SIGILL: "SIGILL", SIGFPE: "SIGFPE",
            SIGTRAP: "SIGTRAP", SIGKILL: "SIGKILL", SIGTERM: "SIGTERM", SIGSYS: "SIGSYS", SIGXCPU: "SIGXCPU",
        ]
        return names[number] ?? "signal \(number)"
    }

    static func seconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        return attoseconds == 0
            ? "\(seconds) s" : String(format: "%.3g s", Double(seconds) + Double(attoseconds) / 1e18)
    }
}
