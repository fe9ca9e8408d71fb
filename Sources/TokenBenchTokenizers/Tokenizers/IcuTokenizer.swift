#if TOKENBENCH_ICU
    import GRDB
    import GRDBSQLite
    import TokenBenchEngines

    /// `icu [locale LOCALE] [symbols 0|1] [apostrophes 0|1]`: ICU word-break segmentation plus full
    /// case folding, so text written without spaces (Chinese, Japanese, Thai) yields words. Spaces
    /// and punctuation are skipped; offsets are UTF-8 byte offsets of each word. With `locale tr` or
    /// `locale az`, I and İ fold the Turkic way (I → ı, İ → i).
    ///
    /// With `symbols 1`, what the word breaker skips is a token too when it is an emoji or a symbol
    /// (`tb_wordbreak_set_symbols`): an emoji sequence (a ZWJ family, a flag) is one token, without
    /// its variation selectors, so ❤️ and ❤ are one token; in documents an emoji with skin-tone
    /// modifiers is also indexed without them, colocated, so 👍 finds 👍🏽; ★, ™ and € are tokens.
    /// The words are the same as without it.
    ///
    /// With `apostrophes 1`, ’ ‘ and ʼ inside a token become ' (`ApostropheFolder`), so "don’t" as
    /// an iPhone types it finds "don't" and the reverse: ICU keeps both as one word (UAX #29 reads
    /// U+0027, U+2018 and U+2019 as MidNumLet between letters; ʼ is a letter). A folded token is
    /// kept only when ICU reads it as one word too, so that typing it gives the same token (ʼ is a
    /// letter: aʼ1 is one word, a'1 two). Offsets stay those of the word in the text.
    ///
    /// A value's own locale (SQLite 3.47's `fts5_locale()` in a `locale=1` table) wins over the
    /// `locale` option, which stays the default for values without one: under `tr` or `az`, I and İ
    /// fold the Turkic way and words break by that locale's rules, so Turkish and English rows can
    /// share a table.
    final class IcuTokenizer: RegisteredTokenizerType, LocaleAwareTokenizer {
        static let name = "icu"

        private let breaker: WordBreaker
        private let folder: CaseFolder
        private let lowercaser = ASCIILowercaser()
        /// nil without `apostrophes 1`: the fold, and a breaker of its own that checks each folded
        /// token (the tokenizer's own is in the middle of a walk when a token is emitted).
        private let apostrophes: (folder: ApostropheFolder, checker: WordBreaker)?
        private let options: Options
        /// The breaker and folder of each value locale seen, made on first use: a table holds a few.
        private var byLocale: [[UInt8]: (breaker: WordBreaker, folder: CaseFolder)] = [:]
        /// How many value locales keep theirs; the rest are made per call.
        private static let localesKept = 16

        init(connection: EngineConnection, arguments: [String]) throws {
            options = try Self.options(from: arguments)
            breaker = try WordBreaker(locale: options.locale, tokenizer: Self.name, symbols: options.symbols)
            folder = CaseFolder(turkic: Self.isTurkic(locale: options.locale))
            apostrophes =
                options.apostrophes
                ? (ApostropheFolder(), try WordBreaker(locale: options.locale, tokenizer: Self.name)) : nil
        }

        /// The spec's arguments: the locale ("" for the root locale), whether symbols are tokens and
        /// whether apostrophes are folded to U+0027.
        struct Options {
            var locale: String
            var symbols: Bool
            var apostrophes: Bool
        }

        /// The options the spec's arguments (`[locale LOCALE] [symbols 0|1] [apostrophes 0|1]`) name;
        /// the tokenizer and its C limit loop read them alike.
        static let declaredArguments = DeclaredArguments(
            optionKeys: ["locale", "symbols", "apostrophes"], defaultBase: [])

        static func options(from arguments: [String]) throws -> Options {
            let parsed = try WrapperArguments(arguments, declared: declaredArguments, tokenizer: name)
            guard parsed.base.isEmpty else {
                throw DatabaseError(
                    message:
                        "\(name): unexpected argument '\(parsed.base[0])' (only 'locale LOCALE', 'symbols 0|1' and 'apostrophes 0|1')"
                )
            }
            return Options(
                locale: parsed.options["locale"] ?? "", symbols: try parsed.flag("symbols", default: false),
                apostrophes: try parsed.flag("apostrophes", default: false))
        }

        /// Whether `locale` folds I and İ the Turkic way (Turkish, Azerbaijani): its language subtag,
        /// before any `-`, `_`, `.` or `@`, is `tr` or `az`.
        static func isTurkic(locale: String) -> Bool {
            Array(locale.utf8).withUnsafeBufferPointer(LocaleLanguage.isTurkic)
        }

        func tokenize(
            context: UnsafeMutableRawPointer?, tokenization: FTS5Tokenization, pText: UnsafePointer<CChar>?,
            nText: CInt,
            tokenCallback: @escaping FTS5TokenCallback
        ) -> CInt {
            tokenize(
                context: context, tokenization: tokenization, pText: pText, nText: nText, breaker: breaker,
                folder: folder,
                tokenCallback: tokenCallback)
        }

        func tokenize(
            context: UnsafeMutableRawPointer?, tokenization: FTS5Tokenization, pText: UnsafePointer<CChar>?,
            nText: CInt,
            locale: UnsafeBufferPointer<UInt8>, tokenCallback: @escaping FTS5TokenCallback
        ) -> CInt {
            let key = Array(locale)
            var tools = byLocale[key]
            if tools == nil {
                // A locale that is not UTF-8, or that ICU cannot open, leaves the value to the
                // tokenizer's own locale: a row is never refused for its locale.
                guard let name = String(validating: key, as: UTF8.self),
                    let breaker = try? WordBreaker(locale: name, tokenizer: Self.name, symbols: options.symbols)
                else {
                    return tokenize(
                        context: context, tokenization: tokenization, pText: pText, nText: nText,
                        tokenCallback: tokenCallback)
                }
                tools = (breaker, CaseFolder(turkic: LocaleLanguage.isTurkic(locale)))
                if byLocale.count < Self.localesKept { byLocale[key] = tools }
            }
            return tokenize(
                context: context, tokenization: tokenization, pText: pText, nText: nText, breaker: tools!.breaker,
                folder: tools!.folder, tokenCallback: tokenCallback)
        }

        private func tokenize(
            context: UnsafeMutableRawPointer?, tokenization: FTS5Tokenization, pText: UnsafePointer<CChar>?,
            nText: CInt,
            breaker: WordBreaker, folder: CaseFolder, tokenCallback: @escaping FTS5TokenCallback
        ) -> CInt {
            guard let pText, nText > 0 else { return SQLITE_OK }
            var emitter = TokenEmitter(context: context, callback: tokenCallback)
            let text = UnsafeRawPointer(pText).assumingMemoryBound(to: UInt8.self)
            let result = breaker.walk(pText, length: nText) { start, end, isSymbol in
                let word = UnsafeBufferPointer(start: text + Int(start), count: Int(end - start))
                if isSymbol {
                    return emitSymbol(
                        word, start: start, end: end, tokenization: tokenization, folder: folder, emitter: &emitter)
                }
                return emitFolded(word, start: start, end: end, folder: folder, emitter: &emitter)
            }
            return result < 0 ? SQLITE_ERROR : result
        }

        /// Emits an emoji or symbol segment: without its variation selectors (U+FE0E, U+FE0F), folded
        /// like a word (Ⓐ → ⓐ); in documents, when it holds skin-tone modifiers (U+1F3FB–1F3FF), also
        /// without them, colocated. Nothing when only selectors were left.
        private func emitSymbol(
            _ symbol: UnsafeBufferPointer<UInt8>, start: CInt, end: CInt, tokenization: FTS5Tokenization,
            folder: CaseFolder, emitter: inout TokenEmitter
        ) -> CInt {
            // Symbols are rare in text: two small arrays per symbol cost nothing that matters.
            var bytes: [UInt8] = []
            var plain: [UInt8] = []
            var hasModifier = false
            var index = 0
            while index < symbol.count {
                // U+FE0E and U+FE0F are EF B8 8E and EF B8 8F; U+1F3FB–1F3FF are F0 9F 8F BB–BF.
                if index + 2 < symbol.count, symbol[index] == 0xEF, symbol[index + 1] == 0xB8,
                    symbol[index + 2] == 0x8E || symbol[index + 2] == 0x8F
                {
                    index += 3
                } else if index + 3 < symbol.count, symbol[index] == 0xF0, symbol[index + 1] == 0x9F,
                    symbol[index + 2] == 0x8F, (0xBB...0xBF).contains(symbol[index + 3])
                {
                    bytes.append(contentsOf: symbol[index..<index + 4])
                    hasModifier = true
                    index += 4
                } else {
                    bytes.append(symbol[index])
                    plain.append(symbol[index])
                    index += 1
                }
            }
            guard !bytes.isEmpty else { return SQLITE_OK }
            let code = bytes.withUnsafeBufferPointer {
                emitFolded($0, start: start, end: end, folder: folder, emitter: &emitter)
            }
            guard code == SQLITE_OK, hasModifier, !plain.isEmpty, tokenization.rawValue & FTS5_TOKENIZE_DOCUMENT != 0
            else {
                return code
            }
            return plain.withUnsafeBufferPointer {
                emitFolded($0, start: start, end: end, flags: FTS5_TOKEN_COLOCATED, folder: folder, emitter: &emitter)
            }
        }

        @inline(__always)
        private func emitFolded(
            _ word: UnsafeBufferPointer<UInt8>, start: CInt, end: CInt, flags: CInt = 0, folder: CaseFolder,
            emitter: inout TokenEmitter
        ) -> CInt {
            if !folder.isTurkic, let lowered = lowercaser.lowerCased(word) {
                // ASCII fast path: folding is lower-casing, and an ASCII word has no apostrophe to fold.
                return emitter.emit(lowered, flags: flags, start: start, end: end)
            }
            return folder.withFolded(word) { folded in
                // Case folding leaves ’ ‘ ʼ as they are, so folding them after it is the same as before.
                let token = folded ?? word
                return emitter.emit(foldingApostrophes(token), flags: flags, start: start, end: end)
            }
        }

        /// `token` with its apostrophes folded, when `apostrophes 1` is on and ICU reads the result
        /// as one word, as it will read the same text typed into a query; else `token`.
        @inline(__always)
        private func foldingApostrophes(_ token: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
            guard let apostrophes else { return token }
            let folded = apostrophes.folder.folded(token)
            guard folded.count != token.count else { return token }
            return apostrophes.checker.isOneWord(folded) ? folded : token
        }
    }
#endif
