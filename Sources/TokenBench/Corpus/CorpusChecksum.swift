/// A 64-bit FNV-1a checksum of a corpus: each document's bytes, then a newline.
///
/// It only has to tell corpora apart so that throughput figures are compared on the same input;
/// FNV-1a does that in a few lines without a cryptography dependency (swift-crypto would add a
/// minute to every clean build for a property nobody needs here).
struct CorpusChecksum {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func add(document: UnsafeBufferPointer<UInt8>) {
        var hash = value
        for byte in document {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        value = (hash ^ 0x0A) &* 0x0000_0100_0000_01b3
    }

    var hex: String {
        let digits = String(value, radix: 16)
        return "fnv1a64:" + String(repeating: "0", count: 16 - digits.count) + digits
    }
}
