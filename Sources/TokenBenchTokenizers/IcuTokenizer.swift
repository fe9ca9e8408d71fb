import GRDB
import GRDBSQLite
import TokenBenchEngines

/// `icu [locale LOCALE]`: ICU word-break segmentation plus full case folding, so text written
/// without spaces (Chinese, Japanese, Thai) yields words. Spaces and punctuation are skipped;
/// offsets are UTF-8 byte offsets of each word. With `locale tr` or `locale az`, I and İ fold the
/// Turkic way (I → ı, İ → i).
final class IcuTokenizer: RegisteredTokenizerType {
    static let name = "icu"

    private let breaker: WordBreaker
    private let folder: CaseFolder
    private let lowercaser = ASCIILowercaser()

    init(connection: EngineConnection, arguments: [String]) throws {
        let locale = try Self.locale(from: arguments)
        breaker = try WordBreaker(locale: locale, tokenizer: Self.name)
        folder = CaseFolder(turkic: Self.isTurkic(locale: locale))
    }

    /// The locale the spec's arguments (`[locale LOCALE]`) name, "" for the root locale; the
    /// tokenizer and its C limit loop read them alike.
    static func locale(from arguments: [String]) throws -> String {
        let parsed = try WrapperArguments(arguments, optionKeys: ["locale"], defaultBase: [], tokenizer: name)
        guard parsed.base.isEmpty else {
            throw DatabaseError(message: "\(name): unexpected argument '\(parsed.base[0])' (only 'locale LOCALE')")
        }
        return parsed.options["locale"] ?? ""
    }

    /// Whether `locale` folds I and İ the Turkic way (Turkish, Azerbaijani).
    static func isTurkic(locale: String) -> Bool {
        let language = locale.lowercased().prefix(2)
        return language == "tr" || language == "az"
    }

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
    private func emitFolded(_ word: UnsafeBufferPointer<UInt8>, start: CInt, end: CInt, emitter: inout TokenEmitter)
        -> CInt
    {
        if !folder.isTurkic, let lowered = lowercaser.lowerCased(word) {
            // ASCII fast path: folding is lower-casing.
            return emitter.emit(lowered, flags: 0, start: start, end: end)
        }
        return folder.withFolded(word) { folded in emitter.emit(folded ?? word, flags: 0, start: start, end: end) }
    }
}
