import Foundation

/// The tokens of every morpheme `japanese` has met, worked out once and kept together, so that a
/// morpheme met again costs one table probe and its tokens are emitted straight from where they
/// are kept.
///
/// A morpheme is its surface and its dictionary entry, which MeCab gives as the address of the
/// entry's feature string (`tb_morpheme_callback`): the features lie in the dictionary model,
/// which the process never releases, so an address stands for the same features for as long as
/// this cache lives, and a lookup never measures, copies or hashes them (a key of the surface and
/// the whole feature string cost `japanese` a `strlen` and a 60-byte copy and hash per morpheme).
///
/// Open addressing with linear probing, at most half full. A slot is one 64-byte cache line that
/// holds the whole key (feature address, surface length, and the surface packed into one word
/// when it has at most 8 bytes) and, when they fit in 40 bytes, the morpheme's tokens: MeCab's
/// dictionary walks evict this table between morphemes, so a hit costs one memory read that may
/// miss the cache. (A separate surface table, entry list and block store cost three misses per
/// morpheme; a slot pointing to its block, two.) Tokens that do not fit go to a block store, and
/// a surface longer than 8 bytes is kept just before its block and compared there.
///
/// The tokens are a count, then per token its length and bytes: counts and lengths are one byte
/// in a slot, and four (unaligned) in the block store. Not safe for concurrent use: one per
/// tokenizer instance.
final class MorphemeTokenCache {
    private struct Slot {
        /// 0: an empty slot (no feature string lies at address 0).
        var feature: UInt = 0
        /// The surface packed into one word (`ByteKeyedTable.packed`) when it has at most 8
        /// bytes, else its hash.
        var surfaceWord: UInt64 = 0
        var surfaceLength: Int32 = 0
        /// Where the tokens are in the block store, or -1 when they are in `compactTokens`.
        var blockOffset: Int32 = 0
        var compactTokens: (UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0)
    }

    /// The bytes a slot has for its tokens.
    private static var compactCapacity: Int { 40 }
    private static var slotAlignment: Int { 64 }

    /// A morpheme's tokens: a count, then per token its length and bytes, each count and length
    /// `lengthSize` bytes long.
    struct Tokens {
        let start: UnsafeRawPointer
        let lengthSize: Int

        @inline(__always)
        func number(at pointer: UnsafeRawPointer) -> Int {
            lengthSize == 1 ? Int(pointer.load(as: UInt8.self)) : Int(pointer.loadUnaligned(as: UInt32.self))
        }
    }

    // Ownership: both buffers are allocated here, replaced by larger ones as they fill (the old
    // one freed), and freed in deinit.
    private var slots: UnsafeMutableBufferPointer<Slot>
    private var blocks: UnsafeMutableRawBufferPointer
    private var blockByteCount = 0
    private var count = 0
    /// Past this many morphemes the cache starts again empty, so that memory stays bounded on text
    /// that never repeats a word.
    private let entryLimit: Int

    init(entryLimit: Int = 100_000) {
        self.entryLimit = entryLimit
        slots = Self.emptySlots(4096)
        blocks = .allocate(byteCount: 64 * 1024, alignment: 8)
    }

    deinit {
        Self.free(slots)
        blocks.deallocate()
    }

    /// Slots on 64-byte boundaries, so that each is one cache line.
    private static func emptySlots(_ count: Int) -> UnsafeMutableBufferPointer<Slot> {
        let raw = UnsafeMutableRawPointer.allocate(
            byteCount: count * MemoryLayout<Slot>.stride, alignment: slotAlignment)
        let slots = UnsafeMutableBufferPointer(start: raw.bindMemory(to: Slot.self, capacity: count), count: count)
        slots.initialize(repeating: Slot())
        return slots
    }

    private static func free(_ slots: UnsafeMutableBufferPointer<Slot>) {
        UnsafeMutableRawPointer(slots.baseAddress!).deallocate()
    }

    @inline(__always)
    private static func surfaceWord(_ surface: UnsafeBufferPointer<UInt8>) -> UInt64 {
        surface.count <= ByteKeyedTable<Int>.packedLength
            ? ByteKeyedTable<Int>.packed(surface) : ByteKeyedTable<Int>.hash(surface)
    }

    @inline(__always)
    private static func home(feature: UInt, surfaceWord: UInt64, length: Int32, mask: Int) -> Int {
        var hash = (UInt64(feature) &* 0x9E37_79B9_7F4A_7C15) ^ surfaceWord ^ UInt64(UInt32(bitPattern: length))
        hash = (hash ^ (hash >> 32)) &* 0xBF58_476D_1CE4_E5B9
        return Int(truncatingIfNeeded: hash ^ (hash >> 29)) & mask
    }

    /// The tokens of the morpheme (`surface`, `feature`), made by `make` on first sight. They
    /// are valid until the next call.
    @inline(__always)
    func tokens(
        surface: UnsafeBufferPointer<UInt8>, feature: UnsafePointer<CChar>,
        make: (UnsafeBufferPointer<UInt8>, UnsafePointer<CChar>) -> [[UInt8]]
    ) -> Tokens {
        let address = UInt(bitPattern: feature)
        let word = Self.surfaceWord(surface)
        let length = Int32(truncatingIfNeeded: surface.count)
        let mask = slots.count - 1
        let base = UnsafeRawPointer(blocks.baseAddress.unsafelyUnwrapped)
        var index = Self.home(feature: address, surfaceWord: word, length: length, mask: mask)
        while true {
            let slot = slots[index]
            if slot.feature == 0 { break }
            if slot.feature == address && slot.surfaceWord == word && slot.surfaceLength == length {
                if slot.blockOffset < 0 {
                    // Short surfaces only: a compact slot keeps no longer one.
                    let compact =
                        UnsafeRawPointer(slots.baseAddress.unsafelyUnwrapped + index)
                        + MemoryLayout<Slot>.offset(of: \.compactTokens)!
                    return Tokens(start: compact, lengthSize: 1)
                }
                if surface.count <= ByteKeyedTable<Int>.packedLength
                    || memcmp(base + Int(slot.blockOffset) - surface.count, surface.baseAddress!, surface.count) == 0
                {
                    return Tokens(start: base + Int(slot.blockOffset), lengthSize: 4)
                }
            }
            index = (index + 1) & mask
        }
        return insert(surface: surface, feature: address, word: word, tokens: make(surface, feature))
    }

    private func insert(surface: UnsafeBufferPointer<UInt8>, feature: UInt, word: UInt64, tokens: [[UInt8]])
        -> Tokens
    {
        if count >= entryLimit {
            slots.update(repeating: Slot())
            count = 0
            blockByteCount = 0
        }
        if count + 1 > slots.count / 2 {
            let old = slots
            slots = Self.emptySlots(old.count * 2)
            for slot in old where slot.feature != 0 { _ = place(slot) }
            Self.free(old)
        }
        var slot = Slot(feature: feature, surfaceWord: word, surfaceLength: Int32(surface.count), blockOffset: -1)
        let compactSize = 1 + tokens.reduce(0) { $0 + 1 + $1.count }
        let fitsSlot =
            surface.count <= ByteKeyedTable<Int>.packedLength && compactSize <= Self.compactCapacity
            && tokens.count <= Int(UInt8.max) && tokens.allSatisfy { $0.count <= Int(UInt8.max) }
        if fitsSlot {
            withUnsafeMutableBytes(of: &slot.compactTokens) { Self.write(tokens, to: $0.baseAddress!, lengthSize: 1) }
        } else {
            slot.blockOffset = Int32(appendBlock(surface: surface, tokens: tokens))
        }
        let index = place(slot)
        count += 1
        if slot.blockOffset < 0 {
            let compact = UnsafeRawPointer(slots.baseAddress! + index) + MemoryLayout<Slot>.offset(of: \.compactTokens)!
            return Tokens(start: compact, lengthSize: 1)
        }
        return Tokens(start: UnsafeRawPointer(blocks.baseAddress! + Int(slot.blockOffset)), lengthSize: 4)
    }

    /// Writes a count, then each token's length and bytes, each count and length `lengthSize`
    /// bytes long.
    private static func write(_ tokens: [[UInt8]], to start: UnsafeMutableRawPointer, lengthSize: Int) {
        var cursor = start
        func writeNumber(_ number: Int) {
            if lengthSize == 1 {
                cursor.storeBytes(of: UInt8(number), as: UInt8.self)
            } else {
                cursor.storeBytes(of: UInt32(number), as: UInt32.self)
            }
            cursor += lengthSize
        }
        writeNumber(tokens.count)
        for token in tokens {
            writeNumber(token.count)
            token.withUnsafeBytes { UnsafeMutableRawBufferPointer(start: cursor, count: $0.count).copyMemory(from: $0) }
            cursor += token.count
        }
    }

    /// Appends the tokens to the block store (after the surface, when it is longer than a slot
    /// keeps); returns the offset of the count.
    private func appendBlock(surface: UnsafeBufferPointer<UInt8>, tokens: [[UInt8]]) -> Int {
        let keptSurface = surface.count > ByteKeyedTable<Int>.packedLength ? surface.count : 0
        let blockSize = keptSurface + 4 + tokens.reduce(0) { $0 + 4 + $1.count }
        if blockByteCount + blockSize > blocks.count {
            let grown = UnsafeMutableRawBufferPointer.allocate(
                byteCount: max(blocks.count * 2, blockByteCount + blockSize), alignment: 8)
            grown.baseAddress!.copyMemory(from: blocks.baseAddress!, byteCount: blockByteCount)
            blocks.deallocate()
            blocks = grown
        }
        let start = blocks.baseAddress! + blockByteCount
        if keptSurface > 0 { start.copyMemory(from: surface.baseAddress!, byteCount: keptSurface) }
        Self.write(tokens, to: start + keptSurface, lengthSize: 4)
        let offset = blockByteCount + keptSurface
        blockByteCount += blockSize
        return offset
    }

    /// Puts `slot` in the first empty slot from its home (its key is not in the table); returns
    /// where.
    private func place(_ slot: Slot) -> Int {
        let mask = slots.count - 1
        var index = Self.home(
            feature: slot.feature, surfaceWord: slot.surfaceWord, length: slot.surfaceLength, mask: mask)
        while slots[index].feature != 0 { index = (index + 1) & mask }
        slots[index] = slot
        return index
    }
}
