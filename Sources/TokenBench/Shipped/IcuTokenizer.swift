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
    /// Where an ASCII word is lower-cased; grown when a longer word comes, never shrunk.
    // Ownership: allocated here and in `lowerCasedASCII`, freed in deinit.
    private var scratch: UnsafeMutableBufferPointer<UInt8> = .allocate(capacity: 64)

    init(connection: EngineConnection, arguments: [String]) throws {
        let parsed = try WrapperArguments(arguments, optionKeys: ["locale"], defaultBase: [], tokenizer: Self.name)
        guard parsed.base.isEmpty else {
            throw DatabaseError(message: "\(Self.name): unexpected argument '\(parsed.base[0])' (only 'locale LOCALE')")
        }
        let locale = parsed.options["locale"] ?? ""
        breaker = try WordBreaker(locale: locale, tokenizer: Self.name)
        folder = CaseFolder(turkic: Self.isTurkic(locale: locale))
    }

    /// Whether `locale` folds I and İ the Turkic way (Turkish, Azerbaijani).
    static func isTurkic(locale: String) -> Bool {
        let language = locale.lowercased().prefix(2)
        return language == "tr" || language == "az"
    }

    deinit { scratch.deallocate() }

    func tokenize(
        context: UnsafeMutableRawPointer?, tokenization: FTS5Tokenization, pText: UnsafePointer<CChar>?, nText: CInt,
        tokenCallback: @escaping FTS5TokenCallback
    ) -> CInt {
        guard let pText, nText > 0 else { return SQLITE_OK }
        var emitter = TokenEmitter(context: context, callback: tokenCallback)
        let text = UnsafeRawPointer(pText).assumingMemoryBound(to: UInt8.self)
        let result = breaker.walk(pText, length: nText) { start, end in
            let word = UnsafeBufferPointer(start: text + Int(start), count: Int(end - start))
            return emitFolded(word, start: start, end: end, emitter: &emitter)
        }
        return result < 0 ? SQLITE_ERROR : result
    }

    @inline(__always)
    private func emitFolded(_ word: UnsafeBufferPointer<UInt8>, start: CInt, end: CInt, emitter: inout TokenEmitter) -> CInt {
        if !folder.isTurkic, let lowered = lowerCasedASCII(word) {
            // ASCII fast path: folding is lower-casing.
            return emitter.emit(lowered, flags: 0, start: start, end: end)
        }
        return folder.withFolded(word) { folded in emitter.emit(folded ?? word, flags: 0, start: start, end: end) }
    }

    /// `word` lower-cased in `scratch`, or nil when it is not all ASCII; one pass over the bytes.
    @inline(__always)
    private func lowerCasedASCII(_ word: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8>? {
        if word.count > scratch.count {
            scratch.deallocate()
            scratch = .allocate(capacity: max(word.count, scratch.count * 2))
        }
        let output = scratch.baseAddress.unsafelyUnwrapped
        let input = word.baseAddress.unsafelyUnwrapped
        var high: UInt8 = 0
        for index in 0..<word.count {
            let byte = input[index]
            high |= byte
            output[index] = byte &- 0x41 < 26 ? byte | 0x20 : byte
        }
        return high < 0x80 ? UnsafeBufferPointer(start: output, count: word.count) : nil
    }
}
