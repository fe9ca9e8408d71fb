import Foundation
import Testing

/// Every command that runs judged code, as a real process, against the killer tokenizers of
/// Extension/tbtest.c: each command finishes by itself with a status below 128, names the input
/// that killed a worker, and gives every other tokenizer and input what a run without the killer
/// gives.
struct IsolationCLITests {
    /// Under AddressSanitizer (CI's second pass) the executable is built with it too, and ASan,
    /// not a signal, ends a worker that faults.
    static let segv = dlsym(nil, "__asan_init") != nil ? "AddressSanitizer: SEGV" : "SIGSEGV"

    /// Cases whose documents and queries trigger the killers ("boom", "hang", "hog") and cases
    /// that trigger none.
    static func killerFixtures() throws -> URL {
        let directory = try CLITests.makeTemporaryDirectory()
        let file = directory.appendingPathComponent("killers.cases")
        let cases = [
            ("plain", "a b", "b"), ("boom-document", "x boom", "x"), ("boom-query", "y z", "boom"),
            ("hang-document", "hang here", "here"), ("hog-document", "hog pen", "pen"), ("last", "c d", "d"),
        ]
        let text = cases.map { "id: \($0.0)\ncategory: killers\ndocument: \($0.1)\nquery: \($0.2)\n" }
            .joined(separator: "\n")
        try Data(text.utf8).write(to: file)
        return file
    }

    /// What each killer does, as `tokens` reports it on one engine: the verdict on input 2.
    @Test(arguments: [
        ("tbtest_abort", "boom", "crashed (SIGABRT while tokenizing) on input 2 (document mode)"),
        (
            "tbtest_segv", "boom",
            "crashed (\(segv) while tokenizing) on input 2 (document mode) at tbtest_segv_tokenize"
        ),
        ("tbtest_hang", "hang", "timed out (over 2 s while tokenizing) on input 2 (document mode)"),
        ("tbtest_hog", "hog", "out of memory (over 512 MiB while tokenizing) on input 2 (document mode)"),
    ])
    func tokensNamesTheInputAndGoesOn(tokenizer: String, trigger: String, message: String) throws {
        let library = try ExtensionTests.buildExtension()
        let run = try CLITests.run([
            "tokens", "--load-extension", library.path, "--tokenizer", tokenizer, "--engine", "system", "--mode",
            "document", "--timeout", trigger == "hang" ? "2" : "20", "--worker-memory", "512M", "a b", "x \(trigger)",
            "c d",
        ])
        #expect(!run.signaled)
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.stderr.contains("tokenbench: \(tokenizer) on system: \(message)"), "\(run.stderr)")
        // Inputs 1 and 3 are traced as tbtest traces them.
        #expect(
            run.stdout == """
                tokenizer,engine,mode,form,input,position,token,start,end,colocated,source
                \(tokenizer),system,document,asis,1,0,a,0,1,0,a
                \(tokenizer),system,document,asis,1,1,b,2,3,0,b
                \(tokenizer),system,document,asis,3,0,c,0,1,0,c
                \(tokenizer),system,document,asis,3,1,d,2,3,0,d

                """, "\(run.stdout)")
    }

    /// The matrix test's --timeout: under AddressSanitizer, tbtest_hog took over 3 s to reach
    /// ASan's RSS bound in a CI run (its cell said `timed out`, not `out of memory`).
    static let matrixTimeout = LoadableExtensionProductTests.underAddressSanitizer ? "10" : "3"

    /// `matrix`: the killers' cells on the cases that trigger them say how they were lost, their
    /// other cells are tbtest's, and tbtest's own column is what it is in a run without them.
    @Test func matrixLosesOnlyTheCellsOfTheInputsThatKill() throws {
        let library = try ExtensionTests.buildExtension()
        let fixtures = try Self.killerFixtures()
        let common = [
            "matrix", "--load-extension", library.path, "--fixtures", fixtures.path, "--forms", "asis:asis",
            "--query-kind", "phrase", "--timeout", Self.matrixTimeout, "--worker-memory", "512M", "--layout", "wide",
        ]
        let alone = try CLITests.run(common + ["--tokenizer", "tbtest"])
        #expect(alone.status == 0, "\(alone.stderr)")
        let killers = ["tbtest_abort", "tbtest_segv", "tbtest_hang", "tbtest_hog", "tbtest_null"]
        let run = try CLITests.run(common + ["--tokenizer", "tbtest"] + killers.flatMap { ["--tokenizer", $0] })
        #expect(!run.signaled)
        #expect(run.status == 1, "\(run.stderr)")
        let rows = run.stdout.split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false) }
        let aloneRows = alone.stdout.split(separator: "\n").map {
            $0.split(separator: ",", omittingEmptySubsequences: false)
        }
        // Columns: 7 fixed, then tokenizer@engine pairs in order (tbtest@system, tbtest@bundled, …).
        #expect(rows.map { Array($0.prefix(9)) } == aloneRows.map { Array($0.prefix(9)) })
        func column(_ name: String) throws -> [String] {
            let index = try #require(rows[0].firstIndex { $0 == name }, "\(rows[0])")
            return rows.dropFirst().map { String($0[index]) }
        }
        // Cases: plain, boom-document, boom-query, hang-document, hog-document, last.
        for engine in ["system", "bundled"] {
            #expect(
                try column("tbtest_abort@\(engine)") == ["X", "crashed", "crashed", "X", "X", "X"],
                "\(run.stdout)\n\(run.stderr)")
            #expect(
                try column("tbtest_segv@\(engine)") == ["X", "crashed", "crashed", "X", "X", "X"],
                "\(run.stdout)\n\(run.stderr)")
            #expect(
                try column("tbtest_hang@\(engine)") == ["X", "X", "", "timed out", "X", "X"],
                "\(run.stdout)\n\(run.stderr)")
            #expect(
                try column("tbtest_hog@\(engine)") == ["X", "X", "", "X", "out of memory", "X"],
                "\(run.stdout)\n\(run.stderr)")
            // A NULL token pointer crashes FTS5 itself on every document: three deaths, then the
            // tokenizer stops on that engine and its other cases are not run.
            #expect(
                try column("tbtest_null@\(engine)") == [
                    "crashed", "crashed", "crashed", "not run", "not run", "not run",
                ])
        }
        #expect(
            run.stderr.contains(
                "tokenbench: tbtest_segv on system: crashed (\(Self.segv) while indexing) on case boom-document (asis:asis) at tbtest_segv_tokenize"
            ), "\(run.stderr)")
        #expect(
            run.stderr.contains(
                "tokenbench: tbtest_hang on bundled: timed out (over \(Self.matrixTimeout) s while indexing) on case hang-document (asis:asis)"
            ),
            "\(run.stderr)")
    }

    /// `conformance`: a crash in the tokenizer is a `crash` finding on its input; a crash inside
    /// FTS5 on the tokenizer's output, in the index-integrity check, names FTS5 and the SQLite.
    @Test func conformanceReportsCrashesAsFindings() throws {
        let library = try ExtensionTests.buildExtension()
        let fixtures = try Self.killerFixtures()
        let run = try CLITests.run([
            "conformance", "--load-extension", library.path, "--fixtures", fixtures.path, "--iterations", "0",
            "--no-large-inputs", "--timeout", "3", "--worker-memory", "1G", "--engine", "system",
            "--tokenizer", "tbtest_segv", "--tokenizer", "tbtest_hang", "--tokenizer", "tbtest_underfts5",
            "--tokenizer", "tbtest",
        ])
        #expect(!run.signaled)
        #expect(run.status == 1, "\(run.stderr)")
        let rows = run.stdout.split(separator: "\n").map(String.init)
        #expect(
            rows.contains {
                $0.hasPrefix(
                    "tbtest_segv,system,crash,error,tokenizing,\(fixtures.path):6 document,crashed (\(Self.segv) while tokenizing) at tbtest_segv_tokenize"
                )
            },
            "\(rows)")
        #expect(
            rows.contains(
                "tbtest_hang,system,timeout,error,tokenizing,\(fixtures.path):16 document,timed out (over 3 s while tokenizing)"
            ),
            "\(rows)")
        #expect(
            rows.contains(
                "tbtest_underfts5,system,crash,error,indexing,\(fixtures.path):6 document,FTS5 on SQLite 3.40.1 crashes while indexing this tokenizer's output: crashed (SIGABRT while indexing)"
            ), "\(rows)")
        // tbtest's findings are only SQLite 3.40.1's NUL-token ones, as without the killers.
        #expect(!rows.contains { $0.hasPrefix("tbtest,") && !$0.contains("holds a NUL byte") }, "\(rows)")
    }

    /// `quality`: a document that kills a worker is left out of the index, a query that kills one
    /// is lost (scored 0), the row's error column says which; tbtest's row is what it is alone.
    @Test func qualityLosesOnlyTheDocumentsAndQueriesThatKill() throws {
        let library = try ExtensionTests.buildExtension()
        let directory = try CLITests.makeTemporaryDirectory()
        let files = [
            ("docs.tsv", "d1\tapple pie\nd2\tbanana boom split\nd3\tcherry tart\nd4\tapple crumble\n"),
            ("queries.tsv", "q1\tapple\nq2\tboom\nq3\tcherry\nq4\thang\n"),
            ("qrels.txt", "q1 0 d1 1\nq1 0 d4 1\nq2 0 d2 1\nq3 0 d3 1\nq4 0 d3 1\n"),
        ]
        for (name, text) in files { try Data(text.utf8).write(to: directory.appendingPathComponent(name)) }
        let documents = directory.appendingPathComponent("docs.tsv").path
        let common = [
            "quality", "--load-extension", library.path, "--documents", documents, "--queries",
            directory.appendingPathComponent("queries.tsv").path, "--qrels",
            directory.appendingPathComponent("qrels.txt").path, "--baseline", "tbtest", "--engine", "system",
            "--timeout", "2", "--tokenizer", "tbtest",
        ]
        let alone = try CLITests.run(common)
        #expect(alone.status == 0, "\(alone.stderr)")
        let perQuery = directory.appendingPathComponent("per-query.csv").path
        let run = try CLITests.run(
            common + ["--tokenizer", "tbtest_segv", "--tokenizer", "tbtest_hang", "--per-query", perQuery])
        #expect(!run.signaled)
        #expect(run.status == 1, "\(run.stderr)")
        // The columns that do not time anything: tokenizer … P@1, index and content bytes, error.
        func figures(_ line: Substring) -> [Substring] {
            let fields = line.split(separator: ",", omittingEmptySubsequences: false)
            return Array(fields.prefix(18)) + fields[25...26] + [fields[29]]
        }
        let rows = run.stdout.split(separator: "\n")
        #expect(rows.count == 4)
        #expect(rows.prefix(2).map(figures) == alone.stdout.split(separator: "\n").map(figures))
        let segv = try #require(rows.first { $0.hasPrefix("tbtest_segv,") })
        // Lost: q2 (its document d2 left out, then its own query crashed); rows: 0.5 nDCG as q1, q3.
        #expect(segv.contains(",4,4,2,0,0,1,0.75,0.500000,"), "\(segv)")
        #expect(
            segv.contains(
                "crashed (\(Self.segv) while indexing) on document 2 of \(documents) at tbtest_segv_tokenize"),
            "\(segv)")
        #expect(segv.contains("crashed (\(Self.segv) while tokenizing) on query q2 (any)"), "\(segv)")
        let hang = try #require(rows.first { $0.hasPrefix("tbtest_hang,") })
        #expect(hang.hasSuffix(",timed out (over 2 s while tokenizing) on query q4 (any)"), "\(hang)")
        let outcomes = try String(contentsOfFile: perQuery, encoding: .utf8).split(separator: "\n")
        #expect(outcomes.contains { $0.hasPrefix("q2,tbtest_segv,system,any,full,lost,0,") }, "\(outcomes)")
        #expect(outcomes.contains { $0.hasPrefix("q4,tbtest_hang,system,any,full,lost,0,") }, "\(outcomes)")
        #expect(outcomes.contains { $0.hasPrefix("q1,tbtest_hang,system,any,full,ran,2,") }, "\(outcomes)")
    }

    /// `upgrade`: a document that kills a worker is left out, the row's error column names it,
    /// and the verdict comes from the other documents: the same as tbtest's (whose index built by
    /// SQLite 3.40.1 is corrupt on 3.54.1, for the conformance inputs' NUL bytes). tbtest's rows
    /// are what they are alone.
    @Test func upgradeLeavesOutTheDocumentsThatKill() throws {
        let library = try ExtensionTests.buildExtension()
        let corpus = try CLITests.makeTemporaryDirectory().appendingPathComponent("corpus.txt")
        try Data("apple pie\nbanana boom split\nhang on\ncherry tart\n".utf8).write(to: corpus)
        let common = [
            "upgrade", "--load-extension", library.path, "--fixtures", CLITests.golden("small.cases"),
            "--no-every-scalar-value", "--corpus", corpus.path, "--timeout", "2", "--tokenizer", "tbtest",
        ]
        let alone = try CLITests.run(common)
        #expect(alone.status == 1, "\(alone.stderr)")
        let run = try CLITests.run(common + ["--tokenizer", "tbtest_segv", "--tokenizer", "tbtest_hang"])
        #expect(!run.signaled)
        #expect(run.status == 1, "\(run.stderr)")
        let rows = run.stdout.split(separator: "\n").map(String.init)
        #expect(rows.count == 7, "\(run.stdout)")
        // The run with killers gains the `loss` column, empty in the rows of the tokenizer that
        // runs alone: they are the same rows.
        let aloneRows = alone.stdout.split(separator: "\n").map(String.init)
        #expect(Array(rows.prefix(3)) == [aloneRows[0] + ",loss"] + aloneRows.dropFirst().map { $0 + "," })
        // A row without its tokenizer's name, its error and its loss (the last two; no comma in
        // them).
        func verdict(_ row: String) -> Substring {
            var fields = row.drop { $0 != "," }
            for _ in 0..<2 { fields = fields[..<(fields.lastIndex(of: ",") ?? fields.endIndex)] }
            return fields
        }
        for (killer, death, loss) in [
            (
                "tbtest_segv",
                "crashed (\(Self.segv) while tokenizing) on \(corpus.path):2 (comparing the engines' tokens)",
                "crashed"
            ),
            (
                "tbtest_hang",
                "timed out (over 2 s while tokenizing) on \(corpus.path):3 (comparing the engines' tokens)",
                "timed-out"
            ),
        ] {
            let killed = rows.filter { $0.hasPrefix("\(killer),") }
            #expect(killed.map(verdict) == rows[1...2].map(verdict), "\(killed)")
            #expect(killed.count == 2 && killed.allSatisfy { $0.contains(death) }, "\(killed)")
            #expect(killed.allSatisfy { $0.hasSuffix(",\(loss)") }, "\(killed)")
        }
        #expect(run.stderr.contains("tokenbench: tbtest_segv on system and bundled: crashed"), "\(run.stderr)")
    }

    /// `throughput`: a tokenizer that kills the worker is left out and the run starts again
    /// without it; the others' rows (all but the timings) are those of a run without it.
    @Test func throughputLeavesOutTheTokenizersThatKill() throws {
        let library = try ExtensionTests.buildExtension()
        let corpus = try CLITests.makeTemporaryDirectory().appendingPathComponent("corpus.txt")
        let lines = (0..<200).map { "line \($0) of plain words" + ($0 == 70 ? " boom" : $0 == 90 ? " hang" : "") }
        try Data(lines.joined(separator: "\n").utf8).write(to: corpus)
        let common = [
            "throughput", "--load-extension", library.path, "--corpus", corpus.path, "--runs", "1", "--timeout", "2",
            "--engine", "system", "--storage", "memory", "--reference", "tbtest", "--tokenizer", "tbtest",
        ]
        let alone = try CLITests.run(common)
        #expect(alone.status == 0, "\(alone.stderr)")
        let run = try CLITests.run(common + ["--tokenizer", "tbtest_segv", "--tokenizer", "tbtest_hang"])
        #expect(!run.signaled)
        #expect(run.status == 1, "\(run.stderr)")
        // tokenizer … tokens: what a row counts, not how fast.
        func counts(_ output: String) -> [Substring] {
            output.split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false).prefix(8) }
                .map { $0.joined(separator: ",")[...] }
        }
        #expect(counts(run.stdout) == counts(alone.stdout))
        #expect(
            run.stderr.contains(
                "tokenbench: tbtest_segv on system: crashed (\(Self.segv) while tokenizing) on tokenizer tbtest_segv"),
            "\(run.stderr)")
        #expect(
            run.stderr.contains(
                "tokenbench: tbtest_hang on system: timed out (over 2 s while tokenizing) on tokenizer tbtest_hang"),
            "\(run.stderr)")
    }

    /// A tokenizer whose constructor crashes or hangs ("tbtest boom", "tbtest hang") is found out
    /// in a worker when the run is planned, and run anyway: every command ends by itself with exit
    /// 1 and the death named on stderr, and tbtest's rows are those of a run without the killer
    /// (quality's and throughput's timings aside). (`conformance` and `matrix`: the next tests.)
    @Test(arguments: [
        // The trace: no tokens for the killer, its death named.
        (["tokens", "a b"], "hang"),
        // A quality row of the killer whose queries are all lost, its error the death.
        (["quality", "--fixtures", CLITests.golden("small.cases")], "boom"),
        // The killer's upgrade rows: not built, the death in their error column.
        (["upgrade", "--fixtures", CLITests.golden("small.cases"), "--no-every-scalar-value"], "boom"),
        // Throughput leaves the killer out and measures again without it.
        (["throughput", "--runs", "1", "--size", "20K", "--storage", "memory", "--reference", "tbtest"], "boom"),
    ])
    func everyCommandRunsAConstructorThatKills(arguments: [String], trigger: String) throws {
        let library = try ExtensionTests.buildExtension()
        let engine = arguments[0] == "upgrade" ? [] : ["--engine", "system"]
        let common = arguments + engine + ["--load-extension", library.path, "--timeout", "2", "--tokenizer", "tbtest"]
        let run = try CLITests.run(common + ["--tokenizer", "tbtest \(trigger)"])
        let alone = try CLITests.run(common)
        #expect(!run.signaled)
        #expect(run.status == 1, "\(run.stderr)")
        let death =
            trigger == "boom"
            ? "crashed (SIGABRT while creating the tokenizer)" : "timed out (over 2 s while creating the tokenizer)"
        #expect(run.stderr.contains("tokenbench: tbtest \(trigger) on "), "\(run.stderr)")
        #expect(run.stderr.contains(death), "\(run.stderr)")
        // A row without the columns that time something (picked by the header's names); the
        // fields hold no comma here.
        let timed: Set<Substring> = [
            "p50_us", "p99_us", "build_s", "runs", "min_s", "median_s", "max_s", "mb_per_s", "tokens_per_s",
            "ns_per_token", "relative", "documents_per_s", "p90_us", "speedup", "harness_over_c",
            "tokenizer_over_limit",
        ]
        let header = alone.stdout.split(separator: "\n").first?.split(separator: ",") ?? []
        func untimed(_ row: Substring) -> [Substring] {
            zip(header, row.split(separator: ",", omittingEmptySubsequences: false)).filter { !timed.contains($0.0) }
                .map(\.1)
        }
        #expect(header.contains("tokenizer"), "\(alone.stdout)")
        let killerRows = run.stdout.split(separator: "\n").filter { $0.hasPrefix("tbtest \(trigger),") }
        let otherRows = run.stdout.split(separator: "\n").filter { !$0.hasPrefix("tbtest \(trigger),") }
        #expect(otherRows.map(untimed) == alone.stdout.split(separator: "\n").map(untimed))
        switch arguments[0] {
        case "quality", "upgrade":
            #expect(!killerRows.isEmpty && killerRows.allSatisfy { $0.contains(death) }, "\(run.stdout)")
        case "tokens":
            // The inputs after the constructor's death were not run for that reason, not for the
            // unit's budget of deaths.
            #expect(killerRows.isEmpty, "\(run.stdout)")
            #expect(
                run.stderr.contains("inputs not run (the tokenizer could not be made on this engine: "), "\(run.stderr)"
            )
        default:
            #expect(killerRows.isEmpty, "\(run.stdout)")
        }
    }

    /// `conformance` judges a tokenizer whose constructor crashes or hangs, rather than refusing
    /// it: the death is a finding in mode `creating` (exit 1), and the other tokenizer's findings
    /// are the ones a run without the killer gives.
    @Test(arguments: [
        ("boom", "crash", "crashed (SIGABRT while creating the tokenizer)"),
        ("hang", "timeout", "timed out (over 2 s while creating the tokenizer)"),
    ])
    func conformanceJudgesAConstructorThatKills(trigger: String, check: String, death: String) throws {
        let library = try ExtensionTests.buildExtension()
        let common = [
            "conformance", "--fixtures", CLITests.golden("small.cases"), "--iterations", "0", "--no-large-inputs",
            "--engine", "system", "--load-extension", library.path, "--timeout", "2", "--tokenizer", "tbtest",
        ]
        let run = try CLITests.run(common + ["--tokenizer", "tbtest \(trigger)"])
        let alone = try CLITests.run(common)
        #expect(!run.signaled)
        #expect(run.status == 1, "\(run.stderr)")
        let rows = run.stdout.split(separator: "\n").map(String.init)
        #expect(
            rows.contains { $0.hasPrefix("tbtest \(trigger),system,\(check),error,creating,-,\(death)") },
            "\(run.stdout)")
        #expect(
            rows.filter { $0.hasPrefix("tbtest,") }
                == alone.stdout.split(separator: "\n").map(String.init).filter {
                    $0.hasPrefix("tbtest,")
                })
    }

    /// `matrix` runs a tokenizer whose constructor crashes: its cells are lost with the reason
    /// (exit 1, the death on stderr), and the other tokenizer's cells are those of a run without
    /// the killer.
    @Test func matrixRunsAConstructorThatKills() throws {
        let library = try ExtensionTests.buildExtension()
        let common = [
            "matrix", "--fixtures", CLITests.golden("small.cases"), "--engine", "system", "--load-extension",
            library.path, "--timeout", "2", "--tokenizer", "tbtest",
        ]
        let run = try CLITests.run(common + ["--tokenizer", "tbtest boom"])
        let alone = try CLITests.run(common)
        #expect(!run.signaled)
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.stderr.contains("tbtest boom on system: crashed (SIGABRT while creating the tokenizer)"))
        let killer = try ReportBrowserTests.Run.records(text: run.stdout).filter { $0["tokenizer"] == "tbtest boom" }
        #expect(!killer.isEmpty)
        #expect(
            killer.allSatisfy {
                $0["outcome"] == "error"
                    && $0["error"]
                        == "not run (the tokenizer could not be made on this engine: crashed (SIGABRT while creating the tokenizer))"
                    && $0["loss"] == "not-run-constructor"
            }, "\(killer.prefix(2))")
        // The other tokenizer's cells are those of a run without the killer, with an empty loss.
        let others = try ReportBrowserTests.Run.records(text: run.stdout).filter { $0["tokenizer"] == "tbtest" }
        #expect(others.allSatisfy { $0["loss"] == "" })
        #expect(
            others.map { $0.filter { $0.key != "loss" } } == (try ReportBrowserTests.Run.records(text: alone.stdout)))
    }

    /// `check`: a baseline tokenizer whose constructor now crashes is not skipped as one this
    /// environment lacks: its cells are lost, so they differ from the baseline (exit 1), and
    /// stderr names the death.
    @Test func checkFailsATokenizerWhoseConstructorNowKills() throws {
        let library = try ExtensionTests.buildExtension()
        let directory = try CLITests.makeTemporaryDirectory()
        let common = [
            "--fixtures", CLITests.golden("small.cases"), "--engine", "system", "--load-extension", library.path,
            "--timeout", "2",
        ]
        let baseline = try CLITests.run(
            ["matrix", "--tokenizer", "k=tbtest", "-o", "base.csv"] + common, in: directory)
        #expect(baseline.status == 0, "\(baseline.stderr)")
        let same = try CLITests.run(
            ["check", "--baseline", "base.csv", "--tokenizer", "k=tbtest"] + common, in: directory)
        #expect(same.status == 0, "\(same.stderr)")
        let run = try CLITests.run(
            ["check", "--baseline", "base.csv", "--tokenizer", "k=tbtest boom"] + common, in: directory)
        #expect(!run.signaled)
        #expect(run.status == 1, "\(run.stderr)")
        #expect(
            run.stderr.contains("tokenbench: k on system: crashed (SIGABRT while creating the tokenizer)"),
            "\(run.stderr)")
        #expect(!run.stderr.contains("this environment lacks it"), "\(run.stderr)")
        #expect(run.stdout.contains("not run (the tokenizer could not be made on this engine"), "\(run.stdout)")
    }

    /// `--crash-dir`: each input that killed a worker is written there with a script that runs it
    /// again, alone and in-process, where it crashes for real; the stderr line names the script.
    @Test func crashDirHoldsAScriptThatCrashesAgain() throws {
        let library = try ExtensionTests.buildExtension()
        let directory = try CLITests.makeTemporaryDirectory().appendingPathComponent("crashes")
        let run = try CLITests.run([
            "tokens", "--load-extension", library.path, "--tokenizer", "tbtest_abort", "--engine", "system", "--mode",
            "query", "--crash-dir", directory.path, "a b", "x boom",
        ])
        #expect(run.status == 1, "\(run.stderr)")
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        #expect(files.count == 3 && files.allSatisfy { $0.hasPrefix("crash-") }, "\(files)")
        let script = try #require(files.first { $0.hasSuffix(".sh") })
        let input = try #require(files.first { $0.hasSuffix(".txt") })
        #expect(try String(contentsOf: directory.appendingPathComponent(input), encoding: .utf8) == "x boom")
        #expect(run.stderr.contains("(again: sh \(directory.appendingPathComponent(script).path))"), "\(run.stderr)")
        let again = Process()
        again.executableURL = URL(fileURLWithPath: "/bin/sh")
        again.arguments = [directory.appendingPathComponent(script).path]
        again.environment = ProcessInfo.processInfo.environment.merging(["SWIFT_BACKTRACE": "enable=no"]) { $1 }
        again.standardOutput = FileHandle.nullDevice
        again.standardError = FileHandle.nullDevice
        try again.run()
        again.waitUntilExit()
        #expect(again.terminationReason == .uncaughtSignal && again.terminationStatus == SIGABRT)
    }

    /// `serve`: a request whose tokenizer crashes or hangs is answered with a 500 naming the
    /// tokenizer, the engine and how it died; the server answers the next request.
    @Test func serveAnswersADeathWithA500AndGoesOn() throws {
        let library = try ExtensionTests.buildExtension()
        let server = try ServeCLITests.Server(["--load-extension", library.path, "--timeout", "2"])
        let rows = [
            ("api/tokens", "tbtest_segv", "tokenizer tbtest_segv on system: crashed (\(Self.segv) while tokenizing)"),
            ("api/tokens", "tbtest_hang", "tokenizer tbtest_hang on system: timed out (over 2 s while tokenizing)"),
            ("api/match", "tbtest_abort", "tokenizer tbtest_abort on system: crashed (SIGABRT while indexing)"),
        ]
        for (path, tokenizer, message) in rows {
            let parameters =
                path == "api/tokens"
                ? [("text", "x boom hang"), ("tokenizer", tokenizer), ("engine", "system")]
                : [("document", "x boom"), ("query", "x"), ("tokenizer", tokenizer), ("engine", "system")]
            let answer = try server.get(path, parameters)
            #expect(answer.status == 500, "\(tokenizer)")
            let error = (answer.json as? [String: Any])?["error"] as? String
            #expect(error?.hasPrefix(message) == true, "\(String(describing: error))")
            let next = try server.get(
                "api/tokens", [("text", "x boom"), ("tokenizer", "tbtest"), ("engine", "system")])
            #expect(next.status == 200, "after \(tokenizer)")
        }
    }

    /// `--in-process` runs the judged code in the bench's own process: a killer then ends the run
    /// by its signal, which is why workers are the default. (Swift's crash reporter is off: under
    /// AddressSanitizer its helper ran on for minutes, holding the output pipes.)
    @Test func inProcessAKillerEndsTheRun() throws {
        let library = try ExtensionTests.buildExtension()
        let run = try CLITests.run(
            [
                "tokens", "--in-process", "--load-extension", library.path, "--tokenizer", "tbtest_abort", "--engine",
                "system", "x boom",
            ], environment: ["SWIFT_BACKTRACE": "enable=no"])
        #expect(run.signaled && run.status == SIGABRT, "\(run.status) \(run.stderr.suffix(300))")
    }

    /// Bad values of the isolation options: exit 2 and one line naming the option.
    @Test(arguments: [
        (["--timeout", "0"], "--timeout '0.0': must be above 0"),
        (["--jobs", "0"], "--jobs '0': must be 1 or more"),
        (["--deaths-per-unit", "0"], "--deaths-per-unit '0': must be 1 or more"),
        (["--worker-memory", "lots"], "--worker-memory 'lots': not a size"),
        (["--worker-memory", "100M"], "--worker-memory '100M': must be 0 (none) or at least 256M"),
    ])
    func badIsolationOptionsExitTwo(arguments: [String], message: String) throws {
        let run = try CLITests.run(["tokens", "--tokenizer", "unicode61", "x"] + arguments)
        #expect(run.status == 2)
        #expect(run.stderr.contains(message), "\(run.stderr)")
    }
}
