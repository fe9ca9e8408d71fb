import GRDB
import TokenBenchEngines

/// A wrapper's BASE that reads locales (one registered through FTS5's v2 API: `icu`, `porter`,
/// a user's v2 tokenizer), with the locale of the value being tokenized: the wrapper sets it for
/// the length of its own call (`LocalePassingWrapper`), so that BASE is given what FTS5 gave the
/// wrapper. A BASE registered through v1 would have the locale dropped by FTS5 anyway, and stays
/// an `EngineTokenizerInstance` (unicode61's replay depends on that).
final class LocaleForwardingBase: FTS5Tokenizer {
    private let base: EngineLocaleTokenizerInstance
    /// The locale of the wrapper's current call, borrowed from FTS5 for that call; empty outside
    /// one, and for a value without a locale.
    private var locale = UnsafeBufferPointer<UInt8>(start: nil, count: 0)

    init(_ base: EngineLocaleTokenizerInstance) { self.base = base }

    /// Runs `body` with `locale` as the one BASE is given.
    func with<T>(locale: UnsafeBufferPointer<UInt8>, _ body: () -> T) -> T {
        self.locale = locale
        defer { self.locale = UnsafeBufferPointer(start: nil, count: 0) }
        return body()
    }

    func tokenize(
        context: UnsafeMutableRawPointer?, tokenization: FTS5Tokenization, pText: UnsafePointer<CChar>?, nText: CInt,
        tokenCallback: @escaping FTS5TokenCallback
    ) -> CInt {
        base.tokenize(
            context: context, tokenization: tokenization, pText: pText, nText: nText, locale: locale,
            tokenCallback: tokenCallback)
    }
}

/// A wrapper that passes the locale of each value on to its BASE, as SQLite's own `porter` does
/// from 3.47: it is registered through the v2 API where the engine has it, and its value's
/// locale reaches BASE when BASE reads locales.
protocol LocalePassingWrapper: LocaleAwareTokenizer {
    var base: any FTS5Tokenizer { get }
}

extension LocalePassingWrapper {
    func tokenize(
        context: UnsafeMutableRawPointer?, tokenization: FTS5Tokenization, pText: UnsafePointer<CChar>?, nText: CInt,
        locale: UnsafeBufferPointer<UInt8>, tokenCallback: @escaping FTS5TokenCallback
    ) -> CInt {
        passingLocale(locale) {
            self.tokenize(
                context: context, tokenization: tokenization, pText: pText, nText: nText, tokenCallback: tokenCallback)
        }
    }

    /// Runs `body` (the wrapper's own xTokenize) with `locale` handed to BASE, when BASE reads
    /// locales.
    func passingLocale<T>(_ locale: UnsafeBufferPointer<UInt8>, _ body: () -> T) -> T {
        guard let forwarding = base as? LocaleForwardingBase else { return body() }
        return forwarding.with(locale: locale, body)
    }
}
