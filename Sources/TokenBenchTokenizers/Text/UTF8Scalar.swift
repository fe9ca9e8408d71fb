/// UTF-8 one scalar at a time, over bytes that may not be UTF-8, through the standard library's
/// own decoder.
enum UTF8Scalar {
    /// The scalar at `index` and its length in bytes; nil and the length of the ill-formed
    /// sequence (its maximal subpart, at least 1 byte) where no scalar starts.
    @inline(__always)
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (UInt32?, Int) {
        var iterator = UnsafeBufferPointer(rebasing: bytes[index...]).makeIterator()
        var parser = Unicode.UTF8.ForwardParser()
        switch parser.parseScalar(from: &iterator) {
        case .valid(let encoded): return (Unicode.UTF8.decode(encoded).value, encoded.count)
        case .error(let length): return (nil, max(length, 1))
        case .emptyInput: return (nil, 1)
        }
    }

    /// The offset of the first byte of `bytes` that starts no scalar (an ill-formed sequence,
    /// counted from 0); nil when they are all UTF-8.
    static func firstIllFormedOffset(in bytes: [UInt8]) -> Int? {
        var iterator = bytes.makeIterator()
        var parser = Unicode.UTF8.ForwardParser()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded): offset += encoded.count
            case .error: return offset
            case .emptyInput: return nil
            }
        }
    }

    static func append(_ scalar: UInt32, to bytes: inout [UInt8]) {
        guard let unicode = Unicode.Scalar(scalar) else { return }
        UTF8.encode(unicode) { bytes.append($0) }
    }
}
