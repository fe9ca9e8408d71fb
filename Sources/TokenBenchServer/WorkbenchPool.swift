import Foundation
import TokenBench

/// Workbenches for concurrent requests: each request borrows one for its whole run, so no
/// workbench (its connections, its tokenizer instances) is ever used by two threads at once.
///
/// The work itself runs on the workbench's own dispatch queue, not on Swift's cooperative
/// threads: SQLite and the tokenizers block, and on two cores two blocked cooperative threads
/// would stop the server from accepting connections.
final class WorkbenchPool: @unchecked Sendable {
    /// A workbench and the queue its work runs on. Ownership: used only by the request that
    /// checked it out, until it is returned.
    private struct Slot: @unchecked Sendable {
        let workbench: Workbench
        let queue: DispatchQueue
    }

    private let lock = NSLock()
    private var idle: [Slot]
    private var waiting: [CheckedContinuation<Slot, Never>] = []

    /// `count` workbenches made with `options`; throws what the first workbench throws (an
    /// extension that does not load, a user type under a reserved name).
    init(count: Int, options: Workbench.Options) throws {
        idle = try (0..<max(count, 1)).map { index in
            Slot(
                workbench: try Workbench(options: options),
                queue: DispatchQueue(label: "TokenBench.server.workbench.\(index)"))
        }
    }

    /// Runs `job` with a workbench of its own, waiting for one when all are busy.
    func run<T: Sendable>(_ job: @escaping @Sendable (Workbench) throws -> T) async throws -> T {
        let slot = await checkOut()
        defer { checkIn(slot) }
        // Ownership: the slot is this request's until checkIn; the workbench crosses to its queue.
        nonisolated(unsafe) let workbench = slot.workbench
        return try await withCheckedThrowingContinuation { continuation in
            slot.queue.async { continuation.resume(with: Result { try job(workbench) }) }
        }
    }

    private func checkOut() async -> Slot {
        await withCheckedContinuation { continuation in
            lock.lock()
            if let slot = idle.popLast() {
                lock.unlock()
                continuation.resume(returning: slot)
            } else {
                waiting.append(continuation)
                lock.unlock()
            }
        }
    }

    private func checkIn(_ slot: Slot) {
        lock.lock()
        if waiting.isEmpty {
            idle.append(slot)
            lock.unlock()
        } else {
            let next = waiting.removeFirst()
            lock.unlock()
            next.resume(returning: slot)
        }
    }
}
