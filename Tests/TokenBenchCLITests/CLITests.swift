import Foundation
import Testing

/// The built `tokenbench` run as a real process, its output compared with golden files.
/// Set TOKENBENCH_UPDATE_GOLDEN=1 to rewrite the golden files from the current output.
struct CLITests {
    static let goldenDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "Golden")

    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
        /// The process ended by a signal (a crash), not by exiting: `status` is then the signal.
        var signaled = false
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

    /// Examples/OwnBench's own `tokenbench` (`TokenBenchCLI.main` with its `ordinals` type),
    /// built beside `tokenbench` as the target `own-tokenbench-example`.
    static var ownBenchExecutable: URL {
        executable.deletingLastPathComponent().appendingPathComponent("own-tokenbench-example")
    }

    /// Runs tokenbench in a fresh temporary directory, so nothing can lean on the repository's files.
    /// `environment` adds to (or replaces in) the test's own environment; `standardInput` is a
    /// file to read instead of the test's own standard input.
    static func run(
        _ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:],
        standardInput: URL? = nil, executable: URL = CLITests.executable
    ) throws -> Run {
        let workingDirectory = try directory ?? makeTemporaryDirectory()
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        process.currentDirectoryURL = workingDirectory
        if let standardInput { process.standardInput = try FileHandle(forReadingFrom: standardInput) }
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        // Both pipes are drained at once: reading one to its end first would hang as soon as the
        // other filled its 64 KiB pipe buffer.
        nonisolated(unsafe) var err = Data()
        let errorReader = DispatchGroup()
        DispatchQueue.global().async(group: errorReader) {
            err = stderr.fileHandleForReading.readDataToEndOfFile()
        }
        let out = stdout.fileHandleForReading.readDataToEndOfFile()
        errorReader.wait()
        process.waitUntilExit()
        let run = Run(
            status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self),
            stderr: String(decoding: err, as: UTF8.self),
            signaled: process.terminationReason == .uncaughtSignal)
        // Under `swift test --sanitize=address` the tool is the ASan build, and a report ends it
        // with exit status 1, which a test expecting 1 would take for a finding.
        #expect(
            !run.stderr.contains("ERROR: AddressSanitizer"),
            "tokenbench \(arguments.joined(separator: " ")): \(run.stderr.prefix(2000))")
        return run
    }

    /// A fresh directory under the system's temporary directory, removed when the test process exits.
    /// The system's libsqlite3 by its path, for an engine loaded by path: where Debian and
    /// other distributions put it; nil when it is in none of those places.
    static let installedSystemSQLiteLibrary =
        ["/usr/lib/x86_64-linux-gnu", "/usr/lib/aarch64-linux-gnu", "/usr/lib64", "/usr/lib", "/lib"]
        .map { $0 + "/libsqlite3.so.0" }.first(where: FileManager.default.fileExists(atPath:))

    /// The same, or a path that names it where it is missing (for a table of arguments).
    static var systemSQLiteLibrary: String { installedSystemSQLiteLibrary ?? "/usr/lib/libsqlite3.so.0" }

    static func makeTemporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("tokenbench-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        removeAtExit(url)
        return url
    }

    /// Directories to remove when the process exits (tests run in parallel and share some).
    private nonisolated(unsafe) static var directoriesToRemove: [URL] = []
    private static let lock = NSLock()
    private static let registerCleanup: Void = {
        atexit {
            CLITests.lock.lock()
            defer { CLITests.lock.unlock() }
            for url in CLITests.directoriesToRemove { try? FileManager.default.removeItem(at: url) }
        }
    }()

    static func removeAtExit(_ url: URL) {
        _ = registerCleanup
        lock.lock()
        defer { lock.unlock() }
        directoriesToRemove.append(url)
    }

    static func golden(_ name: String) -> String { goldenDirectory.appendingPathComponent(name).path }

    static func expectGolden(_ output: String, _ name: String) throws {
        let url = goldenDirectory.appendingPathComponent(name)
        let expected = try String(contentsOf: url, encoding: .utf8)
        // A helper, not a test: an output equal to the golden file records nothing. Updating still
        // fails the run, so that a rewritten golden is always seen and reviewed (comparing the new
        // file with itself would pass whatever the output was).
        if output != expected {
            if ProcessInfo.processInfo.environment["TOKENBENCH_UPDATE_GOLDEN"] == "1" {
                try Data(output.utf8).write(to: url)
                Issue.record(
                    "Golden/\(name) rewritten: review the diff, then run the tests again without TOKENBENCH_UPDATE_GOLDEN"
                )
            } else {
                Issue.record("output differs from Golden/\(name)")
            }
        }
    }

    // MARK: Golden outputs

    /// `--input FILE` traces one text per line, as if each were a TEXT argument after the others:
    /// CRLF and LF alike, empty lines skipped, bytes that are not UTF-8 traced as they are.
    @Test func tokensReadsTextsFromAFile() throws {
        let directory = try Self.makeTemporaryDirectory()
        var bytes = Array("Gro\u{DF}mann\r\n\nDIYARBAKIR Diyarbak\u{131}r\n".utf8)
        bytes += [0x61, 0xFF, 0x62, 0x0A]
        try Data(bytes).write(to: directory.appendingPathComponent("texts.txt"))
        let common = ["tokens", "--engine", "system", "--tokenizer", "ascii", "--tokenizer", "unicode61"]
        let fromFile = try Self.run(common + ["first", "--input", "texts.txt"], in: directory)
        #expect(fromFile.status == 0, "\(fromFile.stderr)")
        let fromArguments = try Self.run(
            common + ["first", "Gro\u{DF}mann", "DIYARBAKIR Diyarbak\u{131}r", "a\\xFFb", "--escapes"], in: directory)
        #expect(fromArguments.status == 2, "\\xFF is not an escape TEXT takes: the file is the way to trace such bytes")
        let valid = try Self.run(common + ["first", "Gro\u{DF}mann", "DIYARBAKIR Diyarbak\u{131}r"], in: directory)
        #expect(fromFile.stdout.hasPrefix(valid.stdout.split(separator: "\n").prefix(1).joined() + "\n"))
        // Inputs 1–3 are the same traces either way; input 4 is the line of invalid UTF-8.
        let rows = { (text: String) in text.split(separator: "\n").filter { !$0.contains(",4,") } }
        #expect(rows(fromFile.stdout) == rows(valid.stdout))
        #expect(fromFile.stdout.contains("ascii,system,document,asis,4,0,a\\xFFb,0,3"))
    }

    /// Each row: a bad --input, and its one-line error (exit 2).
    @Test(arguments: [
        (["--input", "missing.txt"], "tokenbench: error: missing.txt: No such file or directory\n"),
        (["--input", "empty.txt"], "tokenbench: error: empty.txt: no text to tokenize (every line is empty)\n"),
        (
            ["--escapes", "--input", "latin1.txt"],
            "tokenbench: error: latin1.txt:2: not valid UTF-8, so --escapes cannot read it\n"
        ),
        ([], "Error: give at least one TEXT to tokenize, or --input FILE\n"),
    ])
    func tokensRejectsBadInputFiles(arguments: [String], message: String) throws {
        let directory = try Self.makeTemporaryDirectory()
        try Data("\n\r\n".utf8).write(to: directory.appendingPathComponent("empty.txt"))
        try Data([0x6F, 0x6B, 0x0A, 0xE9, 0x0A]).write(to: directory.appendingPathComponent("latin1.txt"))
        let run = try Self.run(["tokens", "--engine", "system", "--tokenizer", "ascii"] + arguments, in: directory)
        #expect(run.status == 2)
        #expect(run.stderr.hasPrefix(message), "\(run.stderr)")
    }

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
            "--query-kind", "phrase", "--layout", "wide", "--format", "markdown", "--engine", "system",
        ])
        #expect(run.status == 0)
        try Self.expectGolden(run.stdout, "seed-table.md")
    }

    @Test func longMatrixOfAFixtureFileMatchesGolden() throws {
        let run = try Self.run([
            "matrix", "--fixtures", Self.golden("small.cases"), "--tokenizer", "ascii", "--tokenizer", "unicode61",
        ])
        #expect(run.status == 0, "\(run.stderr)")
        try Self.expectGolden(run.stdout, "small-matrix.csv")
    }

    // MARK: Exit statuses

    @Test func defaultRunPassesEveryExpectation() throws {
        let run = try Self.run(["matrix", "--layout", "wide"])
        #expect(run.status == 0, "\(run.stderr)")
        // The locale cases' cells on the system's 3.40.1 are not run, and stderr says so.
        #expect(run.stderr.contains("cells of 9 cases were not run on system: locale needs SQLite 3.47"))
        #expect(
            run.stdout.hasPrefix(
                "case,category,query_kind,document_form,query_form,document,query,locale,ascii@system,ascii@bundled,unicode61@system,unicode61@bundled"
            ))
        // A tokenizer one engine lacks has no column there: trigram-rd needs SQLite 3.45.
        #expect(run.stdout.split(separator: "\n").first?.contains(",trigram-rd@bundled") == true)
    }

    /// One row per bad use of --engine: exit 2 and a line that names the engines there are.
    @Test(arguments: [
        (["list", "--engine", "postgres"], "--engine 'postgres': no such engine; the engines are system, bundled"),
        (["matrix", "--engine", "system", "--only-disagreements"], "--only-disagreements compares engines"),
        (["matrix", "--engine", "system", "--layout", "versions"], "--layout versions compares engines"),
    ])
    func badEngineUseExitsTwo(arguments: [String], message: String) throws {
        let run = try Self.run(arguments)
        #expect(run.status == 2)
        #expect(run.stderr.contains(message), "\(run.stderr)")
    }

    /// `matrix --shard K/N` and `merge`: three shards, merged in shard order, are the unsharded
    /// run byte for byte, though the first has no case with a locale (so no locale column); a
    /// cell given twice is refused, naming both files; a bad K/N is a usage error.
    @Test func shardsMergeIntoTheUnshardedRun() throws {
        let directory = try Self.makeTemporaryDirectory()
        let selection = [
            "--category", "seed-table", "--category", "turkish", "--category", "locale", "--tokenizer", "unicode61",
            "--tokenizer", "icu",
        ]
        let whole = try Self.run(["matrix", "-o", "whole.csv"] + selection, in: directory)
        #expect(whole.status == 0, "\(whole.stderr)")
        for index in 1...3 {
            let shard = try Self.run(
                ["matrix", "--shard", "\(index)/3", "-o", "\(index).csv"] + selection, in: directory)
            #expect(shard.status == 0, "\(shard.stderr)")
        }
        let first = try String(contentsOf: directory.appendingPathComponent("1.csv"), encoding: .utf8)
        #expect(!first.prefix { $0 != "\n" }.contains("locale"))
        let merged = try Self.run(["merge", "1.csv", "2.csv", "3.csv", "-o", "merged.csv"], in: directory)
        #expect(merged.status == 0, "\(merged.stderr)")
        let expected = try Data(contentsOf: directory.appendingPathComponent("whole.csv"))
        #expect(try Data(contentsOf: directory.appendingPathComponent("merged.csv")) == expected)

        let twice = try Self.run(["merge", "1.csv", "2.csv", "2.csv"], in: directory)
        #expect(twice.status == 2, "\(twice.stderr)")
        #expect(twice.stderr.contains("is also in 2.csv: shards share no cell"), "\(twice.stderr)")
        let bad = try Self.run(["matrix", "--shard", "4/3"] + selection, in: directory)
        #expect(bad.status == 2, "\(bad.stderr)")
        #expect(bad.stderr.contains("--shard '4/3': expected K/N with 1 ≤ K ≤ N"), "\(bad.stderr)")
    }

    /// `conformance --shard` and `upgrade --shard`: two shards, merged, are the unsharded run
    /// byte for byte. Each row is a command whose units are tokenizer × engine pairs (4 here) or
    /// tokenizers (2), kept small; trigram gives both some rows.
    @Test(arguments: [
        [
            "conformance", "--tokenizer", "unicode61", "--tokenizer", "trigram", "--category", "seed-table",
            "--iterations", "5", "--no-large-inputs", "--threads", "0",
        ],
        [
            "upgrade", "--tokenizer", "unicode61", "--tokenizer", "trigram", "--category", "engine-differences",
            "--no-every-scalar-value",
        ],
    ])
    func shardsOfOtherCommandsMergeIntoTheUnshardedRun(arguments: [String]) throws {
        let directory = try Self.makeTemporaryDirectory()
        let whole = try Self.run(arguments + ["-o", "whole.csv"], in: directory)
        #expect(whole.status < 2, "\(whole.stderr)")
        for index in 1...2 {
            let shard = try Self.run(arguments + ["--shard", "\(index)/2", "-o", "\(index).csv"], in: directory)
            #expect(shard.status < 2, "\(shard.stderr)")
        }
        let merged = try Self.run(["merge", "1.csv", "2.csv", "-o", "merged.csv"], in: directory)
        #expect(merged.status == 0, "\(merged.stderr)")
        let expected = try String(contentsOf: directory.appendingPathComponent("whole.csv"), encoding: .utf8)
        #expect(try String(contentsOf: directory.appendingPathComponent("merged.csv"), encoding: .utf8) == expected)
        #expect(expected.split(separator: "\n").count > 2, "the run has rows to merge: \(expected)")
        // The same shard twice shares its units with itself: refused, naming both files.
        let twice = try Self.run(["merge", "1.csv", "2.csv", "2.csv"], in: directory)
        #expect(twice.status == 2, "\(twice.stderr)")
        #expect(twice.stderr.contains("2.csv:2: tokenizer trigram"), "\(twice.stderr)")
        #expect(twice.stderr.contains("is also in 2.csv: shards share no unit"), "\(twice.stderr)")
        // Shards of two commands do not merge.
        try Data("tokenizer,engine,check,severity,mode,input,detail\n".utf8).write(
            to: directory.appendingPathComponent("conformance.csv"))
        try Data(
            "tokenizer,from,to,intact,queries_differing,first_difference,from_sqlite,to_sqlite,documents,queries,integrity_error,rebuild_repairs,first_query_differing,error\n"
                .utf8
        ).write(to: directory.appendingPathComponent("upgrade.csv"))
        let mixed = try Self.run(["merge", "conformance.csv", "upgrade.csv"], in: directory)
        #expect(mixed.status == 2, "\(mixed.stderr)")
        #expect(
            mixed.stderr.contains("upgrade.csv:1: the CSV of upgrade among those of conformance"), "\(mixed.stderr)")
    }

    /// `throughput --shard`, on both engines: the tokenizers are unicode61 (the reference, not
    /// listed, measured by every shard but written by the first, which holds it alone), trigram-rd
    /// (bundled only: the second shard has no system rows), ascii and icu (with its limit loop),
    /// in three shards. Merged,
    /// the shards' rows come in the unsharded run's order, block by block, with the same
    /// measured quantities (tokens, index bytes, queries): only timings differ.
    @Test func throughputShardsMergeInTheUnshardedOrder() throws {
        let directory = try Self.makeTemporaryDirectory()
        let arguments = [
            "throughput", "--tokenizer", "trigram-rd", "--tokenizer", "ascii", "--tokenizer", "icu", "--size", "20K",
            "--runs", "1", "--storage", "memory", "--insttoken",
        ]
        let whole = try Self.run(arguments + ["-o", "whole.csv"], in: directory)
        #expect(whole.status == 0, "\(whole.stderr)")
        for index in 1...3 {
            let shard = try Self.run(arguments + ["--shard", "\(index)/3", "-o", "\(index).csv"], in: directory)
            #expect(shard.status == 0, "\(shard.stderr)")
        }
        let merge = try Self.run(["merge", "1.csv", "2.csv", "3.csv", "-o", "merged.csv"], in: directory)
        #expect(merge.status == 0, "\(merge.stderr)")
        let measured = [
            "tokenizer", "engine", "operation", "mode", "corpus", "tokens", "storage", "detail", "queries", "threads",
            "index_bytes", "insttoken", "reference",
        ]
        func quantities(_ name: String) throws -> [[String]] {
            try ReportBrowserTests.Run.records(directory.appendingPathComponent(name)).map { row in
                measured.map { row[$0] ?? "-" }
            }
        }
        let expected = try quantities("whole.csv")
        #expect(try quantities("merged.csv") == expected)
        #expect(Set(expected.map(\.[2])) == ["tokenize", "c-reference", "c-limit", "index", "query"], "\(expected)")
        #expect(Set(expected.map(\.[1])) == ["system", "bundled"], "\(expected)")
        let second = try ReportBrowserTests.Run.records(directory.appendingPathComponent("2.csv"))
        #expect(
            Set(second.map { $0["tokenizer"] }) == ["trigram-rd"] && Set(second.map { $0["engine"] }) == ["bundled"])
        let header = try String(contentsOf: directory.appendingPathComponent("whole.csv"), encoding: .utf8)
            .prefix { $0 != "\n" }
        let mergedHeader = try String(contentsOf: directory.appendingPathComponent("merged.csv"), encoding: .utf8)
            .prefix { $0 != "\n" }
        #expect(mergedHeader == header)
    }

    /// The question the engines answer in one screen: the defaults agree on both engines here,
    /// and the answer says so rather than printing nothing.
    @Test func onlyDisagreementsAnswersWithACount() throws {
        let run = try Self.run(["matrix", "--only-disagreements", "--category", "seed-table", "--layout", "wide"])
        #expect(run.status == 0, "\(run.stderr)")
        // 7 cases × 37 tokenizers both engines run × 2 kinds × 3 form pairs.
        #expect(
            run.stderr.contains("tokenbench: engines system and bundled disagree on 0 of the 1554 cells they both ran"),
            "\(run.stderr)")
        #expect(run.stdout.split(separator: "\n").count == 1, "the header only")
    }

    /// `--layout versions`: the engines in SQLite version order whatever the order given, each
    /// engine's verdict, and where it changes. Each row pins one of the engine-differences cases.
    @Test(arguments: [
        // 3.40.1's trigram stops at the NUL: "def" after it is found by 3.54.1 only.
        (
            "nul-trigram-after,engine-differences,trigram,phrase,asis,asis",
            "no match,match,bundled 3.54.1,bundled 3.54.1: no match → match"
        ),
        // unicode61 answers the same on both: no change.
        ("nul-trigram-after,engine-differences,unicode61,phrase,asis,asis", "match,match,,"),
        // A two-letter trigram term is an error on both.
        ("trigram-two-letter-term,engine-differences,trigram,phrase,asis,asis", "error,error,,"),
    ])
    func versionsLayoutSaysWhatChangedWhen(coordinate: String, verdicts: String) throws {
        let run = try Self.run([
            "matrix", "--engine", "bundled", "--engine", "system", "--tokenizer", "trigram", "--tokenizer", "unicode61",
            "--category", "engine-differences", "--forms", "asis:asis", "--query-kind", "phrase", "--layout",
            "versions",
        ])
        let lines = run.stdout.split(separator: "\n")
        #expect(
            lines.first
                == "case,category,tokenizer,query_kind,document_form,query_form,document,query,system 3.40.1,bundled 3.54.1,first_change,changes"
        )
        let row = try #require(lines.first { $0.hasPrefix(coordinate + ",") }, "\(run.stdout)")
        #expect(row.hasSuffix("," + verdicts), "\(row)")
    }

    /// `-o` onto a file that is not a regular one is written in place: renaming a temporary file
    /// over `/dev/null`, as root, once replaced the device with a file. A FIFO stands in for it
    /// here, its reading end held open (without blocking) by the test, which reads the text back.
    @Test func outputOntoASpecialFileIsWrittenInPlace() throws {
        let directory = try Self.makeTemporaryDirectory()
        let fifo = directory.appendingPathComponent("out.fifo").path
        try #require(mkfifo(fifo, 0o600) == 0)
        let reader = open(fifo, O_RDONLY | O_NONBLOCK)
        try #require(reader >= 0)
        defer { close(reader) }
        let run = try Self.run(
            ["tokens", "--tokenizer", "ascii", "--engine", "system", "-o", fifo, "Abc"], in: directory)
        #expect(run.status == 0, "\(run.stderr)")
        var status = stat()
        #expect(stat(fifo, &status) == 0 && (status.st_mode & S_IFMT) == S_IFIFO, "still a FIFO")
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = read(reader, &buffer, buffer.count)
        #expect(String(decoding: buffer.prefix(max(count, 0)), as: UTF8.self).contains("abc,0,3,0,Abc"))
    }

    @Test func failedExpectationExitsOneAndNamesTheCell() throws {
        let run = try Self.run([
            "matrix", "--fixtures", Self.golden("wrong-expectation.cases"), "--tokenizer", "ascii", "--engine",
            "system",
        ])
        #expect(run.status == 1)
        #expect(run.stderr.contains("FAIL"))
        #expect(run.stderr.contains("case wrong, tokenizer ascii"))
        #expect(run.stdout.split(separator: "\n").count == 1 + 2 * 3, "the full matrix is still printed")
    }

    /// Exit status 3, an unexpected SQLite failure: indexing to a file past a file-size limit.
    /// The write fails (the CLI ignores SIGXFSZ, which would otherwise kill it), SQLite reports
    /// an I/O error, and the run ends with one line and status 3.
    @Test func anSQLiteFailureExitsThree() throws {
        let directory = try Self.makeTemporaryDirectory()
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/sh")
        shell.arguments = [
            "-c",
            "ulimit -f 100; exec \"$0\" throughput --tokenizer unicode61 --operation index --storage file --runs 1 --size 2M",
            Self.executable.path,
        ]
        shell.currentDirectoryURL = directory
        let stderr = Pipe()
        shell.standardError = stderr
        shell.standardOutput = FileHandle.nullDevice
        try shell.run()
        let err = String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        shell.waitUntilExit()
        #expect(shell.terminationReason == .exit, "ended by a signal: \(err)")
        #expect(shell.terminationStatus == 3, "\(err)")
        #expect(
            err.hasPrefix("tokenbench: error: SQLite error while indexing the corpus with tokenizer 'unicode61"),
            "\(err)")
    }

    @Test func moreThanAPipeBufferOnStderrDoesNotHang() throws {
        // 400 cases whose every cell contradicts its expectation: over 200 kB of FAIL lines on
        // stderr, more than a pipe holds, while stdout carries the matrix.
        let directory = try Self.makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let cases = (0..<400).map { "id: c\($0)\ncategory: t\ndocument: word\($0)\nquery: word\($0)\nnomatch: ascii\n" }
        try Data(cases.joined(separator: "\n").utf8).write(to: directory.appendingPathComponent("many.cases"))
        let run = try Self.run(
            ["matrix", "--fixtures", "many.cases", "--tokenizer", "ascii", "--engine", "system"], in: directory)
        #expect(run.status == 1)
        #expect(run.stderr.utf8.count > 65_536)
        #expect(run.stderr.split(separator: "\n").filter { $0.hasPrefix("FAIL") }.count == 400 * 6)
        #expect(run.stdout.split(separator: "\n").count == 1 + 400 * 6)
    }

    /// One row per kind of bad input: exit status 2, one line on stderr naming the input, no output file.
    @Test(arguments: [
        (["matrix", "--fixtures", "bad-escape.cases"], "bad-escape.cases:3: bad escape"),
        (["matrix", "--fixtures", "missing.cases"], "missing.cases: No such file or directory"),
        (
            ["matrix", "--tokenizer", "unicode61 remove_diacritics 9"],
            "tokenizer 'unicode61 remove_diacritics 9': error in tokenizer constructor"
        ),
        (["tokens", "--tokenizer", "nosuch", "x"], "tokenizer 'nosuch': no such tokenizer: nosuch"),
        (["matrix", "--forms", "nfc:xyz"], "--forms 'nfc:xyz'"),
        (["matrix", "--category", "no-such-category"], "no fixture case is selected"),
        // A fixture expectation naming a label nothing knows: the file's line, and the label meant.
        (
            ["matrix", "--fixtures", CLITests.golden("misspelled-label.cases"), "--tokenizer", "latinascii"],
            "misspelled-label.cases:3: case x expects a verdict of 'latinasci', which is neither in the catalog ('tokenbench list') nor a --tokenizer of this run; did you mean 'latinascii'?"
        ),
        (["matrix", "--tokenizer", "ascii", "--tokenizer", "ascii"], "given twice"),
        (
            // Different tokenizers (NFD makes e a separator), one name to a String's equality.
            ["matrix", "--tokenizer", "stopwords unicode61 separators '\u{E9}'"]
                + ["--tokenizer", "stopwords unicode61 separators 'e\u{301}'"],
            "given twice, in two normalization forms (NFC and NFD); label one"
        ),
        (["matrix", "--no-such-option"], "Unknown option"),
        (["tokens", "--escapes", "bad\\q"], "TEXT 1 'bad\\q': unknown escape"),
        (["matrix", "--load-extension", "/nonexistent/libx.so"], "extension '/nonexistent/libx.so': no such file"),
        (["throughput", "--runs", "0"], "--runs '0': at least one timed run is needed"),
        (["throughput", "--size", "12Q"], "--size '12Q': expected a positive number of bytes"),
        (["throughput", "--corpus", "missing.txt"], "missing.txt: No such file or directory"),
        (
            ["throughput", "--corpus", "missing.txt", "--size", "1M"],
            "--size, --seed and --script shape the built-in corpus"
        ),
        (["throughput", "--mode", "prefix"], "--mode 'prefix': throughput is measured in document or query mode"),
        (["throughput", "--threshold", "1.5"], "--threshold '1.5': expected a fraction between 0 and 1"),
        (["throughput", "--baseline", "missing.csv", "--size", "1K"], "missing.csv: No such file or directory"),
        (["throughput", "--tokenizer", "nosuch", "--size", "1K"], "tokenizer 'nosuch': no such tokenizer: nosuch"),
        // insttoken rows are query rows, and need SQLite 3.48: the system 3.40.1 alone has none.
        (
            ["throughput", "--insttoken", "--operation", "index"],
            "--insttoken measures the query operation; add --operation query"
        ),
        (
            ["throughput", "--insttoken", "--engine", "system", "--size", "1K"],
            "--insttoken 'system': insttoken rows need SQLite 3.48 or later, and no engine of this run has them"
        ),
    ])
    func badInputExitsTwo(arguments: [String], message: String) throws {
        let directory = try Self.makeTemporaryDirectory()
        try FileManager.default.copyItem(
            at: Self.goldenDirectory.appendingPathComponent("bad-escape.cases"),
            to: directory.appendingPathComponent("bad-escape.cases"))
        let run = try Self.run(arguments + ["--output", "out.csv"], in: directory)
        #expect(run.status == 2)
        #expect(run.stderr.contains(message), "\(run.stderr)")
        #expect(!run.stderr.contains("Fatal error"))
        #expect(
            !FileManager.default.fileExists(atPath: directory.appendingPathComponent("out.csv").path),
            "no output file on error")
    }

    @Test func outputFileIsWrittenAndStdoutStaysEmpty() throws {
        let directory = try Self.makeTemporaryDirectory()
        let run = try Self.run(["list", "--output", "list.csv"], in: directory)
        #expect(run.status == 0)
        #expect(run.stdout.isEmpty)
        let written = try String(contentsOf: directory.appendingPathComponent("list.csv"), encoding: .utf8)
        #expect(
            written.hasPrefix(
                "tokenizer,engine,spec,origin,supported,summary,detail,tokenizer_api,engine_features\n"))
        // What each engine's FTS5 has beyond the v1 API, and the API each tokenizer came in by.
        #expect(written.contains(",v1,\n"))
        #expect(written.contains("\nporter-unicode61,bundled,porter unicode61,builtin,yes,"))
        #expect(written.contains(",v2,tokenizer_v2 locale tokendata insttoken\n"))
        #expect(written.contains("\nunicode61,system,unicode61,builtin,yes,"))
        #expect(written.contains("\nunicode61,bundled,unicode61,builtin,yes,"))
    }

    @Test func envNamesSQLiteAndICU() throws {
        let run = try Self.run(["env"])
        #expect(run.status == 0)
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "key,value")
        var values: [String: String] = [:]
        for line in lines.dropFirst() {
            // Keys never need quoting; a value does when it holds a comma.
            guard let comma = line.firstIndex(of: ",") else { continue }
            var value = String(line[line.index(after: comma)...])
            if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 {
                value = String(value.dropFirst().dropLast()).replacingOccurrences(of: "\"\"", with: "\"")
            }
            values[String(line[..<comma])] = value
        }
        // Values, not only keys: each has the shape its source gives it.
        let dotted = #/^[0-9]+(\.[0-9]+)+$/#
        for engine in ["system", "bundled"] {
            #expect(
                (values["\(engine).sqlite_version"] ?? "").wholeMatch(of: dotted) != nil,
                "\(values["\(engine).sqlite_version"] ?? "")")
            #expect(values["\(engine).sqlite_source_id"]?.isEmpty == false)
            #expect(values["\(engine).sqlite_compile_options"]?.contains("ENABLE_FTS5") == true)
            #expect(values["\(engine).capability.fts5"] == "yes")
            #expect(values["\(engine).capability.tokenizer.unicode61"] == "yes")
        }
        // The bundled engine is sqlite-nio's SQLite, built without extension loading.
        #expect(values["bundled.sqlite_version"] == "3.54.1")
        #expect(values["bundled.sqlite_compile_options"]?.contains("OMIT_LOAD_EXTENSION") == true)
        #expect(values["bundled.capability.tokenizer.trigram-rd"] == "yes")
        #expect((values["icu_version"] ?? "").wholeMatch(of: dotted) != nil, "\(values["icu_version"] ?? "")")
        #expect((values["icu_unicode_version"] ?? "").wholeMatch(of: dotted) != nil)
        #expect((values["mecab_version"] ?? "").wholeMatch(of: dotted) != nil)
        #expect(values["mecab_dictionary"]?.contains("sys.dic (version") == true, "\(values["mecab_dictionary"] ?? "")")
        #expect(values["snowball_algorithms"]?.split(separator: " ").contains("german") == true)
        #expect(values["cpu_count"].flatMap(Int.init).map { $0 > 0 } == true)
        for key in ["swift_version", "os", "cpu_model"] {
            #expect(values[key]?.isEmpty == false, "env lacks \(key)")
        }
    }

    // MARK: Throughput

    /// Figures vary from run to run, so these tests check the shape and the exit statuses, never a speed.
    @Test func throughputPrintsOneRowPerMeasurementAndNothingOnStderrInPipes() throws {
        let run = try Self.run([
            "throughput", "--tokenizer", "ascii", "--operation", "tokenize", "--size", "100K", "--runs", "2",
        ])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.isEmpty, "no progress line when stderr is not a terminal")
        let lines = run.stdout.split(separator: "\n")
        #expect(
            lines.first
                == "tokenizer,engine,operation,mode,corpus,bytes,documents,tokens,runs,min_s,median_s,max_s,mb_per_s,tokens_per_s,ns_per_token,relative,reference,storage,checksum,documents_per_s,queries,p50_us,p90_us,p99_us,script,threads,speedup,detail,index_bytes,harness_over_c,tokenizer_over_limit"
        )
        // Per engine: the reference is measured though not listed; the C loop adds one row per mode.
        let perEngine = { (engine: String) in
            [
                "unicode61 \(engine) tokenize document", "unicode61 \(engine) tokenize query",
                "ascii \(engine) tokenize document",
                "ascii \(engine) tokenize query", "unicode61 \(engine) c-reference document",
                "unicode61 \(engine) c-reference query",
            ]
        }
        #expect(
            lines.dropFirst().map { $0.split(separator: ",").prefix(4).joined(separator: " ") } == perEngine("system")
                + perEngine("bundled"))
    }

    @Test func throughputBaselineExitsOneAndNamesTheSlowerTokenizer() throws {
        let directory = try Self.makeTemporaryDirectory()
        let arguments = [
            "throughput", "--tokenizer", "ascii", "--operation", "tokenize", "--mode", "document", "--size", "100K",
            "--runs", "1",
        ]
        let first = try Self.run(arguments + ["--output", "base.csv"], in: directory)
        #expect(first.status == 0, "\(first.stderr)")
        // A baseline in which ascii was a thousand times faster than unicode61.
        let base = directory.appendingPathComponent("base.csv")
        var lines = try String(contentsOf: base, encoding: .utf8).split(separator: "\n").map(String.init)
        let relativeColumn = try #require(lines[0].split(separator: ",").firstIndex(of: "relative"))
        for index in lines.indices where lines[index].hasPrefix("ascii,system,tokenize,document,") {
            var fields = lines[index].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            fields[relativeColumn] = "1000"
            lines[index] = fields.joined(separator: ",")
        }
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: base)
        let second = try Self.run(arguments + ["--baseline", "base.csv"], in: directory)
        #expect(second.status == 1)
        #expect(
            second.stderr.contains("SLOWER ascii on system tokenize document: relative 1000.000 -> "),
            "\(second.stderr)")
        // Only the doctored row is certain to fall; on a loaded machine the c-reference row may too.
        #expect(second.stderr.contains(" relative figures fell by more than 15% against base.csv"))
        #expect(second.stdout.hasPrefix("tokenizer,engine,operation,mode,"), "the figures are still printed")
    }

    @Test func throughputMarkdownIsATableForPeople() throws {
        let run = try Self.run([
            "throughput", "--tokenizer", "ascii", "--operation", "index", "--storage", "memory", "--size", "50K",
            "--runs", "1",
            "--format", "markdown",
        ])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            run.stdout.hasPrefix(
                "| tokenizer | engine | operation | mode | storage | detail | script | threads | MB/s | tokens/s | ns/token | docs/s | index bytes | p50 µs | p99 µs | relative | speed-up |"
            ))
        #expect(run.stdout.contains("| ascii | system | index | document | memory | full | mixed | 1 |"))
        #expect(run.stdout.contains("| ascii | bundled | index | document | memory | full | mixed | 1 |"))
    }

    /// `--script` makes one built-in corpus per script, named in the `script` column; `--threads`
    /// adds a row per tokenizer with its aggregate figure and speed-up; `icu` brings its C limit
    /// loop. Shape only: the figures vary from run to run.
    @Test func throughputPerScriptAndThreadsAddRowsOfTheirOwn() throws {
        let run = try Self.run([
            "throughput", "--engine", "system", "--tokenizer", "icu", "--operation", "tokenize", "--mode", "document",
            "--script", "thai", "--script", "latin", "--threads", "2", "--size", "50K", "--runs", "1",
        ])
        #expect(run.status == 0, "\(run.stderr)")
        // No field of these rows needs CSV quoting.
        let lines = run.stdout.split(separator: "\n").map {
            $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        }
        let rows = lines.dropFirst().map { fields in Dictionary(uniqueKeysWithValues: zip(lines[0], fields)) }
        let shape = rows.map {
            [$0["tokenizer"]!, $0["operation"]!, $0["script"]!, $0["threads"]!].joined(separator: " ")
        }
        let perScript = { (script: String) in
            [
                "unicode61 tokenize \(script) 1", "icu tokenize \(script) 1", "unicode61 c-reference \(script) 1",
                "icu c-limit \(script) 1", "unicode61 tokenize \(script) 2", "icu tokenize \(script) 2",
            ]
        }
        // In the order of --help (latin before thai), whatever the order on the command line.
        #expect(shape == perScript("latin") + perScript("thai"))
        #expect(rows.allSatisfy { ($0["threads"] == "2") == !($0["speedup"] ?? "").isEmpty })
        #expect(rows.first { $0["script"] == "thai" }?["corpus"]?.hasSuffix(":script=thai") == true)
    }

    /// Each row: a bad --script or --threads, and the start of its one-line error (exit 2).
    @Test(arguments: [
        (["--script", "klingon"], "Error: The value 'klingon' is invalid for '--script <script>'"),
        (["--threads", "0"], "Error: --threads '0': expected a number of threads from 1 to 256"),
        (
            ["--threads", "2", "--operation", "index"],
            "Error: --threads measures the tokenize operation; add --operation tokenize"
        ),
        (
            ["--script", "thai", "--corpus", "x.txt"],
            "Error: --size, --seed and --script shape the built-in corpus; they cannot be combined with --corpus"
        ),
    ])
    func throughputRejectsBadScriptsAndThreads(arguments: [String], error: String) throws {
        let run = try Self.run(["throughput", "--tokenizer", "ascii"] + arguments)
        #expect(run.status == 2)
        #expect(run.stderr.hasPrefix(error), "\(run.stderr)")
    }
}
