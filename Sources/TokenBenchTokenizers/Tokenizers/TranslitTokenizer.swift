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
    final class TranslitTokenizer: ShippedWrapper {
        static let tokenTrampoline: FTS5TokenCallback = {
            WrappedTokenization.forward(TranslitTokenizer.self, $0, $1, $2, $3, $4, $5)
        }
        static let name = "translit"
        /// The ICU transform, as `Transliterator` compiles it.
        static let transformID =
            "Any-Latin; NFD; [:Nonspacing Mark:] Remove; NFC; Latin-ASCII; Lower; [:White_Space:] Remove"
        /// The transform maps lower-case ASCII to itself.
        static var lowercaseASCII: LowercaseASCIIPath { .keptAsIs }
        static let declaredArguments = DeclaredArguments(defaultBase: ["icu"])

        let base: any FTS5Tokenizer
        let baseWordTable: Unmanaged<Unicode61WordTable>?
        let transliterator: Transliterator

        init(connection: EngineConnection, arguments: [String]) throws {
            base = try WrapperArguments(arguments, declared: Self.declaredArguments, tokenizer: Self.name)
                .makeBase(connection)
            transliterator = try Transliterator(id: Self.transformID, tokenizer: Self.name)
            baseWordTable = Unicode61WordTable.unmanaged(of: base)
        }

        func filter(
            _ token: UnsafeBufferPointer<UInt8>, flags: CInt, start: CInt, end: CInt,
            tokenization: FTS5Tokenization, emit: inout TokenEmitter
        ) -> CInt {
            transliterator.emitTransliterated(token, flags: flags, start: start, end: end, emit: &emit)
        }
    }
#endif
