/// `icu apostrophes 1`: the apostrophes a phone keyboard types become the one a hardware keyboard
/// types, so that "don’t" (U+2019, iOS Smart Punctuation) and "don't" (U+0027) are one token.
/// Folded: ’ RIGHT SINGLE QUOTATION MARK (U+2019), ‘ LEFT SINGLE QUOTATION MARK (U+2018) and
/// ʼ MODIFIER LETTER APOSTROPHE (U+02BC), each to ' (U+0027).
///
/// Only the token's bytes change: each apostrophe is one byte shorter or two, and the caller keeps
/// the token's offsets into the text it was given. Not safe for concurrent use: one per tokenizer
/// instance.
final class ApostropheFolder {
    // Ownership: allocated here and in `folded`, freed in deinit. Grown for a longer token, never
    // shrunk.
    private var scratch: UnsafeMutableBufferPointer<UInt8> = .allocate(capacity: 64)

    deinit { scratch.deallocate() }

    /// `token` with each ’, ‘ and ʼ as ': `token` itself when it has none, else a copy valid until
    /// the next call.
    @inline(__always)
    func folded(_ token: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        // U+2018 and U+2019 are E2 80 98 and E2 80 99, U+02BC is CA BC: E2 and CA only ever lead a
        // character, so a token without either byte (every ASCII token) is left at one pass.
        guard token.contains(where: { $0 == 0xE2 || $0 == 0xCA }) else { return token }
        if token.count > scratch.count {
            scratch.deallocate()
            scratch = .allocate(capacity: max(token.count, scratch.count * 2))
        }
        var read = 0
        var written = 0
        while read < token.count {
            let width = Self.apostropheWidth(token, at: read)
            scratch[written] = width > 0 ? UInt8(ascii: "'") : token[read]
            read += max(width, 1)
            written += 1
        }
        return UnsafeBufferPointer(rebasing: scratch[..<written])
    }

    /// The byte count of the folded apostrophe at `index` (3 for ’ and ‘, 2 for ʼ), or 0.
    @inline(__always)
    private static func apostropheWidth(_ token: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
        switch token[index] {
        case 0xE2
        where index + 2 < token.count && token[index + 1] == 0x80
            && (token[index + 2] == 0x98 || token[index + 2] == 0x99):
            3
        case 0xCA where index + 1 < token.count && token[index + 1] == 0xBC:
            2
        default:
            0
        }
    }
}
