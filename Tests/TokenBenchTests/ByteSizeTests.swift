import Testing

@testable import TokenBench

/// The one parser of sizes on the command line: each option's bare letters and bare numbers as
/// its help states them, and the explicit units that mean the same everywhere.
struct ByteSizeTests {
    struct Row: Sendable, CustomTestStringConvertible {
        var text: String
        var letters: ByteSize.Letters
        var bareUnit: Int
        var bytes: Int?
        var testDescription: String { "'\(text)' (\(letters), bare \(bareUnit))" }
    }

    static let rows: [Row] = [
        // throughput --size: a bare number is bytes, a bare letter a power of 1000.
        Row(text: "8M", letters: .decimal, bareUnit: 1, bytes: 8_000_000),
        Row(text: "123", letters: .decimal, bareUnit: 1, bytes: 123),
        Row(text: "2k", letters: .decimal, bareUnit: 1, bytes: 2_000),
        // An explicit binary unit is binary there too, and spaces around the unit are allowed.
        Row(text: " 8 MiB ", letters: .decimal, bareUnit: 1, bytes: 8 << 20),
        // --worker-memory: a bare number is MiB, a bare letter a power of 1024.
        Row(text: "8G", letters: .binary, bareUnit: 1 << 20, bytes: 8 << 30),
        Row(text: "512", letters: .binary, bareUnit: 1 << 20, bytes: 512 << 20),
        Row(text: "0", letters: .binary, bareUnit: 1 << 20, bytes: 0),
        // An explicit decimal unit is decimal there too.
        Row(text: "2GB", letters: .binary, bareUnit: 1 << 20, bytes: 2_000_000_000),
        Row(text: "64kib", letters: .binary, bareUnit: 1 << 20, bytes: 64 << 10),
        // Not sizes: no number, a sign, a fraction, an unknown or doubled unit, an overflow.
        Row(text: "", letters: .decimal, bareUnit: 1, bytes: nil),
        Row(text: "M", letters: .decimal, bareUnit: 1, bytes: nil),
        Row(text: "-5", letters: .decimal, bareUnit: 1, bytes: nil),
        Row(text: "1.5G", letters: .decimal, bareUnit: 1, bytes: nil),
        Row(text: "8T", letters: .decimal, bareUnit: 1, bytes: nil),
        Row(text: "8MM", letters: .decimal, bareUnit: 1, bytes: nil),
        Row(text: "8MiBs", letters: .decimal, bareUnit: 1, bytes: nil),
        Row(text: "9999999999999G", letters: .binary, bareUnit: 1 << 20, bytes: nil),
        Row(text: "99999999999999", letters: .binary, bareUnit: 1 << 20, bytes: nil),
    ]

    @Test(arguments: rows)
    func parse(row: Row) {
        #expect(ByteSize.parse(row.text, letters: row.letters, bareUnit: row.bareUnit) == row.bytes)
    }
}
