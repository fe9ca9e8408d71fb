import TokenBenchEngines

/// The ASCII fast path of `icu`, `translit` and `latinascii`:
/// an all-ASCII token only needs A–Z lower-cased, which costs one pass over its bytes and no
/// allocation. Not safe for concurrent use: one per tokenizer instance.
final class ASCIILowercaser {
    // Ownership: allocated here and in `lowerCased`, freed in deinit. Grown for a longer token,
    // never shrunk.
    private var scratch: UnsafeMutableBufferPointer<UInt8> = .allocate(capacity: 64)

    deinit { scratch.deallocate() }

    /// `token` lower-cased, or nil when it is not all ASCII. A token without A–Z comes back as it
    /// is; one with capitals comes back as a copy valid until the next call.
    @inline(__always)
    func lowerCased(_ token: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8>? {
        var high: UInt8 = 0
        var hasCapital = false
        for byte in token {
            high |= byte
            hasCapital = hasCapital || byte &- 0x41 < 26
        }
        guard high < 0x80 else { return nil }
        guard hasCapital else { return token }
        if token.count > scratch.count {
            scratch.deallocate()
            scratch = .allocate(capacity: max(token.count, scratch.count * 2))
        }
        for (index, byte) in token.enumerated() {
            scratch[index] = byte &- 0x41 < 26 ? byte | 0x20 : byte
        }
        return UnsafeBufferPointer(rebasing: scratch[..<token.count])
    }
}
