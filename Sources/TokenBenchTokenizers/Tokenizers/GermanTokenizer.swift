import GRDB
import GRDBSQLite
import TokenBenchEngines

/// `german [BASE...]`: German umlauts and ß, both ways. In documents a token with ä, ö, ü or ß
/// is indexed as its plain form (a, o, u, ss) and, colocated, its transcribed form (ae, oe, ue,
/// ss); queries are folded to the plain form. So Müller is found by Müller, Muller and Mueller,
/// Großmann by Grossmann, while Bauer still does not find Baur: only ü accepts both u and ue.
/// Umlauts written in NFD (u + U+0308) are treated alike.
///
/// BASE defaults to `unicode61 remove_diacritics 0`: this tokenizer decides what happens to
/// umlauts, and other diacritics are kept.
final class GermanTokenizer: ShippedWrapper {
    static var lowercaseASCII: LowercaseASCIIPath { .keptAsIs }

    static let tokenTrampoline: FTS5TokenCallback = {
        WrappedTokenization.forward(GermanTokenizer.self, $0, $1, $2, $3, $4, $5)
    }
    static let name = "german"

    let base: any FTS5Tokenizer
    let baseWordTable: Unmanaged<Unicode61WordTable>?
    /// Where a token's plain and transcribed forms are written: raw buffers grown as needed and
    /// never shrunk, so folding allocates nothing per token (appending array literals to arrays
    /// held by the class allocated and retained on every umlaut).
    // Ownership: allocated here and in `reserve`, freed in deinit.
    private var plain = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 64)
    private var transcribed = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 128)

    static let declaredArguments = DeclaredArguments(defaultBase: ["unicode61", "remove_diacritics", "0"])

    init(connection: EngineConnection, arguments: [String]) throws {
        let parsed = try WrapperArguments(arguments, declared: Self.declaredArguments, tokenizer: Self.name)
        base = try parsed.makeBase(connection)
        baseWordTable = Unicode61WordTable.unmanaged(of: base)
    }

    deinit {
        plain.deallocate()
        transcribed.deallocate()
    }

    func filter(
        _ token: UnsafeBufferPointer<UInt8>, flags: CInt, start: CInt, end: CInt,
        tokenization: FTS5Tokenization, emit: inout TokenEmitter
    ) -> CInt {
        // Umlauts and ß all start with 0xC3 (NFC) or involve 0xCC 0x88 (NFD diaeresis); most
        // words are ASCII, which a check of eight bytes at a time tells first.
        guard !token.isASCII, token.contains(where: { $0 == 0xC3 || $0 == 0xCC }),
            let (plainCount, transcribedCount) = fold(token)
        else {
            return emit.emit(token, flags: flags, start: start, end: end)
        }
        let plainForm = UnsafeBufferPointer(rebasing: plain[..<plainCount])
        let transcribedForm = UnsafeBufferPointer(rebasing: transcribed[..<transcribedCount])
        let code = emit.emit(plainForm, flags: flags, start: start, end: end)
        guard code == SQLITE_OK, tokenization.contains(.document), !transcribedForm.elementsEqual(plainForm) else {
            return code
        }
        return emit.emit(transcribedForm, flags: flags | FTS5_TOKEN_COLOCATED, start: start, end: end)
    }

    /// Whether a combining diacritical mark (U+0300–U+036F) starts at `index`.
    private static func isCombiningMark(_ token: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        guard index + 1 < token.count else { return false }
        return (token[index] == 0xCC && (0x80...0xBF).contains(token[index + 1]))
            || (token[index] == 0xCD && (0x80...0xAF).contains(token[index + 1]))
    }

    /// Makes room for the forms of a token of `count` bytes: the plain form is at most as long
    /// (ß → ss keeps two bytes), the transcribed one at most as long too (ä → ae, 2 → 2 bytes;
    /// NFD u + U+0308 → ue, 3 → 2).
    private func reserve(_ count: Int) {
        guard count > plain.count else { return }
        plain.deallocate()
        transcribed.deallocate()
        plain = .allocate(capacity: count * 2)
        transcribed = .allocate(capacity: count * 2)
    }

    /// Writes the plain and transcribed forms of `token`; returns their lengths, or nil when the
    /// token holds no umlaut nor ß.
    private func fold(_ token: UnsafeBufferPointer<UInt8>) -> (plain: Int, transcribed: Int)? {
        reserve(token.count)
        var plainCount = 0
        var transcribedCount = 0
        var changed = false
        var index = 0
        while index < token.count {
            let byte = token[index]
            let next: UInt8 = index + 1 < token.count ? token[index + 1] : 0
            let vowel: UInt8? =
                switch (byte, next) {
                case (0xC3, 0xA4), (0xC3, 0x84): 0x61 // ä Ä
                case (0xC3, 0xB6), (0xC3, 0x96): 0x6F // ö Ö
                case (0xC3, 0xBC), (0xC3, 0x9C): 0x75 // ü Ü
                default: nil
                }
            if let vowel {
                plain[plainCount] = vowel
                plainCount += 1
                transcribed[transcribedCount] = vowel
                transcribed[transcribedCount + 1] = 0x65
                transcribedCount += 2
                index += 2
                changed = true
            } else if byte == 0xC3, next == 0x9F { // ß
                plain[plainCount] = 0x73
                plain[plainCount + 1] = 0x73
                plainCount += 2
                transcribed[transcribedCount] = 0x73
                transcribed[transcribedCount + 1] = 0x73
                transcribedCount += 2
                index += 2
                changed = true
            } else if byte == 0xCC, next == 0x88, plainCount > 0, Self.isPlainVowel(plain[plainCount - 1]),
                !Self.isCombiningMark(token, at: index + 2)
            {
                // NFD diaeresis after a, o or u, with no further mark (that would be ǖ, not ü):
                // drop it (plain) or write e (transcribed), as NFC ä, ö, ü are.
                transcribed[transcribedCount] = 0x65
                transcribedCount += 1
                index += 2
                changed = true
            } else {
                plain[plainCount] = byte
                plainCount += 1
                transcribed[transcribedCount] = byte
                transcribedCount += 1
                index += 1
            }
        }
        return changed ? (plainCount, transcribedCount) : nil
    }

    /// a, o, u, A, O, U: the letters an NFD diaeresis makes an umlaut of.
    private static func isPlainVowel(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x61, 0x6F, 0x75, 0x41, 0x4F, 0x55: true
        default: false
        }
    }
}
