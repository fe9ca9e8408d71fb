import Foundation
import Synchronization

/// The run layer for callers that bring one unit at a time, concurrently: the server's requests.
/// A unit runs in a worker process when the options isolate, else here on connections of its
/// own (a workbench made for it); at most `concurrency` at once, each on a thread of its own:
/// SQLite and the tokenizers block, and two blocked cooperative threads on two cores would stop
/// a server from accepting connections.
package final class UnitRunner: Sendable {
    private let options: Workbench.Options
    private let workers: WorkerPool?
    private let slots: Slots
    private let queue = DispatchQueue(label: "TokenBench.UnitRunner", attributes: .concurrent)

    /// With `options.isolation`, its workers (their `jobs` should be `concurrency`). Throws what
    /// making a workbench of `options` throws: an extension that does not load, a user type under
    /// a reserved name, or one that workers cannot register.
    package init(options: Workbench.Options, concurrency: Int) throws {
        // Made once here, so that a bad option is said at start, not on the first request; its
        // pool outlives it.
        workers = try Workbench(options: options).workerPool
        var inProcess = options
        inProcess.isolation = nil
        self.options = inProcess
        slots = Slots(max(concurrency, 1))
    }

    /// Runs `unit` once a slot is free; what it gave, or how it died.
    package func run<Unit: WorkerUnit>(_ unit: Unit) async -> UnitResult<Unit.Output> {
        await slots.take()
        defer { slots.give() }
        return await withCheckedContinuation { continuation in
            queue.async { [self] in
                let result: UnitResult<Unit.Output>
                if let workers {
                    result = workers.run([unit])[0]
                } else {
                    do { result = unit.runInProcess(on: try Workbench(options: options)) } catch {
                        var failed = UnitResult<Unit.Output>()
                        failed.failure = error
                        result = failed
                    }
                }
                continuation.resume(returning: result)
            }
        }
    }

    /// A counting semaphore for tasks: a task waits for a slot without holding a thread.
    private final class Slots: Sendable {
        private struct State {
            var free: Int
            var waiting: [CheckedContinuation<Void, Never>] = []
        }
        private let state: Mutex<State>

        init(_ count: Int) { state = Mutex(State(free: count)) }

        func take() async {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let granted = state.withLock { state in
                    guard state.free > 0 else {
                        state.waiting.append(continuation)
                        return false
                    }
                    state.free -= 1
                    return true
                }
                if granted { continuation.resume() }
            }
        }

        /// Hands the slot to the first waiting task, or frees it.
        func give() {
            let next = state.withLock { state in
                guard !state.waiting.isEmpty else {
                    state.free += 1
                    return nil as CheckedContinuation<Void, Never>?
                }
                return state.waiting.removeFirst()
            }
            next?.resume()
        }
    }
}
