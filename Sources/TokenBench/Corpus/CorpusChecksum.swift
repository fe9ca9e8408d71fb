/// A 64-bit FNV-1a checksum of a corpus: each document's bytes, then a newline.
///
/// It only has to tell corpora apart so that throughput figures are compared on the same input;
/// FNV-1a does that in a few lines without a cryptography dependency (swift-crypto would add a
/// minute to every clean build for a property nobody needs here).
struct CorpusChecksum {
    private var hash = FNV1a64()

    var value: UInt64 { hash.value }

    mutating func add(document: UnsafeBufferPointer<UInt8>) {
        hash.combine(document)
        hash.combine(0x0A)
    }

    var hex: String {
        let digits = String(value, radix: 16)
        return "fnv1a64:" + String(repeating: "0", count: 16 - digits.count) + digits
    }
}
