import TokenBenchEngines

/// The calling convention of the C shims that return text (CICUShim, CMeCabShim): `write` gets
/// a capacity, writes at most that much, and returns the length it needed, or -1 on failure.
/// Calls it again with the needed capacity until the result fits. Returns the length, or nil.
func retryingWithLargerCapacity(initialCapacity: Int, _ write: (Int) -> CInt) -> Int? {
    var capacity = initialCapacity
    while true {
        let length = write(capacity)
        if length < 0 { return nil }
        if Int(length) <= capacity { return Int(length) }
        capacity = Int(length)
    }
}

/// `retryingWithLargerCapacity` into a fresh buffer: the bytes the C function wrote, or nil.
func withGrowingBuffer(initialCapacity: Int = 256, _ write: (UnsafeMutablePointer<CChar>, CInt) -> CInt) -> [UInt8]? {
    var buffer: [CChar] = []
    let length = retryingWithLargerCapacity(initialCapacity: initialCapacity) { capacity in
        buffer = [CChar](repeating: 0, count: capacity)
        return buffer.withUnsafeMutableBufferPointer { write($0.baseAddress!, CInt(capacity)) }
    }
    return length.map { buffer.prefix($0).map { UInt8(bitPattern: $0) } }
}
