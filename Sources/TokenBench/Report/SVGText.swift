/// How wide a line of chart text is drawn, estimated when the report is written: the page
/// cannot measure it then, and the charts place every label from it. The estimate errs wide
/// (rounded up from DejaVu Sans's advances, among the widest common sans-serif fonts), so that
/// a label is never cut at the chart's edge or drawn over its neighbour; a wider estimate only
/// costs blank space. `ReportLayoutBrowserTests` checks each label's bounding box in Chromium.
enum SVGText {
    /// The width, in SVG user units (CSS pixels), of `text` set at `fontSize` pixels.
    static func width(_ text: String, fontSize: Double, bold: Bool = false) -> Double {
        let ems = text.unicodeScalars.reduce(0.0) { $0 + advance($1) }
        return ems * fontSize * (bold ? 1.1 : 1)
    }

    /// One character's advance in ems, rounded up from DejaVu Sans's: East Asian wide
    /// characters and emoji take a full em, marks and format characters none.
    private static func advance(_ scalar: Unicode.Scalar) -> Double {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format, .control: return 0
        default: break
        }
        switch scalar.value {
        case 0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
            0xFFE0...0xFFE6, 0x1F300...0x1FAFF, 0x20000...0x3FFFD:
            return 1
        default: break
        }
        switch scalar {
        case "m", "w", "M", "W", "@", "%", "&", "—": return 1
        case "i", "l", "j", "t", "f", "r", ".", ",", ":", ";", "|", "!", " ", "(", ")", "[", "]", "-", "'", "/":
            return 0.45
        case "A"..."Z": return 0.8
        default: return 0.66
        }
    }
}
