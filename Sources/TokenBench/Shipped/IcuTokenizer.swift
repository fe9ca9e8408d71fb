import GRDB
import GRDBSQLite

/// `icu [locale LOCALE]`: ICU word-break segmentation plus full case folding, so text written
/// without spaces (Chinese, Japanese, Thai) yields words. Spaces and punctuation are skipped;
/// offsets are UTF-8 byte offsets of each word. With `locale tr` or `locale az`, I and İ fold the
/// Turkic way (I → ı, İ → i).
final class IcuTokenizer: EngineTokenizerType {
    static let name = "icu"

    private let breaker: WordBreaker
    private let folder: CaseFolder
    private var foldedASCII: [UInt8] = []

    init(connection: EngineConnection, arguments: [String]) throws {
        let parsed = try WrapperArguments(arguments, optionKeys: ["locale"], defaultBase: [], tokenizer: Self.name)
        guard parsed.base.isEmpty else {
            throw DatabaseError(message: "\(Self.name): unexpected argument '\(parsed.base[0])' (only 'locale LOCALE')")
        }
        let locale = parsed.options["locale"] ?? ""
        breaker = try WordBreaker(locale: locale, tokenizer: Self.name)
        let language = locale.lowercased().prefix(2)
        folder = CaseFolder(turkic: language == "tr" || language == "az")
    }

    func tokenize(
        context: UnsafeMutableRawPointer?, tokenization: FTS5Tokenization, pText: UnsafePointer<CChar>?, nText: CInt,
        tokenCallback: @escaping FTS5TokenCallback
    ) -> CInt {
        guard let pText, nText > 0 else { return SQLITE_OK }
        var emitter = TokenEmitter(context: context, callback: tokenCallback)
        let text = UnsafeRawPointer(pText).assumingMemoryBound(to: UInt8.self)
        let result = breaker.walk(pText, length: nText) { [self] start, end in
            let word = UnsafeBufferPointer(start: text + start, count: end - start)
            return emitFolded(word, start: CInt(start), end: CInt(end), emitter: &emitter)
        }
        return result < 0 ? SQLITE_ERROR : result
    }

    private func emitFolded(_ word: UnsafeBufferPointer<UInt8>, start: CInt, end: CInt, emitter: inout TokenEmitter) -> CInt {
        if word.isASCII && !folder.isTurkic {
            // ASCII fast path: folding is lower-casing.
            foldedASCII.removeAll(keepingCapacity: true)
            for byte in word { foldedASCII.append((0x41...0x5A).contains(byte) ? byte | 0x20 : byte) }
            return emitter.emit(foldedASCII, flags: 0, start: start, end: end)
        }
        guard let folded = folder.fold(word) else { return emitter.emit(word, flags: 0, start: start, end: end) }
        return emitter.emit(folded, flags: 0, start: start, end: end)
    }
}
