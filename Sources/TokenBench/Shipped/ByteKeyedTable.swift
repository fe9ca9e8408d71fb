/// A hash table keyed by byte strings that can be probed with a borrowed buffer, so that looking
/// a token up allocates nothing (a Swift Dictionary would need an Array key per token).
struct ByteKeyedTable<Value> {
    private var buckets: [UInt64: [(key: [UInt8], value: Value)]] = [:]
    private(set) var count = 0

    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        // FNV-1a: cheap, and good enough for word-sized keys.
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        return hash
    }

    func value(for bytes: UnsafeBufferPointer<UInt8>) -> Value? {
        guard let bucket = buckets[Self.hash(bytes)] else { return nil }
        for entry in bucket where entry.key.count == bytes.count && entry.key.elementsEqual(bytes) {
            return entry.value
        }
        return nil
    }

    func contains(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool { value(for: bytes) != nil }

    mutating func insert(_ key: [UInt8], _ value: Value) {
        let hash = key.withUnsafeBufferPointer(Self.hash)
        if let index = buckets[hash]?.firstIndex(where: { $0.key == key }) {
            buckets[hash]![index].value = value
        } else {
            buckets[hash, default: []].append((key, value))
            count += 1
        }
    }

    mutating func removeAll() {
        buckets.removeAll(keepingCapacity: true)
        count = 0
    }
}
