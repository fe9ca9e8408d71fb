#if TOKENBENCH_ICU
    import GRDB
    import GRDBSQLite
    import TokenBenchEngines

    /// `translit [BASE...]`: each token transliterated to Latin, then to lower-case ASCII, spaces
    /// removed, so "pinyin" finds 拼音 and "katakana" finds カタカナ. ICU reads Han characters with
    /// their Mandarin readings, so a Japanese kanji gets its Chinese reading (字 → zi, not ji):
    /// "romaji" does not find ローマ字.
    ///
    /// BASE defaults to `icu`, so that text without spaces is split into words before it is
    /// transliterated. ASCII tokens skip ICU; other tokens are transliterated once and cached.
    final class TranslitTokenizer: TransliteratingWrapper {
        static let tokenTrampoline: FTS5TokenCallback = {
            WrappedTokenization.forward(TranslitTokenizer.self, $0, $1, $2, $3, $4, $5)
        }
        static let name = "translit"
        static let transformID =
            "Any-Latin; NFD; [:Nonspacing Mark:] Remove; NFC; Latin-ASCII; Lower; [:White_Space:] Remove"
        static let defaultBase = ["icu"]

        let base: any FTS5Tokenizer
        let baseTokenPages = ReadablePages()
        let baseWordTable: Unmanaged<Unicode61WordTable>?
        let transliterator: Transliterator

        init(connection: EngineConnection, arguments: [String]) throws {
            (base, transliterator) = try Self.parts(connection: connection, arguments: arguments)
            baseWordTable = Unicode61WordTable.unmanaged(of: base)
        }
    }
#endif
