import Foundation

/// A hash table keyed by byte strings that can be probed with a borrowed buffer, so that looking
/// a token up allocates nothing and costs a few nanoseconds: it sits on the path of every token.
///
/// Open addressing with linear probing over a power-of-two slot array kept at most half full;
/// keys live back to back in one byte arena. (A Swift Dictionary would need an Array key per
/// probe, and hashing through `Hasher` alone costs more than the lookup should.)
struct ByteKeyedTable<Value> {
    private struct Slot {
        var hash: UInt64 = 0
        var keyStart: Int32 = 0
        var keyLength: Int32 = -1  // -1: empty
        var valueIndex: Int32 = 0
    }

    private var slots = [Slot](repeating: Slot(), count: 16)
    /// For each first byte, a bit per key length (bit 63: 63 bytes or more) present in the table:
    /// most tokens of a text are not stop words or synonyms, and this rejects them with one load,
    /// before hashing.
    private var presence = [UInt64](repeating: 0, count: 256)
    private var keyBytes: [UInt8] = []
    private var values: [Value] = []

    var count: Int { values.count }

    /// Eight bytes per multiply (a SplitMix64-style mix), then the tail packed into one word: a
    /// byte-at-a-time hash such as FNV-1a costs a dependent multiply per byte, which on a
    /// 10-byte word is a third of what unicode61 spends on the whole token. The hash is never
    /// stored outside the table, so it need not be stable across versions.
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash = 0x9E37_79B9_7F4A_7C15 ^ UInt64(truncatingIfNeeded: bytes.count)
        guard let base = bytes.baseAddress else { return hash }
        let raw = UnsafeRawPointer(base)
        var index = 0
        while index + 8 <= bytes.count {
            hash = (hash ^ raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)) &* 0xBF58_476D_1CE4_E5B9
            hash ^= hash >> 31
            index += 8
        }
        if index < bytes.count {
            var tail: UInt64 = 0
            var shift: UInt64 = 0
            while index < bytes.count {
                tail |= UInt64(base[index]) << shift
                shift += 8
                index += 1
            }
            hash = (hash ^ tail) &* 0x94D0_49BB_1331_11EB
            hash ^= hash >> 29
        }
        return hash
    }

    private static func presenceBit(_ bytes: UnsafeBufferPointer<UInt8>) -> (index: Int, bit: UInt64) {
        (Int(bytes.first ?? 0), 1 << UInt64(min(bytes.count, 63)))
    }

    private func mayContain(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let (index, bit) = Self.presenceBit(bytes)
        return presence.withUnsafeBufferPointer { $0[index] & bit != 0 }
    }

    /// The slot holding `bytes`, or the empty slot where it would go.
    private func probe(_ bytes: UnsafeBufferPointer<UInt8>, hash: UInt64) -> (index: Int, found: Bool) {
        slots.withUnsafeBufferPointer { slots in
            keyBytes.withUnsafeBufferPointer { arena in
                let mask = slots.count - 1
                var index = Int(truncatingIfNeeded: hash ^ (hash >> 29)) & mask
                while true {
                    let slot = slots[index]
                    if slot.keyLength < 0 { return (index, false) }
                    if slot.hash == hash && Int(slot.keyLength) == bytes.count
                        && (bytes.isEmpty || Self.equal(arena.baseAddress! + Int(slot.keyStart), bytes.baseAddress!, bytes.count)) {
                        return (index, true)
                    }
                    index = (index + 1) & mask
                }
            }
        }
    }

    /// Byte equality, eight bytes at a time: keys are words of a few bytes, for which a call to
    /// memcmp costs more than the comparison.
    @inline(__always)
    private static func equal(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ count: Int) -> Bool {
        let left = UnsafeRawPointer(a), right = UnsafeRawPointer(b)
        var index = 0
        while index + 8 <= count {
            if left.loadUnaligned(fromByteOffset: index, as: UInt64.self) != right.loadUnaligned(fromByteOffset: index, as: UInt64.self) {
                return false
            }
            index += 8
        }
        while index < count {
            if a[index] != b[index] { return false }
            index += 1
        }
        return true
    }

    func value(for bytes: UnsafeBufferPointer<UInt8>) -> Value? {
        guard mayContain(bytes) else { return nil }
        let (index, found) = probe(bytes, hash: Self.hash(bytes))
        return found ? values[Int(slots[index].valueIndex)] : nil
    }

    func contains(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        mayContain(bytes) && probe(bytes, hash: Self.hash(bytes)).found
    }

    mutating func insert(_ key: [UInt8], _ value: Value) {
        key.withUnsafeBufferPointer { key in
            let hash = Self.hash(key)
            let (index, found) = probe(key, hash: hash)
            if found {
                values[Int(slots[index].valueIndex)] = value
                return
            }
            slots[index] = Slot(hash: hash, keyStart: Int32(keyBytes.count), keyLength: Int32(key.count), valueIndex: Int32(values.count))
            keyBytes.append(contentsOf: key)
            let (presenceIndex, bit) = Self.presenceBit(key)
            presence[presenceIndex] |= bit
            values.append(value)
            if values.count * 2 > slots.count { grow() }
        }
    }

    private mutating func grow() {
        let old = slots
        slots = [Slot](repeating: Slot(), count: old.count * 2)
        let mask = slots.count - 1
        for slot in old where slot.keyLength >= 0 {
            var index = Int(truncatingIfNeeded: slot.hash ^ (slot.hash >> 29)) & mask
            while slots[index].keyLength >= 0 { index = (index + 1) & mask }
            slots[index] = slot
        }
    }

    mutating func removeAll() {
        slots = [Slot](repeating: Slot(), count: 16)
        presence = [UInt64](repeating: 0, count: 256)
        keyBytes.removeAll(keepingCapacity: true)
        values.removeAll(keepingCapacity: true)
    }
}
