import Foundation
import GRDB
import Testing

@testable import TokenBenchTokenizers

/// The `cjk` tokenizer in an app's own GRDB database: what a real FTS5 table with
/// `tokenize='cjk'` finds, one query per row.
struct CjkTokenizerTests {
    static let documents = [
        "我爱北京天安门", // 1: one Han run
        "北京 天安门", // 2: two runs, a space between
        "iPhone用户手册", // 3: Latin glued to Han
        "東京タワーに行きました", // 4: kanji, katakana and hiragana in one run
        "한국어 텍스트", // 5: Hangul
        "ｻｰﾊﾞｰ", // 6: halfwidth katakana
    ]

    struct Row: CustomTestStringConvertible, Sendable {
        var query: String
        var expected: [Int]
        var why: String
        var testDescription: String { "\(query): \(why)" }
    }

    static let rows: [Row] = [
        Row(query: "北京", expected: [1, 2], why: "a two-character word inside a run and alone"),
        Row(query: "京", expected: [1, 2, 4], why: "one character (東京 too): the unigrams indexed colocated"),
        Row(query: "天安门", expected: [1, 2], why: "three characters: two bigrams, adjacent"),
        Row(query: "北京天安门", expected: [1], why: "a phrase of bigrams does not cross the space of document 2"),
        Row(query: "\"北京\" \"天安门\"", expected: [1, 2], why: "two phrases, AND"),
        Row(query: "\"北京 天安门\"", expected: [2], why: "a phrase across runs lines up: one position per bigram"),
        Row(query: "用户", expected: [3], why: "Han after Latin in one unicode61 token is cut at the script boundary"),
        Row(query: "iphone", expected: [3], why: "the Latin part keeps its own token"),
        Row(query: "タワー", expected: [4], why: "katakana inside a mixed run"),
        Row(query: "国語", expected: [], why: "characters that are nowhere near each other in any document"),
        Row(query: "한국", expected: [5], why: "Hangul syllables join like Han"),
        Row(query: "サーバー", expected: [6], why: "halfwidth katakana is folded to fullwidth in documents"),
        Row(query: "ﾀﾜｰ", expected: [4], why: "and in queries"),
    ]

    @Test(arguments: rows)
    func matches(row: Row) throws {
        let found = try rowsMatching(row.query, in: Self.documents, tokenize: "cjk")
        #expect(found == row.expected)
    }
}

/// `CJKCharacters`' tables against Unicode's own files, which Debian's unicode-data installs
/// (`.ci/run` installs it).
struct CJKCharactersTests {
    static let unicodeDirectory = "/usr/share/unicode"
    static let hasUnicodeFiles = FileManager.default.fileExists(atPath: "\(unicodeDirectory)/Scripts.txt")

    /// The code points of a property file whose value is one of `values`.
    static func codePoints(in file: String, values: Set<String>) throws -> Set<UInt32> {
        var found = Set<UInt32>()
        for line in try String(contentsOfFile: "\(unicodeDirectory)/\(file)", encoding: .utf8).split(separator: "\n") {
            let fields = line.prefix { $0 != "#" }.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard fields.count == 2, values.contains(fields[1]) else { continue }
            let bounds = fields[0].components(separatedBy: "..").compactMap { UInt32($0, radix: 16) }
            found.formUnion(bounds[0]...(bounds.last ?? bounds[0]))
        }
        return found
    }

    /// UnicodeData.txt's decomposition field for each code point that has one.
    static func decompositions() throws -> [UInt32: String] {
        var found: [UInt32: String] = [:]
        for line in try String(contentsOfFile: "\(unicodeDirectory)/UnicodeData.txt", encoding: .utf8).split(
            separator: "\n")
        {
            let fields = line.split(separator: ";", omittingEmptySubsequences: false)
            guard fields.count > 5, !fields[5].isEmpty, let codePoint = UInt32(fields[0], radix: 16) else { continue }
            found[codePoint] = String(fields[5])
        }
        return found
    }

    @Test(.enabled(if: hasUnicodeFiles, "needs Unicode's data files (Debian's unicode-data)"))
    func joiningCharactersAreTheCJKScriptsAndWordBreakKatakana() throws {
        let expected = try Self.codePoints(in: "Scripts.txt", values: ["Han", "Hiragana", "Katakana", "Hangul"])
            .union(Self.codePoints(in: "auxiliary/WordBreakProperty.txt", values: ["Katakana"]))
        #expect(expected.count > 90_000, "the files were read")
        let wrong = (UInt32(0)...0x10FFFF).filter { CJKCharacters.joins($0) != expected.contains($0) }
        #expect(wrong.isEmpty, "first differences: \(wrong.prefix(5).map { String($0, radix: 16) })")
    }

    @Test(.enabled(if: hasUnicodeFiles, "needs Unicode's data files (Debian's unicode-data)"))
    func halfwidthFormsFoldToTheirNarrowDecompositions() throws {
        let decompositions = try Self.decompositions()
        for codePoint in UInt32(0xFF61)...0xFF9F {
            #expect(
                decompositions[codePoint] == String(format: "<narrow> %04X", CJKCharacters.widthFolded(codePoint)),
                "U+\(String(codePoint, radix: 16))")
        }
        for codePoint in UInt32(0xFF01)...0xFF5E {
            #expect(
                decompositions[codePoint] == String(format: "<wide> %04X", CJKCharacters.widthFolded(codePoint)),
                "U+\(String(codePoint, radix: 16))")
        }
    }

    @Test(.enabled(if: hasUnicodeFiles, "needs Unicode's data files (Debian's unicode-data)"))
    func kanaComposeWithTheirMarksAsUnicodeDataDecomposes() throws {
        let decompositions = try Self.decompositions()
        var expected: [[UInt32]: UInt32] = [:]
        for (composed, decomposition) in decompositions where !decomposition.hasPrefix("<") {
            let parts = decomposition.split(separator: " ").compactMap { UInt32($0, radix: 16) }
            if parts.count == 2, parts[1] == 0x3099 || parts[1] == 0x309A { expected[parts] = composed }
        }
        #expect(expected.count == 58, "the 48 voiced and 10 semi-voiced kana of Unicode 15")
        for base in UInt32(0x3040)...0x30FF {
            for mark in [UInt32(0x3099), 0x309A] {
                #expect(CJKCharacters.composed(base, mark) == expected[[base, mark]], "U+\(String(base, radix: 16))")
            }
        }
    }

    @Test func hangulJamoComposeAsFoundationComposesThem() {
        var scan = CJKScan()
        for syllable in UInt32(0xAC00)...0xD7A3 {
            let nfd = String(Unicode.Scalar(syllable)!).decomposedStringWithCanonicalMapping
            Array(nfd.utf8).withUnsafeBufferPointer { scan.scan($0) }
            #expect(scan.characters.map(\.scalar) == [syllable], "U+\(String(syllable, radix: 16))")
        }
    }
}
