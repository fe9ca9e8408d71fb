/// One token (or the text it stands for) cut into characters, width-folded: the `cjk`
/// tokenizer's scratch, kept from token to token so that scanning allocates nothing once warm.
struct CJKScan {
    struct Character {
        /// Byte offsets in the scanned bytes.
        var sourceStart: CInt
        var sourceEnd: CInt
        /// Byte offsets in `folded`.
        var foldedStart: Int
        var foldedEnd: Int
        /// The folded scalar that starts the character (a mark may follow it).
        var scalar: UInt32
        var joins: Bool
        /// Whether `folded` holds `scalar` alone, so that a mark or jamo after it may compose
        /// with it.
        var isOneScalar = true
    }

    var characters: [Character] = []
    var folded: [UInt8] = []

    /// Cuts `bytes` into characters: each scalar width-folded (`CJKCharacters.widthFolded`), a
    /// combining kana mark or Hangul jamo composed with the character before it
    /// (`CJKCharacters.composed`), or else a kana mark or variation selector kept with it. Bytes
    /// that are not UTF-8 stay as they are, one character each.
    mutating func scan(_ bytes: UnsafeBufferPointer<UInt8>) {
        characters.removeAll(keepingCapacity: true)
        folded.removeAll(keepingCapacity: true)
        var index = 0
        while index < bytes.count {
            let (decoded, length) = UTF8Scalar.decode(bytes, at: index)
            let scalar = decoded.map(CJKCharacters.widthFolded)
            defer { index += length }
            if let scalar, let previous = characters.last, previous.joins {
                if previous.isOneScalar, let composed = CJKCharacters.composed(previous.scalar, scalar) {
                    folded.removeSubrange(previous.foldedStart...)
                    UTF8Scalar.append(composed, to: &folded)
                    characters[characters.count - 1].scalar = composed
                    characters[characters.count - 1].sourceEnd = CInt(index + length)
                    characters[characters.count - 1].foldedEnd = folded.count
                    continue
                }
                if CJKCharacters.attachesToPrevious(scalar) {
                    UTF8Scalar.append(scalar, to: &folded)
                    characters[characters.count - 1].isOneScalar = false
                    characters[characters.count - 1].sourceEnd = CInt(index + length)
                    characters[characters.count - 1].foldedEnd = folded.count
                    continue
                }
            }
            let foldedStart = folded.count
            if let scalar, scalar != decoded {
                UTF8Scalar.append(scalar, to: &folded)
            } else {
                folded.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[index..<index + length]))
            }
            characters.append(
                Character(
                    sourceStart: CInt(index), sourceEnd: CInt(index + length), foldedStart: foldedStart,
                    foldedEnd: folded.count, scalar: scalar ?? 0xFFFD, joins: scalar.map(CJKCharacters.joins) ?? false))
        }
    }
}
