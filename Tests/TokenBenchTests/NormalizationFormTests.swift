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
                for source in sources where form.apply(to: c[source]) != c[target] {
                    failures.append("NormalizationTest.txt:\(line): \(form.rawValue)(c\(source + 1)) != c\(target + 1)")
                }
            }
        }
        #expect(failures.isEmpty, "\(failures.count) failures, first: \(failures.prefix(5))")
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
