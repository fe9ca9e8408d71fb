import CICUReference
import CICUShim
import CUnicodeFolding
import Foundation
import Testing
import TokenBenchEngines

@testable import TokenBenchTokenizers

/// The portable folds (`nfkc`'s NFKC_Casefold and `latinascii`'s transform, from tables generated
/// from ICU) against ICU itself, which no one here wrote: every code point, Unicode's own
/// normalization test file, and random text built to reach composition, canonical order, Σ's
/// final form and invalid UTF-8. The `nfkc` fold must also cut the text into the same segments as
/// the ICU fold it replaced (`tb_nfkc_folder_fold`), since a token's offsets come from them.
@Suite(
    .enabled(
        if: FoldingOracle.tablesAreThisICUs,
        "the tables come from another ICU than this machine's: regenerate them (Sources/CUnicodeFolding/tools/generate-tables.c)"
    ))
struct PortableFoldingTests {
    static let latinAsciiTransform = "NFD; [:Nonspacing Mark:] Remove; NFC; Latin-ASCII; Lower"

    /// One fold's output bytes and, per byte, the input bytes it came from.
    struct Fold: Equatable, CustomStringConvertible {
        var bytes: [UInt8] = []
        var starts: [CInt] = []
        var ends: [CInt] = []
        var description: String {
            "\(String(decoding: bytes, as: UTF8.self)) \(zip(starts, ends).map { "\($0)..<\($1)" })"
        }
    }

    /// Calls `fold` with room enough for any fold of `input` (18 code points per code point at most).
    static func fold(
        _ input: [UInt8],
        _ fold: (
            UnsafePointer<CChar>, CInt, UnsafeMutablePointer<CChar>, UnsafeMutablePointer<CInt>,
            UnsafeMutablePointer<CInt>, CInt
        ) -> CInt
    ) -> Fold? {
        let capacity = input.count * 18 + 16
        var output = [CChar](repeating: 0, count: capacity)
        var starts = [CInt](repeating: 0, count: capacity)
        var ends = [CInt](repeating: 0, count: capacity)
        let length = (input + [0]).withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) {
                fold($0.baseAddress!, CInt(input.count), &output, &starts, &ends, CInt(capacity))
            }
        }
        guard length >= 0, Int(length) <= capacity else { return nil }
        let count = Int(length)
        return Fold(
            bytes: output.prefix(count).map { UInt8(bitPattern: $0) }, starts: Array(starts.prefix(count)),
            ends: Array(ends.prefix(count)))
    }

    /// Checks both folds of `input` against ICU's; returns whether they agreed.
    @discardableResult
    static func expectICUsFolds(
        _ input: [UInt8], icuFolder: OpaquePointer, transliterator: Transliterator, _ label: @autoclosure () -> String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> Bool {
        let portable = fold(input) { tb_portable_nfkc_fold($0, $1, $2, $3, $4, $5) }
        let icu = fold(input) { tb_nfkc_folder_fold(icuFolder, $0, $1, $2, $3, $4, $5) }
        #expect(portable == icu, "nfkc: \(label())", sourceLocation: sourceLocation)
        let portableASCII = input.withUnsafeBufferPointer { token in
            withGrowingBuffer(initialCapacity: input.count * 4 + 16) { output, capacity in
                token.withMemoryRebound(to: CChar.self) {
                    tb_portable_latin_ascii($0.baseAddress, CInt($0.count), output, capacity)
                }
            }
        }
        let icuASCII = input.withUnsafeBufferPointer { transliterator.transliterate($0) }
        #expect(portableASCII == icuASCII, "latinascii: \(label())", sourceLocation: sourceLocation)
        return portable == icu && portableASCII == icuASCII
    }

    static func makeICU() throws -> (OpaquePointer, Transliterator) {
        let folder = try #require(tb_nfkc_folder_open())
        return (folder, try Transliterator(id: latinAsciiTransform, tokenizer: "test", cacheLimit: 0))
    }

    static func hex(_ bytes: [UInt8]) -> String {
        String(decoding: bytes, as: UTF8.self).unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: " ")
    }

    /// Each code point folded alone, its results joined by spaces, against ICU's folds of the same
    /// code points between spaces (a space is a boundary for both folds, and ends Σ's word): so
    /// each code point's own table entries are read (`latinascii`'s result for a token of such
    /// code points, `nfkc`'s for a segment of one), even those a whole batch would route past.
    static func foldedOneByOne(_ batch: ArraySlice<Unicode.Scalar>) -> (nfkc: [UInt8], latinASCII: [UInt8]) {
        // One code point folds to at most 18, of at most 4 bytes each: room enough, reused.
        let capacity = 128
        var output = [CChar](repeating: 0, count: capacity)
        var starts = [CInt](repeating: 0, count: capacity)
        var ends = [CInt](repeating: 0, count: capacity)
        var nfkc: [UInt8] = []
        var latinASCII: [UInt8] = []
        for (position, scalar) in batch.enumerated() {
            if position > 0 {
                nfkc.append(0x20)
                latinASCII.append(0x20)
            }
            var alone = Array(String(scalar).utf8)
            alone.withUnsafeMutableBufferPointer { token in
                token.withMemoryRebound(to: CChar.self) { input in
                    let folded = tb_portable_nfkc_fold(
                        input.baseAddress, CInt(input.count), &output, &starts, &ends, CInt(capacity))
                    nfkc += output.prefix(Int(folded)).map { UInt8(bitPattern: $0) }
                    let transformed = tb_portable_latin_ascii(
                        input.baseAddress, CInt(input.count), &output, CInt(capacity))
                    latinASCII += output.prefix(Int(transformed)).map { UInt8(bitPattern: $0) }
                }
            }
        }
        return (nfkc, latinASCII)
    }

    /// Every code point, 256 at a time between spaces, as one text (the full paths, across code
    /// points); and every assigned code point outside the private-use areas alone
    /// (`foldedOneByOne`: the ones left out share their table entries). A batch that differs is
    /// checked code point by code point, so a failure names the code point.
    @Test func everyCodePointFoldsAsICUDoes() throws {
        let (icuFolder, transliterator) = try Self.makeICU()
        defer { tb_nfkc_folder_close(icuFolder) }
        let scalars = (UInt32(0)...0x10FFFF).compactMap(Unicode.Scalar.init)
        let assigned = scalars.filter { ![.unassigned, .privateUse].contains($0.properties.generalCategory) }
        #expect(assigned.count > 140_000, "Unicode 15.0 assigns 149,186 code points")
        for (list, alone) in [(scalars, false), (assigned, true)] {
            var index = 0
            while index < list.count {
                let batch = list[index..<min(index + 256, list.count)]
                index += 256
                let text = Array(batch.map { String($0) }.joined(separator: " ").utf8)
                if alone {
                    let oneByOne = Self.foldedOneByOne(batch)
                    let icuNFKC = Self.fold(text) { tb_nfkc_folder_fold(icuFolder, $0, $1, $2, $3, $4, $5) }?.bytes
                    let icuLatinASCII = text.withUnsafeBufferPointer { transliterator.transliterate($0) }
                    if oneByOne.nfkc == icuNFKC, oneByOne.latinASCII == icuLatinASCII { continue }
                } else if Self.expectICUsFolds(text, icuFolder: icuFolder, transliterator: transliterator, "a batch") {
                    continue
                }
                for scalar in batch {
                    Self.expectICUsFolds(
                        Array(String(scalar).utf8), icuFolder: icuFolder, transliterator: transliterator,
                        "U+\(String(scalar.value, radix: 16))")
                }
            }
        }
    }

    static let normalizationTest = URL(fileURLWithPath: "/usr/share/unicode/NormalizationTest.txt.bz2")

    /// Unicode's NormalizationTest.txt (Debian's unicode-data, the Unicode version of the tables):
    /// every string of every line, alone and between a Σ after a letter and a Σ before one.
    @Test(
        .enabled(
            if: FileManager.default.fileExists(atPath: normalizationTest.path),
            "Unicode's NormalizationTest.txt.bz2 is in /usr/share/unicode (Debian's unicode-data)"))
    func normalizationTestFoldsAsICUDoes() throws {
        let (icuFolder, transliterator) = try Self.makeICU()
        defer { tb_nfkc_folder_close(icuFolder) }
        let bzcat = Process()
        bzcat.executableURL = URL(fileURLWithPath: "/bin/bzcat")
        bzcat.arguments = [Self.normalizationTest.path]
        let pipe = Pipe()
        bzcat.standardOutput = pipe
        try bzcat.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        bzcat.waitUntilExit()
        let header = try #require(String(decoding: data.prefix(80), as: UTF8.self).split(separator: "\n").first)
        #expect(header.contains("NormalizationTest-\(String(cString: tb_folding_unicode_version()))"))
        var strings = 0
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
            guard let first = line.first, first != "#", first != "@" else { continue }
            for field in line.split(separator: ";").prefix(5) {
                let scalars = field.split(separator: " ").compactMap {
                    UInt32($0, radix: 16).flatMap(Unicode.Scalar.init)
                }
                let text = Array(String(String.UnicodeScalarView(scalars)).utf8)
                strings += 1
                Self.expectICUsFolds(text, icuFolder: icuFolder, transliterator: transliterator, Self.hex(text))
                let between = Array("Σa".utf8) + text + Array("ΣB".utf8)
                Self.expectICUsFolds(between, icuFolder: icuFolder, transliterator: transliterator, Self.hex(between))
            }
        }
        #expect(strings > 90_000, "the file's five columns of about 19,000 lines")
    }

    /// A deterministic generator (xorshift64*): the same strings on every run.
    struct Xorshift: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state ^= state >> 12
            state ^= state << 25
            state ^= state >> 27
            return state &* 0x2545_F491_4F6C_DD1D
        }
    }

    /// Code points where the folds are easiest to get wrong, each row saying why.
    static let trickyScalars: [UInt32] = [
        0x61, 0x41, 0x73, 0x49, 0x27, 0x2E, // ASCII: cased, and case-ignorable (' and .) around Σ
        0x3A3, 0x3C3, 0x391, 0x3B1, 0x1FBC, 0x345, // Greek: Σ's final form, ᾼ and the iota subscript
        0x301, 0x308, 0x327, 0x328, 0x31B, 0x5B0, 0x5C1, // marks of several classes: canonical order
        0x93C, 0x94D, 0xB3E, 0xB47, 0xB57, // Indic: nukta, virama, and vowel signs that compose
        0x1100, 0x1161, 0x11A8, 0xAC00, 0xAC01, 0xD55C, // Hangul jamo and syllables: composed by rule
        0xB7, 0x2B0, 0x2BC, 0x130, 0x131, 0xDF, 0x1E9E, // modifier letters, Turkic i, sharp s
        0xFB01, 0x212B, 0x2126, 0xC5, 0xE5, 0x1F80, // a ligature, the Ångström and Ohm signs
        0x3099, 0x309A, 0x304B, 0x30AB, 0xFF76, 0xFF9E, // kana and their combining sound marks
        0x1D15E, 0x1D165, 0x1D16D, 0x20DD, 0x200D, 0xAD, 0x34F, 0xFE0F, // beyond the BMP, ignorables
        0x1F600, 0x1D400, 0x2160, 0x24B6, 0x3300, 0xFDFA, // emoji, and long compatibility foldings
        0x0F71, 0x0F72, 0x0F73, 0x0F80, 0x0FB5, 0xE01EF, 0x10A3F, 0x1E94A, // Tibetan, variation selector
    ]

    /// Random strings of those code points, long runs of their marks, and random bytes (mostly
    /// invalid UTF-8, where the folds must skip the same bytes as ICU's decoder).
    @Test func randomTextFoldsAsICUDoes() throws {
        let (icuFolder, transliterator) = try Self.makeICU()
        defer { tb_nfkc_folder_close(icuFolder) }
        var random = Xorshift(state: 0x9E37_79B9_7F4A_7C15)
        for _ in 0..<30_000 {
            let count = Int.random(in: 1...8, using: &random)
            let scalars = (0..<count).map { _ in Unicode.Scalar(Self.trickyScalars.randomElement(using: &random)!)! }
            let text = Array(String(String.UnicodeScalarView(scalars)).utf8)
            Self.expectICUsFolds(text, icuFolder: icuFolder, transliterator: transliterator, Self.hex(text))
        }
        // Long runs of marks: past 32, canonical order is a counting sort, not an insertion.
        let marks = Self.trickyScalars.filter {
            [
                0x301, 0x308, 0x327, 0x345, 0x5B0, 0x5C1, 0x93C, 0x1D165, 0x1D16D, 0x20DD, 0x0F71, 0x0F72, 0x0F80,
                0x3099, 0x31B,
            ].contains($0)
        }
        for _ in 0..<3_000 {
            let count = Int.random(in: 33...120, using: &random)
            let scalars =
                [Self.trickyScalars.randomElement(using: &random)!]
                + (1..<count).map { _ in marks.randomElement(using: &random)! }
            let text = Array(String(String.UnicodeScalarView(scalars.map { Unicode.Scalar($0)! })).utf8)
            Self.expectICUsFolds(text, icuFolder: icuFolder, transliterator: transliterator, Self.hex(text))
        }
        for _ in 0..<30_000 {
            let bytes = (0..<Int.random(in: 1...6, using: &random)).map { _ in
                Bool.random(using: &random)
                    ? UInt8.random(in: 0x80...0xFF, using: &random) : UInt8.random(in: 0...0xFF, using: &random)
            }
            Self.expectICUsFolds(bytes, icuFolder: icuFolder, transliterator: transliterator, "\(bytes)")
        }
    }
}

/// Whether the system's ICU, the oracle of the portable folds, is the one their tables came from.
enum FoldingOracle {
    static var tablesAreThisICUs: Bool {
        var buffer = [CChar](repeating: 0, count: 32)
        tb_icu_version(&buffer, CInt(buffer.count))
        return String(nulTerminated: buffer) == FoldingTables.icuVersion
    }
}
