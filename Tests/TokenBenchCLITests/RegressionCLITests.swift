import Foundation
import Testing

/// `tokenbench check` and `tokenbench diff` run as real processes on baselines made by
/// `tokenbench matrix`, some of them doctored the way an environment change would alter them.
struct RegressionCLITests {
    typealias CLI = CLITests

    /// A small golden matrix: two cases × unicode61 and trigram, written into `directory`.
    static func makeBaseline(in directory: URL) throws -> URL {
        let url = directory.appendingPathComponent("matrix.csv")
        let run = try CLI.run(
            [
                "matrix", "--tokenizer", "unicode61", "--tokenizer", "trigram",
                "--case", "seed-table-foo-foo", "--case", "seed-table-jerome-bare", "-o", url.path,
            ], in: directory)
        #expect(run.status == 0, "\(run.stderr)")
        return url
    }

    /// Rewrites the one line of `file` that starts with `prefix`.
    static func doctor(_ file: URL, line prefix: String, to replacement: String) throws {
        let lines = try String(contentsOf: file, encoding: .utf8).components(separatedBy: "\n")
        #expect(lines.filter { $0.hasPrefix(prefix) }.count == 1, "the doctored line must be unique")
        let rewritten = lines.map { $0.hasPrefix(prefix) ? replacement : $0 }
        try Data(rewritten.joined(separator: "\n").utf8).write(to: file)
    }

    static let fooLine = "seed-table-foo-foo,seed-table,unicode61,system,phrase,nfc,nfd,"

    @Test func checkOfAFreshBaselineExitsZero() throws {
        let directory = try CLI.makeTemporaryDirectory()
        let baseline = try Self.makeBaseline(in: directory)
        let run = try CLI.run(["check", "--baseline", baseline.path], in: directory)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.isEmpty)
        #expect(
            run.stderr.contains("all 48 cells of 2 tokenizers match"),
            "2 cases × 2 tokenizers × 2 engines × 2 kinds × 3 form pairs: \(run.stderr)")
        // Only the baseline's two cases are computed; the other fixture cases are named, not failed.
        #expect(run.stderr.contains("fixture cases are not in"))
    }

    @Test func changedGoldenCellExitsOneWithVerdictAndTokens() throws {
        let directory = try CLI.makeTemporaryDirectory()
        let baseline = try Self.makeBaseline(in: directory)
        // As if an older SQLite had split "Foo" into "fo" and missed the match.
        try Self.doctor(baseline, line: Self.fooLine, to: Self.fooLine + "Foo,Foo,0,1,fail,fo,foo,")
        let run = try CLI.run(["check", "--baseline", baseline.path], in: directory)
        #expect(run.status == 1)
        #expect(run.stdout.contains("CHANGED seed-table-foo-foo [seed-table] · unicode61 · phrase · nfc:nfd"))
        #expect(run.stdout.contains("verdict: no match → match"))
        #expect(run.stdout.contains("document tokens: [fo] → [foo]"))
        #expect(run.stdout.contains("query tokens: [foo]"))
        #expect(run.stderr.contains("1 of 48 cells differ"), "\(run.stderr)")
    }

    @Test func environmentBesideTheBaselineExplainsTheChange() throws {
        let directory = try CLI.makeTemporaryDirectory()
        let baseline = try Self.makeBaseline(in: directory)
        try Self.doctor(baseline, line: Self.fooLine, to: Self.fooLine + "Foo,Foo,1,1,pass,foo,fo,")
        let env = try CLI.run(["env", "-o", directory.appendingPathComponent("env.csv").path], in: directory)
        #expect(env.status == 0)
        try Self.doctor(directory.appendingPathComponent("env.csv"), line: "icu_version,", to: "icu_version,1.0")
        let run = try CLI.run(["check", "--baseline", baseline.path], in: directory)
        #expect(run.status == 1)
        #expect(run.stdout.contains("query tokens: [fo] → [foo]"))
        #expect(run.stdout.contains("environment differences"))
        #expect(run.stdout.contains("icu_version: 1.0 → "))
    }

    @Test func aTokenizerThisSQLiteLacksIsSkippedNotFailed() throws {
        let directory = try CLI.makeTemporaryDirectory()
        let baseline = try Self.makeBaseline(in: directory)
        // A baseline made where a tokenizer named "nosuchtokenizer" existed.
        let text = try String(contentsOf: baseline, encoding: .utf8)
        let extra = text.split(separator: "\n").filter { $0.contains(",unicode61,") }
            .map { $0.replacingOccurrences(of: ",unicode61,", with: ",nosuchtokenizer,") }
        try Data((text + extra.joined(separator: "\n") + "\n").utf8).write(to: baseline)
        let run = try CLI.run(["check", "--baseline", baseline.path], in: directory)
        #expect(run.status == 0, "\(run.stdout)")
        #expect(
            run.stderr.contains(
                "skipped tokenizer nosuchtokenizer on system: this environment lacks it (no such tokenizer: nosuchtokenizer)"
            ))
        #expect(
            run.stderr.contains(
                "skipped tokenizer nosuchtokenizer on bundled: this environment lacks it (no such tokenizer: nosuchtokenizer)"
            ))
        // unicode61 and trigram have as many cells each as the skipped tokenizer, which is not counted.
        #expect(run.stderr.contains("all \(2 * extra.count) cells of 2 tokenizers match"), "\(run.stderr)")

        // With a changed cell too, the total counts only the cells that were checked.
        let doctored = try String(contentsOf: baseline, encoding: .utf8)
            .replacingOccurrences(
                of: "seed-table-foo-foo,seed-table,unicode61,system,phrase,asis,asis,Foo,Foo,1,",
                with: "seed-table-foo-foo,seed-table,unicode61,system,phrase,asis,asis,Foo,Foo,0,")
        try Data(doctored.utf8).write(to: baseline)
        let changed = try CLI.run(["check", "--baseline", baseline.path], in: directory)
        #expect(changed.status == 1)
        #expect(changed.stderr.contains("1 of \(2 * extra.count) cells differ"), "\(changed.stderr)")
    }

    @Test func baselineCaseGoneFromTheFixturesIsReportedRemoved() throws {
        let directory = try CLI.makeTemporaryDirectory()
        let baseline = try Self.makeBaseline(in: directory)
        let text = try String(contentsOf: baseline, encoding: .utf8)
        try Data(text.replacingOccurrences(of: "seed-table-jerome-bare,", with: "retired-case,").utf8).write(
            to: baseline)
        let run = try CLI.run(["check", "--baseline", baseline.path], in: directory)
        #expect(run.status == 1)
        #expect(run.stdout.contains("REMOVED retired-case [seed-table] · unicode61 · phrase · asis:asis"))
    }

    @Test(arguments: [
        // The long layout's columns are required: a wide matrix is not a baseline.
        (
            "case,category,query_kind,document_form,query_form,document,query,unicode61\n",
            "matrix.csv:1: no 'tokenizer' column"
        ),
        // A row with a missing field names its line.
        (
            "case,category,tokenizer,query_kind,document_form,query_form,document,query,matched,expected,outcome,document_tokens,query_tokens,error\na,b,c\n",
            "matrix.csv:2: 3 fields where the header has 14"
        ),
        // An unknown form is refused rather than skipped.
        (
            "case,category,tokenizer,query_kind,document_form,query_form,document,query,matched,expected,outcome,document_tokens,query_tokens,error\nx,c,unicode61,phrase,nfx,nfc,a,a,1,,unchecked,a,a,\n",
            "matrix.csv:2: document_form/query_form 'nfx'/'nfc'"
        ),
        // Two rows for one cell.
        (
            "case,category,tokenizer,query_kind,document_form,query_form,document,query,matched,expected,outcome,document_tokens,query_tokens,error\nx,c,unicode61,phrase,nfc,nfc,a,a,1,,unchecked,a,a,\nx,c,unicode61,phrase,nfc,nfc,a,a,1,,unchecked,a,a,\n",
            "matrix.csv:3: case x, tokenizer unicode61, phrase nfc:nfc is listed twice (first at line 2)"
        ),
    ])
    func malformedBaselineExitsTwo(content: String, message: String) throws {
        let directory = try CLI.makeTemporaryDirectory()
        try Data(content.utf8).write(to: directory.appendingPathComponent("matrix.csv"))
        let run = try CLI.run(["check", "--baseline", "matrix.csv"], in: directory)
        #expect(run.status == 2)
        #expect(run.stderr.contains(message), "\(run.stderr)")
        #expect(run.stdout.isEmpty)
    }

    @Test func checkThatComparesNothingExitsTwo() throws {
        let directory = try CLI.makeTemporaryDirectory()
        let baseline = try Self.makeBaseline(in: directory)
        // porter-ascii is not in the baseline: a pass here would check nothing.
        let run = try CLI.run(["check", "--baseline", baseline.path, "--tokenizer", "porter-ascii"], in: directory)
        #expect(run.status == 2)
        #expect(run.stderr.contains("no cell could be compared"))
    }

    @Test func missingBaselineExitsTwo() throws {
        let run = try CLI.run(["check"])
        #expect(run.status == 2)
        #expect(run.stderr.contains("results/matrix.csv: No such file or directory"))
    }

    @Test func diffPrintsChangedCellsAsCSV() throws {
        let directory = try CLI.makeTemporaryDirectory()
        let a = try Self.makeBaseline(in: directory)
        let b = directory.appendingPathComponent("b.csv")
        try FileManager.default.copyItem(at: a, to: b)
        let same = try CLI.run(["diff", a.path, b.path], in: directory)
        #expect(same.status == 0)
        #expect(same.stdout.split(separator: "\n").count == 1, "the header only")

        try Self.doctor(b, line: Self.fooLine, to: Self.fooLine + "Foo,Foo,0,1,fail,fo,foo,")
        let text = try String(contentsOf: b, encoding: .utf8)
        try Data(
            (text + "seed-table-foo-foo,seed-table,newtok,system,phrase,asis,asis,Foo,Foo,1,,unchecked,foo,foo,\n").utf8
        ).write(to: b)
        let run = try CLI.run(["diff", a.path, b.path], in: directory)
        #expect(run.status == 1)
        let lines = run.stdout.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(
            lines.first?.hasPrefix(
                "change,case,category,tokenizer,engine,query_kind,document_form,query_form,changed_columns,matched_a,matched_b"
            ) == true)
        #expect(
            lines.last
                == "changed,seed-table-foo-foo,seed-table,unicode61,system,phrase,nfc,nfd,matched outcome document_tokens,1,0,foo,fo,foo,foo,,"
        )
        #expect(run.stderr.contains("tokenizer newtok is only in \(b.path); not compared"))
    }
}

/// Options no other test runs: the compatibility forms, check's scoping and environment file,
/// and throughput's reference and query operation.
struct OptionCoverageCLITests {
    @Test(arguments: [
        (
            "nfkc",
            [
                "unicode61-rd0,system,query,nfkc,1,0,fin,0,3,0,fin",
                "unicode61-rd0,system,query,nfkc,1,1,\u{E9},4,6,0,\u{E9}",
            ],
            "NFKC folds the ligature and composes é (2 bytes)"
        ),
        (
            "nfkd",
            [
                "unicode61-rd0,system,query,nfkd,1,0,fin,0,3,0,fin",
                "unicode61-rd0,system,query,nfkd,1,1,e\u{301},4,7,0,e\u{301}",
            ],
            "NFKD folds the ligature and decomposes é (3 bytes), which unicode61-rd0 keeps as one token"
        ),
    ])
    func tokensForm(form: String, rows: [String], why: String) throws {
        let run = try CLITests.run([
            "tokens", "--tokenizer", "unicode61-rd0", "--engine", "system", "--mode", "query", "--form", form,
            "--escapes", "\\u{FB01}n \\u{E9}",
        ])
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n").dropFirst().map { Array(String($0).unicodeScalars) }
        #expect(lines == rows.map { Array($0.unicodeScalars) }, "\(why)")
    }

    @Test func matrixPresentsTextInTheCompatibilityForms() throws {
        let run = try CLITests.run([
            "matrix", "--case", "seed-aime-nfc-nfd", "--tokenizer", "unicode61-rd0", "--forms", "nfkc:nfkd",
            "--query-kind", "phrase",
        ])
        #expect(run.status == 0, "\(run.stderr)")
        let fields = run.stdout.split(separator: "\n")[1].split(separator: ",", omittingEmptySubsequences: false).map(
            String.init)
        #expect(fields[5] == "nfkc" && fields[6] == "nfkd")
        #expect(Array(fields[7].unicodeScalars) == Array("aim\u{E9}".unicodeScalars), "the document in NFKC")
        #expect(Array(fields[8].unicodeScalars) == Array("aime\u{301}".unicodeScalars), "the query in NFKD")
        #expect(fields[9] == "0", "unicode61-rd0 keeps the combining mark, so they differ")
    }

    @Test func checkScopesByCaseAndCategoryAndReadsTheGivenEnvironment() throws {
        let directory = try CLITests.makeTemporaryDirectory()
        let baseline = try RegressionCLITests.makeBaseline(in: directory) // 2 cases × unicode61, trigram
        let oneCase = try CLITests.run(
            ["check", "--baseline", baseline.path, "--case", "seed-table-foo-foo"], in: directory)
        #expect(oneCase.status == 0, "\(oneCase.stderr)")
        #expect(
            oneCase.stderr.contains("all 24 cells of 2 tokenizers match"),
            "one case: 2 tokenizers × 2 engines × 2 kinds × 3 form pairs: \(oneCase.stderr)")
        let category = try CLITests.run(
            ["check", "--baseline", baseline.path, "--category", "seed-table"], in: directory)
        #expect(category.stderr.contains("all 48 cells of 2 tokenizers match"), "\(category.stderr)")
        // --engine limits the check to one of the baseline's engines.
        let systemOnly = try CLITests.run(["check", "--baseline", baseline.path, "--engine", "system"], in: directory)
        #expect(systemOnly.stderr.contains("all 24 cells of 2 tokenizers match"), "\(systemOnly.stderr)")

        // A changed cell, and an environment file given by path: its differing keys are listed.
        let text = try String(contentsOf: baseline, encoding: .utf8)
        try Data(
            text.replacingOccurrences(
                of: "seed-table-foo-foo,seed-table,unicode61,system,phrase,asis,asis,Foo,Foo,1,",
                with: "seed-table-foo-foo,seed-table,unicode61,system,phrase,asis,asis,Foo,Foo,0,"
            ).utf8
        ).write(to: baseline)
        let environment = directory.appendingPathComponent("elsewhere-env.csv")
        try Data("key,value\nsystem.sqlite_version,3.0.0\n".utf8).write(to: environment)
        let changed = try CLITests.run(
            ["check", "--baseline", baseline.path, "--baseline-env", environment.path], in: directory)
        #expect(changed.status == 1)
        #expect(changed.stdout.contains("system.sqlite_version: 3.0.0 → 3."), "\(changed.stdout)")
    }

    @Test func throughputAgainstAnotherReferenceWithQueries() throws {
        let run = try CLITests.run([
            "throughput", "--tokenizer", "ascii", "--tokenizer", "unicode61", "--reference", "ascii", "--operation",
            "query",
            "--runs", "1", "--size", "50K",
        ])
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n").map {
            $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        }
        let header = try #require(lines.first)
        let column = { (name: String) in header.firstIndex(of: name)! }
        let rows = lines.dropFirst()
        #expect(rows.count == 4, "one query row per tokenizer and engine")
        #expect(rows.allSatisfy { $0[column("operation")] == "query" && $0[column("reference")] == "ascii" })
        let ascii = rows.filter { $0[column("tokenizer")] == "ascii" }
        #expect(
            ascii.count == 2 && ascii.allSatisfy { $0[column("relative")] == "1.000" },
            "the reference is 1 against itself on each engine")
        #expect(rows.allSatisfy { Int($0[column("queries")]) ?? 0 > 0 && Double($0[column("p50_us")]) ?? 0 > 0 })
    }

    /// Two runs of the app's query kinds under one label, icu against unicode61: GRDB's pattern
    /// for "don't" finds the document in unicode61's table, not in icu's, and diff shows both
    /// verdict codes and patterns; the typed builder's patterns differ, its verdicts do not.
    @Test func diffShowsTheAppsVerdictsAndPatterns() throws {
        let directory = try CLITests.makeTemporaryDirectory()
        for (file, spec) in [("a.csv", "mine=icu"), ("b.csv", "mine=unicode61")] {
            let run = try CLITests.run(
                [
                    "matrix", "--case", "typed-apostrophe", "--tokenizer", spec, "--engine", "system", "--forms",
                    "asis:asis", "--query-kind", "grdb-all", "--query-kind", "typed-all", "-o", file,
                ], in: directory)
            #expect(run.status == 0, "\(run.stderr)")
        }
        let run = try CLITests.run(["diff", "a.csv", "b.csv"], in: directory)
        #expect(run.status == 1)
        #expect(
            run.stdout == #"""
                change,case,category,tokenizer,engine,query_kind,document_form,query_form,changed_columns,matched_a,matched_b,verdict_a,verdict_b,pattern_a,pattern_b,document_tokens_a,document_tokens_b,query_tokens_a,query_tokens_b,error_a,error_b
                changed,typed-apostrophe,typed,mine,system,grdb-all,asis,asis,matched verdict document_tokens query_tokens,0,1,no-match,match,don t,don t,i don't know,i don t know,don't,don t,,
                changed,typed-apostrophe,typed,mine,system,typed-all,asis,asis,pattern document_tokens query_tokens,1,1,match,match,"""don't""","""don"" ""t""",i don't know,i don t know,don't,don t,,

                """#, "\(run.stdout)")
    }
}
