import Foundation
import Testing

@testable import TokenBench
@testable import TokenBenchEngines
@testable import TokenBenchTokenizers

/// `japanese` against MeCab itself: every morpheme MeCab reports must become a token that points
/// at exactly the input bytes the morpheme came from.
struct JapaneseTokenizerTests {
    /// The documents and queries of the default fixtures that hold kana or kanji.
    static func japaneseTexts() throws -> [(label: String, bytes: [UInt8])] {
        let cases = try FixtureSet.defaults().cases
        var texts: [(String, [UInt8])] = []
        for matchCase in cases {
            for (side, text) in [("document", matchCase.document), ("query", matchCase.query)]
            where text.unicodeScalars.contains(where: {
                (0x3040...0x30FF).contains($0.value) || (0x4E00...0x9FFF).contains($0.value)
            }) {
                texts.append(("\(matchCase.id) \(side)", Array(text.utf8)))
            }
        }
        return texts
    }

    /// One morpheme as MeCab reports it, on the folded text.
    struct Morpheme: Equatable {
        var start: Int
        var end: Int
    }

    /// Runs MeCab on `folded` directly, through the same C walk the tokenizer uses.
    static func morphemes(of folded: [CChar], length: CInt) throws -> [Morpheme] {
        let analyzer = try MorphologicalAnalyzer(dicdir: nil, tokenizer: "test")
        var found: [Morpheme] = []
        let result = folded.withUnsafeBufferPointer { text in
            withUnsafeMutablePointer(to: &found) { pointer in
                analyzer.walk(text.baseAddress!, length: length, context: UnsafeMutableRawPointer(pointer)) {
                    context, start, end, _ in
                    context!.assumingMemoryBound(to: [Morpheme].self).pointee.append(
                        Morpheme(start: Int(start), end: Int(end)))
                    return 0
                }
            }
        }
        #expect(result == 0)
        return found
    }

    @Test func everyMorphemeBecomesATokenOverItsOwnBytes() throws {
        let texts = try Self.japaneseTexts()
        #expect(texts.count >= 20, "the fixtures hold Japanese text")
        let workbench = try Workbench()
        let folder = NfkcFolder()
        let counter = try MorphemeCounter(dicdir: nil)
        var checked = 0
        for (label, input) in texts {
            let length = input.withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) { folder.fold($0.baseAddress!, CInt($0.count)) }
            }
            let foldedLength = try #require(length, "\(label): it folds")
            let folded = Array(folder.folded.prefix(Int(foldedLength)))
            let morphemes = try Self.morphemes(of: folded, length: foldedLength)
            // The limit loop of `throughput` counts the morphemes the walk reports, without a callback.
            let counted = folded.withUnsafeBufferPointer {
                counter.countMorphemes($0.baseAddress!, length: Int(foldedLength))
            }
            #expect(counted == morphemes.count, "\(label): the limit loop counts every morpheme")
            let tokens = try workbench.tokens(of: input, spec: TokenizerSpec(text: "japanese"), mode: .document)
            let surfaces = tokens.filter { !$0.isColocated }
            // Morphemes without a letter or digit (punctuation) give no token; every other one does, in order.
            let worded = morphemes.filter { morpheme in
                UTF8Text.hasLetterOrDigit(folded[morpheme.start..<morpheme.end].map { UInt8(bitPattern: $0) })
            }
            #expect(surfaces.count == worded.count, "\(label): one surface token per morpheme")
            for (token, morpheme) in zip(surfaces, worded) {
                let surface = folded[morpheme.start..<morpheme.end].map { UInt8(bitPattern: $0) }
                let source = Array(input[token.start..<token.end])
                // The token's offsets slice the input bytes whose fold is exactly MeCab's surface.
                #expect(ICUNormalization.nfkcCasefold.apply(source) == surface, "\(label): \(token)")
                #expect(
                    token.bytes == MorphemeReadings.katakana(surface), "\(label): the token is the surface, kana folded"
                )
                checked += 1
            }
        }
        #expect(checked >= 80, "the fixtures' Japanese text has over 80 morphemes with letters")
    }

    /// MeCab keeps a NUL inside a morpheme of symbols (this input is one of the conformance run's
    /// random inputs): the token drops it, because SQLite 3.40.1 calls an index holding a token
    /// with a NUL malformed. The offsets still cover the whole morpheme, NUL included.
    @Test func aNulInsideAMorphemeIsDroppedFromItsToken() throws {
        let input = Array("\u{1AA88}\u{2FE}\u{0}\u{1F21}".utf8)
        let workbench = try Workbench()
        for engine in SQLiteEngine.builtIn {
            let tokens = try workbench.tokens(
                of: input, spec: TokenizerSpec(text: "japanese"), mode: .document, engine: engine)
            #expect(tokens.map(\.bytes) == [Array("\u{1AA88}\u{2FE}\u{1F21}".utf8)], "\(engine.name)")
            #expect(tokens.first.map { [$0.start, $0.end] } == [0, input.count])
        }
    }

    @Test func longTextIsParsedInPiecesWithoutLosingAMorpheme() throws {
        // Over 32 KiB with no line break: MeCab is given pieces cut after 。, so the token stream is
        // the same as that of one sentence repeated.
        let sentence = "東京タワーに行きました。"
        let text = String(repeating: sentence, count: 4000)
        let workbench = try Workbench()
        let one = try workbench.tokens(of: sentence, spec: TokenizerSpec(text: "japanese"), mode: .query)
        let all = try workbench.tokens(of: text, spec: TokenizerSpec(text: "japanese"), mode: .query)
        #expect(all.count == one.count * 4000)
        #expect(all.map(\.text) == Array([[String]](repeating: one.map(\.text), count: 4000).joined()))
        #expect(all.last?.end == text.utf8.count - "。".utf8.count)
    }
}
