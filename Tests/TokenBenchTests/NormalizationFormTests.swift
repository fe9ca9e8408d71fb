import Foundation
import Testing

@testable import TokenBench
@testable import TokenBenchEngines
@testable import TokenBenchTokenizers

/// The forms `--forms` presents text in, against Unicode's own conformance file.
struct NormalizationFormTests {
    /// Debian's unicode-data package (which `.ci/run` installs) ships it compressed.
    static let testFile = "/usr/share/unicode/NormalizationTest.txt.bz2"

    /// The five columns of each test line, as strings.
    static func testLines() throws -> [(line: Int, columns: [String])] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/bzip2")
        process.arguments = ["-dc", testFile]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        var lines: [(Int, [String])] = []
        for (index, line) in String(decoding: data, as: UTF8.self).split(
            separator: "\n", omittingEmptySubsequences: false
        ).enumerated() {
            guard let first = line.first, first != "#", first != "@" else { continue }
            let columns = line.split(separator: ";", omittingEmptySubsequences: false).prefix(5).map { column in
                String(
                    String.UnicodeScalarView(
                        column.split(separator: " ").map { Unicode.Scalar(UInt32($0, radix: 16)!)! }))
            }
            lines.append((index + 1, columns))
        }
        return lines
    }

    @Test func everyLineOfNormalizationTestHolds() throws {
        try #require(FileManager.default.fileExists(atPath: Self.testFile), "install Debian's unicode-data package")
        let lines = try Self.testLines()
        #expect(lines.count > 19_000)
        var failures: [String] = []
        for (line, c) in lines {
            // The invariants NormalizationTest.txt states in its header, c1...c5 as c[0]...c[4].
            let checks: [(NormalizationForm, [Int], Int)] = [
                (.nfc, [0, 1, 2], 1), (.nfc, [3, 4], 3),
                (.nfd, [0, 1, 2], 2), (.nfd, [3, 4], 4),
                (.nfkc, [0, 1, 2, 3, 4], 3),
                (.nfkd, [0, 1, 2, 3, 4], 4),
            ]
            for (form, sources, target) in checks {
                // Scalar by scalar: String's == is canonical equivalence, under which NFC and
                // NFD of a text, or a run of marks in either order, are equal.
                for source in sources
                where Array(form.apply(to: c[source]).unicodeScalars) != Array(c[target].unicodeScalars) {
                    failures.append("NormalizationTest.txt:\(line): \(form.rawValue)(c\(source + 1)) != c\(target + 1)")
                }
            }
        }
        #expect(failures.isEmpty, "\(failures.count) failures, first: \(failures.prefix(5))")
    }

    /// Long runs of marks out of order, which CICUShim sorts by combining class before ICU sees
    /// them (ICU's own reordering is quadratic in a run); NormalizationTest.txt's runs are short.
    /// Checked against Python's unicodedata (Debian's python3), which does not go through
    /// CICUShim. The marks include pairs of one class (whose order must stay), marks that
    /// decompose (U+0344, U+0F73: they end a run) and U+0345, which NFKC keeps as a mark.
    @Test func longRunsOfMarksNormalizeAsPythonDoes() throws {
        let marks: [UInt32] = [
            0x300, 0x301, 0x308, 0x323, 0x327, 0x31B, 0x344, 0x345, 0x5B0, 0x5BC, 0x5C1, 0x64B, 0x651, 0x670,
            0xF71, 0xF72, 0xF73, 0xF74, 0x93C, 0x94D, 0x1DC0, 0x20D0, 0x302A, 0x3099,
        ]
        var random = SplitMix64(seed: 20_261_125)
        var inputs: [String] = []
        for _ in 0..<300 {
            var text = String.UnicodeScalarView()
            for word in 0..<3 {
                text.append(contentsOf: (word == 1 ? "ü" : "a").unicodeScalars)
                // Runs around 32 marks: sorted by insertion up to 32, by counting classes above.
                for _ in 0..<(1 + random.below(80)) {
                    text.append(Unicode.Scalar(marks[random.below(marks.count)])!)
                }
            }
            inputs.append(String(text))
        }
        let forms: [NormalizationForm] = [.nfd, .nfc, .nfkd, .nfkc]
        let expected = try Self.pythonNormalized(inputs, forms: forms)
        try #require(expected.count == inputs.count && expected.allSatisfy { $0.count == forms.count })
        var failures: [String] = []
        for (index, input) in inputs.enumerated() {
            for (column, form) in forms.enumerated()
            where Array(form.apply(to: input).unicodeScalars) != Array(expected[index][column].unicodeScalars) {
                failures.append("\(form.rawValue) of \(input.unicodeScalars.map { String($0.value, radix: 16) })")
            }
        }
        #expect(failures.isEmpty, "\(failures.count) failures, first: \(failures.prefix(2))")
    }

    /// Each input in each form, by Python's unicodedata: one line of hex code points in, one
    /// line out per input, the forms separated by ';'.
    static func pythonNormalized(_ inputs: [String], forms: [NormalizationForm]) throws -> [[String]] {
        let script = """
            import sys, unicodedata
            for line in sys.stdin:
                text = ''.join(chr(int(h, 16)) for h in line.split())
                print(';'.join(' '.join('%x' % ord(c) for c in unicodedata.normalize(f, text)) for f in sys.argv[1:]))
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-c", script] + forms.map { $0.rawValue.uppercased() }
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        let lines = inputs.map { $0.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: " ") }
        // Written from another thread, so that a full output pipe cannot block the write.
        let writer = Thread {
            input.fileHandleForWriting.write(Data((lines.joined(separator: "\n") + "\n").utf8))
            try? input.fileHandleForWriting.close()
        }
        writer.start()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "python3 failed")
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map { line in
            line.split(separator: ";", omittingEmptySubsequences: false).map { column in
                String(
                    String.UnicodeScalarView(
                        column.split(separator: " ").map { Unicode.Scalar(UInt32($0, radix: 16)!)! }))
            }
        }
    }

    @Test(arguments: [
        (
            NormalizationForm.nfc, "\u{AC00}\u{11A8}", "\u{AC01}",
            "Hangul LV + T composes to LVT (Foundation on Linux leaves it apart)"
        ),
        (.nfkc, "\u{AC00}\u{11A8}", "\u{AC01}", "the same under NFKC"),
        (.nfd, "\u{AC01}", "\u{1100}\u{1161}\u{11A8}", "and decomposes fully"),
        (.nfc, "e\u{301}", "\u{E9}", "plain canonical composition"),
        (.nfkc, "\u{FB01}", "fi", "compatibility folding of a ligature"),
        (.asis, "e\u{301}", "e\u{301}", "asis leaves the text alone"),
    ])
    func formsRow(form: NormalizationForm, input: String, expected: String, why: String) {
        #expect(Array(form.apply(to: input).unicodeScalars) == Array(expected.unicodeScalars), "\(why)")
    }
}
