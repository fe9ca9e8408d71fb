import Foundation
import GRDB
import Testing

@testable import TokenBenchTokenizers

/// Tokens and offsets of each shipped tokenizer on gotcha input, NFC and NFD, per mode, as FTS5
/// gets them from the tokenizers library alone (`ShippedTokenizerHarness`): no bench involved.
struct ShippedTokenizerTests {
    struct Row: CustomTestStringConvertible, Sendable {
        var spec: String
        var mode: FTS5Tokenization
        var text: String
        /// (token, start, end, colocated)
        var expected: [(String, Int, Int, Bool)]
        var why: String
        var testDescription: String { "\(spec) \(mode == .query ? "query" : "document"): \(why)" }
    }

    static let rows: [Row] = [
        Row(
            spec: "synonyms", mode: .document, text: "I won 1st",
            expected: [("i", 0, 1, false), ("won", 2, 5, false), ("1st", 6, 9, false), ("first", 6, 9, true)],
            why: "a group member is followed by its synonyms, colocated, at the same offsets"),
        Row(
            spec: "synonyms", mode: .query, text: "I won 1st",
            expected: [("i", 0, 1, false), ("won", 2, 5, false), ("1st", 6, 9, false)],
            why: "queries get no synonyms (synonyms on one side only)"),
        Row(
            spec: "synonyms", mode: .document, text: "GREY", expected: [("grey", 0, 4, false), ("gray", 0, 4, true)],
            why: "members are matched after the base tokenizer folds case"),
        Row(
            spec: "stopwords", mode: .document, text: "The Old Man",
            expected: [("old", 4, 7, false), ("man", 8, 11, false)],
            why: "stop words are dropped; offsets of the rest are unchanged"),
        Row(
            spec: "stopwords", mode: .query, text: "the", expected: [],
            why: "a query of stop words only has no token"),
        Row(
            spec: "latinascii", mode: .document, text: "Gro\u{DF}mann Encyclop\u{E6}dia \u{FB01}d\u{E9}lit\u{E9}",
            expected: [("grossmann", 0, 9, false), ("encyclopaedia", 10, 23, false), ("fidelite", 24, 35, false)],
            why: "ß → ss, æ → ae, ﬁ → fi, é → e; offsets into the NFC source"),
        Row(
            spec: "latinascii", mode: .query,
            text: "DIYARBAKIR Diyarbak\u{131}r \u{141}\u{F3}d\u{17A} \u{D8}rsted \u{DE}\u{F3}r \u{152}uvre",
            expected: [
                ("diyarbakir", 0, 10, false), ("diyarbakir", 11, 22, false), ("lodz", 23, 30, false),
                ("orsted", 31, 38, false), ("thor", 39, 44, false), ("oeuvre", 45, 51, false),
            ],
            why: "Turkish ı, Polish Ł/ź, Danish Ø, Icelandic Þ and the œ ligature all become ASCII"),
        Row(
            spec: "latinascii", mode: .document, text: "Je\u{301}ro\u{302}me I\u{307}stanbul",
            expected: [("jerome", 0, 10, false), ("istanbul", 11, 21, false)],
            why: "NFD input: combining marks are dropped, offsets span the decomposed bytes"),
        Row(
            spec: "german", mode: .document, text: "M\u{FC}ller Gro\u{DF}mann",
            expected: [("muller", 0, 7, false), ("mueller", 0, 7, true), ("grossmann", 8, 17, false)],
            why: "ü is indexed as u and, colocated, ue; ß as ss"),
        Row(
            spec: "german", mode: .query, text: "M\u{DC}LLER",
            expected: [("muller", 0, 7, false)],
            why: "queries fold to the plain form only"),
        Row(
            spec: "german", mode: .document, text: "Mu\u{308}ller",
            expected: [("muller", 0, 8, false), ("mueller", 0, 8, true)],
            why: "NFD umlaut (u + U+0308) is treated like ü"),
        Row(
            spec: "german", mode: .document, text: "lu\u{308}\u{304}",
            expected: [("lu\u{308}\u{304}", 0, 6, false)],
            why: "NFD ǖ (diaeresis then macron) is not an umlaut: left alone, as NFC ǖ is"),
        Row(
            spec: "german", mode: .document, text: "J\u{E9}r\u{F4}me Bauer",
            expected: [("j\u{E9}r\u{F4}me", 0, 8, false), ("bauer", 9, 14, false)],
            why: "other diacritics are kept, and words without umlauts pass through"),
        Row(
            spec: "nfkc", mode: .document, text: "\u{FB01}d\u{E9}lit\u{E9} \u{FF21}\u{FF22}\u{FF23} x\u{B2} \u{212A}",
            expected: [
                ("fidelite", 0, 11, false), ("abc", 12, 21, false), ("x2", 22, 25, false), ("k", 26, 29, false),
            ],
            why: "compatibility forms fold; offsets still span the original ligature, fullwidth and superscript bytes"),
        Row(
            spec: "nfkc", mode: .query, text: "Je\u{301}ro\u{302}me Stra\u{DF}e",
            expected: [("jerome", 0, 10, false), ("strasse", 11, 18, false)],
            why: "NFD input is composed before unicode61, and full case folding expands ß"),
        Row(
            spec: "nfkc unicode61 remove_diacritics 0", mode: .document, text: "Je\u{301}r\u{F4}me",
            expected: [("j\u{E9}r\u{F4}me", 0, 9, false)],
            why: "with a base that keeps diacritics, NFD and NFC meet in the composed form"),
        Row(
            spec: "icu", mode: .document, text: "\u{6211}\u{7231}\u{5317}\u{4EAC}, Hello!",
            expected: [
                ("\u{6211}", 0, 3, false), ("\u{7231}", 3, 6, false), ("\u{5317}\u{4EAC}", 6, 12, false),
                ("hello", 14, 19, false),
            ],
            why: "dictionary segmentation of Chinese; punctuation and spaces skipped; byte offsets"),
        Row(
            spec: "icu", mode: .query, text: "Stra\u{DF}e \u{FB01}n Je\u{301}r\u{F4}me",
            expected: [("strasse", 0, 7, false), ("fin", 8, 12, false), ("je\u{301}r\u{F4}me", 13, 22, false)],
            why: "full case folding expands ß and ﬁ; diacritics and NFD marks are kept"),
        Row(
            spec: "icu locale tr", mode: .document, text: "D\u{130}YARBAKIR",
            expected: [("diyarbak\u{131}r", 0, 11, false)],
            why: "Turkic folding: İ → i and I → ı, so DİYARBAKIR folds to the real spelling Diyarbakır"),
        Row(
            spec: "translit", mode: .document,
            text: "\u{62FC}\u{97F3} \u{30AB}\u{30BF}\u{30AB}\u{30CA} \u{30ED}\u{30FC}\u{30DE}\u{5B57}",
            expected: [("pinyin", 0, 6, false), ("katakana", 7, 19, false), ("romazi", 20, 32, false)],
            why: "Han read in Mandarin, kana in romaji; 字 gets its Chinese reading zi"),
        Row(
            spec: "translit", mode: .query, text: "Gro\u{DF}mann I\u{307}stanbul",
            expected: [("grossmann", 0, 9, false), ("istanbul", 10, 20, false)],
            why: "Latin-ASCII and mark removal after transliteration, in NFD too"),
        Row(
            spec: "japanese", mode: .document, text: "\u{30ED}\u{30FC}\u{30DE}\u{5B57}\u{3092}\u{66F8}\u{3044}\u{305F}",
            expected: [
                ("\u{30ED}\u{30FC}\u{30DE}\u{5B57}", 0, 12, false), ("\u{30ED}\u{30FC}\u{30DE}\u{30B8}", 0, 12, true),
                ("romaji", 0, 12, true),
                ("\u{30F2}", 12, 15, false), ("wo", 12, 15, true),
                ("\u{66F8}\u{30A4}", 15, 21, false), ("\u{30AB}\u{30A4}", 15, 21, true), ("kai", 15, 21, true),
                ("\u{66F8}\u{30AF}", 15, 21, true),
                ("\u{30BF}", 21, 24, false), ("ta", 21, 24, true),
            ],
            why:
                "ローマ字を書いた: MeCab's morphemes, each with its katakana reading, its romaji (を: wo, as typed), and 書い's dictionary form 書く; kana folded to katakana"
        ),
        Row(
            spec: "japanese", mode: .query, text: "\u{6771}\u{4EAC}\u{3001}\u{FF34}\u{FF2F}\u{FF2B}\u{FF39}\u{FF2F}",
            expected: [("\u{6771}\u{4EAC}", 0, 6, false), ("tokyo", 9, 24, false)],
            why:
                "queries keep the surface only; the ideographic comma gives no token; full-width Latin folds to ASCII with offsets into the full-width bytes"
        ),
        Row(
            spec: "japanese", mode: .document, text: "\u{6771}\u{4EAC}",
            expected: [
                ("\u{6771}\u{4EAC}", 0, 6, false), ("\u{30C8}\u{30A6}\u{30AD}\u{30E7}\u{30A6}", 0, 6, true),
                ("toukyou", 0, 6, true), ("tokyo", 0, 6, true),
            ],
            why:
                "both romaji forms: the reading トウキョウ keeps its long vowel (toukyou), the pronunciation トーキョー does not (tokyo)"
        ),
        Row(
            spec: "japanese", mode: .document, text: "\u{30AB}\u{3099}\u{30A4}\u{30C8}\u{3099}",
            expected: [("\u{30AC}\u{30A4}\u{30C9}", 0, 15, false), ("gaido", 0, 15, true)],
            why:
                "NFD ガイド (カ + U+3099) reaches MeCab composed, so the voicing marks are kept and the offsets span the decomposed bytes"
        ),
        Row(
            spec: "japanese", mode: .document, text: "\u{FF7B}\u{FF70}\u{FF8A}\u{FF9E}\u{FF70}",
            expected: [("\u{30B5}\u{30FC}\u{30D0}\u{30FC}", 0, 15, false), ("saba", 0, 15, true)],
            why: "half-width ｻｰﾊﾞｰ is folded to サーバー before MeCab; its romaji comes from the dictionary's reading"),
        Row(
            spec: "snowball german", mode: .query, text: "H\u{E4}user Ha\u{308}user HAUS",
            expected: [("haus", 0, 7, false), ("haus", 8, 16, false), ("haus", 17, 21, false)],
            why: "the German stemmer folds ä after stemming; the NFD spelling is composed first and stems alike"),
        Row(
            spec: "snowball spanish", mode: .document, text: "canciones canci\u{F3}n",
            expected: [("cancion", 0, 9, false), ("cancion", 10, 18, false)],
            why: "plural -es removed, then the acute accent"),
        Row(
            spec: "snowball french", mode: .document, text: "continu\u{E8}rent",
            expected: [("continu", 0, 13, false)],
            why: "the default base keeps è, which the French algorithm needs to find the suffix -èrent"),
        Row(
            spec: "snowball french unicode61", mode: .document, text: "continu\u{E8}rent",
            expected: [("continuerent", 0, 13, false)],
            why: "with unicode61's diacritic removal under it, the French algorithm no longer finds the suffix"),
        Row(
            spec: "snowball english", mode: .query, text: "Running dying news",
            expected: [("run", 0, 7, false), ("die", 8, 13, false), ("news", 14, 18, false)],
            why: "Porter2 where Porter differs: dying → die (Porter: dy), news kept (Porter: new)"),
        Row(
            spec: "icu symbols 1", mode: .document, text: "ate \u{1F355} \u{1F44D}\u{1F3FD} \u{2764}\u{FE0F} 5\u{20AC}",
            expected: [
                ("ate", 0, 3, false), ("\u{1F355}", 4, 8, false), ("\u{1F44D}\u{1F3FD}", 9, 17, false),
                ("\u{1F44D}", 9, 17, true), ("\u{2764}", 18, 24, false), ("5", 25, 26, false),
                ("\u{20AC}", 26, 29, false),
            ],
            why: "emoji and symbols are tokens; a skin tone adds the plain emoji, colocated; VS16 is dropped"),
        Row(
            spec: "icu symbols 1", mode: .query, text: "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467} \u{1F1EF}\u{1F1F5}",
            expected: [
                ("\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}", 0, 18, false), ("\u{1F1EF}\u{1F1F5}", 19, 27, false),
            ],
            why: "a ZWJ family and a flag are one token each; queries get no plain form"),
        Row(
            spec: "icu apostrophes 1", mode: .document,
            text: "I don't, don\u{2019}t, O\u{2018}Neil, don\u{2BC}t \u{2019}quoted\u{2019}",
            expected: [
                ("i", 0, 1, false), ("don't", 2, 7, false), ("don't", 9, 16, false), ("o'neil", 18, 26, false),
                ("don't", 28, 34, false), ("quoted", 38, 44, false),
            ],
            why:
                "’ ‘ ʼ inside a word become ', the offsets still the word's bytes in the text; a quote around a word is no part of it"
        ),
        Row(
            spec: "icu apostrophes 1", mode: .document, text: "a\u{2BC}1 1\u{2019}000 \u{2BC}a",
            expected: [("a\u{2BC}1", 0, 4, false), ("1'000", 5, 12, false), ("\u{2BC}a", 13, 16, false)],
            why:
                "a fold is kept only where ICU reads the result as one word, as a query of it: a'1 would be two words, 'a the word a"
        ),
        Row(
            spec: "icu apostrophes 1", mode: .query, text: "DON\u{2019}T",
            expected: [("don't", 0, 7, false)],
            why: "queries are folded alike, after case folding"),
        Row(
            spec: "icu", mode: .query, text: "don\u{2019}t don't",
            expected: [("don\u{2019}t", 0, 7, false), ("don't", 8, 13, false)],
            why: "without the option, ICU keeps both apostrophes inside the word (MidNumLet), and they differ"),
        Row(
            spec: "icu symbols 1 apostrophes 1", mode: .document, text: "\u{1F355} it\u{2019}s",
            expected: [("\u{1F355}", 0, 4, false), ("it's", 5, 11, false)],
            why: "the two options together: symbols are tokens and apostrophes are folded"),
        Row(
            spec: "cjk", mode: .document, text: "\u{5317}\u{4EAC}\u{5929}",
            expected: [
                ("\u{5317}\u{4EAC}", 0, 6, false), ("\u{5317}", 0, 3, true), ("\u{4EAC}\u{5929}", 3, 9, false),
                ("\u{4EAC}", 3, 6, true), ("\u{5929}", 6, 9, true),
            ],
            why:
                "北京天: one position per bigram; each character colocated with the bigram it starts, the last with the last"
        ),
        Row(
            spec: "cjk", mode: .query, text: "\u{5317}\u{4EAC}\u{5929} \u{4EAC}",
            expected: [
                ("\u{5317}\u{4EAC}", 0, 6, false), ("\u{4EAC}\u{5929}", 3, 9, false), ("\u{4EAC}", 10, 13, false),
            ],
            why: "queries hold bigrams only, and a run of one character is that character"),
        Row(
            spec: "cjk unigrams 0", mode: .document, text: "\u{5317}\u{4EAC}\u{5929}",
            expected: [("\u{5317}\u{4EAC}", 0, 6, false), ("\u{4EAC}\u{5929}", 3, 9, false)],
            why: "unigrams 0: documents hold the bigrams alone"),
        Row(
            spec: "cjk", mode: .query, text: "iPhone\u{7528}\u{6237}Pro",
            expected: [("iphone", 0, 6, false), ("\u{7528}\u{6237}", 6, 12, false), ("pro", 12, 15, false)],
            why: "iPhone用户Pro is one unicode61 token, cut at each script boundary; each part keeps its own offsets"),
        Row(
            spec: "cjk", mode: .query, text: "\u{FF34}\u{FF2F}\u{FF2B}\u{FF39}\u{FF2F}\u{FF7B}\u{FF70}\u{FF8A}\u{FF9E}",
            expected: [
                ("tokyo", 0, 15, false), ("\u{30B5}\u{30FC}", 15, 21, false), ("\u{30FC}\u{30D0}", 18, 27, false),
            ],
            why:
                "ＴＯＫＹＯｻｰﾊﾞ: fullwidth Latin to ASCII, halfwidth katakana to fullwidth, ﾊ + ﾞ composed to バ (6 bytes of text)"
        ),
        Row(
            spec: "cjk", mode: .query,
            text: "\u{30AB}\u{3099}\u{30A4} \u{1112}\u{1161}\u{11AB}\u{1100}\u{116E}\u{11A8}",
            expected: [("\u{30AC}\u{30A4}", 0, 9, false), ("\u{D55C}\u{AD6D}", 10, 28, false)],
            why: "NFD: カ + U+3099 composes to ガ, the jamo of 한국 to their syllables; offsets span the decomposed bytes"),
        Row(
            spec: "cjk", mode: .document, text: "\u{D55C}\u{AD6D}\u{C5B4}",
            expected: [
                ("\u{D55C}\u{AD6D}", 0, 6, false), ("\u{D55C}", 0, 3, true), ("\u{AD6D}\u{C5B4}", 3, 9, false),
                ("\u{AD6D}", 3, 6, true), ("\u{C5B4}", 6, 9, true),
            ],
            why: "Hangul syllables join like Han: 한국어 gives 한국 and 국어"),
    ]

    @Test(arguments: rows)
    func tokens(row: Row) throws {
        let tokens = try ShippedTokenizerHarness.tokens(of: row.text, spec: row.spec, tokenization: row.mode)
        #expect(tokens.map(\.text) == row.expected.map(\.0))
        #expect(tokens.map(\.start) == row.expected.map(\.1))
        #expect(tokens.map(\.end) == row.expected.map(\.2))
        #expect(tokens.map(\.isColocated) == row.expected.map(\.3))
    }

    @Test func wordFilesReplaceTheDefaults() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "tokenbench-words-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let synonyms = directory.appendingPathComponent("synonyms.txt")
        let stopwords = directory.appendingPathComponent("stop words.txt")
        try "# groups\nSofa, couch, Settee\n".write(to: synonyms, atomically: true, encoding: .utf8)
        try "le\nla\n".write(to: stopwords, atomically: true, encoding: .utf8)
        let synonymTokens = try ShippedTokenizerHarness.tokens(
            of: "couch 1st", spec: "synonyms file '\(synonyms.path)' ascii")
        #expect(
            synonymTokens.map(\.text) == ["couch", "sofa", "settee", "1st"], "the file replaces the default groups")
        let stopTokens = try ShippedTokenizerHarness.tokens(
            of: "la plume de le tante", spec: "stopwords file '\(stopwords.path)'", tokenization: .query)
        #expect(stopTokens.map(\.text) == ["plume", "de", "tante"])
    }

    @Test func wrapperNestingIsBounded() throws {
        // Sixteen wrappers deep work; seventeen are refused with a reason (the spec fuzz target
        // overflowed the stack with hundreds of nested synonyms).
        let sixteen = Array(repeating: "stopwords", count: 16).joined(separator: " ")
        #expect(
            try ShippedTokenizerHarness.tokens(of: "the cat", spec: sixteen, tokenization: .query).map(\.text) == [
                "cat"
            ])
        let deep = Array(repeating: "stopwords", count: 400).joined(separator: " ")
        #expect {
            try ShippedTokenizerHarness.tokens(of: "the cat", spec: deep)
        } throws: { error in
            "\(error)" == "stopwords: wrappers nest more than 16 deep"
        }
    }

    @Test func wrappersWrapAnyBase() throws {
        // porter underneath german: stems after the umlaut folding's base tokenizer.
        let tokens = try ShippedTokenizerHarness.tokens(of: "Databases", spec: "german porter ascii")
        #expect(tokens.map(\.text) == ["databas"])
    }
}
