#if TOKENBENCH_MECAB
    import Foundation
    import GRDB
    import GRDBSQLite
    import TokenBenchEngines

    /// `japanese [dicdir PATH]`: MeCab's morphemes are the tokens, so Japanese text, written without
    /// spaces, is cut into words the way a Japanese dictionary cuts it.
    ///
    /// MeCab reads the text NFKC case folded (half-width ｶﾀｶﾅ and full-width ＡＢＣ meet their usual
    /// forms, NFD kana are composed), and every token is its morpheme's surface with hiragana folded
    /// to katakana (so りんご finds リンゴ, as a lower-case query finds upper case). In documents
    /// each morpheme also gets, colocated:
    /// - its reading in katakana (林檎 → リンゴ, so a kana query finds the kanji spelling);
    /// - that reading in romaji, and its pronunciation in romaji when that differs (東京 → toukyou
    ///   and tokyo): typed romaji follows the spelling (toukyou), Hepburn on signs and passports drops
    ///   long vowels (Tokyo), and the two cannot be told apart from the text, so both are indexed;
    /// - its dictionary form when it is inflected (書い → 書く).
    /// Queries keep the surface only, as SQLite advises for synonyms. Morphemes without a letter or
    /// digit (punctuation, symbols, emoji) give no token. Offsets are the bytes of the input that
    /// the morpheme's surface was folded from. The readings come from the dictionary's features in
    /// IPADIC's layout (fields 7 to 9: dictionary form, reading, pronunciation), which is what
    /// Debian's mecab-ipadic-utf8 has; a morpheme the dictionary does not know gets a reading only
    /// when it is written in kana.
    ///
    /// The tokens of each morpheme are worked out once, keyed by its surface and dictionary entry, and
    /// kept (`MorphemeTokenCache`): NFKC, the readings and ICU's romanization cost microseconds, and
    /// words repeat.
    final class JapaneseTokenizer: RegisteredTokenizerType {
        static let name = "japanese"
        /// Katakana to Hepburn-style romaji (ICU's Katakana-Latin: ローマジ → rōmaji), then plain ASCII
        /// letters: macrons go (rōmaji → romaji), and so do the apostrophes that separate n from a
        /// vowel (kan'i → kani), since a typed query never has them.
        static let romajiTransformID =
            "Katakana-Latin; NFD; [:Nonspacing Mark:] Remove; NFC; Latin-ASCII; Lower; [:^Letter:] Remove"

        private let analyzer: MorphologicalAnalyzer
        private let folder: NfkcFolder
        private let romanizer: Transliterator
        private let cache = MorphemeTokenCache()

        init(connection: EngineConnection, arguments: [String]) throws {
            analyzer = try MorphologicalAnalyzer(dicdir: Self.dicdir(from: arguments), tokenizer: Self.name)
            folder = NfkcFolder()
            romanizer = try Transliterator(id: Self.romajiTransformID, tokenizer: Self.name)
        }

        /// The `dicdir` of the spec's arguments, nil for mecabrc's dictionary; throws for any other
        /// argument.
        static let declaredArguments = DeclaredArguments(pathOptions: ["dicdir"], defaultBase: [])

        static func dicdir(from arguments: [String]) throws -> String? {
            let parsed = try WrapperArguments(arguments, declared: declaredArguments, tokenizer: name)
            guard parsed.base.isEmpty else {
                throw DatabaseError(message: "\(name): unexpected argument '\(parsed.base[0])' (only 'dicdir PATH')")
            }
            return parsed.options["dicdir"]
        }

        /// Per-call state reached from the C callback through a raw pointer to this stack value.
        private struct CallState {
            /// Unmanaged: the tokenizer outlives the call, and a reference would be retained per token.
            let tokenizer: Unmanaged<JapaneseTokenizer>
            /// The folded text MeCab reads, and the way back from its offsets to the input's.
            let folded: UnsafePointer<UInt8>
            let offsets: NfkcFolder.OffsetMap
            let isDocument: Bool
            var emitter: TokenEmitter
        }

        func tokenize(
            context: UnsafeMutableRawPointer?, tokenization: FTS5Tokenization, pText: UnsafePointer<CChar>?,
            nText: CInt,
            tokenCallback: @escaping FTS5TokenCallback
        ) -> CInt {
            guard let pText, nText > 0 else { return SQLITE_OK }
            // MeCab reads the NFKC case folded text: NFD kana (カ + U+3099) must reach it composed
            // (ガ), or it cuts the voicing mark off as a symbol, and it knows full-width katakana
            // words that it does not know half-width.
            let result = folder.withFoldedText(pText, nText) { folded, length, offsets in
                var state = CallState(
                    tokenizer: Unmanaged.passUnretained(self),
                    folded: UnsafeRawPointer(folded).assumingMemoryBound(to: UInt8.self), offsets: offsets,
                    isDocument: tokenization.contains(.document),
                    emitter: TokenEmitter(context: context, callback: tokenCallback))
                // Ownership: `state` and the folded text live until the walk returns; the callback
                // borrows them through the pointer.
                return withUnsafeMutablePointer(to: &state) { statePointer in
                    analyzer.walk(folded, length: length, context: UnsafeMutableRawPointer(statePointer)) {
                        context, start, end, feature in
                        let state = context.unsafelyUnwrapped.assumingMemoryBound(to: CallState.self)
                        let surface = UnsafeBufferPointer(
                            start: state.pointee.folded + Int(start), count: Int(end - start))
                        // The C walk reports only surfaces inside the folded text.
                        guard let original = state.pointee.offsets.original(start: start, end: end) else {
                            return SQLITE_ERROR
                        }
                        return state.pointee.tokenizer._withUnsafeGuaranteedRef { tokenizer in
                            tokenizer.emitMorpheme(
                                surface, feature: feature.unsafelyUnwrapped, start: original.start, end: original.end,
                                isDocument: state.pointee.isDocument, emitter: &state.pointee.emitter)
                        }
                    }
                }
            }
            guard let result else { return SQLITE_ERROR }
            return result < 0 ? SQLITE_ERROR : result
        }

        private func emitMorpheme(
            _ surface: UnsafeBufferPointer<UInt8>, feature: UnsafePointer<CChar>, start: CInt, end: CInt,
            isDocument: Bool, emitter: inout TokenEmitter
        ) -> CInt {
            let tokens = cache.tokens(surface: surface, feature: feature) { surface, feature in
                let features = UnsafeBufferPointer(
                    start: UnsafeRawPointer(feature).assumingMemoryBound(to: UInt8.self), count: strlen(feature))
                return MorphemeReadings(surface: surface, features: features, romanizer: romanizer).tokens
            }
            var cursor = tokens.start
            let tokenCount = tokens.number(at: cursor)
            cursor += tokens.lengthSize
            // Queries keep the surface only (the first token).
            for index in 0..<(isDocument ? tokenCount : min(tokenCount, 1)) {
                let length = tokens.number(at: cursor)
                cursor += tokens.lengthSize
                let token = UnsafeBufferPointer(start: cursor.assumingMemoryBound(to: UInt8.self), count: length)
                let code = emitter.emit(token, flags: index == 0 ? 0 : FTS5_TOKEN_COLOCATED, start: start, end: end)
                if code != SQLITE_OK { return code }
                cursor += length
            }
            return SQLITE_OK
        }
    }

    /// The tokens of one morpheme: its folded surface first, then its readings and dictionary form.
    struct MorphemeReadings {
        private(set) var tokens: [[UInt8]] = []

        init(surface: UnsafeBufferPointer<UInt8>, features: UnsafeBufferPointer<UInt8>, romanizer: Transliterator) {
            // Invalid UTF-8 cannot be folded: such a surface is kept as it is, if it holds a letter.
            var folded = ICUNormalization.nfkcCasefold.apply(surface).map(Self.katakana) ?? Array(surface)
            // MeCab keeps a NUL inside a morpheme of symbols, controls or invalid UTF-8; SQLite
            // 3.40.1's FTS5 calls an index holding such a token malformed, so the token drops it.
            folded.removeAll { $0 == 0 }
            guard UTF8Text.hasLetterOrDigit(folded) else { return }
            tokens.append(folded)
            let fields = features.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false)
            func field(_ index: Int) -> [UInt8]? {
                guard index < fields.count, !features.contains(UInt8(ascii: "\"")) else { return nil }
                let value = Array(fields[index])
                return value == [UInt8(ascii: "*")] || value.isEmpty ? nil : value
            }
            let reading =
                field(7).flatMap { Self.isKatakana($0) ? $0 : nil } ?? (Self.isKatakana(folded) ? folded : nil)
            let pronunciation = field(8).flatMap { Self.isKatakana($0) ? $0 : nil }
            var extra: [[UInt8]] = []
            if let reading {
                extra.append(reading)
                extra.append(contentsOf: [reading, pronunciation ?? reading].compactMap { romaji($0, romanizer) })
            }
            if let base = field(6), let foldedBase = ICUNormalization.nfkcCasefold.apply(base).map(Self.katakana),
                UTF8Text.hasLetterOrDigit(foldedBase)
            {
                extra.append(foldedBase)
            }
            for token in extra where !tokens.contains(token) {
                tokens.append(token)
            }
        }

        /// `katakana` in lower-case ASCII letters, or nil when ICU leaves anything else.
        private func romaji(_ katakana: [UInt8], _ romanizer: Transliterator) -> [UInt8]? {
            guard let latin = katakana.withUnsafeBufferPointer({ romanizer.transliterate($0) }), !latin.isEmpty,
                latin.allSatisfy({ (0x61...0x7A).contains($0) })
            else { return nil }
            return latin
        }

        /// Whether `bytes` are katakana only (U+30A1 ... U+30FA, the long-vowel mark ー and the
        /// iteration marks ヽヾ), in UTF-8.
        static func isKatakana(_ bytes: [UInt8]) -> Bool {
            guard !bytes.isEmpty, bytes.count % 3 == 0 else { return false }
            return stride(from: 0, to: bytes.count, by: 3).allSatisfy { index in
                guard bytes[index] == 0xE3 else { return false }
                let scalar = 0x3000 | (UInt32(bytes[index + 1] & 0x3F) << 6) | UInt32(bytes[index + 2] & 0x3F)
                return (bytes[index + 1] & 0xC0) == 0x80 && (bytes[index + 2] & 0xC0) == 0x80
                    && ((0x30A1...0x30FA).contains(scalar) || (0x30FC...0x30FE).contains(scalar))
            }
        }

        /// Valid UTF-8 `bytes` with hiragana (U+3041 ... U+3096, ゝゞ) replaced by katakana.
        static func katakana(_ bytes: [UInt8]) -> [UInt8] {
            guard bytes.contains(0xE3) else { return bytes }
            var result: [UInt8] = []
            result.reserveCapacity(bytes.count)
            for scalar in String(decoding: bytes, as: UTF8.self).unicodeScalars {
                let value = scalar.value
                let folded =
                    (0x3041...0x3096).contains(value) || (0x309D...0x309E).contains(value) ? value + 0x60 : value
                result.append(contentsOf: String(Unicode.Scalar(folded)!).utf8)
            }
            return result
        }
    }
#endif
