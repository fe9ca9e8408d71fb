import Foundation

/// The results of work spread over threads, one slot per job index, each written once by the
/// thread that ran that job: `Workbench.runInParallel` (which also hands out the next index)
/// and `ThreadedTokenCounter`.
final class ParallelResults<T>: @unchecked Sendable {
    private let lock = NSLock()
    private var next = 0
    private var slots: [Result<T, any Error>?]

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    /// The next index no thread has taken yet, or nil when all are taken.
    func claim() -> Int? {
        lock.withLock {
            guard next < slots.count else { return nil }
            defer { next += 1 }
            return next
        }
    }

    func store(_ index: Int, _ result: Result<T, any Error>) {
        lock.withLock { slots[index] = result }
    }

    func values() throws -> [T] {
        try slots.map { try $0!.get() }
    }
}
