import Foundation

/// What a person needs to see in a text to explain its tokens: its code points by name and
/// whether it is already in NFC or NFD (APSW's tokenizer viewer shows the same).
package struct TextFacts: Sendable, Equatable {
    /// The text's length in UTF-8 bytes.
    package var byteCount: Int
    /// Whether the text is valid UTF-8; the normalization checks are nil when it is not.
    package var isUTF8: Bool
    package var isNFC: Bool?
    package var isNFD: Bool?
    /// Each code point as `U+00DF LATIN SMALL LETTER SHARP S`; a byte that is not UTF-8 as
    /// `\xFF (not UTF-8)`.
    package var codePoints: [String]

    package init(_ bytes: [UInt8]) {
        byteCount = bytes.count
        codePoints = Self.codePointNames(of: bytes)
        if let text = String(validating: bytes, as: UTF8.self) {
            isUTF8 = true
            // Compared as bytes: Swift's String equality is canonical equivalence, which would
            // call every text NFC and NFD at once.
            isNFC = Array(NormalizationForm.nfc.apply(to: text).utf8) == bytes
            isNFD = Array(NormalizationForm.nfd.apply(to: text).utf8) == bytes
        } else {
            isUTF8 = false
        }
    }

    /// The code points of `bytes` by name, decoding UTF-8 and naming each byte that is not.
    package static func codePointNames(of bytes: [UInt8]) -> [String] {
        var names: [String] = []
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                names.append(name(of: Unicode.UTF8.decode(encoded)))
                offset += encoded.count
            case .error(let length):
                for byte in bytes[offset..<(offset + length)] {
                    names.append(ByteEscaping.display([byte]) + " (not UTF-8)")
                }
                offset += length
            case .emptyInput:
                return names
            }
        }
    }

    /// `U+0041 LATIN CAPITAL LETTER A`; a code point without a name (a control, an unassigned
    /// one) gets its alias or its general category.
    package static func name(of scalar: Unicode.Scalar) -> String {
        let properties = scalar.properties
        let name = properties.name ?? properties.nameAlias ?? "<\(properties.generalCategory)>"
        return CodePoint.label(scalar.value) + " " + name
    }
}

/// A run of input bytes that no token covers: what the tokenizer treated as a separator.
package struct SkippedBytes: Sendable, Equatable {
    package var start: Int
    package var end: Int
    package var bytes: [UInt8]

    /// The runs of `input` outside every token's `start..<end` (offsets clamped to the input, so
    /// a tokenizer that reports offsets out of range cannot make this fail).
    package static func runs(in input: [UInt8], outside tokens: [Token]) -> [SkippedBytes] {
        var covered = [Bool](repeating: false, count: input.count)
        for token in tokens {
            let start = min(max(token.start, 0), input.count)
            let end = min(max(token.end, start), input.count)
            for index in start..<end { covered[index] = true }
        }
        var runs: [SkippedBytes] = []
        var index = 0
        while index < input.count {
            guard !covered[index] else {
                index += 1
                continue
            }
            let start = index
            while index < input.count, !covered[index] { index += 1 }
            runs.append(SkippedBytes(start: start, end: index, bytes: Array(input[start..<index])))
        }
        return runs
    }
}
