import Foundation
import Testing

/// A user's own `tokenbench`, tried as a new user would: Examples/OwnBench's executable
/// (`TokenBenchCLI.main(customTokenizers: [OrdinalsTokenizer.self])`, one line), whose
/// `ordinals` tokenizer traps on "13th" on purpose. It must list the type, run it in workers that
/// are that executable, and report its trap as a finding while the other tokenizers' answers are
/// those of a run without it.
struct OwnBenchCLITests {
    static let example = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Examples/OwnBench")
    static let fixtures = example.appendingPathComponent("ordinals.cases").path

    /// A Swift trap ends a process with SIGILL on x86-64 (ud2) and SIGTRAP on arm64 (brk).
    static var trap: Regex<(Substring, Substring, Substring)> {
        #/crashed \(SIG(ILL|TRAP) while (indexing|tokenizing)\)/#
    }

    static func own(_ arguments: [String]) throws -> CLITests.Run {
        try CLITests.run(arguments, executable: CLITests.ownBenchExecutable)
    }

    /// The rows of a long matrix CSV whose tokenizer column is `tokenizer`.
    static func rows(of csv: String, tokenizer: String) -> [Substring] {
        csv.split(separator: "\n").filter { $0.split(separator: ",", omittingEmptySubsequences: false)[2] == tokenizer }
    }

    /// `list` shows the type with its origin, `swift`, on the system engine, and says on the
    /// bundled one why it is not there.
    @Test func listShowsTheOwnType() throws {
        let run = try Self.own(["list", "--engine", "system", "--engine", "bundled"])
        #expect(run.status == 0, "\(run.stderr)")
        let rows = run.stdout.split(separator: "\n").filter { $0.hasPrefix("ordinals,") }
        #expect(rows.count == 2, "\(run.stdout)")
        #expect(rows.first?.hasPrefix("ordinals,system,ordinals,swift,yes,") == true, "\(rows)")
        #expect(
            rows.last?.hasPrefix("ordinals,bundled,ordinals,swift,no,") == true
                && rows.last?.contains("ordinals is a GRDB FTS5CustomTokenizer: it runs on the system engine only")
                    == true,
            "\(rows)")
        // The bench's own tokenbench has no such type.
        let plain = try CLITests.run(["list", "--engine", "system"])
        #expect(!plain.stdout.contains("ordinals,"), "\(plain.stdout)")
    }

    /// `matrix` runs the type in workers: its rule works ("first" finds "1st"), its trap on "13th"
    /// loses that case's cells with the input, the phase and the signal, the run exits 1, and
    /// unicode61's cells are byte for byte those of a run without the type. The `--crash-dir`
    /// script the line names traps again, alone and in-process, and where Swift's backtracer
    /// wrote the worker's report, the line names the frame that trapped. The bundled engine says
    /// in one line that the type is not there.
    @Test func matrixReportsTheTrapAndGoesOn() throws {
        let arguments = ["matrix", "--fixtures", Self.fixtures, "--forms", "asis:asis"]
        let crashes = try CLITests.makeTemporaryDirectory().appendingPathComponent("crashes")
        let run = try Self.own(
            arguments + ["--tokenizer", "ordinals", "--tokenizer", "unicode61", "--crash-dir", crashes.path])
        #expect(run.status == 1, "\(run.stderr)")
        let ordinals = Self.rows(of: run.stdout, tokenizer: "ordinals")
        // 4 cases × phrase and prefix, on the system engine only.
        #expect(ordinals.count == 8, "\(run.stdout)")
        for row in ordinals {
            if row.hasPrefix("ordinals-13th,") {
                #expect(row.contains(Self.trap) && row.hasSuffix(",crashed"), "\(row)")
            } else {
                #expect(row.contains(",system,") && row.contains(",pass,"), "\(row)")
            }
        }
        #expect(ordinals.contains { $0.contains("the first edition,first edition,") }, "\(ordinals)")
        let stderr = run.stderr.split(separator: "\n")
        let line = try #require(
            stderr.first {
                $0.hasPrefix("tokenbench: ordinals on system: ") && $0.contains(Self.trap)
                    && $0.contains("on case ordinals-13th (asis:asis)")
            }, "\(run.stderr)")
        // The reproducer, named at the end of the line: it runs the case alone, in-process, and
        // traps for real.
        let script = try #require(line.firstMatch(of: #/\(again: sh (.+\.sh)\)$/#)?.1, "\(line)")
        #expect(script.hasPrefix(crashes.path), "\(line)")
        let again = try CLITests.run(
            [String(script)], environment: ["SWIFT_BACKTRACE": "enable=no"],
            executable: URL(fileURLWithPath: "/bin/sh"))
        #expect(again.signaled && (again.status == SIGILL || again.status == SIGTRAP), "\(again.stderr)")
        // The frame comes from the worker's report, saved beside the script. Swift's backtracer
        // writes one unless it is off (under AddressSanitizer, which handles faults itself) or
        // could not be started; where it wrote the crashed thread, the line names the frame.
        let report = try String(contentsOfFile: script.dropLast(3) + ".report", encoding: .utf8)
        if report.contains(" crashed:") {
            #expect(line.contains(" at static OrdinalsTokenizer.word(forOrdinal:)"), "\(line)\n\(report)")
        }
        #expect(
            stderr.contains(
                "tokenbench: skipped tokenizer ordinals on bundled: ordinals is a GRDB FTS5CustomTokenizer: it runs on the system engine only, as in an app"
            ), "\(run.stderr)")

        let without = try Self.own(arguments + ["--tokenizer", "unicode61"])
        #expect(without.status == 0, "\(without.stderr)")
        let unicode61 = Self.rows(of: run.stdout, tokenizer: "unicode61")
        #expect(unicode61.count == 16)
        // The run without a loss has no `loss` column: compare the rows without it.
        #expect(
            unicode61.map { $0.dropLast() } == Self.rows(of: without.stdout, tokenizer: "unicode61").map { $0[...] })
    }

    /// `conformance` reports the trap as a `crash` finding on the fixture line that caused it.
    @Test func conformanceReportsTheTrapAsAFinding() throws {
        let run = try Self.own([
            "conformance", "--fixtures", Self.fixtures, "--tokenizer", "ordinals", "--engine", "system",
            "--iterations", "5", "--no-large-inputs",
        ])
        #expect(run.status == 1, "\(run.stderr)")
        let findings = run.stdout.split(separator: "\n").filter { $0.hasPrefix("ordinals,system,crash,error,") }
        #expect(
            findings.contains { $0.contains("\(Self.fixtures):25 document,") && $0.contains(Self.trap) },
            "\(run.stdout)")
    }

    /// A worker whose Swift types are not the bench's refuses every unit, naming the types, and
    /// exits 2: each row is an executable, the types the setup line names, and what it says.
    @Test(arguments: [
        // The bench's plain tokenbench, sent the setup of a bench that registers `ordinals`.
        (
            false, #"["FTS5CustomTokenizer ordinals: own_tokenbench_example.OrdinalsTokenizer"]"#,
            "lacks FTS5CustomTokenizer ordinals"
        ),
        // The example's, sent the setup of a bench that registers nothing of its own.
        (
            true, "[]",
            "registers FTS5CustomTokenizer ordinals: own_tokenbench_example.OrdinalsTokenizer, which the bench"
        ),
    ])
    func aWorkerWithOtherTypesRefusesItsUnits(ownBench: Bool, types: String, says: String) throws {
        let directory = try CLITests.makeTemporaryDirectory()
        let input = directory.appendingPathComponent("requests.txt")
        let lines = [
            #"{"extensions":[],"ownTokenizers":\#(types)}"#, #"{"kind":"trace","start":0,"skipping":[],"unit":{}}"#,
        ]
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: input)
        let worker = try CLITests.run(
            ["worker"], in: directory, standardInput: input,
            executable: ownBench ? CLITests.ownBenchExecutable : CLITests.executable)
        #expect(worker.status == 2, "\(worker.stderr)")
        #expect(worker.stdout.hasPrefix("F ") && worker.stdout.contains("workerRegistryDiffers"), "\(worker.stdout)")
        #expect(worker.stderr.contains(says) && worker.stderr.contains("TokenBenchCLI.main"), "\(worker.stderr)")
    }
}
