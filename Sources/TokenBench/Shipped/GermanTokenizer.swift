import GRDB
import GRDBSQLite

/// `german [BASE...]`: German umlauts and ß, both ways. In documents a token with ä, ö, ü or ß
/// is indexed as its plain form (a, o, u, ss) and, colocated, its transcribed form (ae, oe, ue,
/// ss); queries are folded to the plain form. So Müller is found by Müller, Muller and Mueller,
/// Großmann by Grossmann, while Bauer still does not find Baur: only ü accepts both u and ue.
/// Umlauts written in NFD (u + U+0308) are treated alike.
///
/// BASE defaults to `unicode61 remove_diacritics 0`: this tokenizer decides what happens to
/// umlauts, and other diacritics are kept.
final class GermanTokenizer: FilteringWrapper {
    static let tokenTrampoline: FTS5TokenCallback = { WrappedTokenization.forward(GermanTokenizer.self, $0, $1, $2, $3, $4, $5) }
    static let name = "german"

    let base: any FTS5Tokenizer
    let baseTokenPages = ReadablePages()
    private var plain: [UInt8] = []
    private var transcribed: [UInt8] = []

    init(connection: EngineConnection, arguments: [String]) throws {
        let parsed = try WrapperArguments(arguments, optionKeys: [], defaultBase: ["unicode61", "remove_diacritics", "0"], tokenizer: Self.name)
        base = try parsed.makeBase(connection)
    }

    func filter(_ token: UnsafeBufferPointer<UInt8>, flags: CInt, start: CInt, end: CInt,
                tokenization: FTS5Tokenization, emit: inout TokenEmitter) -> CInt {
        // Umlauts and ß all start with 0xC3 (NFC) or involve 0xCC 0x88 (NFD diaeresis).
        guard token.contains(where: { $0 == 0xC3 || $0 == 0xCC }), fold(token) else {
            return emit.emit(token, flags: flags, start: start, end: end)
        }
        let code = emit.emit(plain, flags: flags, start: start, end: end)
        guard code == SQLITE_OK, tokenization.contains(.document), transcribed != plain else { return code }
        return emit.emit(transcribed, flags: flags | FTS5_TOKEN_COLOCATED, start: start, end: end)
    }

    /// Whether a combining diacritical mark (U+0300–U+036F) starts at `index`.
    private static func isCombiningMark(_ token: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        guard index + 1 < token.count else { return false }
        return (token[index] == 0xCC && (0x80...0xBF).contains(token[index + 1]))
            || (token[index] == 0xCD && (0x80...0xAF).contains(token[index + 1]))
    }

    /// Fills `plain` and `transcribed`; returns false when the token holds no umlaut nor ß.
    private func fold(_ token: UnsafeBufferPointer<UInt8>) -> Bool {
        plain.removeAll(keepingCapacity: true)
        transcribed.removeAll(keepingCapacity: true)
        var changed = false
        var index = 0
        while index < token.count {
            let byte = token[index]
            let next: UInt8 = index + 1 < token.count ? token[index + 1] : 0
            let vowel: UInt8? = switch (byte, next) {
            case (0xC3, 0xA4), (0xC3, 0x84): 0x61  // ä Ä
            case (0xC3, 0xB6), (0xC3, 0x96): 0x6F  // ö Ö
            case (0xC3, 0xBC), (0xC3, 0x9C): 0x75  // ü Ü
            default: nil
            }
            if let vowel {
                plain.append(vowel)
                transcribed += [vowel, 0x65]
                index += 2
                changed = true
            } else if byte == 0xC3, next == 0x9F {  // ß
                plain += [0x73, 0x73]
                transcribed += [0x73, 0x73]
                index += 2
                changed = true
            } else if byte == 0xCC, next == 0x88, let last = plain.last, [0x61, 0x6F, 0x75, 0x41, 0x4F, 0x55].contains(last),
                      !Self.isCombiningMark(token, at: index + 2) {
                // NFD diaeresis after a, o or u, with no further mark (that would be ǖ, not ü):
                // drop it (plain) or write e (transcribed), as NFC ä, ö, ü are.
                transcribed.append(0x65)
                index += 2
                changed = true
            } else {
                plain.append(byte)
                transcribed.append(byte)
                index += 1
            }
        }
        return changed
    }
}
