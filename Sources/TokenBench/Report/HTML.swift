/// Escaping for the HTML report. Every piece of text that comes from a fixture, a tokenizer, a
/// spec or the environment goes through `escape`; the report is also well-formed XML, which
/// lets the tests parse it strictly.
enum HTML {
    /// `text` safe in element content and in double- or single-quoted attribute values.
    static func escape(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            // XML 1.0 forbids most control characters even as references: show them as code points.
            case "\u{0}"..."\u{8}", "\u{B}", "\u{C}", "\u{E}"..."\u{1F}", "\u{FFFE}", "\u{FFFF}":
                result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Text in which invisible and easily confused characters are made visible: combining marks
    /// on a dotted circle, format characters (ZWJ, ZWNJ, soft hyphen…), variation selectors,
    /// unusual spaces and controls, each with its code point; the rest is escaped.
    static func visible(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            if let label = invisibleLabel(scalar) {
                let code = CodePoint.label(scalar.value)
                let name = scalar.properties.name ?? scalar.properties.nameAlias ?? ""
                let glyph: String
                switch scalar.properties.generalCategory {
                case .nonspacingMark, .spacingMark, .enclosingMark:
                    glyph = "◌" + escape(String(scalar))
                default:
                    glyph = escape(label)
                }
                result += "<span class=\"inv\" title=\"\(code) \(escape(name))\">\(glyph)<small>\(code)</small></span>"
            } else {
                result += escape(String(scalar))
            }
        }
        return result
    }

    /// A short visible stand-in for a scalar that does not show (or shows as something else),
    /// or nil for an ordinary visible character.
    static func invisibleLabel(_ scalar: Unicode.Scalar) -> String? {
        switch scalar.value {
        case 0x20: return nil
        case 0xA0: return "NBSP"
        case 0xAD: return "SHY"
        case 0x200B: return "ZWSP"
        case 0x200C: return "ZWNJ"
        case 0x200D: return "ZWJ"
        case 0x2060: return "WJ"
        case 0xFEFF: return "BOM"
        case 0xFE00...0xFE0F: return "VS\(scalar.value - 0xFE00 + 1)"
        case 0xE0100...0xE01EF: return "VS\(scalar.value - 0xE0100 + 17)"
        default: break
        }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return ""
        case .format, .control, .spaceSeparator, .lineSeparator, .paragraphSeparator, .surrogate, .privateUse,
            .unassigned:
            return "·"
        default: return nil
        }
    }

    /// Tokens as chips: one per position, colocated tokens stacked in the same chip.
    static func tokenChips(_ tokens: [Token]) -> String {
        guard !tokens.isEmpty else { return "<span class=\"none\">no tokens</span>" }
        var groups: [[Token]] = []
        for token in tokens {
            if token.isColocated, !groups.isEmpty {
                groups[groups.count - 1].append(token)
            } else {
                groups.append([token])
            }
        }
        return groups.map { group in
            "<span class=\"chip\">" + group.map { "<span class=\"tok\">\(visible($0.text))</span>" }.joined()
                + "</span>"
        }.joined(separator: " ")
    }
}
