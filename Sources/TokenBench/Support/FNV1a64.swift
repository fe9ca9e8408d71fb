/// The 64-bit FNV-1a hash, fed incrementally: cheap, and good enough both for word-sized table
/// keys (`ByteKeyedTable`) and for telling corpora apart (`CorpusChecksum`).
struct FNV1a64 {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    @inline(__always)
    mutating func combine(_ bytes: UnsafeBufferPointer<UInt8>) {
        var hash = value
        for byte in bytes {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        value = hash
    }

    @inline(__always)
    mutating func combine(_ byte: UInt8) {
        value = (value ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
    }
}
