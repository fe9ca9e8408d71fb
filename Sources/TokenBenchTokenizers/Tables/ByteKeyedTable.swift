import Foundation
import TokenBenchEngines

/// A hash table keyed by byte strings that can be probed with a borrowed buffer, so that looking
/// a token up allocates nothing and costs a few nanoseconds: it sits on the path of every token.
///
/// Open addressing with linear probing over a power-of-two slot array kept at most half full;
/// keys live back to back in one byte arena. (A Swift Dictionary would need an Array key per
/// probe, and hashing through `Hasher` alone costs more than the lookup should.)
///
/// A final class over manually managed buffers, not a struct of arrays: a lookup in a table held
/// by a `let` reads raw memory with no retain or release. A struct of Swift arrays stored in a
/// tokenizer's `var` cost a retain and a release per array per lookup (a quarter of `translit`'s
/// time went to them). Not safe for concurrent use: one per tokenizer instance.
final class ByteKeyedTable<Value> {
    private struct Slot {
        var hash: UInt64 = 0
        var keyStart: Int32 = 0
        var keyLength: Int32 = -1 // -1: empty
        var valueIndex: Int32 = 0
    }

    // Ownership: every buffer below is allocated by this table and freed in deinit (or when it
    // is replaced by a larger one).
    private var slots: UnsafeMutableBufferPointer<Slot>
    /// For each first byte, a bit per key length (bit 63: 63 bytes or more) present in the table:
    /// most tokens of a text are not stop words or synonyms, and this rejects them with one load,
    /// before hashing.
    private let presence: UnsafeMutablePointer<UInt64>
    private var keyBytes: UnsafeMutableBufferPointer<UInt8>
    private var keyByteCount = 0
    /// Initialized up to `count`.
    private var values: UnsafeMutableBufferPointer<Value>
    private(set) var count = 0

    private static var initialSlotCount: Int { 16 }

    init() {
        slots = Self.emptySlots(Self.initialSlotCount)
        presence = .allocate(capacity: 256)
        presence.initialize(repeating: 0, count: 256)
        keyBytes = .allocate(capacity: 64)
        values = .allocate(capacity: 8)
    }

    deinit {
        slots.deallocate()
        presence.deallocate()
        keyBytes.deallocate()
        _ = values.baseAddress.map { $0.deinitialize(count: count) }
        values.deallocate()
    }

    private static func emptySlots(_ count: Int) -> UnsafeMutableBufferPointer<Slot> {
        let slots = UnsafeMutableBufferPointer<Slot>.allocate(capacity: count)
        slots.initialize(repeating: Slot())
        return slots
    }

    /// Keys of at most this many bytes are packed into one word: their hash is a bijection of
    /// that word, so equal hashes and lengths mean equal keys, and a lookup never reads the
    /// arena. Most words a tokenizer looks up (stop words, synonyms, cached words) are that short.
    static var packedLength: Int { 8 }

    /// The bytes of a key of at most `packedLength` bytes as one word (little-endian, zero-filled),
    /// read with two overlapping loads inside the key (a variable-length memcpy is a libc call,
    /// which costs more than the whole lookup should).
    @inline(__always)
    static func packed(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        let count = bytes.count
        guard count > 0 else { return 0 }
        let raw = UnsafeRawPointer(bytes.baseAddress.unsafelyUnwrapped)
        if count >= 4 {
            let low = UInt64(raw.loadUnaligned(as: UInt32.self))
            let high = UInt64(raw.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self))
            return low | high << UInt64((count - 4) * 8)
        }
        // 1 to 3 bytes: the first, middle and last byte cover them all.
        let middle = count / 2
        return UInt64(bytes[0]) | UInt64(bytes[middle]) << UInt64(middle * 8) | UInt64(bytes[count - 1])
            << UInt64((count - 1) * 8)
    }

    /// A short key's hash is a bijection of its packed word (xor with a constant, multiply by an
    /// odd constant, xor-shift: each is invertible). Longer keys take eight bytes per multiply
    /// (a SplitMix64-style mix), then the tail packed into one word: a byte-at-a-time hash such as
    /// FNV-1a costs a dependent multiply per byte. The hash is never stored outside the table,
    /// so it need not be stable across versions.
    @inline(__always)
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        if bytes.count <= packedLength {
            var hash = (packed(bytes) ^ 0x9E37_79B9_7F4A_7C15) &* 0xBF58_476D_1CE4_E5B9
            hash ^= hash >> 31
            return hash
        }
        var hash = 0x9E37_79B9_7F4A_7C15 ^ UInt64(truncatingIfNeeded: bytes.count)
        let base = bytes.baseAddress.unsafelyUnwrapped
        let raw = UnsafeRawPointer(base)
        var index = 0
        while index + 8 <= bytes.count {
            hash = (hash ^ raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)) &* 0xBF58_476D_1CE4_E5B9
            hash ^= hash >> 31
            index += 8
        }
        if index < bytes.count {
            let tail = packed(UnsafeBufferPointer(start: base + index, count: bytes.count - index))
            hash = (hash ^ tail) &* 0x94D0_49BB_1331_11EB
            hash ^= hash >> 29
        }
        return hash
    }

    @inline(__always)
    private static func presenceBit(_ bytes: UnsafeBufferPointer<UInt8>) -> (index: Int, bit: UInt64) {
        (Int(bytes.first ?? 0), 1 << UInt64(min(bytes.count, 63)))
    }

    @inline(__always)
    private func mayContain(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let (index, bit) = Self.presenceBit(bytes)
        return presence[index] & bit != 0
    }

    /// The slot holding `bytes`, or the empty slot where it would go.
    @inline(__always)
    private func probe(_ bytes: UnsafeBufferPointer<UInt8>, hash: UInt64) -> (index: Int, found: Bool) {
        let mask = slots.count - 1
        let arena = keyBytes.baseAddress.unsafelyUnwrapped
        var index = Int(truncatingIfNeeded: hash ^ (hash >> 29)) & mask
        while true {
            let slot = slots[index]
            if slot.keyLength < 0 { return (index, false) }
            if slot.hash == hash && Int(slot.keyLength) == bytes.count
                && (bytes.count <= Self.packedLength
                    || Self.equal(arena + Int(slot.keyStart), bytes.baseAddress!, bytes.count))
            {
                return (index, true)
            }
            index = (index + 1) & mask
        }
    }

    /// Byte equality, eight bytes at a time: keys are words of a few bytes, for which a call to
    /// memcmp costs more than the comparison.
    @inline(__always)
    private static func equal(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ count: Int) -> Bool {
        let left = UnsafeRawPointer(a)
        let right = UnsafeRawPointer(b)
        var index = 0
        while index + 8 <= count {
            if left.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                != right.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            {
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

    /// The index into `values` of the value for `bytes`, or nil.
    @inline(__always)
    private func valueIndex(for bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard mayContain(bytes) else { return nil }
        let (index, found) = probe(bytes, hash: Self.hash(bytes))
        return found ? Int(slots[index].valueIndex) : nil
    }

    @inline(__always)
    func value(for bytes: UnsafeBufferPointer<UInt8>) -> Value? {
        valueIndex(for: bytes).map { values[$0] }
    }

    /// Calls `body` with the value for `bytes` borrowed in place, or with nil.
    @inline(__always)
    func withValue<R>(for bytes: UnsafeBufferPointer<UInt8>, _ body: (UnsafePointer<Value>?) -> R) -> R {
        guard let index = valueIndex(for: bytes) else { return body(nil) }
        return body(UnsafePointer(values.baseAddress.unsafelyUnwrapped + index))
    }

    @inline(__always)
    func contains(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        mayContain(bytes) && probe(bytes, hash: Self.hash(bytes)).found
    }

    func insert(_ key: [UInt8], _ value: Value) {
        key.withUnsafeBufferPointer { key in
            let hash = Self.hash(key)
            let (index, found) = probe(key, hash: hash)
            if found {
                values[Int(slots[index].valueIndex)] = value
                return
            }
            if keyByteCount + key.count > keyBytes.count {
                keyBytes = Self.moved(
                    keyBytes, count: keyByteCount, capacity: max(keyBytes.count * 2, keyByteCount + key.count))
            }
            if count == values.count {
                values = Self.moved(values, count: count, capacity: values.count * 2)
            }
            slots[index] = Slot(
                hash: hash, keyStart: Int32(keyByteCount), keyLength: Int32(key.count), valueIndex: Int32(count))
            _ = UnsafeMutableBufferPointer(rebasing: keyBytes[keyByteCount...]).initialize(from: key)
            keyByteCount += key.count
            let (presenceIndex, bit) = Self.presenceBit(key)
            presence[presenceIndex] |= bit
            (values.baseAddress.unsafelyUnwrapped + count).initialize(to: value)
            count += 1
            if count * 2 > slots.count { grow() }
        }
    }

    /// A buffer of `capacity` holding the first `count` elements of `old`, which is freed.
    private static func moved<T>(_ old: UnsafeMutableBufferPointer<T>, count: Int, capacity: Int)
        -> UnsafeMutableBufferPointer<T>
    {
        let new = UnsafeMutableBufferPointer<T>.allocate(capacity: capacity)
        if count > 0 { new.baseAddress!.moveInitialize(from: old.baseAddress!, count: count) }
        old.deallocate()
        return new
    }

    private func grow() {
        let old = slots
        slots = Self.emptySlots(old.count * 2)
        let mask = slots.count - 1
        for slot in old where slot.keyLength >= 0 {
            var index = Int(truncatingIfNeeded: slot.hash ^ (slot.hash >> 29)) & mask
            while slots[index].keyLength >= 0 { index = (index + 1) & mask }
            slots[index] = slot
        }
        old.deallocate()
    }

    func removeAll() {
        slots.deallocate()
        slots = Self.emptySlots(Self.initialSlotCount)
        presence.update(repeating: 0, count: 256)
        keyByteCount = 0
        _ = values.baseAddress.map { $0.deinitialize(count: count) }
        count = 0
    }
}
