import CStemmerShim
import Testing

@testable import TokenBenchTokenizers

/// The wrappers' shortcuts that need no text of the bench's to check: the stemmer's test for a
/// token without stemmable letters, the NFC quick check, and the eight-bytes-at-a-time ASCII
/// test. (The shortcuts checked against the full path on every script's generated corpus stay
/// in the bench's FastPathTests, which has the corpus.)
struct FastPathShortcutTests {
    /// Each row pins one reason for the stemmer shortcut to say no (or yes).
    @Test(arguments: [
        ("北京大学", true), // Han
        ("ひらがなカタカナ", true), // kana
        ("한국어", true), // Hangul syllables
        ("ภาษาไทย", true), // Thai
        ("running", false), // Latin: a stemmer's letters
        ("北京2024", false), // a digit
        ("ー", false), // the prolonged sound mark is Common script
        ("", false), // nothing to say yes about
    ])
    func stemmerShortcutRows(text: String, expected: Bool) {
        let bytes = Array(text.utf8) + [0]
        let result = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) {
                tb_stemmer_has_no_stemmable_letter($0.baseAddress, CInt(bytes.count - 1)) != 0
            }
        }
        #expect(result == expected, "\(text)")
    }

    /// Every BMP code point the NFC check calls normalized is its own NFC, alone and after a
    /// letter it could compose with; invalid UTF-8 never is.
    @Test func nfcCheckedCodePointsAreTheirOwnNFC() {
        for value in UInt32(0)...0xFFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            for text in [String(scalar), "a\(scalar)", "か\(scalar)"] {
                let bytes = Array(text.utf8)
                guard bytes.withUnsafeBufferPointer({ ICUNormalization.isNFC($0) }) else { continue }
                #expect(ICUNormalization.nfc.apply(bytes) == bytes, "U+\(String(value, radix: 16)) in \(text)")
            }
        }
        #expect(![UInt8]([0x61, 0xC3, 0x28]).withUnsafeBufferPointer { ICUNormalization.isNFC($0) })
    }

    /// `isASCII` reads eight bytes at a time with overlapping loads: a byte of 0x80 or more at
    /// any position of a word of any length up to 40 bytes is seen, and none is found in ASCII.
    @Test func isASCIISeesAHighByteAnywhere() {
        for count in 0...40 {
            let ascii = [UInt8]((0..<count).map { UInt8(ascii: "a") + UInt8($0 % 26) })
            #expect(ascii.withUnsafeBufferPointer(\.isASCII), "\(count) ASCII bytes")
            for position in 0..<count {
                var word = ascii
                word[position] = 0x80 | UInt8(position)
                #expect(!word.withUnsafeBufferPointer(\.isASCII), "byte \(position) of \(count)")
            }
        }
    }
}
