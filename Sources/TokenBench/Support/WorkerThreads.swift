import Foundation
import Synchronization

/// The bench's one worker pool: N real threads, started once and parked between jobs, each with
/// a stack big enough for nested wrapper constructors and MeCab (8 MiB).
///
/// Real threads, not `concurrentPerform`: that may run its iterations one after another when the
/// pool is busy, and conformance's thread check needs calls that truly overlap. Parked between
/// jobs, so that a measurement times the work and not thread creation (which cost about a fifth
/// of a 30 ms pass when each pass of `throughput --threads` made its own). Users: the run
/// layer (`WorkerPool`'s supervisors, and in-process units in `Workbench.run`), conformance's
/// thread check and `ThreadedTokenCounter`.
final class WorkerThreads {
    /// What the workers share; each worker holds it strongly, so it outlives this object until
    /// every worker has seen that there is no more work.
    private final class Shared: Sendable {
        let starts: [DispatchSemaphore]
        let done = DispatchSemaphore(value: 0)
        /// The job, `map`'s next unclaimed index and each index's result, behind one lock: the
        /// workers read the job after the semaphores wake them, and claim and store concurrently.
        private let state = Mutex(State())

        private struct State {
            /// Nil wakes a worker to end.
            var job: (@Sendable (Int) -> Void)?
            var next = 0
            /// As `any Sendable`, so that this one class serves every result type.
            var results: [(any Sendable)?] = []
        }

        init(count: Int) { starts = (0..<count).map { _ in DispatchSemaphore(value: 0) } }

        var job: (@Sendable (Int) -> Void)? {
            get { state.withLock { $0.job } }
            set { state.withLock { $0.job = newValue } }
        }

        func reset(count: Int) {
            state.withLock {
                $0.next = 0
                $0.results = Array(repeating: nil, count: count)
            }
        }

        /// The next index no worker has taken yet, or nil when all are taken.
        func claim() -> Int? {
            state.withLock { state in
                guard state.next < state.results.count else { return nil }
                defer { state.next += 1 }
                return state.next
            }
        }

        func store(_ result: any Sendable, at index: Int) { state.withLock { $0.results[index] = result } }

        func takeResults() -> [(any Sendable)?] {
            state.withLock { state in
                defer { state.results = [] }
                return state.results
            }
        }
    }

    private let shared: Shared

    init(count: Int) {
        let shared = Shared(count: count)
        self.shared = shared
        for index in 0..<count {
            let thread = Thread {
                while true {
                    shared.starts[index].wait()
                    guard let job = shared.job else { return }
                    job(index)
                    shared.done.signal()
                }
            }
            thread.stackSize = 8 << 20
            thread.start()
        }
    }

    /// Runs `job(worker, index)` for every index in 0..<count, each once, on whichever worker
    /// is free, and returns the results in index order once all are done. Not reentrant: one
    /// `run` or `map` at a time.
    func map<T: Sendable>(_ count: Int, _ job: @escaping @Sendable (_ worker: Int, _ index: Int) -> T) -> [T] {
        let shared = shared
        shared.reset(count: count)
        run { worker in
            while let index = shared.claim() { shared.store(job(worker, index), at: index) }
        }
        // Every index was claimed, and stored by the worker that claimed it, before `run` returned.
        return shared.takeResults().map { $0 as! T }
    }

    /// Runs `job(i)` on worker `i` for every worker at once, and returns each worker's result,
    /// in worker order, once all are done: for work that must stay on its worker's thread.
    func each<T: Sendable>(_ job: @escaping @Sendable (_ worker: Int) -> T) -> [T] {
        let shared = shared
        shared.reset(count: shared.starts.count)
        run { worker in shared.store(job(worker), at: worker) }
        return shared.takeResults().map { $0 as! T }
    }

    /// Runs `job(i)` on worker `i` for every worker, and returns when all are done.
    func run(_ job: @escaping @Sendable (Int) -> Void) {
        shared.job = job
        for start in shared.starts { start.signal() }
        for _ in shared.starts { shared.done.wait() }
        shared.job = nil
    }

    deinit {
        // `job` is nil between runs: each worker wakes, finds no job and ends.
        for start in shared.starts { start.signal() }
    }
}
