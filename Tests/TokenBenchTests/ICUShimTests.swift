import Foundation
import Testing

@testable import TokenBench
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
}
