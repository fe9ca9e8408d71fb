import Foundation
import Testing

@testable import TokenBench
@testable import TokenBenchEngines
@testable import TokenBenchTokenizers

/// `advise`'s parts, each against what a person works out by hand, and the whole run against
/// `quality` on the collection it writes.
struct AdviceTests {
    // MARK: How users type

    /// One word per row, as a class types it; nil where the class leaves it as written.
    @Test(
        arguments: [
            // Lower case, ß kept (it is lower case already).
            (TypingVariant.lower, "Straße", "Latin", "straße" as String?),
            // Nothing to lower.
            (.lower, "straße", "Latin", nil),
            // Diacritics go in Latin and Greek words…
            (.noDiacritics, "Aimé", "Latin", "Aime"),
            (.noDiacritics, "Ελλάδα", "Greek", "Ελλαδα"),
            // …not in Devanagari, whose vowel signs are letters to its readers.
            (.noDiacritics, "हिंदी", "Devanagari", nil),
            // ß has no decomposition: sharp-s spells it, and æ and ø, in ASCII.
            (.sharpS, "Straße", "Latin", "Strasse"),
            (.sharpS, "Ærø", "Latin", "AEro"),
            (.sharpS, "Strasse", "Latin", nil),
            // NFC typed as NFD; NFD typed as NFC.
            (.nfcNFD, "caf\u{E9}", "Latin", "cafe\u{301}"),
            (.nfcNFD, "cafe\u{301}", "Latin", "caf\u{E9}"),
            // Ligature and fullwidth typed plainly.
            (.compat, "\u{FB01}le", "Latin", "file"),
            (.compat, "ＡＢＣ", "Latin", "ABC"),
            (.compat, "file", "Latin", nil),
            // The first half of a word of four or more, at least two characters.
            (.typeAhead, "search", "Latin", "sea"),
            (.typeAhead, "tree", "Latin", "tr"),
            (.typeAhead, "cat", "Latin", nil),
            // Straight and curly apostrophes swapped.
            (.punctuation, "don't", "Latin", "don\u{2019}t"),
            (.punctuation, "don\u{2019}t", "Latin", "don't"),
            (.punctuation, "dont", "Latin", nil),
            // As written changes nothing.
            (.asWritten, "Straße", "Latin", nil),
        ] as [(TypingVariant, String, String, String?)])
    func typing(variant: TypingVariant, text: String, script: String, expected: String?) {
        let typed = variant.typed(CorpusWord(text: text, kind: .word, script: script))
        // Compared as bytes: String equality would call NFC and NFD the same.
        #expect(typed.map { Array($0.utf8) } == expected.map { Array($0.utf8) }, "\(variant) \(text)")
        #expect(
            variant.applies(to: CorpusWord(text: text, kind: .word, script: script))
                == (expected != nil || variant == .asWritten))
    }

    /// Words are UAX #29 words and emoji; adjacent Chinese words are one run; € is no word.
    @Test func wordsOfAMixedText() throws {
        let words = try CorpusWordSplitter().words(of: "我爱北京天安门 is 🍕 don't € 3.14")
        #expect(words.map(\.text) == ["我爱北京天安门", "is", "🍕", "don't", "3.14"])
        #expect(words.map(\.kind) == [.cjkRun, .word, .emoji, .word, .word])
        #expect(words.map(\.script) == ["Han", "Latin", "Common", "Latin", "Common"])
    }

    // MARK: Platforms and needs

    /// The oldest SQLite a spec needs, and whether it is portable.
    @Test(
        arguments: [
            // FTS5 itself.
            ("unicode61", "3.9.0", true),
            // trigram came in 3.34.0, its remove_diacritics in 3.45.0, as a BASE too.
            ("trigram", "3.34.0", true),
            ("trigram remove_diacritics 1", "3.45.0", true),
            ("latinascii trigram remove_diacritics 1", "3.45.0", true),
            // ICU, MeCab and libstemmer are not on Apple's platforms.
            ("icu", "3.9.0", false),
            ("synonyms icu", "3.9.0", false),
            ("snowball english", "3.9.0", false),
            ("japanese", "3.9.0", false),
            ("cjk unicode61", "3.9.0", true),
        ] as [(String, String, Bool)])
    func requirements(spec: String, needs: String, portable: Bool) {
        #expect(SQLiteRequirement.minimumVersion(of: TokenizerSpec(text: spec)) == needs)
        #expect(SQLiteRequirement.isPortable(TokenizerSpec(text: spec)) == portable)
    }

    @Test func targets() throws {
        #expect(try PlatformTarget.named("iOS17").sqliteVersion == "3.39.5")
        #expect(try PlatformTarget.named("android").sqliteVersion == nil)
        #expect(throws: TokenBenchError.self) { try PlatformTarget.named("ios14") }
        var options = AdviceOptions(tokenizers: [TokenizerSpec(text: "unicode61")])
        options.targets = [try PlatformTarget.named("ubuntu24.04"), try PlatformTarget.named("ios17.2")]
        #expect(options.oldestSQLite == "3.43.2")
        #expect(options.needsPortable)
    }

    /// Each class gets at least ten queries where the run has enough, the rest by weight.
    @Test func allocation() {
        // 100 over 0.7 and 0.3: ten each, then 56 and 24 of the other 80.
        #expect(KnownItemGenerator.allocate(100, over: [(.asWritten, 0.7), (.lower, 0.3)]) == [66, 34])
        // Five over three: one each, and the two left to the largest remainders.
        let small = KnownItemGenerator.allocate(5, over: [(.asWritten, 0.5), (.lower, 0.3), (.typeAhead, 0.2)])
        #expect(small.reduce(0, +) == 5 && small.allSatisfy { $0 >= 1 })
    }

    // MARK: The whole run

    /// A small German and English corpus: words with ß, accents and capitals.
    static let corpus: [String] = (0..<40).map { index in
        let streets = ["Großmann", "Straße", "Fußgänger", "Maßstab", "Grüße", "Weißwurst", "Schloß", "Außenseiter"]
        let nouns = ["Café", "Müller", "Zürich", "Köln", "Résumé", "Señor", "Ångström", "Dvořák"]
        return
            "\(streets[index % 8]) \(nouns[(index / 8) % 8]) document \(index) about the number \(index * 7) and Report\(index)"
    }

    static func corpusFile() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("advice-\(UUID().uuidString).txt").path
        try Data((corpus.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// The known items are documents of the corpus, and every term of a query typed as written
    /// is a span of some document's text (its own, or the collection's for a noise term).
    @Test func queriesAreSpansOfTheCorpus() throws {
        let path = try Self.corpusFile()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let corpus = try AdviceCorpus.read(path: path, format: .lines)
        let splitter = try CorpusWordSplitter()
        let analysis = CorpusAnalysis(corpus.documents, splitter: splitter, seed: 7)
        var generator = KnownItemGenerator(analysis: analysis, splitter: splitter, seed: 7)
        let queries = generator.queries(count: 200, documents: corpus.documents, weights: analysis.variantWeights)
        #expect(queries.count == 200)
        let ids = Set(corpus.documents.map(\.id))
        let texts = Self.corpus.joined(separator: "\n")
        for query in queries {
            #expect(ids.contains(query.documentID))
            let terms = query.text.split(separator: " ")
            #expect((1...6).contains(terms.count), "\(query.text)")
            if query.variant == .asWritten {
                for term in terms { #expect(texts.contains(term), "\(term) of \(query.text)") }
            }
        }
        // The corpus calls for lower case, no diacritics, ß spelled out and type-ahead.
        let classes = Set(queries.map(\.variant))
        for variant in [TypingVariant.asWritten, .lower, .noDiacritics, .sharpS, .typeAhead] {
            #expect(classes.contains(variant), "\(variant)")
        }
        // The same seed, the same queries.
        var again = KnownItemGenerator(analysis: analysis, splitter: splitter, seed: 7)
        #expect(again.queries(count: 200, documents: corpus.documents, weights: analysis.variantWeights) == queries)
    }

    /// The written collection reproduces the figures through `quality --beir`: each `all` row's
    /// RR@10 is quality's row's, and each class row's is the mean of quality's per-query RR@10
    /// over the class's queries. ß is found as ss by latinascii, not by unicode61, and a target
    /// of iOS 17 excludes what needs a later SQLite or ICU.
    @Test func figuresAgreeWithQualityOnTheWrittenCollection() throws {
        let path = try Self.corpusFile()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("advice-\(UUID().uuidString)")
            .path
        defer {
            try? FileManager.default.removeItem(atPath: path)
            try? FileManager.default.removeItem(atPath: directory)
        }
        let specs = ["unicode61", "latinascii", "trigram remove_diacritics 1", "icu"].map { TokenizerSpec(text: $0) }
        var options = AdviceOptions(
            tokenizers: specs, engines: [.system, .bundled], queryKinds: [.typedAll], knownItems: 120,
            permutations: 1000)
        options.collectionDirectory = directory
        options.targets = [try PlatformTarget.named("ios17")]
        let workbench = try Workbench()
        let report = try workbench.advise(try AdviceCorpus.read(path: path, format: .lines), options: options)
        let quality = try workbench.quality(
            try QualityCollection.beir(directory: directory),
            options: QualityOptions(tokenizers: specs, engines: [.system, .bundled], queryKinds: [.typedAll]))
        let variants = try String(contentsOfFile: directory + "/queries.jsonl", encoding: .utf8)
            .split(separator: "\n").map { line in
                try JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: String]
            }
        #expect(variants.count == report.queries.count)
        for row in quality.rows {
            let adviceRows = report.rows.filter {
                $0.tokenizer == row.tokenizer && $0.engine == row.engine && $0.queryKind == row.queryKind
            }
            let all = try #require(adviceRows.first { $0.variant == "all" })
            #expect(abs(all.reciprocalRank10 - row.metrics.reciprocalRank10) < 1e-12, "\(row.key)")
            let outcomes = quality.outcomes.filter {
                $0.tokenizer == row.tokenizer && $0.engine == row.engine && $0.queryKind == row.queryKind
            }
            for classRow in adviceRows where classRow.variant != "all" {
                let ids = Set(variants.filter { $0["variant"] == classRow.variant }.map { $0["_id"]! })
                let rrs = outcomes.filter { ids.contains($0.queryID) }.map(\.metrics.reciprocalRank10)
                #expect(classRow.queries == ids.count)
                #expect(abs(classRow.reciprocalRank10 - rrs.reduce(0, +) / Double(rrs.count)) < 1e-12)
            }
        }
        func sharpS(_ tokenizer: String) -> Double? {
            report.rows.first { $0.tokenizer == tokenizer && $0.engine == "system" && $0.variant == "sharp-s" }?
                .reciprocalRank10
        }
        #expect(try #require(sharpS("latinascii")) > #require(sharpS("unicode61")))
        // iOS 17.0 has SQLite 3.39.5 and no ICU: neither trigram remove_diacritics nor icu.
        let excluded = Set(report.rows.filter { $0.advice == "excluded" }.map(\.tokenizer))
        #expect(excluded == ["trigram remove_diacritics 1", "icu"])
        let recommended = try #require(report.recommended)
        #expect(["unicode61", "latinascii"].contains(recommended.tokenizer))
        #expect(recommended.engine == "system")
    }
}
