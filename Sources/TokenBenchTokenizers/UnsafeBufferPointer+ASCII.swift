extension UnsafeBufferPointer where Element == UInt8 {
    /// Whether every byte is ASCII: the fast path of `nfkc` and `snowball`, which skip ICU then.
    var isASCII: Bool { allSatisfy { $0 < 0x80 } }
}
