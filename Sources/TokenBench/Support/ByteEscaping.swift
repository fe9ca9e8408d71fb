/// Shows arbitrary bytes as readable one-line text, and reads the escapes fixtures use.
///
/// Display: valid UTF-8 is kept as is; a byte that is not part of valid UTF-8, a C0 control or
/// DEL is written `\xNN`; a backslash is written `\\`. Nothing is ever dropped.
///
/// Escapes in fixture text: `\u{HEX}` (1 to 6 hex digits naming a Unicode scalar), `\n`, `\t`,
/// `\r` and `\\`. Any other backslash sequence is an error, so a typo cannot pass silently.
package enum ByteEscaping {
    /// Renders `bytes` for display; ASCII bytes listed in `escaping` are also written `\xNN`.
    package static func display(_ bytes: some Collection<UInt8>, escaping extra: Set<UInt8> = []) -> String {
        let bytes = Array(bytes)
        var output = ""
        output.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let length = validSequenceLength(bytes, at: index)
            if length == 0 {
                output += hexEscape(bytes[index])
                index += 1
                continue
            }
            if length == 1 {
                let byte = bytes[index]
                if byte < 0x20 || byte == 0x7F || extra.contains(byte) {
                    output += hexEscape(byte)
                } else if byte == 0x5C {
                    output += "\\\\"
                } else {
                    output.unicodeScalars.append(Unicode.Scalar(byte))
                }
            } else {
                output += String(decoding: bytes[index..<index + length], as: UTF8.self)
            }
            index += length
        }
        return output
    }

    /// The length of the well-formed UTF-8 sequence starting at `index` (RFC 3629: no overlong
    /// forms, no surrogates, nothing above U+10FFFF), or 0 when the byte there starts none.
    static func validSequenceLength(_ bytes: [UInt8], at index: Int) -> Int {
        let lead = bytes[index]
        let length: Int
        var secondRange: ClosedRange<UInt8> = 0x80...0xBF
        switch lead {
        case 0x00...0x7F: return 1
        case 0xC2...0xDF: length = 2
        case 0xE0:
            length = 3
            secondRange = 0xA0...0xBF
        case 0xED:
            length = 3
            secondRange = 0x80...0x9F
        case 0xE1...0xEF: length = 3
        case 0xF0:
            length = 4
            secondRange = 0x90...0xBF
        case 0xF1...0xF3: length = 4
        case 0xF4:
            length = 4
            secondRange = 0x80...0x8F
        default: return 0
        }
        guard index + length <= bytes.count, secondRange.contains(bytes[index + 1]) else { return 0 }
        for offset in 2..<length where !(0x80...0xBF).contains(bytes[index + offset]) {
            return 0
        }
        return length
    }

    static func hexEscape(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return "\\x" + String(digits[Int(byte >> 4)]) + String(digits[Int(byte & 0xF)])
    }

    /// Decodes fixture escapes in `text`. Throws a one-line reason on a malformed escape.
    package static func decodeEscapes(_ text: String) throws(EscapeError) -> String {
        guard text.contains("\\") else { return text }
        var output = String.UnicodeScalarView()
        var scalars = text.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            guard scalar == "\\" else {
                output.append(scalar)
                continue
            }
            switch scalars.next() {
            case "\\": output.append("\\")
            case "n": output.append("\n")
            case "t": output.append("\t")
            case "r": output.append("\r")
            case "u":
                guard scalars.next() == "{" else { throw EscapeError("\\u must be followed by {HEX}") }
                var hex = ""
                var closed = false
                while let digit = scalars.next() {
                    if digit == "}" {
                        closed = true
                        break
                    }
                    hex.unicodeScalars.append(digit)
                    if hex.count > 6 { break }
                }
                guard closed, (1...6).contains(hex.count), hex.allSatisfy(\.isHexDigit),
                    let value = UInt32(hex, radix: 16)
                else { throw EscapeError("bad escape \\u{\(hex)…}: expected 1 to 6 hex digits and a closing }") }
                guard let decoded = Unicode.Scalar(value) else {
                    throw EscapeError("\\u{\(hex)} is not a Unicode scalar (surrogate or above 10FFFF)")
                }
                output.append(decoded)
            case let other?:
                throw EscapeError("unknown escape \\\(other) (use \\\\ for a backslash, \\u{HEX} for a code point)")
            case nil:
                throw EscapeError("a lone backslash ends the text (use \\\\ for a backslash)")
            }
        }
        return String(output)
    }

    /// Why a fixture escape could not be decoded.
    package struct EscapeError: Error, Sendable {
        package let reason: String
        init(_ reason: String) { self.reason = reason }
    }
}
