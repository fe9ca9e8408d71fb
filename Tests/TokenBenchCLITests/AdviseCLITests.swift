import Foundation
import Testing

/// `tokenbench advise` as a real process: its bad inputs, one rule each, and a run's outputs.
struct AdviseCLITests {
    typealias CLI = CLITests

    /// A folder holding `corpus.txt` with these bytes.
    static func corpus(_ bytes: [UInt8]) throws -> URL {
        let directory = try CLI.makeTemporaryDirectory()
        try Data(bytes).write(to: directory.appendingPathComponent("corpus.txt"))
        return directory
    }

    static let small = ["--tokenizer", "unicode61", "--tokenizer", "latinascii", "--engine", "system"]

    /// Bad input, one row each: the arguments after `advise`, the corpus, the exit status and
    /// what stderr must say.
    @Test(
        arguments: [
            // An empty corpus: exit 2, naming the file.
            (["--documents-format", "lines"], Array("\n\n".utf8), Int32(2), "corpus.txt: the corpus has no document"),
            // A single document: nothing to rank it against.
            (["--documents-format", "lines"], Array("one line\n".utf8), 2, "corpus.txt: the corpus has one document"),
            // An unknown target: exit 2, listing the targets.
            (["--target", "ios14"], Array("a\nb\n".utf8), 2, "the targets are ios15, ios16"),
            // Two ways to say which SQLite: refused.
            (["--target", "ios17", "--min-sqlite", "3.44.0"], Array("a\nb\n".utf8), 2, "give one"),
            (["--min-sqlite", "three"], Array("a\nb\n".utf8), 2, "--min-sqlite 'three': expected a SQLite version"),
            // Documents with locales on an engine without them (SQLite 3.40.1): named, exit 2.
            (
                [],
                Array(
                    "{\"_id\": \"a\", \"text\": \"eins zwei\", \"locale\": \"de\"}\n{\"_id\": \"b\", \"text\": \"drei\"}\n"
                        .utf8),
                2,
                "corpus.txt: its documents have locales, which need SQLite 3.47 or later, and no engine of this run (system) has them"
            ),
            // A malformed record names its line.
            ([], Array("d1\tfine\n{\"_id\": 3\n".utf8), 2, "corpus.txt:2"),
        ] as [([String], [UInt8], Int32, String)])
    func badInput(arguments: [String], corpus: [UInt8], status: Int32, message: String) throws {
        let directory = try Self.corpus(corpus)
        let run = try CLI.run(["advise", "--documents", "corpus.txt"] + Self.small + arguments, in: directory)
        #expect(run.status == status, "\(run.stderr)")
        #expect(run.stderr.contains(message), "\(run.stderr)")
        #expect(run.stderr.split(separator: "\n").count <= 3, "one line, with the usage hint at most: \(run.stderr)")
    }

    /// A line that is not UTF-8 is skipped and named; the run goes on. The CSV has the
    /// documented columns, one recommended candidate, and the markdown has the sections.
    @Test func aRunSkipsBadLinesAndAdvises() throws {
        var bytes: [UInt8] = []
        for index in 0..<30 {
            bytes += Array("Herr Großmann wohnt in der Straße \(index), Zürich, Café Nummer \(index * 3)\n".utf8)
        }
        bytes += [0x66, 0xFF, 0x0A] // line 31: not UTF-8
        let directory = try Self.corpus(bytes)
        let arguments = ["advise", "--documents", "corpus.txt", "--documents-format", "lines", "--known-items", "40"]
        let run = try CLI.run(arguments + Self.small, in: directory)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("corpus.txt:31: skipped: the line is not UTF-8"), "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n")
        #expect(
            lines.first
                == "tokenizer,spec,engine,sqlite_version,query_kind,variant,weight,queries,R@10,RR@10,silent_misses,over_matches,score,p_value,index_bytes,build_s,p50_us,needs_sqlite,portable,advice,why,run_file,error"
        )
        #expect(lines.filter { $0.contains(",all,") && $0.contains(",recommended,") }.count == 1, "\(run.stdout)")
        #expect(run.stderr.contains("## Advice (decided on system)"))
        // An oldest SQLite that no engine here is: said, and decided on the oldest of the run.
        let markdown = try CLI.run(
            arguments + Self.small + ["--format", "markdown", "--min-sqlite", "3.43.2"], in: directory,
            environment: ["TOKENBENCH_CACHE_DIR": directory.path])
        #expect(markdown.status == 0, "\(markdown.stderr)")
        #expect(
            markdown.stdout.contains(
                "## Advice (decided on system)\n\n- no engine of SQLite 3.43.2 (--min-sqlite's) is built: decided on the oldest engine of the run instead"
            ), "\(markdown.stdout)")
        for section in ["## Corpus", "## Known-item queries", "## Advice", "### How to use it", "## Figures"] {
            #expect(markdown.stdout.contains(section), "\(section)")
        }
    }
    /// Documents with locales are measured in locale=1 tables, each known item looked for in its
    /// document's locale; the written BEIR folder keeps both, so `quality --beir` on it gives
    /// the advice's RR@10.
    @Test func localesGoWithTheDocumentsAndTheQueriesThatLookForThem() throws {
        let words = ["Haus", "Straße", "Großmann", "Zürich", "Café", "Müller", "Bäcker", "Brücke", "Fluss"]
        let lines = (0..<20).map { index in
            let text = (0..<5).map { words[(index + $0) % words.count] }.joined(separator: " ") + " Nummer \(index)"
            return "{\"_id\": \"d\(index)\", \"text\": \"\(text)\", \"locale\": \"de\"}\n"
        }
        let directory = try Self.corpus(Array(lines.joined().utf8))
        let advice = try CLI.run(
            [
                "advise", "--documents", "corpus.txt", "--known-items", "30", "--tokenizer", "unicode61", "--engine",
                "bundled", "--query-kind", "typed-all", "--write-collection", "beir",
            ], in: directory)
        #expect(advice.status == 0, "\(advice.stderr)")
        for file in ["corpus.jsonl", "queries.jsonl"] {
            let written = try String(contentsOf: directory.appendingPathComponent("beir/\(file)"), encoding: .utf8)
            let records = written.split(separator: "\n")
            #expect(!records.isEmpty && records.allSatisfy { $0.contains("\"locale\":\"de\"") }, "\(file): \(written)")
        }
        let quality = try CLI.run(
            [
                "quality", "--beir", "beir", "--tokenizer", "unicode61", "--engine", "bundled", "--query-kind",
                "typed-all",
            ],
            in: directory)
        #expect(quality.status == 0, "\(quality.stderr)")
        func column(_ name: String, of csv: String, where keep: (Substring) -> Bool) -> Substring? {
            let rows = csv.split(separator: "\n")
            guard let index = rows.first?.split(separator: ",").firstIndex(of: Substring(name)) else { return nil }
            return rows.dropFirst().first(where: keep)?.split(separator: ",", omittingEmptySubsequences: false)[index]
        }
        let advised = column("RR@10", of: advice.stdout) { $0.contains(",typed-all,all,") }
        #expect(advised != nil && advised == column("RR@10", of: quality.stdout) { _ in true }, "\(advice.stdout)")
    }

    /// With a query log, the agreement CSV equals an independent computation from the run files
    /// (Benchmarks/Advice/check-agreement.py, which shares no code with the bench), each
    /// candidate has a `log` row, and a log nothing matches is a warning, not a failure.
    @Test func aQueryLogsAgreementIsWhatTheRunFilesSay() throws {
        var text = ""
        for index in 0..<30 {
            text += "Herr Großmann wohnt in der Straße \(index), Zürich, Café Nummer \(index * 3)\n"
        }
        let directory = try Self.corpus(Array(text.utf8))
        try Data("Grossmann\t7\nstrasse\t3\ncafe zurich\nZürich 12\t2\nGrossmann\n".utf8).write(
            to: directory.appendingPathComponent("log.txt"))
        let run = try CLI.run(
            [
                "advise", "--documents", "corpus.txt", "--documents-format", "lines", "--known-items", "30",
                "--query-log", "log.txt", "--run-dir", "runs", "--agreement", "agreement.csv",
                "--tokenizer", "trigram",
            ] + Self.small, in: directory)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            run.stdout.split(separator: "\n").filter { $0.contains(",log,") }.count == 9,
            "three candidates × three kinds")
        #expect(run.stderr.contains("## The query log\n\n4 queries, 14 searches."), "\(run.stderr)")
        let agreement = try String(contentsOf: directory.appendingPathComponent("agreement.csv"), encoding: .utf8)
        #expect(agreement.split(separator: "\n").count == 1 + 9, "three pairs × three kinds: \(agreement)")
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Benchmarks/Advice/check-agreement.py")
        let oracle = try CLI.run(
            [script.path, "log.txt", "runs", "agreement.csv"], in: directory,
            executable: URL(fileURLWithPath: "/usr/bin/python3"))
        #expect(oracle.status == 0, "\(oracle.stdout)\(oracle.stderr)")
        #expect(oracle.stdout.contains("every row agrees"))

        try Data("xyzzy\nqwertz\n".utf8).write(to: directory.appendingPathComponent("nothing.txt"))
        let nothing = try CLI.run(
            [
                "advise", "--documents", "corpus.txt", "--documents-format", "lines", "--known-items", "20",
                "--query-log", "nothing.txt",
            ]
                + Self.small, in: directory)
        #expect(nothing.status == 0, "\(nothing.stderr)")
        #expect(nothing.stderr.contains("warning: no candidate returns anything for any query of nothing.txt"))
    }
}
