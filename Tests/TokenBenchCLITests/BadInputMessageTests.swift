import Foundation
import Testing

/// Issue 60, errors that say what went wrong: each bad input gives exactly one line on stderr
/// that names the input and the problem, exit status 2, nothing on stdout, and no output file
/// (not even a temporary one left beside it).
struct BadInputMessageTests {
    typealias CLI = CLITests

    /// One row per bad input: its arguments, run in a directory that holds `results/` (an empty
    /// directory), `empty.cases` (no byte), `comments.cases` (a comment only), `queries.tsv` and
    /// `qrels.txt`, and the whole of stderr it must give.
    @Test(arguments: [
        // A misspelt subcommand is named, with the nearest ones; ArgumentParser alone blamed
        // `--category` ("Unknown option"), the first option the root command does not take.
        (
            ["matirx", "--category", "x"],
            "'matirx' is not a subcommand; nearest: matrix ('tokenbench --help' lists them all)"
        ),
        // Nothing near: the subcommands are listed (never the hidden `worker`).
        (
            ["xyzzy"],
            "'xyzzy' is not a subcommand; the subcommands are matrix, check, diff, merge, conformance, report, throughput, tokens, serve, quality, advise, upgrade, list, env, engine"
        ),
        // A directory where a file is read: the path and what was expected, not Foundation's
        // "NSCocoaErrorDomain error 256".
        (["diff", "results/", "results/"], "results/: is a directory, expected a file"),
        (["check", "--baseline", "results"], "results: is a directory, expected a file"),
        (
            ["quality", "--documents", "results", "--queries", "queries.tsv", "--qrels", "qrels.txt"],
            "results: is a directory, expected a file"
        ),
        (["upgrade", "--corpus", "results", "--tokenizer", "ascii"], "results: is a directory, expected a file"),
        (["tokens", "--input", "results", "--engine", "system"], "results: is a directory, expected a file"),
        // A directory where a file is written (error 512 before).
        (
            ["matrix", "--category", "seed-table", "--tokenizer", "ascii", "--engine", "system", "-o", "results"],
            "results: is a directory, expected a file"
        ),
        (["list", "--output", "results/"], "results/: is a directory, expected a file"),
        // A write Foundation refuses gives the POSIX reason beneath its error, not its own
        // wording ("The operation could not be completed. The file doesn't exist.").
        (["list", "--output", "nosuch/list.csv"], "nosuch/list.csv: No such file or directory"),
        // A fixture file without a case names the file, not --category/--case, which were not given.
        (["matrix", "--fixtures", "empty.cases", "--tokenizer", "ascii"], "empty.cases: is empty"),
        (["matrix", "--fixtures", "comments.cases", "--tokenizer", "ascii"], "comments.cases: has no case"),
        // A misspelt label is a name FTS5 cannot parse ("parse error in tokenize directive"):
        // the catalog's nearest names instead.
        (
            ["tokens", "x", "--engine", "system", "--tokenizer", "porter-ascii2"],
            "tokenizer 'porter-ascii2': no such tokenizer: porter-ascii2; nearest: porter-ascii"
        ),
        // A directive with arguments whose first word is unknown: FTS5's own text, and the nearest.
        (
            ["tokens", "x", "--engine", "system", "--tokenizer", "unicode62 remove_diacritics 2"],
            "tokenizer 'unicode62 remove_diacritics 2': no such tokenizer: unicode62; nearest: unicode61"
        ),
        // A missing file gives the operating system's reason.
        (["tokens", "--input", "nosuch.txt", "--engine", "system"], "nosuch.txt: No such file or directory"),
        (["check", "--baseline", "nosuch.csv"], "nosuch.csv: No such file or directory"),
        (
            ["quality", "--documents", "nosuch.tsv", "--queries", "queries.tsv", "--qrels", "qrels.txt"],
            "nosuch.tsv: No such file or directory"
        ),
        // --tokendata on an engine without tokendata tables (3.40.1) is refused by tokens as by
        // conformance, in the one line.
        (
            ["tokens", "x", "--tokendata", "--engine", "system"],
            "--tokendata 'system': tokendata tables need SQLite 3.45 or later, and no engine of this run has them"
        ),
        (
            ["conformance", "--tokendata", "--engine", "system"],
            "--tokendata 'system': tokendata tables need SQLite 3.45 or later, and no engine of this run has them"
        ),
    ])
    func badInputSaysWhatWentWrongInOneLine(arguments: [String], message: String) throws {
        let directory = try CLI.makeTemporaryDirectory()
        let results = directory.appendingPathComponent("results")
        try FileManager.default.createDirectory(at: results, withIntermediateDirectories: true)
        try Data().write(to: directory.appendingPathComponent("empty.cases"))
        try Data("# no case here yet\n".utf8).write(to: directory.appendingPathComponent("comments.cases"))
        try Data("q1\tdatabase\n".utf8).write(to: directory.appendingPathComponent("queries.tsv"))
        try Data("q1 0 d1 1\n".utf8).write(to: directory.appendingPathComponent("qrels.txt"))
        let run = try CLI.run(arguments, in: directory)
        #expect(!run.signaled, "\(run.stderr)")
        #expect(run.status == 2, "\(run.stderr)")
        #expect(run.stderr == "tokenbench: error: \(message)\n")
        #expect(run.stdout.isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: results.path).isEmpty, "nothing written")
    }

    /// The subcommand check leaves alone what ArgumentParser answers itself: `help`, options
    /// before a subcommand, and a subcommand's own name.
    @Test(arguments: [["help", "matrix"], ["--help"], ["list", "--help"]])
    func helpAndKnownSubcommandsPassTheSubcommandCheck(arguments: [String]) throws {
        let run = try CLI.run(arguments)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!run.stdout.isEmpty)
        #expect(!run.stderr.contains("is not a subcommand"))
    }
}
