/// The language of a locale as FTS5 passes it to a tokenizer (`tr`, `tr_TR`, `de-CH`,
/// `sr@latin`): the subtag before any `-`, `_`, `.` or `@`, lower-cased. `icu`, `nfkc` and
/// `snowball` read it the same way.
enum LocaleLanguage {
    /// The language subtag of `locale`, or nil when it is empty or not UTF-8.
    static func subtag(of locale: UnsafeBufferPointer<UInt8>) -> String? {
        let bytes = locale.prefix { !"-_.@".utf8.contains($0) }
        guard let language = String(validating: bytes, as: UTF8.self), !language.isEmpty else { return nil }
        return language.lowercased()
    }

    /// Whether `locale` is Turkish or Azerbaijani, whose I and İ fold apart from other languages'.
    static func isTurkic(_ locale: UnsafeBufferPointer<UInt8>) -> Bool {
        let language = subtag(of: locale)
        return language == "tr" || language == "az"
    }
}
