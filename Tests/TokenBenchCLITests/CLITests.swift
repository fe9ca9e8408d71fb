import Foundation
import Testing

/// The built `tokenbench` run as a real process, its output compared with golden files.
/// Set TOKENBENCH_UPDATE_GOLDEN=1 to rewrite the golden files from the current output.
struct CLITests {
    static let goldenDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// The executable next to the test bundle (same build configuration and scratch path).
    static var executable: URL {
        let buildDirectory = Bundle.main.bundleURL.deletingLastPathComponent()
        for candidate in [Bundle.main.bundleURL, buildDirectory] {
            let url = candidate.appendingPathComponent("tokenbench")
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent(".build/debug/tokenbench")
    }

    /// Runs tokenbench in a fresh temporary directory, so nothing can lean on the repository's files.
    static func run(_ arguments: [String], in directory: URL? = nil) throws -> Run {
        let workingDirectory = try directory ?? makeTemporaryDirectory()
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = workingDirectory
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        let out = stdout.fileHandleForReading.readDataToEndOfFile()
        let err = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self), stderr: String(decoding: err, as: UTF8.self))
    }

    static func makeTemporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("tokenbench-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static func golden(_ name: String) -> String { goldenDirectory.appendingPathComponent(name).path }

    static func expectGolden(_ output: String, _ name: String) throws {
        let url = goldenDirectory.appendingPathComponent(name)
        if ProcessInfo.processInfo.environment["TOKENBENCH_UPDATE_GOLDEN"] == "1" {
            try Data(output.utf8).write(to: url)
        }
        let expected = try String(contentsOf: url, encoding: .utf8)
        #expect(output == expected, "output differs from Golden/\(name)")
    }

    // MARK: Golden outputs

    @Test func tokensTraceMatchesGolden() throws {
        let run = try Self.run([
            "tokens", "--tokenizer", "ascii", "--tokenizer", "unicode61", "--tokenizer", "tri=trigram", "--escapes",
            "Je\\u{301}r\\u{F4}me \\u{FB01}", "x\\u{1F469}\\u{200D}\\u{1F4BB}y",
        ])
        #expect(run.status == 0)
        #expect(run.stderr.isEmpty)
        try Self.expectGolden(run.stdout, "tokens.csv")
    }

    @Test func seedTableFromEmbeddedFixturesMatchesGolden() throws {
        // Run from an empty directory: the default fixtures are embedded in the executable.
        let run = try Self.run([
            "matrix", "--category", "seed-table", "--tokenizer", "ascii", "--tokenizer", "unicode61",
            "--tokenizer", "porter-ascii", "--tokenizer", "porter-unicode61", "--forms", "asis:asis",
            "--query-kind", "phrase", "--layout", "wide", "--format", "markdown",
        ])
        #expect(run.status == 0)
        try Self.expectGolden(run.stdout, "seed-table.md")
    }

    @Test func longMatrixOfAFixtureFileMatchesGolden() throws {
        let run = try Self.run(["matrix", "--fixtures", Self.golden("small.cases"), "--tokenizer", "ascii", "--tokenizer", "unicode61"])
        #expect(run.status == 0, "\(run.stderr)")
        try Self.expectGolden(run.stdout, "small-matrix.csv")
    }

    // MARK: Exit statuses

    @Test func defaultRunPassesEveryExpectation() throws {
        let run = try Self.run(["matrix", "--layout", "wide"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("case,category,query_kind,document_form,query_form,document,query,ascii,unicode61"))
    }

    @Test func failedExpectationExitsOneAndNamesTheCell() throws {
        let run = try Self.run(["matrix", "--fixtures", Self.golden("wrong-expectation.cases"), "--tokenizer", "ascii"])
        #expect(run.status == 1)
        #expect(run.stderr.contains("FAIL"))
        #expect(run.stderr.contains("case wrong, tokenizer ascii"))
        #expect(run.stdout.split(separator: "\n").count == 1 + 2 * 3, "the full matrix is still printed")
    }

    /// One row per kind of bad input: exit status 2, one line on stderr naming the input, no output file.
    @Test(arguments: [
        (["matrix", "--fixtures", "bad-escape.cases"], "bad-escape.cases:3: bad escape"),
        (["matrix", "--fixtures", "missing.cases"], "missing.cases: no such file or directory"),
        (["matrix", "--tokenizer", "unicode61 remove_diacritics 9"], "tokenizer 'unicode61 remove_diacritics 9': error in tokenizer constructor"),
        (["tokens", "--tokenizer", "nosuch", "x"], "tokenizer 'nosuch': no such tokenizer: nosuch"),
        (["matrix", "--forms", "nfc:xyz"], "--forms 'nfc:xyz'"),
        (["matrix", "--category", "no-such-category"], "no fixture case is selected"),
        (["matrix", "--tokenizer", "ascii", "--tokenizer", "ascii"], "given twice"),
        (["matrix", "--no-such-option"], "Unknown option"),
        (["tokens", "--escapes", "bad\\q"], "TEXT 1 'bad\\q': unknown escape"),
        (["matrix", "--load-extension", "/nonexistent/libx.so"], "extension '/nonexistent/libx.so': no such file"),
    ])
    func badInputExitsTwo(arguments: [String], message: String) throws {
        let directory = try Self.makeTemporaryDirectory()
        try FileManager.default.copyItem(
            at: Self.goldenDirectory.appendingPathComponent("bad-escape.cases"), to: directory.appendingPathComponent("bad-escape.cases"))
        let run = try Self.run(arguments + ["--output", "out.csv"], in: directory)
        #expect(run.status == 2)
        #expect(run.stderr.contains(message), "\(run.stderr)")
        #expect(!run.stderr.contains("Fatal error"))
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("out.csv").path), "no output file on error")
    }

    @Test func outputFileIsWrittenAndStdoutStaysEmpty() throws {
        let directory = try Self.makeTemporaryDirectory()
        let run = try Self.run(["list", "--output", "list.csv"], in: directory)
        #expect(run.status == 0)
        #expect(run.stdout.isEmpty)
        let written = try String(contentsOf: directory.appendingPathComponent("list.csv"), encoding: .utf8)
        #expect(written.hasPrefix("tokenizer,spec,origin,supported,summary,detail\n"))
        #expect(written.contains("\nunicode61,unicode61,builtin,yes,"))
    }

    @Test func envNamesSQLiteAndICU() throws {
        let run = try Self.run(["env"])
        #expect(run.status == 0)
        let keys = run.stdout.split(separator: "\n").map { $0.split(separator: ",").first.map(String.init) ?? "" }
        for key in ["sqlite_version", "sqlite_source_id", "sqlite_compile_options", "capability.fts5", "icu_version",
                    "icu_unicode_version", "swift_version", "os", "cpu_model"] {
            #expect(keys.contains(key), "env lacks \(key)")
        }
    }
}
