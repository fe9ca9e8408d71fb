import Foundation
import Testing

/// Every example in README.md and Documentation/ that shows a command's output runs here, and
/// prints what it shows. Two shapes are examples:
/// - a transcript: a code block of `$ tokenbench …` lines, each followed by its output, where a
///   line `…` stands for lines left out (without one, the output must be all of it);
/// - a command block (`tokenbench …`, lines continued with `\`) followed by a Markdown table:
///   each row shown must be a row of the command's table, on the columns shown.
///
/// Commands run through `sh` (so `| grep` and `> file` work), with the built `tokenbench` first on
/// the PATH, in a fresh directory where `fixtures` and `results` lead to the repository's.
@Suite(
    .enabled(
        if: !LoadableExtensionProductTests.underAddressSanitizer,
        "the examples' output does not depend on how the tool was compiled: the plain build checks it"))
struct DocumentedExampleTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Examples not run here, with the reason.
    static let notRun: [(prefix: String, reason: String)] = [
        // The whole golden matrix takes minutes: .ci/run's check stage runs it and compares
        // the line it prints with README's and the Tour's.
        ("tokenbench check\n", ".ci/run checks it"),
        // Its figures are timings on the machine that made the page.
        ("tokenbench throughput", "timings"),
    ]

    struct Example: CustomStringConvertible {
        var file: String
        var line: Int
        /// Each command with the output lines shown after it.
        var steps: [(command: String, shown: [String])]
        /// A command block's table: its header and rows, as cells.
        var table: [[String]]?

        var description: String { "\(file):\(line)" }
    }

    static func documents() throws -> [URL] {
        let documentation = root.appendingPathComponent("Documentation")
        let names = try FileManager.default.contentsOfDirectory(atPath: documentation.path)
            .filter { $0.hasSuffix(".md") }.sorted()
        return [root.appendingPathComponent("README.md")] + names.map { documentation.appendingPathComponent($0) }
    }

    /// The examples of one Markdown text.
    static func examples(in text: String, file: String) -> [Example] {
        let lines = text.components(separatedBy: "\n")
        var examples: [Example] = []
        var index = 0
        while index < lines.count {
            guard lines[index].hasPrefix("```") else {
                index += 1
                continue
            }
            let start = index + 1
            var end = start
            while end < lines.count, !lines[end].hasPrefix("```") { end += 1 }
            let block = Array(lines[start..<min(end, lines.count)])
            index = end + 1
            if block.first?.hasPrefix("$ tokenbench ") == true {
                var steps: [(command: String, shown: [String])] = []
                for line in block {
                    if line.hasPrefix("$ ") {
                        steps.append((String(line.dropFirst(2)), []))
                    } else {
                        steps[steps.count - 1].shown.append(line)
                    }
                }
                examples.append(Example(file: file, line: start, steps: steps, table: nil))
            } else if block.first?.hasPrefix("tokenbench ") == true {
                // A command block counts when a table follows it.
                var next = index
                while next < lines.count, lines[next].trimmingCharacters(in: .whitespaces).isEmpty { next += 1 }
                guard next < lines.count, lines[next].hasPrefix("|") else { continue }
                var table: [[String]] = []
                while next < lines.count, lines[next].hasPrefix("|") {
                    table.append(cells(lines[next]))
                    next += 1
                }
                table.remove(at: 1) // |---|---|
                // One command, continued with `\`; a block of several is a list of alternatives.
                let commands = block.map { $0.hasSuffix("\\") ? String($0.dropLast()) : $0 + "\n" }.joined()
                    .split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
                // A synopsis (`[--tokenizer SPEC]…`) is followed by its options' table: no example.
                guard commands.count == 1, let command = commands.first, !command.contains(" [--") else { continue }
                examples.append(Example(file: file, line: start, steps: [(command, [])], table: table))
            }
        }
        return examples
    }

    static func cells(_ row: String) -> [String] {
        row.trimmingCharacters(in: .whitespaces).dropFirst().dropLast().components(separatedBy: "|")
            .map { $0.trimmingCharacters(in: .whitespaces) }
    }

    static func allExamples() throws -> [Example] {
        try documents().flatMap { url in
            examples(
                in: try String(contentsOf: url, encoding: .utf8),
                file: url.path.replacingOccurrences(of: root.path + "/", with: ""))
        }
    }

    /// Runs `command` through `sh` in `directory`, for at most two minutes.
    static func shell(_ command: String, in directory: URL) throws -> CLITests.Run {
        let process = Process()
        // coreutils' timeout: an example that waits (a server) fails instead of hanging the suite.
        process.executableURL = URL(fileURLWithPath: "/usr/bin/timeout")
        process.arguments = ["120", "/bin/sh", "-c", command]
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = CLITests.executable.deletingLastPathComponent().path + ":" + (environment["PATH"] ?? "")
        process.environment = environment
        process.currentDirectoryURL = directory
        let errorFile = directory.appendingPathComponent(".stderr")
        _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
        let stdout = Pipe()
        process.standardOutput = stdout
        process.standardError = try FileHandle(forWritingTo: errorFile)
        try process.run()
        let out = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return CLITests.Run(
            status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self),
            stderr: try String(contentsOf: errorFile, encoding: .utf8))
    }

    /// Whether `shown` appears in `lines` in its order (other lines may come between).
    static func isSubsequence(_ shown: [String], of lines: [String]) -> Bool {
        var rest = lines[...]
        for line in shown {
            guard let found = rest.firstIndex(of: line) else { return false }
            rest = rest[(found + 1)...]
        }
        return true
    }

    /// What differs between the output shown and the output printed; nil when it agrees.
    static func mismatch(shown: [String], printed run: CLITests.Run) -> String? {
        let out = run.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            .filter { !$0.isEmpty }
        let err = run.stderr.split(separator: "\n").map(String.init)
        let lines = shown.filter { !$0.isEmpty }
        let elided = lines.contains("…")
        let missing = lines.filter { $0 != "…" && !out.contains($0) && !err.contains($0) }
        if !missing.isEmpty { return "not printed: \(missing)" }
        // Each stream's shown lines in the order it printed them.
        for stream in [out, err] where !isSubsequence(lines.filter(stream.contains), of: stream) {
            return "printed in another order: \(stream)"
        }
        if !elided, lines.count != out.count + err.count {
            return "printed more than shown (and no … says so): \(out + err)"
        }
        return nil
    }

    /// Columns of timings, which differ from run to run: not compared.
    static let timingColumns: Set<String> = ["build s", "p50 µs", "p99 µs"]

    /// What differs between a table shown and the command's Markdown table; nil when it agrees.
    static func mismatch(table shown: [[String]], printed run: CLITests.Run) -> String? {
        let printed = run.stdout.split(separator: "\n").map(String.init).filter { $0.hasPrefix("|") }.map(cells)
        guard printed.count >= 2 else { return "no table printed: \(run.stderr)" }
        let header = printed[0]
        let compared = shown[0].indices.filter { !timingColumns.contains(shown[0][$0]) }
        let columns = compared.map { header.firstIndex(of: shown[0][$0]) }
        if columns.contains(nil) { return "columns not printed: \(shown[0].filter { !header.contains($0) })" }
        let rows = printed.dropFirst(2).map { row in columns.map { row[$0!] } }
        let missing = shown.dropFirst().map { row in compared.map { row[$0] } }.filter { !rows.contains($0) }
        return missing.isEmpty ? nil : "rows not printed: \(missing)"
    }

    @Test func theDocumentsHaveExamplesOfBothShapes() throws {
        let examples = try Self.allExamples()
        // A parser that found nothing would pass every example below.
        #expect(examples.filter { $0.table == nil }.count >= 15)
        #expect(examples.filter { $0.table != nil }.count >= 6)
    }

    /// `upgrade` indexes 9,000 documents per unit, which the debug build on a busy CI machine
    /// can take over the default 10 s per unit for: a longer timeout, which changes nothing
    /// that is printed when no unit times out.
    static func withRoomToRun(_ command: String) -> String {
        command.hasPrefix("tokenbench upgrade ") ? command + " --timeout 120" : command
    }

    static func isRun(_ example: Example) -> Bool {
        !notRun.contains { (example.steps[0].command + "\n").hasPrefix($0.prefix) }
    }

    @Test func theExamplesNotRunAreOnlyTheListedOnes() throws {
        let skipped = try Self.allExamples().filter { !Self.isRun($0) }.map { $0.steps[0].command }
        // README's and the Tour's `check`, and the Tour's throughput table.
        #expect(skipped.sorted() == ["tokenbench check", "tokenbench check", Self.throughputExample].sorted())
    }
    static let throughputExample =
        "tokenbench throughput --tokenizer ascii --tokenizer icu --operation tokenize --size 100K --runs 2 --engine system --format markdown"

    @Test(arguments: try DocumentedExampleTests.allExamples().filter(DocumentedExampleTests.isRun))
    func theExamplePrintsWhatItShows(_ example: Example) throws {
        let directory = try CLITests.makeTemporaryDirectory()
        for name in ["fixtures", "results"] {
            try FileManager.default.createSymbolicLink(
                at: directory.appendingPathComponent(name), withDestinationURL: Self.root.appendingPathComponent(name))
        }
        for step in example.steps {
            let run = try Self.shell(Self.withRoomToRun(step.command), in: directory)
            if let table = example.table {
                if let problem = Self.mismatch(table: table, printed: run) {
                    Issue.record(
                        "\(example): \(step.command): \(problem) (exit \(run.status), stderr \(run.stderr.prefix(800)))"
                    )
                }
            } else if let problem = Self.mismatch(shown: step.shown, printed: run) {
                Issue.record(
                    "\(example): \(step.command): \(problem) (exit \(run.status), stderr \(run.stderr.prefix(800)))")
            }
        }
    }

    @Test func theComparisonsFailOnWrongOutput() {
        let run = CLITests.Run(status: 0, stdout: "a\nb\nc\n", stderr: "done\n")
        let table = CLITests.Run(status: 0, stdout: "| x | y |\n|---|---|\n| 1 | 2 |\n", stderr: "")
        // What the checks must refuse, one per row, and what they must accept.
        let cases: [(shown: [String], table: [[String]]?, refused: Bool)] = [
            (["a", "b", "c", "done"], nil, false), // all of it
            (["a", "…", "done"], nil, false), // elided
            (["a", "c"], nil, true), // lines left out with no …
            (["b", "a", "…"], nil, true), // another order
            (["a", "x", "…"], nil, true), // a line never printed
            ([], [["y"], ["2"]], false), // a column of the table
            ([], [["y"], ["3"]], true), // a row not printed
            ([], [["z"], ["2"]], true), // a column not printed
        ]
        for row in cases {
            let problem =
                row.table.map { Self.mismatch(table: $0, printed: table) }
                ?? Self.mismatch(shown: row.shown, printed: run)
            #expect((problem != nil) == row.refused, "\(row.shown) \(String(describing: row.table))")
        }
    }
}

extension DocumentedExampleTests.Example: Sendable {}
