import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where a worker says which input and phase it is on: a page of a file that the bench and the
/// worker both map, so that saying it costs a store, not a system call (a write per step was a
/// fifth of a matrix run, in the kernel). It survives the worker's death, which is when the bench
/// reads it. The worker gets the file as descriptor 3.
final class ProgressBoard {
    /// The descriptor a worker finds the board on.
    static let workerDescriptor: Int32 = 3

    /// The page: [0] how many times the worker moved on, [1] the input, [2] the phase's index in
    /// `WorkerPhase.allCases`. Ownership: mapped in `init`, unmapped in `deinit`.
    private let slots: UnsafeMutablePointer<Int64>
    let descriptor: Int32
    private let ownsDescriptor: Bool

    /// A new board, in a file unlinked at once (the bench's side).
    init() throws {
        var template = Array((NSTemporaryDirectory() + "/tokenbench-progress-XXXXXX").utf8CString)
        let descriptor = mkstemp(&template)
        guard descriptor >= 0 else {
            throw TokenBenchError.workerFailed(
                reason: "cannot make its progress file: \(String(cString: strerror(errno)))")
        }
        unlink(template)
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        guard ftruncate(descriptor, 4096) == 0, let slots = Self.map(descriptor) else {
            close(descriptor)
            throw TokenBenchError.workerFailed(
                reason: "cannot map its progress file: \(String(cString: strerror(errno)))")
        }
        self.descriptor = descriptor
        self.slots = slots
        ownsDescriptor = true
    }

    /// The board the bench handed this worker, or nil when it handed none (descriptor 3 is not
    /// a file of a page or more).
    init?(worker descriptor: Int32) {
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_size >= 4096, let slots = Self.map(descriptor) else {
            return nil
        }
        self.descriptor = descriptor
        self.slots = slots
        ownsDescriptor = false
    }

    deinit {
        munmap(slots, 4096)
        if ownsDescriptor { close(descriptor) }
    }

    private static func map(_ descriptor: Int32) -> UnsafeMutablePointer<Int64>? {
        let address = mmap(nil, 4096, PROT_READ | PROT_WRITE, MAP_SHARED, descriptor, 0)
        guard let address, address != MAP_FAILED else { return nil }
        return address.bindMemory(to: Int64.self, capacity: 3)
    }

    /// The worker's side: it is about to run `phase` of `input`. The count goes last, so that
    /// the bench never sees a new count with an old input (x86 and ARM keep stores to one page
    /// in order for a reader that sees the last one; the call into judged code that follows is
    /// opaque to the compiler, which must have made the stores by then).
    func post(input: Int, phase: WorkerPhase) {
        slots[1] = Int64(input)
        slots[2] = Int64(WorkerPhase.allCases.firstIndex(of: phase) ?? 0)
        slots[0] &+= 1
    }

    /// The bench's side: how many times the worker moved on, and where it is.
    func read() -> (count: Int64, input: Int, phase: WorkerPhase)? {
        let count = slots[0]
        guard count > 0 else { return nil }
        let phase = Int(slots[2])
        return (
            count, Int(slots[1]),
            WorkerPhase.allCases.indices.contains(phase) ? WorkerPhase.allCases[phase] : .tokenizing
        )
    }
}
