import GRDB

/// A tokenizer that reads the locale FTS5 gives each value (SQLite 3.47's v2 tokenizer API:
/// `fts5_locale(LOCALE, TEXT)` in a `locale=1` table). `TokenizerRegistration` registers such a
/// type through `xCreateTokenizer_v2` where the engine has it, and through v1 elsewhere, where
/// no value has a locale.
package protocol LocaleAwareTokenizer: FTS5Tokenizer {
    /// Tokenizes as `tokenize(context:tokenization:pText:nText:tokenCallback:)` does, for a
    /// value whose locale is `locale`: its bytes as FTS5 passes them, never empty (a value
    /// without a locale goes to the v1 method).
    func tokenize(
        context: UnsafeMutableRawPointer?, tokenization: FTS5Tokenization, pText: UnsafePointer<CChar>?, nText: CInt,
        locale: UnsafeBufferPointer<UInt8>, tokenCallback: @escaping FTS5TokenCallback
    ) -> CInt
}
