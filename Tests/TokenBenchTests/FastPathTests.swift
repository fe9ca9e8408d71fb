import CICUReference
import CICUShim
import CStemmerShim
import CUnicode61Words
import Foundation
import GRDB
import GRDBSQLite
import Testing

@_spi(Benchmarks) @testable import TokenBench
@testable import TokenBenchEngines
@testable import TokenBenchTokenizers

/// The wrappers' shortcuts for tokens no cache meets twice (unicode61 keeps a whole Chinese,
/// Japanese or Thai clause as one token) must give what the full path gives. Each test runs the
/// full path (ICU, libstemmer) on the tokens of every script's corpus and compares.
struct FastPathTests {
    /// The tokens of every script's generated corpus, as the wrappers' default BASE makes them.
    static func corpusTokens() throws -> [(script: CorpusScript, bytes: [UInt8])] {
        let workbench = try Workbench()
        var tokens: [(CorpusScript, [UInt8])] = []
        for script in CorpusScript.allCases {
            let documents = try CorpusSource.generated(seed: 5, size: 20_000, script: script).loadedBatch().documents
            for document in documents {
                let found = try workbench.tokens(
                    of: document, spec: TokenizerSpec(text: "unicode61 remove_diacritics 0"), mode: .document)
                tokens += found.map { (script, $0.bytes) }
            }
        }
        return tokens
    }

    /// The portable folds give ICU's result on real text of every script: `latinascii`'s on every
    /// token of the corpora (as its default BASE makes them), and `nfkc`'s on every document, byte
    /// for byte and with the same segments, which its tokens' offsets come from. The tables they
    /// read are compared with ICU code point by code point in `PortableFoldingTests`.
    @Test(
        .enabled(
            if: PortableFoldingOracle.tablesAreThisICUs,
            "the folds' tables come from another ICU than this machine's: regenerate them (Sources/CUnicodeFolding/tools/generate-tables.c)"
        ))
    func portableFoldsAreICUsOnEveryScript() throws {
        let transliterator = try Transliterator(
            id: "NFD; [:Nonspacing Mark:] Remove; NFC; Latin-ASCII; Lower", tokenizer: "test")
        let folder = LatinAsciiFolder()
        var checked: [CorpusScript: Int] = [:]
        for (script, token) in try Self.corpusTokens() {
            let portable = token.withUnsafeBufferPointer { folder.withFolded($0) { $0.map(Array.init) } }
            let icu = token.withUnsafeBufferPointer { transliterator.transliterate($0) }
            #expect(portable == icu, "\(script): \(String(decoding: token, as: UTF8.self))")
            checked[script, default: 0] += 1
        }
        #expect(Set(checked.keys) == Set(CorpusScript.allCases))

        let icuFolder = try #require(tb_nfkc_folder_open())
        defer { tb_nfkc_folder_close(icuFolder) }
        let portableFolder = NfkcFolder()
        for script in CorpusScript.allCases {
            let documents = try CorpusSource.generated(seed: 5, size: 20_000, script: script).loadedBatch().documents
            for document in documents {
                let bytes = document
                let portable = bytes.withUnsafeBufferPointer { buffer in
                    buffer.withMemoryRebound(to: CChar.self) { input in
                        portableFolder.fold(input.baseAddress!, CInt(input.count)).map { length in
                            portableFolder.withOffsetMap { offsets in
                                (
                                    Array(portableFolder.folded.prefix(Int(length))),
                                    (0..<length).map { offsets.original(start: $0, end: $0 + 1)! }
                                )
                            }
                        }
                    }
                }
                let capacity = bytes.count * 18 + 16
                var output = [CChar](repeating: 0, count: capacity)
                var starts = [CInt](repeating: 0, count: capacity)
                var ends = [CInt](repeating: 0, count: capacity)
                let length = bytes.withUnsafeBufferPointer { buffer in
                    buffer.withMemoryRebound(to: CChar.self) {
                        tb_nfkc_folder_fold(
                            icuFolder, $0.baseAddress, CInt($0.count), &output, &starts, &ends, CInt(capacity))
                    }
                }
                let icuCount = Int(length)
                let icu = (Array(output.prefix(icuCount)), (0..<icuCount).map { (starts[$0], ends[$0]) })
                #expect(portable?.0 == icu.0, "\(script): \(String(decoding: document.prefix(60), as: UTF8.self))")
                #expect(
                    portable.map { $0.1.map { "\($0.start)..<\($0.end)" } } == icu.1.map { "\($0.0)..<\($0.1)" },
                    "\(script): \(String(decoding: document.prefix(60), as: UTF8.self))")
            }
        }
    }

    /// Every token the stemmer shortcut lets through (Han, kana, Hangul, Thai, and NFC) is left as
    /// it is by every one of libstemmer's algorithms; and it lets the Chinese tokens through (the
    /// mixed corpus has Chinese and Japanese documents too).
    @Test func wordsWithoutStemmableLettersAreTheirOwnStems() throws {
        let tokens = try Self.corpusTokens().filter { _, token in
            token.withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) {
                    tb_stemmer_has_no_stemmable_letter($0.baseAddress, CInt($0.count)) != 0
                }
            } && token.withUnsafeBufferPointer { ICUNormalization.isNFC($0) }
        }
        #expect(Set(tokens.map(\.script)).isSuperset(of: [.han, .japanese, .hangul]))
        #expect(tokens.allSatisfy { [.han, .japanese, .hangul, .thai, .mixed].contains($0.script) })
        for algorithm in SnowballStemmer.algorithms {
            let stemmer = try #require(tb_stemmer_open(algorithm))
            defer { tb_stemmer_close(stemmer) }
            for (script, token) in tokens {
                var stem: UnsafePointer<CChar>?
                let length = token.withUnsafeBufferPointer { buffer in
                    buffer.withMemoryRebound(to: CChar.self) {
                        tb_stemmer_stem(stemmer, $0.baseAddress, CInt($0.count), &stem)
                    }
                }
                let stemmed = try #require(stem.map { Array(UnsafeRawBufferPointer(start: $0, count: Int(length))) })
                #expect(stemmed == token, "\(algorithm), \(script): \(String(decoding: token, as: UTF8.self))")
            }
        }
    }

    /// The words of the root locale's word breaker, whose runs of ASCII letters and digits
    /// between ASCII white space (with opening punctuation before them and closing punctuation
    /// after) skip ICU, are ICU's words over the whole text. Texts: every
    /// script's corpus; each of WordBreakTest.txt's strings alone, between ASCII words, and all
    /// of them joined; and seeded random mixes of ASCII words, punctuation, every kind of ASCII
    /// white space, marks, ZWJ, emoji, regional indicators, CJK, Thai and Hebrew.
    ///
    /// With `symbols 1` the words stay the same: its walk adds emoji and symbol segments only.
    @Test func icuASCIIWordsAreICUsWords() throws {
        let fast = try WordBreaker(locale: "", tokenizer: "test")
        let plain = try WordBreaker(locale: "", tokenizer: "test", asciiWords: false)
        let symbols = try WordBreaker(locale: "", tokenizer: "test", symbols: true)
        func words(_ breaker: WordBreaker, _ text: [UInt8], keepingSymbols: Bool = false) -> [[CInt]] {
            var found: [[CInt]] = []
            let status = text.withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) {
                    breaker.walk($0.baseAddress!, length: CInt($0.count)) { start, end, isSymbol in
                        if !isSymbol || keepingSymbols { found.append([start, end]) }
                        return 0
                    }
                }
            }
            return status == 0 ? found : [[status]]
        }
        var texts: [[UInt8]] = []
        for script in CorpusScript.allCases {
            texts += try CorpusSource.generated(seed: 7, size: 20_000, script: script).loadedBatch().documents
        }
        let wordBreakStrings = try CSVRoundTripTests.wordBreakStrings()
        #expect(wordBreakStrings.count > 1_800)
        for string in wordBreakStrings {
            texts += [string, "ab1 \(string) cd", "x\t\(string)\r\n9 y", "\(string) \(string)"].map { Array($0.utf8) }
        }
        texts.append(Array(wordBreakStrings.joined(separator: " ").utf8))
        let pieces = [
            "word", "Word2", "42", "3.14", "1,000", "can't", "e.g.", "a_b", "a:b", "x-y", "\"q\"", "(p)", "", " ", "  ",
            "\t", "\n", "\r\n", "\u{B}", "\u{C}", "\u{301}", "\u{200D}", "\u{AD}", "👩‍💻", "🇫🇷🇩🇪", "漢字", "カタカナ",
            "ภาษาไทย", "א\"ב", "é", "\u{A0}", "\u{3000}",
            // Punctuation around plain words, which may skip ICU, and inside them, which may not.
            ",", ".", ";", ":", "!", "?", "(", ")", "[", "]", "{", "}", "'", "\"", "...", "'s", "U.S.A.", "_", "-",
            "$", "4.", ".5", "a.", ".b",
        ]
        var random = SplitMix64(seed: 20_261_125)
        for _ in 0..<3_000 {
            texts.append(Array((0..<random.below(12)).map { _ in pieces[random.below(pieces.count)] }.joined().utf8))
        }
        var differing: [String] = []
        var symbolsChangedWords: [String] = []
        var symbolSegments = 0
        for text in texts {
            let fastWords = words(fast, text)
            if fastWords != words(plain, text) { differing.append(String(decoding: text, as: UTF8.self)) }
            if fastWords != words(symbols, text) { symbolsChangedWords.append(String(decoding: text, as: UTF8.self)) }
            symbolSegments += words(symbols, text, keepingSymbols: true).count - fastWords.count
        }
        #expect(differing.isEmpty, "\(differing.count) of \(texts.count) texts, first: \(differing.prefix(3))")
        #expect(
            symbolsChangedWords.isEmpty, "\(symbolsChangedWords.count) texts, first: \(symbolsChangedWords.prefix(3))")
        #expect(symbolSegments > 1_000, "the texts hold emoji, flags and symbols: \(symbolSegments)")
    }

    /// A wrapper that passes every token of its BASE on as it is: over FTS5's own unicode61 it
    /// runs from `Unicode61WordTable`, so its tokens must be unicode61's own.
    final class PassThrough: TokenFilteringTokenizer {
        static let name = "tb_pass_through"
        init(options: [String: String], base: any FTS5Tokenizer) {}
        func filter(
            _ token: UnsafeBufferPointer<UInt8>, flags: CInt, start: CInt, end: CInt, tokenization: FTS5Tokenization,
            emitter: inout TokenEmitter
        ) -> CInt {
            emitter.emit(token, flags: flags, start: start, end: end)
        }
    }

    /// Texts that reach every branch of `tb_u61_scan` and of `runFromWordTable`: code points the
    /// table covers and ones it does not, marks at a word's start and inside it, runs of ASCII
    /// ended by each ASCII byte at each place of an eight-byte read, paragraphs of CJK longer than
    /// the buffers with separators that are not ASCII, byte sequences
    /// that are not UTF-8 (a stray continuation byte after a character, overlong forms (one of them an "A"), cut
    /// sequences), segments longer than the scan's buffers, and runs of segments left to BASE.
    static func replayTexts() throws -> [[UInt8]] {
        var texts = try CorpusScript.allCases.flatMap { script in
            try CorpusSource.generated(seed: 9, size: 20_000, script: script).loadedBatch().documents
        }
        let pieces: [[UInt8]] =
            [
                "a", "Zb", "09", " ", ".", "-", "_", "'", "\t", "é", "É", "ß", "ẞ", "İ", "ı", "ǅ", "Σ", "ς", "ά", "Ж",
                "ё",
                "ă", "ạ", "Ỳ", "ữ", "ﬁ", "ª", "µ", "·", "\u{00A0}", "\u{00AD}", "\u{0301}", "\u{0345}", "\u{036F}",
                "\u{0483}", "א", "\u{05B0}", "ا", "\u{064B}", "\u{0600}", "\u{07FF}", "\u{1E9E}", "\u{1EFF}",
                "日本", "한", "ไทย", "—", "\u{2028}", "😀", "\u{10FFFF}",
            ].map { Array($0.utf8) }
            + [
                [0xA9], [0xC3], [0xC0, 0x80], [0xE0, 0x81, 0x81], [0xE1, 0xBA], [0xE1, 0xBB, 0xBF, 0xBF],
                [0xED, 0xA0, 0x80], [0xFF], [0],
            ]
        var random = SplitMix64(seed: 26)
        for _ in 0..<3_000 {
            texts.append((0..<random.below(60) + 1).flatMap { _ in pieces[random.below(pieces.count)] })
        }
        // Every ASCII byte between runs of letters and digits of 0 to 20 bytes, and an é now and
        // then: the scan reads ASCII runs eight bytes at a time, so each byte must end a run at
        // each of the eight places, and the text at any place.
        let asciiRunBytes = Array("aZm09AzqQ".utf8)
        for _ in 0..<600 {
            var text: [UInt8] = []
            for _ in 0..<random.below(12) + 1 {
                text += (0..<random.below(21)).map { _ in asciiRunBytes[random.below(asciiRunBytes.count)] }
                text += random.below(10) == 0 ? Array("é".utf8) : [UInt8(random.below(128))]
            }
            texts.append(text)
        }
        // Chinese and Japanese paragraphs with no ASCII separator, longer than the buffers: the
        // scan stops after a separator that is not ASCII (、。，) and goes on from there, but not
        // after one followed by a stray continuation byte, which unicode61 reads as part of it.
        let cjkPieces = ["日", "本", "語", "中", "文", "ひ", "カ", "ー"].map { Array($0.utf8) }
        let cjkSeparators = ["、", "。", "，"].map { Array($0.utf8) }
        for _ in 0..<60 {
            var paragraph: [UInt8] = []
            for _ in 0..<random.below(120) + 20 {
                paragraph += (0..<random.below(40) + 1).flatMap { _ in cjkPieces[random.below(cjkPieces.count)] }
                paragraph += cjkSeparators[random.below(cjkSeparators.count)]
                if random.below(25) == 0 { paragraph.append(0x80) }
            }
            texts.append(paragraph)
        }
        texts += [
            Array(String(repeating: "Ab", count: 1_500).utf8), // longer than the folded-bytes buffer
            Array(String(repeating: "é", count: 1_500).utf8),
            Array(Array(repeating: "ab", count: 200).joined(separator: "·").utf8), // more words than the buffer
            Array(Array(repeating: "ab", count: 200).joined(separator: " ").utf8),
            Array(Array(repeating: "日本", count: 40).joined(separator: " ").utf8), // short segments for BASE
            Array(("x " + String(repeating: "日", count: 30) + " y").utf8), // a long one
        ]
        return texts
    }

    /// unicode61 as the wrappers replay it gives unicode61's own tokens (bytes, offsets, flags),
    /// on both engines, under each option that changes what it does with a code point.
    @Test(arguments: [
        "unicode61", // the wrappers' usual BASE
        "unicode61 remove_diacritics 0", // marks kept: German, Snowball
        "unicode61 remove_diacritics 2", // marks removed from more letters
        "unicode61 tokenchars '-_' separators 'xé'", // ASCII and non-ASCII exceptions both ways
        "unicode61 categories 'L* N* Co Mn'", // marks are token chars, even at a word's start
        "unicode61 separators '\u{E9}'", // é in NFC, and next in NFD: equal Strings, but the NFD
        "unicode61 separators 'e\u{301}'", // spelling makes e a separator, so each needs its table
    ])
    func wrappersReplayUnicode61sTokens(base: String) throws {
        let workbench = try Workbench(options: .init(filteringTokenizers: [PassThrough.self]))
        let texts = try Self.replayTexts()
        for engine in [SQLiteEngine.system, .bundled] {
            let differing = try workbench.withConnection(engine) { connection in
                let own = try TokenizerOnConnection(spec: TokenizerSpec(text: base), in: connection)
                let replayed = try TokenizerOnConnection(
                    spec: TokenizerSpec(text: "tb_pass_through " + base), in: connection)
                #expect(Unicode61WordTable.of(own.instance) != nil, "\(engine): the table path is taken")
                return try texts.filter {
                    try own.tokens(of: $0, mode: .document) != replayed.tokens(of: $0, mode: .document)
                }
            }
            #expect(
                differing.isEmpty,
                "\(engine): \(differing.count) of \(texts.count) texts, first: \(differing.prefix(2).map { String(decoding: $0, as: UTF8.self) })"
            )
        }
    }

    /// `stopwords` over unicode61 decides each scan's words at once (`tb_u61_words_outside`);
    /// over a pass-through wrapper of unicode61 (not FTS5's own, so not replayed) it gets the same
    /// tokens one at a time. Both keep the same tokens, with the default list (in buckets), a list
    /// with a word longer than 7 bytes and one of more words than the buckets take (looked up a
    /// word at a time), on both engines.
    @Test func stopwordsDropTheSameWordsInBatches() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "stopwords-batches-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let longWords = directory.appendingPathComponent("long.txt")
        try "the\nand\nthemselves\nß\né\n".write(to: longWords, atomically: true, encoding: .utf8)
        var random = SplitMix64(seed: 5)
        let manyWords = directory.appendingPathComponent("many.txt")
        let many = (0..<WordSet.maximumKeys + 100).map { _ in
            String(decoding: (0..<random.below(3) + 1).map { _ in UInt8(random.below(26)) + 0x61 }, as: UTF8.self)
        }
        try (many + ["de", "la", "x"]).joined(separator: "\n").write(to: manyWords, atomically: true, encoding: .utf8)
        let workbench = try Workbench(options: .init(filteringTokenizers: [PassThrough.self]))
        let texts = try Self.replayTexts()
        for list in ["", "file '\(longWords.path)' ", "file '\(manyWords.path)' "] {
            for engine in [SQLiteEngine.system, .bundled] {
                let differing = try workbench.withConnection(engine) { connection in
                    let batches = try TokenizerOnConnection(
                        spec: TokenizerSpec(text: "stopwords \(list)unicode61"), in: connection)
                    let oneByOne = try TokenizerOnConnection(
                        spec: TokenizerSpec(text: "stopwords \(list)tb_pass_through unicode61"), in: connection)
                    return try texts.filter {
                        try batches.tokens(of: $0, mode: .document) != oneByOne.tokens(of: $0, mode: .document)
                    }
                }
                #expect(differing.count == 0, "\(list)\(engine): of \(texts.count) texts")
            }
        }
    }

    /// `tb_u61_scan` marks a token lower-case ASCII exactly when its folded bytes are all below
    /// 0x80 and none is A–Z: `latinascii`, `german` and the stemmers emit such a token without
    /// reading it, so a mark on "Zb" or "é" would index it unfolded, and a missing one costs speed.
    @Test(arguments: [
        "unicode61", // capitals fold to lower case, é to e: two-byte characters make ASCII tokens
        "unicode61 remove_diacritics 2", // more letters fold to ASCII
        "unicode61 remove_diacritics 0 tokenchars '_'", // é stays é; ASCII token chars beyond letters
    ])
    func replayMarksLowercaseASCIITokens(base: String) throws {
        let workbench = try Workbench()
        try workbench.withConnection(.system) { connection in
            let tokenizer = try TokenizerOnConnection(spec: TokenizerSpec(text: base), in: connection)
            let table = try #require(Unicode61WordTable.of(tokenizer.instance))
            var marked = 0
            var markedFromTwoByteCharacters = 0
            var wrong: [String] = []
            var words = [tb_u61_word](repeating: tb_u61_word(), count: 48)
            var folded = [UInt8](repeating: 0, count: 1024)
            for text in try Self.replayTexts() {
                let count = CInt(text.count)
                var position: CInt = 0
                while position < count {
                    var otherEnd: CInt = -1
                    var unlearntBlock: CInt = -1
                    let found = Int(
                        tb_u61_scan(
                            table.table, text, count, &position, &words, 48, &folded, 1024, &otherEnd, &unlearntBlock))
                    for word in words.prefix(found) {
                        let bytes = folded[Int(word.folded_start)..<Int(word.folded_start + word.folded_length)]
                        let isLowercaseASCII = bytes.allSatisfy { $0 < 0x80 && !(0x41...0x5A).contains($0) }
                        if (word.is_lowercase_ascii != 0) != isLowercaseASCII {
                            wrong.append(String(decoding: bytes, as: UTF8.self))
                        }
                        if word.is_lowercase_ascii != 0 {
                            marked += 1
                            if text[Int(word.start)..<Int(word.end)].contains(where: { $0 >= 0x80 }) {
                                markedFromTwoByteCharacters += 1
                            }
                        }
                    }
                    if unlearntBlock >= 0 {
                        table.learn(block: unlearntBlock, from: tokenizer.instance)
                    } else if otherEnd >= 0 {
                        position = otherEnd
                    }
                }
            }
            #expect(wrong.count == 0, "tokens marked wrongly, first: \(wrong.prefix(5))")
            #expect(marked > 1_000)
            #expect((markedFromTwoByteCharacters > 0) == !base.contains("remove_diacritics 0"))
        }
    }

    /// A callback that stops the call with SQLITE_DONE on the first token gets one token, from
    /// unicode61 and from the replay alike, whether that token is replayed or comes from a stretch
    /// handed to unicode61 (the emoji's segment) with replayed words after it; both return
    /// SQLITE_OK.
    @Test(arguments: ["\u{1F600}x def ghi", "abc def", "\u{1F600} \u{1F600} x y", "日本 x"])
    func doneStopsTheReplay(text: String) throws {
        let workbench = try Workbench(options: .init(filteringTokenizers: [PassThrough.self]))
        let stopsAtFirst: FTS5TokenCallback = { context, _, _, _, _, _ in
            context.unsafelyUnwrapped.assumingMemoryBound(to: Int.self).pointee += 1
            return SQLITE_DONE
        }
        for engine in [SQLiteEngine.system, .bundled] {
            let results = try workbench.withConnection(engine) { connection in
                try ["unicode61", "tb_pass_through unicode61"].map { spec in
                    let tokenizer = try TokenizerOnConnection(spec: TokenizerSpec(text: spec), in: connection)
                    var count = 0
                    let code = Array(text.utf8).withUnsafeBufferPointer { bytes in
                        bytes.withMemoryRebound(to: CChar.self) { chars in
                            tokenizer.instance.tokenize(
                                context: &count, tokenization: .document, pText: chars.baseAddress,
                                nText: CInt(chars.count), tokenCallback: stopsAtFirst)
                        }
                    }
                    return [Int(code), count]
                }
            }
            #expect(results[0] == [Int(SQLITE_OK), 1], "\(engine): unicode61")
            #expect(results[1] == results[0], "\(engine): the replay")
        }
    }

    /// Only FTS5's own unicode61 is replayed: not ascii, not a wrapper, not an extension's
    /// tokenizer.
    @Test func onlyUnicode61IsReplayed() throws {
        let workbench = try Workbench()
        for spec in ["ascii", "porter unicode61", "trigram", "synonyms"] {
            let replayed = try workbench.withConnection(.system) { connection in
                Unicode61WordTable.of(
                    try TokenizerOnConnection(spec: TokenizerSpec(text: spec), in: connection).instance)
            }
            #expect(replayed == nil, "\(spec)")
        }
    }
}

/// Whether the system's ICU, the oracle of the portable folds, is the one their tables came from.
enum PortableFoldingOracle {
    static var tablesAreThisICUs: Bool {
        var buffer = [CChar](repeating: 0, count: 32)
        tb_icu_version(&buffer, CInt(buffer.count))
        return String(nulTerminated: buffer) == FoldingTables.icuVersion
    }
}
