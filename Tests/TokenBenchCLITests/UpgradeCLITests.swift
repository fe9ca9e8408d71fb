import Foundation
import Testing

/// `tokenbench upgrade` as a real process: its rows, exit status and errors.
struct UpgradeCLITests {
    /// trigram's index breaks both ways on the NUL in a corpus line and in the conformance edge
    /// cases, unicode61's survives: the CSV against a golden file, exit 1, and a line per broken
    /// index on stderr that says what to do.
    @Test func aBrokenIndexIsReportedAndFailsTheRun() throws {
        let directory = try CLITests.makeTemporaryDirectory()
        let corpus = directory.appendingPathComponent("corpus.txt")
        try Data("plain words\nabc\u{0}def\n".utf8).write(to: corpus)
        let run = try CLITests.run(
            [
                "upgrade", "--tokenizer", "trigram", "--tokenizer", "unicode61", "--fixtures",
                CLITests.golden("small.cases"), "--corpus", "corpus.txt", "--no-every-scalar-value",
            ], in: directory)
        #expect(run.status == 1, "\(run.stderr)")
        try CLITests.expectGolden(run.stdout, "upgrade.csv")
        #expect(
            run.stderr.contains(
                "tokenbench: trigram: an index built by system (3.40.1) fails integrity-check on bundled (3.54.1): database disk image is malformed"
            ), "\(run.stderr)")
        #expect(run.stderr.contains("tokenbench: 2 of 4 indexes do not survive; rebuild them"), "\(run.stderr)")
    }

    /// A C tokenizer from the test extension, on both engines: its tokens are the same on each
    /// (tbtest splits on spaces only, so "abc\0def" is one token holding a NUL), yet the index
    /// SQLite 3.40.1 writes for such a token reads as corrupt on 3.54.1, and a prefix query
    /// answers differently; rebuild repairs it. The other way round survives.
    @Test func sameTokensCanStillBreakTheIndex() throws {
        let library = try ExtensionTests.buildExtension()
        let run = try CLITests.run([
            "upgrade", "--load-extension", library.path, "--tokenizer", "tbtest", "--category", "engine-differences",
            "--no-every-scalar-value",
        ])
        #expect(run.status == 1, "\(run.stderr)")
        let rows = run.stdout.split(separator: "\n").map(String.init)
        #expect(rows.count == 3, "\(run.stdout)")
        #expect(rows[1].hasPrefix("tbtest,system,bundled,no,1,,3.40.1,3.54.1,"), "\(rows[1])")
        #expect(rows[1].contains("fts5: corruption found reading blob"), "\(rows[1])")
        #expect(rows[1].contains(",yes,fixtures/engines.cases:"), "rebuild repairs it: \(rows[1])")
        #expect(rows[2].hasPrefix("tbtest,bundled,system,yes,0,,3.54.1,3.40.1,"), "\(rows[2])")
    }

    /// One direction only, and a tokenizer that survives: exit 0, one row, Markdown.
    @Test func oneWayInMarkdown() throws {
        let run = try CLITests.run([
            "upgrade", "--tokenizer", "unicode61", "--from", "bundled", "--to", "system", "--one-way",
            "--fixtures", CLITests.golden("small.cases"), "--no-every-scalar-value", "--format", "markdown",
        ])
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n")
        #expect(lines.count == 3, "\(run.stdout)")
        #expect(lines.last?.hasPrefix("| unicode61 | bundled | system | yes | 0 |  | 3.54.1 | 3.40.1 |") == true)
    }

    /// `--only-corpus`: the user's own lines and nothing else. trigram, which the built-in NUL
    /// inputs always break, survives text without a NUL (exit 0), and fails on a line with one.
    @Test(arguments: [
        // Plain text: every index intact, "your data is safe".
        ("Großmann ﬁndet 1st grey\nno NUL here\n", 0, "yes"),
        // A NUL inside a line: 3.40.1 and 3.54.1 disagree on trigram's tokens.
        ("abc\u{0}def\n", 1, "no"),
    ])
    func onlyTheCorpus(text: String, status: Int32, intact: String) throws {
        let corpus = try CLITests.makeTemporaryDirectory().appendingPathComponent("notes.txt")
        try Data(text.utf8).write(to: corpus)
        let run = try CLITests.run(["upgrade", "--only-corpus", "--corpus", corpus.path, "--tokenizer", "trigram"])
        #expect(run.status == status, "\(run.stderr)")
        let rows = run.stdout.split(separator: "\n").dropFirst()
        let documents = text.split(separator: "\n").count
        #expect(rows.count == 2, "\(run.stdout)")
        #expect(rows.allSatisfy { $0.hasPrefix("trigram,") && $0.contains(",\(intact),") }, "\(run.stdout)")
        #expect(rows.allSatisfy { $0.contains(",\(documents),") }, "only the corpus's lines: \(run.stdout)")
    }

    /// Across the feature line: a `locale=1` or `tokendata=1` index. SQLite 3.40.1 cannot build
    /// one (that direction has no verdict, and says why), and cannot open the one 3.54.1 built:
    /// FTS5 refuses the table's option before it reads the index, every query fails with it, and
    /// 'rebuild' cannot repair it. Each row pins one option: the argument, the extra column's
    /// name and value, and the option SQLite 3.40.1 names.
    @Test(arguments: [
        (["--locale", "tr"], "locale", "tr", "locale needs SQLite 3.47", "locale"),
        (["--tokendata"], "tokendata", "1", "tokendata needs SQLite 3.45", "tokendata"),
    ])
    func anIndexWithANewerTableOptionDoesNotGoBack(
        arguments: [String], column: String, value: String, lacking: String, option: String
    ) throws {
        let run = try CLITests.run(
            [
                "upgrade", "--tokenizer", "unicode61", "--fixtures", CLITests.golden("small.cases"),
                "--no-every-scalar-value",
            ]
                + arguments)
        #expect(run.status == 1, "\(run.stderr)")
        let rows = try ReportBrowserTests.Run.records(text: run.stdout)
        #expect(rows.count == 2, "\(run.stdout)")
        let (up, down) = (rows[0], rows[1])
        #expect(up["from"] == "system" && up[column] == value && up["intact"] == "", "\(up)")
        #expect(up["error"] == "not built on system: \(lacking) (this engine is SQLite 3.40.1)", "\(up)")
        #expect(down["from"] == "bundled" && down[column] == value && down["intact"] == "no", "\(down)")
        #expect(down["integrity_error"] == "unrecognized option: \"\(option)\"", "\(down)")
        #expect(down["rebuild_repairs"] == "no" && down["queries_differing"] == down["queries"], "\(down)")
        #expect(run.stderr.contains("the system engine cannot build the index (\(lacking)"), "\(run.stderr)")
        #expect(run.stderr.contains("where 'rebuild' does not repair one, create the table anew"), "\(run.stderr)")
    }

    /// `--path` of the two built-in engines' releases is `--from system --to bundled`, row for row.
    @Test func aPathOfReleasesIsTheirEngines() throws {
        let common = ["upgrade", "--fixtures", CLITests.golden("small.cases"), "--no-every-scalar-value"]
        let path = try CLITests.run(common + ["--path", "3.40.1,3.54.1"])
        let pair = try CLITests.run(common + ["--from", "system", "--to", "bundled"])
        #expect(path.status == pair.status, "\(path.stderr)")
        #expect(path.stdout == pair.stdout && path.stdout.contains("\nunicode61,system,bundled,yes,"), "\(path.stdout)")
    }

    /// One row per usage error: exit 2 and one line naming the argument.
    @Test(arguments: [
        (["--engine", "system"], "--engine: upgrade takes --from and --to instead"),
        (["--only-corpus"], "--only-corpus: give the text to check with --corpus FILE"),
        (["--from", "system", "--to", "system"], "--from 'system' --to 'system': name two different engines"),
        // 3.40.1 is the system engine's release: the same engine twice in a path.
        (["--path", "system,bundled,3.40.1"], "--path 'system,bundled,3.40.1': name each engine once"),
        (["--path", "system"], "--path 'system': name at least two engines"),
        (["--path", "system,bundled", "--to", "bundled"], "--path 'system,bundled': it replaces --from and --to"),
        (["--path", "system,3.0.0"], "--path '3.0.0': no such engine"),
        (["--to", "postgres"], "'postgres': no such engine"),
        (["--tokenizer", "nosuch"], "no such tokenizer: nosuch"),
        (["--corpus", "missing.txt"], "missing.txt"),
        // Two engines of SQLite 3.40.1 (the system's, and the same library by path): neither
        // can build a locale=1 table, so nothing could run.
        (
            ["--locale", "tr", "--to", CLITests.systemSQLiteLibrary],
            "--locale 'tr': no engine that builds an index here can: system: locale needs SQLite 3.47"
        ),
        (["--locale", ""], "--locale '': give a locale such as tr or de_CH"),
        // One way from the system's 3.40.1: the only direction cannot build its index.
        (
            ["--locale", "tr", "--one-way"],
            "--locale 'tr': no engine that builds an index here can: system: locale needs SQLite 3.47"
        ),
    ])
    func badUsageExitsTwo(arguments: [String], message: String) throws {
        let run = try CLITests.run(
            ["upgrade", "--fixtures", CLITests.golden("small.cases"), "--no-every-scalar-value"] + arguments)
        #expect(run.status == 2, "\(run.stderr)")
        #expect(run.stderr.contains(message), "\(run.stderr)")
        #expect(run.stdout.isEmpty)
    }
}
