import Foundation

/// The tokens of every morpheme `japanese` has met, worked out once and kept back to back in one
/// block per morpheme, so that a morpheme met again costs one table probe and its tokens are
/// emitted straight from the block.
///
/// A morpheme is its surface and its dictionary entry, which MeCab gives as the address of the
/// entry's feature string (`tb_morpheme_callback`): the features lie in the dictionary model,
/// which the process never releases, so an address stands for the same features for as long as
/// this cache lives, and a lookup never measures, copies or hashes them (a key of the surface and
/// the whole feature string cost `japanese` a `strlen` and a 60-byte copy and hash per morpheme).
///
/// Open addressing with linear probing, at most half full. A slot holds the whole key (feature
/// address, surface length, and the surface packed into one word when it has at most 8 bytes)
/// and where the block lies, so that a hit costs two memory reads that may miss the cache, the
/// slot and the block: MeCab's dictionary walks evict this table between morphemes, and a
/// separate surface table and entry list had cost three misses per morpheme. A longer surface is
/// kept just before its block and compared there.
///
/// A block is the token count, then per token its length and bytes (each count and length a
/// UInt32, unaligned). Not safe for concurrent use: one per tokenizer instance.
final class MorphemeTokenCache {
    private struct Slot {
        /// 0: an empty slot (no feature string lies at address 0).
        var feature: UInt = 0
        /// The surface packed into one word (`ByteKeyedTable.packed`) when it has at most 8
        /// bytes, else its hash.
        var surfaceWord: UInt64 = 0
        var surfaceLength: Int32 = 0
        var blockOffset: Int32 = 0
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
        slots.deallocate()
        blocks.deallocate()
    }

    private static func emptySlots(_ count: Int) -> UnsafeMutableBufferPointer<Slot> {
        let slots = UnsafeMutableBufferPointer<Slot>.allocate(capacity: count)
        slots.initialize(repeating: Slot())
        return slots
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

    /// The block of the morpheme (`surface`, `feature`), made from `tokens` on first sight. The
    /// pointer is valid until the next call.
    @inline(__always)
    func block(
        surface: UnsafeBufferPointer<UInt8>, feature: UnsafePointer<CChar>,
        tokens: (UnsafeBufferPointer<UInt8>, UnsafePointer<CChar>) -> [[UInt8]]
    ) -> UnsafeRawPointer {
        let address = UInt(bitPattern: feature)
        let word = Self.surfaceWord(surface)
        let length = Int32(truncatingIfNeeded: surface.count)
        let mask = slots.count - 1
        let base = UnsafeRawPointer(blocks.baseAddress.unsafelyUnwrapped)
        var index = Self.home(feature: address, surfaceWord: word, length: length, mask: mask)
        while true {
            let slot = slots[index]
            if slot.feature == 0 { break }
            if slot.feature == address && slot.surfaceWord == word && slot.surfaceLength == length
                && (surface.count <= ByteKeyedTable<Int>.packedLength
                    || memcmp(base + Int(slot.blockOffset) - surface.count, surface.baseAddress!, surface.count) == 0)
            {
                return base + Int(slot.blockOffset)
            }
            index = (index + 1) & mask
        }
        return insert(surface: surface, feature: address, word: word, tokens: tokens(surface, feature))
    }

    private func insert(surface: UnsafeBufferPointer<UInt8>, feature: UInt, word: UInt64, tokens: [[UInt8]])
        -> UnsafeRawPointer
    {
        if count >= entryLimit {
            slots.update(repeating: Slot())
            count = 0
            blockByteCount = 0
        }
        let keptSurface = surface.count > ByteKeyedTable<Int>.packedLength ? surface.count : 0
        let blockSize = keptSurface + 4 + tokens.reduce(0) { $0 + 4 + $1.count }
        if blockByteCount + blockSize > blocks.count {
            let grown = UnsafeMutableRawBufferPointer.allocate(
                byteCount: max(blocks.count * 2, blockByteCount + blockSize), alignment: 8)
            grown.baseAddress!.copyMemory(from: blocks.baseAddress!, byteCount: blockByteCount)
            blocks.deallocate()
            blocks = grown
        }
        var cursor = blocks.baseAddress! + blockByteCount
        if keptSurface > 0 {
            cursor.copyMemory(from: surface.baseAddress!, byteCount: keptSurface)
            cursor += keptSurface
        }
        let offset = blockByteCount + keptSurface
        cursor.storeBytes(of: UInt32(tokens.count), as: UInt32.self)
        cursor += 4
        for token in tokens {
            cursor.storeBytes(of: UInt32(token.count), as: UInt32.self)
            cursor += 4
            token.withUnsafeBytes { UnsafeMutableRawBufferPointer(start: cursor, count: $0.count).copyMemory(from: $0) }
            cursor += token.count
        }
        blockByteCount += blockSize
        let slot = Slot(
            feature: feature, surfaceWord: word, surfaceLength: Int32(surface.count), blockOffset: Int32(offset))
        place(slot, in: slots)
        count += 1
        if count * 2 > slots.count {
            let old = slots
            slots = Self.emptySlots(old.count * 2)
            for slot in old where slot.feature != 0 { place(slot, in: slots) }
            old.deallocate()
        }
        return UnsafeRawPointer(blocks.baseAddress! + offset)
    }

    /// Puts `slot` in the first empty slot from its home (its key is not in `table`).
    private func place(_ slot: Slot, in table: UnsafeMutableBufferPointer<Slot>) {
        let mask = table.count - 1
        var index = Self.home(
            feature: slot.feature, surfaceWord: slot.surfaceWord, length: slot.surfaceLength, mask: mask)
        while table[index].feature != 0 { index = (index + 1) & mask }
        table[index] = slot
    }
}
