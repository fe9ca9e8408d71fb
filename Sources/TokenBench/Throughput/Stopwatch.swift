import Foundation

/// Reads the monotonic clock in nanoseconds: unaffected by wall-clock changes, and cheap enough
/// (tens of nanoseconds) to read around each timed pass.
enum Stopwatch {
    static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }
}
