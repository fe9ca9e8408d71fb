import TokenBenchEngines

/// A cache from byte strings to byte strings (a token to its case folding or transliteration)
/// whose values live back to back in one arena of raw memory, so that a hit hands out a borrowed
/// slice: an `[UInt8]` value would be retained and released around every use, on every token.
///
/// Cleared when it holds `limit` entries, so memory stays bounded on a corpus of unbounded
/// vocabulary. Not safe for concurrent use: one per tokenizer instance.
final class ByteStringCache {
    private struct Slice {
        var start: Int32
        var count: Int32
    }

    private let table = ByteKeyedTable<Slice>()
    // Ownership: allocated here, replaced by a larger one in `append`, freed in deinit.
    private var arena = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 4096)
    private var used = 0
    let limit: Int

    init(limit: Int = 100_000) { self.limit = limit }

    deinit { arena.deallocate() }

    var count: Int { table.count }

    /// Calls `body` with the value cached for `key`, borrowed until `body` returns, or with nil.
    @inline(__always)
    func withValue<R>(for key: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>?) -> R) -> R {
        table.withValue(for: key) { slice in
            guard let slice = slice?.pointee else { return body(nil) }
            return body(
                UnsafeBufferPointer(
                    start: arena.baseAddress.unsafelyUnwrapped + Int(slice.start), count: Int(slice.count)))
        }
    }

    /// Caches `value` for `key` and calls `body` with the cached copy, borrowed until it returns.
    func insert<R>(
        _ key: UnsafeBufferPointer<UInt8>, _ value: UnsafeBufferPointer<UInt8>,
        _ body: (UnsafeBufferPointer<UInt8>) -> R
    ) -> R {
        if table.count >= limit || used + value.count > Int(Int32.max) {
            table.removeAll()
            used = 0
        }
        if used + value.count > arena.count {
            let larger = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(arena.count * 2, used + value.count))
            if used > 0 { larger.baseAddress!.update(from: arena.baseAddress!, count: used) }
            arena.deallocate()
            arena = larger
        }
        let start = used
        if let source = value.baseAddress { (arena.baseAddress! + start).update(from: source, count: value.count) }
        used += value.count
        table.insert(Array(key), Slice(start: Int32(start), count: Int32(value.count)))
        return body(UnsafeBufferPointer(start: arena.baseAddress! + start, count: value.count))
    }
}
