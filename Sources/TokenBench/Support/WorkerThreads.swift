import Foundation

/// The bench's one worker pool: N real threads, started once and parked between jobs, each with
/// a stack big enough for nested wrapper constructors and MeCab (8 MiB).
///
/// Real threads, not `concurrentPerform`: that may run its iterations one after another when the
/// pool is busy, and conformance's thread check needs calls that truly overlap. Parked between
/// jobs, so that a measurement times the work and not thread creation (which cost about a fifth
/// of a 30 ms pass when each pass of `throughput --threads` made its own). Users:
/// `Workbench.runInParallel` (matrix, quality, upgrade), conformance's thread check and
/// `ThreadedTokenCounter`.
final class WorkerThreads {
    /// What the workers share; each worker holds it strongly, so it outlives this object until
    /// every worker has seen that there is no more work.
    private final class Shared: @unchecked Sendable {
        let starts: [DispatchSemaphore]
        let done = DispatchSemaphore(value: 0)
        /// Written by `run` before the workers are woken and read by them after: the semaphores
        /// order the accesses. Nil wakes a worker to end.
        var job: (@Sendable (Int) -> Void)?

        init(count: Int) { starts = (0..<count).map { _ in DispatchSemaphore(value: 0) } }
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
