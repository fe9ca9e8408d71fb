import Foundation
import Testing

@testable import TokenBenchEngines
@testable import TokenBenchTokenizers

/// The C shims that return text share one UTF-8 → UTF-16 → ICU → UTF-8 path, with stack buffers
/// for short text and a retry when the result outgrows its buffer. Each row pins one side of
/// that: short text, text past the stack buffers, and results many times their input's length.
/// The expected text comes from Foundation, whose ICU is a separate copy from the system's.
struct ICUShimTests {
    static let inputs: [(label: String, text: String)] = [
        ("short", "Großmann ﬁdélité"),
        ("past the stack buffers", String(repeating: "Ærø Straße ", count: 200)),
        ("ﬃ: a ligature folds to three letters", String(repeating: "ﬃ", count: 500)),
        ("U+FDFA: one code point normalizes to 18", String(repeating: "\u{FDFA}", count: 300)),
    ]

    @Test(arguments: inputs)
    func normalizationAgreesWithFoundation(label: String, text: String) {
        #expect(
            ICUNormalization.nfkc.apply(Array(text.utf8)) == Array(text.precomposedStringWithCompatibilityMapping.utf8),
            "\(label)")
        #expect(
            ICUNormalization.nfd.apply(Array(text.utf8)) == Array(text.decomposedStringWithCanonicalMapping.utf8),
            "\(label)")
    }

    @Test(arguments: inputs)
    func caseFoldingAgreesWithFoundation(label: String, text: String) {
        let folder = CaseFolder(turkic: false)
        let folded = Array(text.utf8).withUnsafeBufferPointer { input in folder.withFolded(input) { $0.map(Array.init) }
        }
        #expect(folded == Array(text.folding(options: .caseInsensitive, locale: nil).utf8), "\(label)")
    }

    /// Each input through Latin-ASCII, and through Any-Latin, which turns one Hangul syllable
    /// (one UTF-16 unit) into up to five letters: past three times the input, so it takes the
    /// transliterator's retry.
    @Test(
        arguments: inputs + [("Hangul: 괜 becomes gwaen", String(repeating: "괜찮", count: 200))],
        ["Latin-ASCII; Lower", "Any-Latin"])
    func transliterationAgreesWithFoundation(input: (label: String, text: String), transform: String) throws {
        let (label, text) = input
        let transliterator = try Transliterator(id: transform, tokenizer: "test")
        let expected = try #require(text.applyingTransform(StringTransform(transform), reverse: false))
        #expect(
            Array(text.utf8).withUnsafeBufferPointer { transliterator.transliterate($0) } == Array(expected.utf8),
            "\(label)")
    }

    /// Invalid UTF-8 is refused by every shim, never copied half-way.
    @Test func invalidUTF8IsRefused() throws {
        let invalid: [UInt8] = [0x61, 0xC3, 0x28, 0x62]
        #expect(ICUNormalization.nfc.apply(invalid) == nil)
        let folder = CaseFolder(turkic: false)
        #expect(invalid.withUnsafeBufferPointer { input in folder.withFolded(input) { $0 == nil } })
        let transliterator = try Transliterator(id: "Latin-ASCII; Lower", tokenizer: "test")
        #expect(invalid.withUnsafeBufferPointer { transliterator.transliterate($0) } == nil)
    }

    static func isFolded(_ bytes: [UInt8]) -> Bool {
        // One byte past the text (never read) so that empty text still has an address.
        (bytes + [0]).withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { NfkcFolder.isFolded($0.baseAddress!, CInt(bytes.count)) }
        }
    }

    /// `tb_portable_nfkc_is_folded` lets `japanese` and `nfkc` skip the fold. Each row pins one reason for
    /// it to say no (or yes).
    @Test(arguments: [
        ("東京タワーに行った。", true), // kanji, kana and 。 stay as they are
        ("abc 123", true), // lower-case ASCII
        ("", true), // nothing to fold
        ("ABC", false), // upper case folds
        ("ＡＢＣ１２３", false), // fullwidth forms fold to ASCII
        ("ｶﾀｶﾅ", false), // half-width katakana folds to full width
        ("か\u{3099}", false), // a combining voiced mark composes with the kana before it (が)
        ("が", true), // already composed
        ("東京\u{3000}タワー", false), // the ideographic space folds to a space
        ("a\u{00AD}b", false), // a soft hyphen is removed
        ("😀", true), // beyond the BMP too: an emoji stays as it is
        ("𝐀", false), // a mathematical bold capital folds to a
    ])
    func foldedTextIsRecognized(text: String, expected: Bool) {
        #expect(
            Self.isFolded(Array(text.utf8)) == expected, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
    }

    /// Every code point that the check calls folded is one that ICU's NFKC_Casefold leaves as it
    /// is, alone and after a letter it could compose with (the check is never wrong the unsafe
    /// way); and invalid UTF-8 is never called folded.
    @Test func foldedCodePointsAreLeftAsTheyAreByICU() throws {
        var folded = 0
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let alone = Array(String(scalar).utf8)
            guard Self.isFolded(alone) else { continue }
            folded += 1
            #expect(ICUNormalization.nfkcCasefold.apply(alone) == alone, "U+\(String(value, radix: 16))")
            let afterKana = Array("か\(scalar)".utf8)
            if Self.isFolded(afterKana) {
                #expect(
                    ICUNormalization.nfkcCasefold.apply(afterKana) == afterKana, "か + U+\(String(value, radix: 16))")
            }
        }
        #expect(folded > 40_000, "most of the BMP (CJK, kana, lower-case letters) is folded already")
        #expect(!Self.isFolded([0x61, 0xC3, 0x28, 0x62]))
        #expect(!Self.isFolded([0xE3, 0x81]))
    }
}
