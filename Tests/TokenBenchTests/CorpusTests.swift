import Foundation
import Testing

@_spi(Benchmarks) @testable import TokenBench
@testable import TokenBenchEngines
@testable import TokenBenchTokenizers

/// The throughput corpora: the seeded generator and the streamed file and directory sources.
struct CorpusTests {
    static func documents(of source: CorpusSource, batchBytes: Int = 16 << 20) throws -> [[UInt8]] {
        var documents: [[UInt8]] = []
        try source.forEachBatch(batchBytes: batchBytes) { batch in
            for index in 0..<batch.documentCount {
                documents.append(Array(batch.bytes[batch.range(ofDocument: index)]))
            }
        }
        return documents
    }

    @Test func generatorIsDeterministicPerSeed() throws {
        let a = try CorpusSurvey.survey(.generated(seed: 7, size: 200_000))
        let b = try CorpusSurvey.survey(.generated(seed: 7, size: 200_000))
        let c = try CorpusSurvey.survey(.generated(seed: 8, size: 200_000))
        #expect(a == b)
        #expect(a.checksum != c.checksum)
        // The size is reached with whole documents: at most one document over.
        #expect(a.bytes >= 200_000 && a.bytes < 200_000 + 20_000)
        #expect(a.name == "generated:seed=7:size=200000")
    }

    @Test func batchSizeDoesNotChangeTheCorpus() throws {
        let whole = try CorpusSurvey.survey(.generated(seed: 3, size: 300_000))
        let streamed = try CorpusSurvey.survey(.generated(seed: 3, size: 300_000), batchBytes: 10_000)
        #expect(whole.batches == 1)
        #expect(streamed.batches > 20)
        #expect(
            whole.checksum == streamed.checksum && whole.documents == streamed.documents
                && whole.bytes == streamed.bytes)
    }

    /// Each row: a gotcha the generated corpus must contain, so throughput runs meet them.
    @Test(arguments: [
        ("combining acute (NFD)", "\u{301}"), ("ﬁ ligature", "ﬁ"), ("dotless ı", "ı"), ("dotted İ", "İ"),
        ("ß", "ß"), ("œ", "œ"), ("no-break space", "\u{A0}"), ("soft hyphen", "\u{AD}"), ("fullwidth digit", "０"),
        ("superscript two", "²"), ("zero-width joiner", "\u{200D}"), ("Greek final sigma", "ς"), ("ё", "ё"),
        ("Vietnamese stacked marks", "ễ"), ("kana with dakuten", "ガ"), ("Han", "语"), ("halfwidth katakana", "ｶ"),
    ])
    func generatedCorpusCarriesGotchas(name: String, needle: String) throws {
        // Bytes, not Characters: a combining mark alone must be found inside "e\u{301}".
        #expect(Self.defaultCorpusSample.firstRange(of: Array(needle.utf8)) != nil, "\(name)")
    }

    /// 2 MB of the default corpus, joined by newlines.
    static let defaultCorpusSample: [UInt8] = {
        var bytes: [UInt8] = []
        // A generated corpus cannot fail to stream; if it did, the sample would be empty and the
        // tests that search it fail on the size check below, not silently.
        try? CorpusSource.generated(seed: CorpusSource.defaultSeed, size: 2_000_000).forEachBatch { batch in
            bytes += batch.bytes
        }
        return bytes
    }()

    @Test func defaultCorpusSampleIsTheSizeAskedFor() {
        // Whole documents, so the last one may end a little past the size asked for.
        #expect(
            Self.defaultCorpusSample.count >= 2_000_000 && Self.defaultCorpusSample.count < 2_100_000,
            "\(Self.defaultCorpusSample.count)")
    }

    @Test func generatedDocumentsAreValidUTF8WithoutLineBreaks() throws {
        for document in try Self.documents(of: .generated(seed: 1, size: 100_000)) {
            #expect(String(validating: document, as: UTF8.self) != nil)
            #expect(!document.contains(UInt8(ascii: "\n")) && !document.isEmpty)
        }
    }

    @Test func linesFileStreamsAcrossChunkBoundaries() throws {
        // Lines of 300 kB cross the 1 MB read chunks; CRLF endings and empty lines are handled.
        let long = String(repeating: "abc ", count: 75_000)
        let lines = [long, "", "second\r", long + "é", "last without newline"]
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "tokenbench-lines-\(UUID().uuidString).txt")
        try Data((lines.joined(separator: "\n")).utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let documents = try Self.documents(of: .lines(path: url.path), batchBytes: 100_000)
        #expect(
            documents.map { String(decoding: $0, as: UTF8.self) } == [
                long, "second", long + "é", "last without newline",
            ])
    }

    @Test func directoryHoldsOneDocumentPerFileInNameOrder() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "tokenbench-dir-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: directory.appendingPathComponent("sub"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        for (name, text) in [("b.txt", "two\nlines"), ("a.txt", "first"), (".hidden", "no"), ("sub/c.txt", "no")] {
            try Data(text.utf8).write(to: directory.appendingPathComponent(name))
        }
        let source = try CorpusSource.at(path: directory.path)
        #expect(source == .directory(path: directory.path))
        #expect(try Self.documents(of: source).map { String(decoding: $0, as: UTF8.self) } == ["first", "two\nlines"])
    }

    @Test func missingAndEmptyCorporaAreErrors() throws {
        #expect(
            throws: TokenBenchError.fileAccess(path: "/nonexistent/corpus.txt", reason: "No such file or directory")
        ) {
            _ = try CorpusSource.at(path: "/nonexistent/corpus.txt")
        }
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "tokenbench-empty-\(UUID().uuidString).txt")
        try Data("\n\n".utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(
            throws: TokenBenchError.invalidArgument(
                name: "corpus", value: url.path, reason: "the corpus holds no document")
        ) {
            _ = try CorpusSurvey.survey(.lines(path: url.path))
        }
    }

    /// Each row: a malformed word list and the error naming its line.
    @Test(arguments: [
        (
            "word\n",
            TokenBenchError.invalidFixture(
                file: "w.txt", line: 1, reason: "words before the first [CODE WEIGHT SCRIPT] section")
        ),
        (
            "[en]\n",
            .invalidFixture(
                file: "w.txt", line: 1,
                reason: "expected a section header [CODE WEIGHT SCRIPT] or [CODE WEIGHT SCRIPT nospace]")
        ),
        (
            "[en 1]\na\n",
            .invalidFixture(
                file: "w.txt", line: 1,
                reason: "expected a section header [CODE WEIGHT SCRIPT] or [CODE WEIGHT SCRIPT nospace]")
        ),
        (
            "[en -1 latin]\na\n",
            .invalidFixture(
                file: "w.txt", line: 1,
                reason: "expected a section header [CODE WEIGHT SCRIPT] or [CODE WEIGHT SCRIPT nospace]")
        ),
        (
            "[en 1 klingon]\na\n",
            .invalidFixture(
                file: "w.txt", line: 1,
                reason:
                    "unknown script 'klingon' (scripts: latin, cyrillic, greek, han, japanese, hangul, thai, arabic)")
        ),
        (
            "[en 1 mixed]\na\n",
            .invalidFixture(
                file: "w.txt", line: 1,
                reason: "unknown script 'mixed' (scripts: latin, cyrillic, greek, han, japanese, hangul, thai, arabic)")
        ),
        ("[en 1 latin]\n", .invalidFixture(file: "w.txt", line: 0, reason: "section [en] has no words")),
        (
            "[th 0 thai]\nก\n",
            .invalidFixture(
                file: "w.txt", line: 0, reason: "no section has a weight above 0, so the mixed corpus would be empty")
        ),
        ("# only a comment\n", .invalidFixture(file: "w.txt", line: 0, reason: "no [CODE WEIGHT SCRIPT] section")),
    ])
    func malformedWordListsAreRejected(text: String, error: TokenBenchError) {
        #expect(throws: error) { _ = try CorpusWordLists.parse(Array(text.utf8), file: "w.txt") }
    }

    /// The nine languages of the mixed corpus, and three more (weight 0) that only appear in
    /// their own script's corpus.
    @Test func embeddedWordListsCoverTwelveLanguagesInEightScripts() {
        let languages = CorpusWordLists.embedded.languages
        #expect(languages.map(\.code) == ["en", "de", "fr", "tr", "vi", "el", "ru", "zh", "ja", "ko", "th", "ar"])
        #expect(
            languages.filter { $0.weight > 0 }.map(\.code) == ["en", "de", "fr", "tr", "vi", "el", "ru", "zh", "ja"])
        #expect(Set(languages.map(\.script)) == Set(CorpusScript.allCases.filter { $0 != .mixed }))
    }

    /// Each row: a script, and a Unicode script property every letter of its corpus must have
    /// (ICU's regex engine through Foundation), or Common or Inherited. Digits, punctuation and emoji are the
    /// generator's own additions and are not letters, except the Latin ligatures ﬁ/ﬂ and the
    /// superscript units (m², km³) that every corpus may carry.
    @Test(arguments: [
        (CorpusScript.latin, "Latin"), (.cyrillic, "Cyrillic"), (.greek, "Greek"), (.han, "Han"),
        (.japanese, "Han|Hiragana|Katakana"), (.hangul, "Hangul"), (.thai, "Thai"), (.arabic, "Arabic"),
    ])
    func singleScriptCorporaHoldOnlyTheirScriptsLetters(script: CorpusScript, property: String) throws {
        let foreign = try NSRegularExpression(pattern: "(?![\\p{Script=Latin}])\\p{L}")
        // Common (the kana prolonged sound mark ー) and Inherited (Arabic vowel marks) belong to every script.
        let scripts =
            property.split(separator: "|").map { "\\p{Script=\($0)}" } + [
                "\\p{Script=Common}", "\\p{Script=Inherited}",
            ]
        let own = try NSRegularExpression(pattern: "^(?:\(scripts.joined(separator: "|")))$")
        var letters = 0
        for document in try Self.documents(of: .generated(seed: 5, size: 40_000, script: script)) {
            let text = String(decoding: document, as: UTF8.self)
            for letter in text.unicodeScalars
            where letter.properties.isAlphabetic && !letter.properties.isIdeographic || letter.properties.isIdeographic
            {
                let string = String(letter)
                let range = NSRange(string.startIndex..., in: string)
                guard own.firstMatch(in: string, range: range) == nil else {
                    letters += 1
                    continue
                }
                // Outside the script: only Latin letters that every corpus carries (units, ligature ﬁ).
                let isLatinAddition = "mkcxﬁﬂ".unicodeScalars.contains(letter) || script == .latin
                #expect(
                    isLatinAddition && foreign.firstMatch(in: string, range: range) == nil,
                    "\(script): unexpected letter \(string) in \(text.prefix(80))")
            }
        }
        #expect(letters > 1_000)
    }

    /// Adding languages of weight 0 leaves the mixed corpus byte for byte as it was: throughput
    /// CSVs measured before scripts existed still compare. The checksum is what the generator gave
    /// before the script corpora were added.
    @Test func theMixedCorpusIsUnchangedByTheScriptCorpora() throws {
        let survey = try CorpusSurvey.survey(.generated(seed: CorpusSource.defaultSeed, size: 1_000_000))
        #expect(survey.checksum == "fnv1a64:bcdcf17b67b250d3")
        #expect(survey.name == "generated:seed=20261121:size=1000000")
        #expect(
            try CorpusSurvey.survey(.generated(seed: 1, size: 1_000, script: .thai)).name
                == "generated:seed=1:size=1000:script=thai")
    }
}
