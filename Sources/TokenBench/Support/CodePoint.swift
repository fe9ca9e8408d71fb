/// A code point as Unicode writes it: `U+00DF`, at least four upper-case hex digits.
enum CodePoint {
    /// `U+00DF`.
    static func label(_ value: UInt32) -> String { "U+" + hexDigits(value) }

    /// `00DF`: the digits alone.
    static func hexDigits(_ value: UInt32) -> String {
        let hex = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
