extension UnsafeBufferPointer where Element == UInt8 {
    /// Whether every byte is ASCII: the fast path of `nfkc`, `snowball` and `german`, which skip
    /// their work then. Eight bytes per load (the last load overlaps the one before it), since a
    /// byte-at-a-time loop over a short word costs more than the rest of the check.
    var isASCII: Bool {
        let count = self.count
        guard count > 0 else { return true }
        let raw = UnsafeRawPointer(baseAddress.unsafelyUnwrapped)
        let high: UInt64 = 0x8080_8080_8080_8080
        if count >= 8 {
            var bits: UInt64 = 0
            var index = 0
            while index + 8 < count {
                bits |= raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                index += 8
            }
            bits |= raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
            return bits & high == 0
        }
        if count >= 4 {
            let bits =
                raw.loadUnaligned(as: UInt32.self) | raw.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
            return bits & 0x8080_8080 == 0
        }
        return (self[0] | self[count / 2] | self[count - 1]) & 0x80 == 0
    }
}
