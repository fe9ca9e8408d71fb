import Foundation

/// A number of bytes as a user types it on the command line: a whole number, then optionally a
/// unit. `KB`, `MB`, `GB` are always powers of 1000 and `KiB`, `MiB`, `GiB` always powers of
/// 1024; a bare `K`, `M` or `G` follows the option's own convention (`letters`), which its help
/// states, as does the unit of a bare number (`bareUnit`). Case and surrounding spaces do not
/// matter. The one parser of sizes: `--worker-memory` (memory, binary; a bare number is MiB) and
/// `throughput --size` (data, decimal; a bare number is bytes).
package enum ByteSize {
    /// What a bare `K`, `M` or `G` multiplies by.
    package enum Letters: Int, Sendable {
        case decimal = 1000
        case binary = 1024
    }

    /// The bytes `text` says, or nil when it is not a size (or overflows an Int).
    package static func parse(_ text: String, letters: Letters, bareUnit: Int = 1) -> Int? {
        let trimmed = text.trimmingCharacters(in: .whitespaces).uppercased()
        let digits = trimmed.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, let value = Int(digits) else { return nil }
        let unit = trimmed.dropFirst(digits.count).trimmingCharacters(in: .whitespaces)
        let multiplier: Int
        if unit.isEmpty {
            multiplier = bareUnit
        } else {
            guard let power = ["K": 1, "M": 2, "G": 3][unit.prefix(1)] else { return nil }
            let base: Int
            switch unit.dropFirst() {
            case "": base = letters.rawValue
            case "B": base = 1000
            case "IB": base = 1024
            default: return nil
            }
            multiplier = (0..<power).reduce(1) { product, _ in product * base }
        }
        let (bytes, overflow) = value.multipliedReportingOverflow(by: multiplier)
        return overflow ? nil : bytes
    }
}
