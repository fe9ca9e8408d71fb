#if TOKENBENCH_SNOWBALL
    import GRDB
    import GRDBSQLite
    import TokenBenchEngines

    /// `snowball LANGUAGE [prefix_as_typed 0|1] [BASE...]`: each token of BASE stemmed by
    /// libstemmer's Snowball algorithm for LANGUAGE (any name or alias libstemmer knows: german,
    /// de, …), in every mode, so "Häuser" finds "Haus" under `snowball german` and "canciones"
    /// finds "canción" under `snowball spanish`.
    ///
    /// BASE defaults to `unicode61 remove_diacritics 0`: the Snowball algorithms are written for the
    /// language's own spelling, and several read its diacritics (French tells é from e to find
    /// suffixes, German folds ä/ö/ü itself after stemming, Spanish removes its acute accents at the
    /// end). Non-ASCII tokens are composed to NFC first, so an NFD spelling stems like the NFC one.
    ///
    /// A prefix query term (`opwaar*`) matches the words that start with its stem or with it as
    /// typed (a colocated query token); Lucene's query parser does not stem prefixes at all. The
    /// stem of a cut word is often no prefix of the whole word's stem (Dutch's stemmer makes opwaar
    /// opwar, while opwaarderen is opwaarder), and the stem keeps a whole word typed with `*`
    /// finding its forms (bestanden* finds bestand). `prefix_as_typed 0` stems prefixes alone, as
    /// FTS5's `porter` does.
    ///
    /// `snowball locale [BASE...]`, and a bare `snowball`, pick the algorithm from each value's
    /// locale (SQLite 3.47's `fts5_locale()` in a `locale=1` table): its language subtag, `de` →
    /// german, `tr` → turkish, so one table stems German notes as German and English ones as
    /// English. A value without a locale, or whose language libstemmer has no algorithm for, keeps
    /// its tokens unstemmed.
    final class SnowballTokenizer: ShippedWrapper {
        static let tokenTrampoline: FTS5TokenCallback = {
            WrappedTokenization.forward(SnowballTokenizer.self, $0, $1, $2, $3, $4, $5)
        }
        static let name = "snowball"

        let base: any FTS5Tokenizer
        let baseWordTable: Unmanaged<Unicode61WordTable>?
        /// The stemmer of the spec's language; nil when it stems by each value's locale.
        private let fixedStemmer: SnowballStemmer?
        /// The stemmer of the value being tokenized: the fixed one, or the locale's (nil: unstemmed).
        private var stemmer: SnowballStemmer?
        /// By locale: the stemmer of each language seen (nil when libstemmer has none), made on
        /// first use.
        private var stemmersByLanguage: [String: SnowballStemmer?] = [:]
        private static let languagesKept = 32

        /// Whether a prefix query term is matched as typed too.
        private let matchesPrefixesAsTyped: Bool

        /// After the language word (or `locale`), which the constructor reads first.
        static let declaredArguments = DeclaredArguments(
            leadingWords: 1, optionKeys: ["prefix_as_typed"], defaultBase: ["unicode61", "remove_diacritics", "0"])

        init(connection: EngineConnection, arguments: [String]) throws {
            let byLocale = arguments.first == nil || arguments.first == "locale"
            fixedStemmer = byLocale ? nil : try SnowballStemmer(algorithm: arguments[0], tokenizer: Self.name)
            stemmer = fixedStemmer
            let parsed = try WrapperArguments(
                Array(arguments.dropFirst(Self.declaredArguments.leadingWords)), declared: Self.declaredArguments,
                tokenizer: Self.name)
            matchesPrefixesAsTyped = try parsed.flag("prefix_as_typed", default: true)
            base = try parsed.makeBase(connection)
            baseWordTable = Unicode61WordTable.unmanaged(of: base)
        }

        func tokenize(
            context: UnsafeMutableRawPointer?, tokenization: FTS5Tokenization, pText: UnsafePointer<CChar>?,
            nText: CInt,
            locale: UnsafeBufferPointer<UInt8>, tokenCallback: @escaping FTS5TokenCallback
        ) -> CInt {
            if fixedStemmer == nil { stemmer = stemmer(forLocale: locale) }
            defer { stemmer = fixedStemmer }
            return passingLocale(locale) {
                self.tokenize(
                    context: context, tokenization: tokenization, pText: pText, nText: nText,
                    tokenCallback: tokenCallback)
            }
        }

        /// The stemmer of `locale`'s language (`LocaleLanguage`), or nil.
        private func stemmer(forLocale locale: UnsafeBufferPointer<UInt8>) -> SnowballStemmer? {
            guard let language = LocaleLanguage.subtag(of: locale) else { return nil }
            if let known = stemmersByLanguage[language] { return known }
            let made = try? SnowballStemmer(algorithm: language, tokenizer: Self.name)
            if stemmersByLanguage.count < Self.languagesKept { stemmersByLanguage[language] = made }
            return made
        }

        func filter(
            _ token: UnsafeBufferPointer<UInt8>, flags: CInt, start: CInt, end: CInt,
            tokenization: FTS5Tokenization, emit: inout TokenEmitter
        ) -> CInt {
            guard let stemmer else { return emit.emit(token, flags: flags, start: start, end: end) }
            let alsoAsTyped = matchesPrefixesAsTyped && tokenization.contains(.prefix)
            return stemmer.withStem(of: token) {
                Self.emitStem(
                    $0, of: token, flags: flags, start: start, end: end, alsoAsTyped: alsoAsTyped, emit: &emit)
            }
        }

        static var lowercaseASCII: LowercaseASCIIPath { .ownFilter }

        func filter(
            lowercaseASCII token: UnsafeBufferPointer<UInt8>, flags: CInt, start: CInt, end: CInt,
            tokenization: FTS5Tokenization, emit: inout TokenEmitter
        ) -> CInt {
            guard let stemmer else { return emit.emit(token, flags: flags, start: start, end: end) }
            let alsoAsTyped = matchesPrefixesAsTyped && tokenization.contains(.prefix)
            return stemmer.withCachedStem(of: token) {
                Self.emitStem(
                    $0, of: token, flags: flags, start: start, end: end, alsoAsTyped: alsoAsTyped, emit: &emit)
            }
        }

        /// Static: as a method it made the closures above capture `self`, a retain and a release
        /// around every token that is not ASCII.
        @inline(__always)
        private static func emitStem(
            _ stem: UnsafeBufferPointer<UInt8>?, of token: UnsafeBufferPointer<UInt8>, flags: CInt, start: CInt,
            end: CInt, alsoAsTyped: Bool, emit: inout TokenEmitter
        ) -> CInt {
            // Invalid UTF-8 has no stem and is indexed as it is, and so is a word stemmed to nothing.
            guard let stem, !stem.isEmpty else { return emit.emit(token, flags: flags, start: start, end: end) }
            let status = emit.emit(stem, flags: flags, start: start, end: end)
            guard alsoAsTyped, status == SQLITE_OK else { return status }
            // A prefix query's word as typed, at the stem's position (FTS5 ORs the two), composed
            // to NFC as the documents' words were before stemming: an NFD é would find nothing.
            if token.isASCII || ICUNormalization.isNFC(token) {
                guard !stem.elementsEqual(token) else { return status }
                return emit.emit(token, flags: FTS5_TOKEN_COLOCATED, start: start, end: end)
            }
            guard let composed = ICUNormalization.nfc.apply(token), !stem.elementsEqual(composed) else { return status }
            return emit.emit(composed, flags: FTS5_TOKEN_COLOCATED, start: start, end: end)
        }
    }
#endif
