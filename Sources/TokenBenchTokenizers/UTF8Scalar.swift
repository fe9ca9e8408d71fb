/// UTF-8 one scalar at a time, over bytes that may not be UTF-8.
enum UTF8Scalar {
    /// The scalar at `index` and its length in bytes; nil and 1 for a byte that does not start
    /// a well-formed scalar.
    @inline(__always)
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (UInt32?, Int) {
        let lead = UInt32(bytes[index])
        let (length, minimum, initial): (Int, UInt32, UInt32) =
            switch lead {
            case 0..<0x80: (1, 0, lead)
            case 0xC2..<0xE0: (2, 0x80, lead & 0x1F)
            case 0xE0..<0xF0: (3, 0x800, lead & 0x0F)
            case 0xF0..<0xF5: (4, 0x10000, lead & 0x07)
            default: (0, 0, 0)
            }
        guard length > 0, index + length <= bytes.count else { return (nil, 1) }
        var scalar = initial
        for offset in 1..<length {
            let byte = UInt32(bytes[index + offset])
            guard byte & 0xC0 == 0x80 else { return (nil, 1) }
            scalar = scalar << 6 | (byte & 0x3F)
        }
        guard scalar >= minimum, scalar <= 0x10FFFF, !(0xD800...0xDFFF).contains(scalar) else { return (nil, 1) }
        return (scalar, length)
    }

    static func append(_ scalar: UInt32, to bytes: inout [UInt8]) {
        guard let unicode = Unicode.Scalar(scalar) else { return }
        UTF8.encode(unicode) { bytes.append($0) }
    }
}
