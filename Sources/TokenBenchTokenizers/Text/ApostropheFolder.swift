/// `icu apostrophes 1`: the apostrophes a phone keyboard types become the one a hardware keyboard
/// types, so that "don’t" (U+2019, iOS Smart Punctuation) and "don't" (U+0027) are one token.
/// Folded: ’ RIGHT SINGLE QUOTATION MARK (U+2019), ‘ LEFT SINGLE QUOTATION MARK (U+2018) and
/// ʼ MODIFIER LETTER APOSTROPHE (U+02BC), each to ' (U+0027).
///
/// Only an apostrophe between two characters that are not apostrophes is folded, as ICU keeps ' in
/// a word only there (MidNumLet between letters or digits). ʼ is a letter, so ICU also gives words
/// that start or end with it, or are only it: folded, they would index a token that no typed text
/// makes (the query "'" has no word: `tokenbench conformance` reported each as a query round trip
/// that gives no token). Those keep their ʼ, so a typed ʼ still finds them. What this byte-level
/// rule cannot tell (ʼ between a letter and a digit: aʼ1 is one word, a'1 two), `IcuTokenizer`
/// asks ICU: it keeps a fold only when ICU reads the folded token as one word.
///
/// Only the token's bytes change: each apostrophe is one byte shorter or two, and the caller keeps
/// the token's offsets into the text it was given. Not safe for concurrent use: one per tokenizer
/// instance.
final class ApostropheFolder {
    // Ownership: allocated here and in `folded`, freed in deinit. Grown for a longer token, never
    // shrunk.
    private var scratch: UnsafeMutableBufferPointer<UInt8> = .allocate(capacity: 64)

    deinit { scratch.deallocate() }

    /// `token` with each ’, ‘ and ʼ that stands between two characters that are not apostrophes
    /// as ': `token` itself when it has none, else a copy valid until the next call.
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
        // The token's start counts as an apostrophe before: a leading one is kept.
        var afterApostrophe = true
        while read < token.count {
            let width = Self.apostropheWidth(token, at: read)
            guard width > 0 else {
                scratch[written] = token[read]
                written += 1
                read += 1
                afterApostrophe = false
                continue
            }
            let next = read + width
            let beforeOther = next < token.count && Self.apostropheWidth(token, at: next) == 0
            if !afterApostrophe && beforeOther && token[read] != UInt8(ascii: "'") {
                scratch[written] = UInt8(ascii: "'")
                written += 1
            } else {
                for byte in token[read..<next] {
                    scratch[written] = byte
                    written += 1
                }
            }
            read = next
            afterApostrophe = true
        }
        return UnsafeBufferPointer(rebasing: scratch[..<written])
    }

    /// The byte count of the apostrophe at `index`: 1 for ', 3 for ’ and ‘, 2 for ʼ; else 0.
    @inline(__always)
    private static func apostropheWidth(_ token: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
        switch token[index] {
        case UInt8(ascii: "'"):
            1
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
