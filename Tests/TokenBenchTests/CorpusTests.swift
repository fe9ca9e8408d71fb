import Foundation
import Testing
@testable import TokenBench

/// The throughput corpora: the seeded generator and the streamed file and directory sources.
struct CorpusTests {
    static func documents(of source: CorpusSource, batchBytes: Int = 16 << 20) throws -> [[UInt8]] {
        var documents: [[UInt8]] = []
        try source.forEachBatch(batchBytes: batchBytes) { batch in
            for index in 0..<batch.documentCount { documents.append(Array(batch.bytes[batch.range(ofDocument: index)])) }
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
        #expect(whole.checksum == streamed.checksum && whole.documents == streamed.documents && whole.bytes == streamed.bytes)
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
        #expect(Self.defaultCorpusSample.count >= 2_000_000 && Self.defaultCorpusSample.count < 2_100_000, "\(Self.defaultCorpusSample.count)")
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
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("tokenbench-lines-\(UUID().uuidString).txt")
        try Data((lines.joined(separator: "\n")).utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let documents = try Self.documents(of: .lines(path: url.path), batchBytes: 100_000)
        #expect(documents.map { String(decoding: $0, as: UTF8.self) } == [long, "second", long + "é", "last without newline"])
    }

    @Test func directoryHoldsOneDocumentPerFileInNameOrder() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tokenbench-dir-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("sub"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        for (name, text) in [("b.txt", "two\nlines"), ("a.txt", "first"), (".hidden", "no"), ("sub/c.txt", "no")] {
            try Data(text.utf8).write(to: directory.appendingPathComponent(name))
        }
        let source = try CorpusSource.at(path: directory.path)
        #expect(source == .directory(path: directory.path))
        #expect(try Self.documents(of: source).map { String(decoding: $0, as: UTF8.self) } == ["first", "two\nlines"])
    }

    @Test func missingAndEmptyCorporaAreErrors() throws {
        #expect(throws: TokenBenchError.fileAccess(path: "/nonexistent/corpus.txt", reason: "no such file or directory")) {
            _ = try CorpusSource.at(path: "/nonexistent/corpus.txt")
        }
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("tokenbench-empty-\(UUID().uuidString).txt")
        try Data("\n\n".utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(throws: TokenBenchError.invalidArgument(name: "--corpus", value: url.path, reason: "the corpus holds no document")) {
            _ = try CorpusSurvey.survey(.lines(path: url.path))
        }
    }

    /// Each row: a malformed word list and the error naming its line.
    @Test(arguments: [
        ("word\n", TokenBenchError.invalidFixture(file: "w.txt", line: 1, reason: "words before the first [CODE WEIGHT] section")),
        ("[en]\n", .invalidFixture(file: "w.txt", line: 1, reason: "expected a section header [CODE WEIGHT] or [CODE WEIGHT nospace]")),
        ("[en 0]\na\n", .invalidFixture(file: "w.txt", line: 1, reason: "expected a section header [CODE WEIGHT] or [CODE WEIGHT nospace]")),
        ("[en 1]\n", .invalidFixture(file: "w.txt", line: 0, reason: "section [en] has no words")),
        ("# only a comment\n", .invalidFixture(file: "w.txt", line: 0, reason: "no [CODE WEIGHT] section")),
    ])
    func malformedWordListsAreRejected(text: String, error: TokenBenchError) {
        #expect(throws: error) { _ = try CorpusWordLists.parse(Array(text.utf8), file: "w.txt") }
    }

    @Test func embeddedWordListsCoverTheNineLanguages() {
        #expect(CorpusWordLists.embedded.languages.map(\.code) == ["en", "de", "fr", "tr", "vi", "el", "ru", "zh", "ja"])
    }
}
