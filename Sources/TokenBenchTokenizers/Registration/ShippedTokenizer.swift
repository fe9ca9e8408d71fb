import TokenBenchEngines

/// A tokenizer TokenBench ships: registered as `RegisteredTokenizerType`, and listed in the
/// bench's catalog under the specs it declares. Adding one to `ShippedTokenizers.types` is all a
/// new tokenizer needs to be registered everywhere and judged by default.
package protocol ShippedTokenizer: RegisteredTokenizerType {
    /// The specs the bench runs by default (`tokenbench list`), each under a short label.
    static var catalogEntries: [ShippedCatalogEntry] { get }
    /// What its spec holds after its name: the constructor parses it by this declaration, and
    /// the bench reads it (which options name a path, for the server's check).
    static var declaredArguments: DeclaredArguments { get }
}

/// What a shipped tokenizer's spec holds after its name: its own `key value` options, then
/// BASE, the spec of the tokenizer it wraps (`defaultBase` when the spec names none; an empty
/// default means it wraps none and takes no BASE).
package struct DeclaredArguments: Sendable {
    /// Words before the options that the constructor reads itself (`snowball`'s language).
    package var leadingWords: Int
    package var optionKeys: Set<String>
    /// The options whose value is a file or folder the tokenizer reads (`synonyms file F`).
    package var pathOptions: Set<String>
    package var defaultBase: [String]

    package init(
        leadingWords: Int = 0, optionKeys: Set<String> = [], pathOptions: Set<String> = [], defaultBase: [String]
    ) {
        self.leadingWords = leadingWords
        self.optionKeys = optionKeys.union(pathOptions)
        self.pathOptions = pathOptions
        self.defaultBase = defaultBase
    }
}

extension ShippedTokenizers {
    /// The spec words of the BASE that the shipped wrapper `words` (name first) wraps, read by
    /// its declaration as its constructor reads them; nil for a tokenizer that is not shipped or
    /// wraps none. Throws the constructor's error for arguments it would refuse.
    package static func baseWords(of words: [String]) throws -> [String]? {
        guard let name = words.first, let type = types.first(where: { $0.name == name }),
            !type.declaredArguments.defaultBase.isEmpty
        else { return nil }
        let declared = type.declaredArguments
        let arguments = Array(words.dropFirst().dropFirst(declared.leadingWords))
        return try WrapperArguments(arguments, declared: declared, tokenizer: name).base
    }
}

/// One default spec of a shipped tokenizer.
package struct ShippedCatalogEntry: Sendable {
    /// The short name the bench shows (`icu-symbols`).
    package var label: String
    /// The spec as FTS5's `tokenize=` takes it (`icu symbols 1`).
    package var spec: String
    /// One sentence on what it does.
    package var summary: String

    package init(label: String, spec: String, summary: String) {
        self.label = label
        self.spec = spec
        self.summary = summary
    }

    /// The tokenizer's bare name, as label and spec.
    package init(_ name: String, summary: String) {
        self.init(label: name, spec: name, summary: summary)
    }
}

extension SynonymsTokenizer: ShippedTokenizer {
    package static let catalogEntries = [
        ShippedCatalogEntry(
            name, summary: "unicode61 plus colocated synonyms in documents: first/1st, grey/gray, colour/color…")
    ]
}

extension StopwordsTokenizer: ShippedTokenizer {
    package static let catalogEntries = [
        ShippedCatalogEntry(name, summary: "unicode61 without English stop words, in every mode.")
    ]
}

extension LatinAsciiTokenizer: ShippedTokenizer {
    package static let catalogEntries = [
        ShippedCatalogEntry(
            name, summary: "Tokens folded to lower-case ASCII like ICU Latin-ASCII: ß→ss, æ→ae, ﬁ→fi, ı→i, ø→o.")
    ]
}

extension GermanTokenizer: ShippedTokenizer {
    package static let catalogEntries = [
        ShippedCatalogEntry(name, summary: "ä/ö/ü match a/o/u and ae/oe/ue, ß matches ss; other diacritics kept.")
    ]
}

extension NfkcTokenizer: ShippedTokenizer {
    package static let catalogEntries = [
        ShippedCatalogEntry(
            name,
            summary: "unicode61 on NFKC case-folded text: ligatures, fullwidth, superscripts, Kelvin sign, NFD.")
    ]
}

#if TOKENBENCH_ICU
    extension IcuTokenizer: ShippedTokenizer {
        package static let catalogEntries = [
            ShippedCatalogEntry(
                name, summary: "ICU word segmentation (dictionaries for Chinese, Japanese, Thai) and full case folding."
            ),
            ShippedCatalogEntry(
                label: "icu-symbols", spec: "icu symbols 1",
                summary: "icu, plus emoji and symbols as tokens: 🍕 finds 🍕, 👍 finds 👍🏽, ❤️ finds ❤, € finds €."),
            ShippedCatalogEntry(
                label: "icu-apostrophes", spec: "icu apostrophes 1",
                summary:
                    "icu with ’ ‘ ʼ folded to ' in words: don’t, as an iPhone types it, finds don't and the reverse."),
        ]
    }
#endif

#if TOKENBENCH_ICU
    extension TranslitTokenizer: ShippedTokenizer {
        package static let catalogEntries = [
            ShippedCatalogEntry(
                name, summary: "icu words transliterated to lower-case ASCII: pinyin finds 拼音, katakana finds カタカナ.")
        ]
    }
#endif

#if TOKENBENCH_MECAB
    extension JapaneseTokenizer: ShippedTokenizer {
        package static let catalogEntries = [
            ShippedCatalogEntry(
                name,
                summary:
                    "MeCab morphemes; documents add readings in kana and romaji and the dictionary form: romaji finds ローマ字."
            )
        ]
    }
#endif

extension CjkTokenizer: ShippedTokenizer {
    package static let catalogEntries: [ShippedCatalogEntry] = {
        var entries = [
            ShippedCatalogEntry(
                name,
                summary: "Han, kana and Hangul runs as overlapping bigrams, each character colocated: 北京 finds 我爱北京天安门."
            )
        ]
        #if TOKENBENCH_ICU
            // A query typed without spaces (手册页名称) is cut into words by icu, not into
            // bigrams that span two words, which a document need not hold (issue 58).
            entries.append(
                ShippedCatalogEntry(
                    label: "cjk-icu", spec: "cjk icu",
                    summary: "cjk inside icu's words: 手册页名称, typed without spaces, finds 搜索手册页的名称; cjk's 页名 would not.")
            )
        #endif
        return entries
    }()
}

#if TOKENBENCH_SNOWBALL
    extension SnowballTokenizer: ShippedTokenizer {
        /// The stemmers in the default set: the languages the default fixtures cover. `snowball`
        /// accepts every other algorithm libstemmer has, by name.
        package static let defaultLanguages = [
            "english", "german", "french", "spanish", "italian", "portuguese", "dutch", "swedish", "russian", "turkish",
            "finnish", "greek",
        ]

        /// The stemmers that keep the marks their language's keyboards often leave out (French
        /// é è ê, Italian à è ì ò ù, Portuguese á ã ç õ): Snowball's Spanish, Dutch and German
        /// stemmers remove theirs, and å ä ö ç ş are letters of their own in Swedish, Finnish and
        /// Turkish. Each is in the catalog a second time, on folded text, for `advise` (issue 58).
        package static let foldedLanguages = ["french", "italian", "portuguese"]

        package static let catalogEntries =
            defaultLanguages.map { language in
                ShippedCatalogEntry(
                    label: "snowball-\(language)", spec: "snowball \(language)",
                    summary: "Snowball's \(language) stemmer (libstemmer) on unicode61 remove_diacritics 0.")
            }
            + foldedLanguages.map { language in
                ShippedCatalogEntry(
                    label: "snowball-\(language)-rd2", spec: "snowball \(language) unicode61 remove_diacritics 2",
                    summary:
                        "Snowball's \(language) stemmer on unicode61 remove_diacritics 2: the marks are gone before it stems, so a word typed without them finds its stem."
                )
            } + [
                ShippedCatalogEntry(
                    label: "snowball-locale", spec: "snowball locale",
                    summary:
                        "Snowball's stemmer of each value's locale (SQLite 3.47 and later): German rows as German, English as English; no locale, no stemming."
                )
            ]
    }
#endif
