import Foundation
import Testing

/// `tokenbench quality` as a real process: its inputs, outputs and errors.
struct QualityCLITests {
    /// A tiny collection, in BEIR's layout and as plain files with the same content.
    static func writeCollection(in directory: URL) throws {
        let files = [
            "beir/corpus.jsonl": """
            {"_id": "d1", "title": "Colour", "text": "The grey colour of the sea"}
            {"_id": "d2", "title": "Running", "text": "She runs and ran; running is her sport"}
            {"_id": "d3", "title": "Straße", "text": "Die Großmann-Straße in Berlin"}
            {"_id": "d4", "title": "", "text": "grey and gray are both spellings"}

            """,
            "beir/queries.jsonl": """
            {"_id": "q1", "text": "grey colour"}
            {"_id": "q2", "text": "running"}
            {"_id": "q3", "text": "Grossmann"}
            {"_id": "q4", "text": "never judged"}

            """,
            "beir/qrels/test.tsv":
                "query-id\tcorpus-id\tscore\nq1\td1\t2\nq1\td4\t1\nq2\td2\t1\nq3\td3\t1\nq3\tgone\t1\n",
            "beir/qrels/dev.tsv": "query-id\tcorpus-id\tscore\nq2\td2\t1\n",
            "queries.tsv": "q1\tgrey colour\nq2\trunning\nq3\tGrossmann\nq4\tnever judged\n",
            "qrels.trec": "q1 0 d1 2\nq1 0 d4 1\nq2 0 d2 1\nq3 0 d3 1\nq3 0 gone 1\n",
        ]
        for (name, text) in files {
            let url = directory.appendingPathComponent(name)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
    }

    static let tokenizers = ["--tokenizer", "unicode61", "--tokenizer", "porter", "--tokenizer", "trigram"]

    /// The summary without the columns that are timings, and without `collection`, which names
    /// where the same collection was read from.
    static func figures(_ csv: String) -> [String] {
        let lines = csv.split(separator: "\n").map(fields)
        let left: Set<String> = ["p50_us", "p99_us", "build_s", "collection"]
        let keep = lines[0].indices.filter { !left.contains(lines[0][$0]) }
        return lines.map { fields in keep.map { fields[$0] }.joined(separator: ",") }
    }

    /// The fields of one CSV line, a quoted field unquoted (no line of these files holds a
    /// line break).
    static func fields(_ line: Substring) -> [String] {
        let characters = Array(line)
        var fields = [""]
        var quoted = false
        var index = 0
        while index < characters.count {
            let character = characters[index]
            if quoted, character == "\"" {
                // A doubled quote inside a quoted field is one quote; a single one ends the field.
                if index + 1 < characters.count, characters[index + 1] == "\"" {
                    fields[fields.count - 1].append("\"")
                    index += 1
                } else {
                    quoted = false
                }
            } else if !quoted, character == "\"" {
                quoted = true
            } else if !quoted, character == "," {
                fields.append("")
            } else {
                fields[fields.count - 1].append(character)
            }
            index += 1
        }
        return fields
    }

    /// The same judgments as a BEIR folder and as plain TSV/TREC files: identical figures and
    /// identical run files.
    @Test func beirFolderAndPlainFilesGiveIdenticalFigures() throws {
        let directory = try CLITests.makeTemporaryDirectory()
        try Self.writeCollection(in: directory)
        let beir = try CLITests.run(
            ["quality", "--beir", "beir", "--run-dir", "runs-beir", "--query-kind", "any", "--query-kind", "all"]
                + Self.tokenizers, in: directory)
        let plain = try CLITests.run(
            [
                "quality", "--documents", "beir/corpus.jsonl", "--queries", "queries.tsv", "--qrels", "qrels.trec",
                "--run-dir", "runs-plain", "--query-kind", "any", "--query-kind", "all",
            ] + Self.tokenizers, in: directory)
        #expect(beir.status == 0, "\(beir.stderr)")
        #expect(plain.status == 0, "\(plain.stderr)")
        #expect(Self.figures(beir.stdout) == Self.figures(plain.stdout))
        // 3 tokenizers × 2 engines × 2 kinds, and the header.
        #expect(beir.stdout.split(separator: "\n").count == 1 + 12)
        #expect(
            beir.stderr.contains(
                "3 judged queries; 1 queries without judgments skipped; 1 judgments name an unknown document"),
            "\(beir.stderr)")
        let runs = try FileManager.default.contentsOfDirectory(
            atPath: directory.appendingPathComponent("runs-beir").path
        ).sorted()
        #expect(runs.count == 12)
        #expect(runs.contains("porter-bundled-all-full.run"))
        for name in runs {
            let beirRun = try String(
                contentsOf: directory.appendingPathComponent("runs-beir/\(name)"), encoding: .utf8)
            let plainRun = try String(
                contentsOf: directory.appendingPathComponent("runs-plain/\(name)"), encoding: .utf8)
            #expect(beirRun == plainRun, "\(name)")
        }
        // A run line: qid Q0 docid rank score tag, the score higher for the better rank.
        let unicode = try String(
            contentsOf: directory.appendingPathComponent("runs-beir/unicode61-system-any-full.run"), encoding: .utf8
        ).split(separator: "\n").map { $0.split(separator: " ") }
        #expect(unicode.allSatisfy { $0.count == 6 && $0[1] == "Q0" && $0[5] == "unicode61-system-any-full" })
        let q1 = unicode.filter { $0[0] == "q1" }
        #expect(q1.map { $0[3] } == (1...q1.count).map { Substring(String($0)) })
        #expect(zip(q1, q1.dropFirst()).allSatisfy { Double($0.0[4])! >= Double($0.1[4])! })
    }

    /// With no input flag, the embedded known-item collection; the per-query file lists every
    /// query of every row with its tokens.
    @Test func embeddedCollectionAndPerQueryFile() throws {
        let directory = try CLITests.makeTemporaryDirectory()
        let run = try CLITests.run(
            ["quality", "--engine", "system", "--per-query", "per-query.csv"] + Self.tokenizers, in: directory)
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n")
        #expect(
            lines.first
                == "tokenizer,spec,engine,sqlite_version,query_kind,detail,documents,queries,zero_results,no_tokens,rejected,lost,mean_results,nDCG@10,RR@10,R@10,R@100,P@1,baseline,p_value,wins,losses,ties,p50_us,p99_us,index_bytes,content_bytes,build_s,run_file,collection,collection_fingerprint,per_query_nDCG@10,error"
        )
        #expect(lines.count == 4)
        #expect(lines[2].hasPrefix("porter,porter,system,"))
        let perQuery = try String(contentsOf: directory.appendingPathComponent("per-query.csv"), encoding: .utf8)
            .split(separator: "\n")
        #expect(
            perQuery.first
                == "query_id,tokenizer,engine,query_kind,detail,status,results,first_relevant_rank,nDCG@10,RR@10,R@10,R@100,P@1,match,tokens,message"
        )
        // Strasse against Straße: unicode61 keeps ß, so the query's token strasse never finds the
        // case's own document (no first relevant rank), though it may find another.
        let strasse = try #require(perQuery.first { $0.hasPrefix("german-sharp-s-vs-ss,unicode61,system,any,") })
            .split(separator: ",", omittingEmptySubsequences: false)
        #expect(strasse[5] == "ran" && strasse[7] == "" && strasse[8] == "0.000000" && strasse[14] == "strasse")
    }

    /// `quality --shard`: the tokenizers are unicode61 (the baseline), porter and trigram; the
    /// first shard writes unicode61's row, the second ranks unicode61 too (for p and W/L/T) but
    /// writes only porter's and trigram's. Merged, the summary is the unsharded run's but for
    /// its timings, with the same comparisons; the per-query files merge byte for byte.
    @Test func shardsRankTheBaselineAndMergeIntoTheUnshardedRun() throws {
        let directory = try CLITests.makeTemporaryDirectory()
        let arguments = ["quality", "--engine", "system"] + Self.tokenizers
        let whole = try CLITests.run(arguments + ["-o", "whole.csv", "--per-query", "whole-q.csv"], in: directory)
        #expect(whole.status == 0, "\(whole.stderr)")
        for index in 1...2 {
            let shard = try CLITests.run(
                arguments + ["--shard", "\(index)/2", "-o", "\(index).csv", "--per-query", "\(index)-q.csv"],
                in: directory)
            #expect(shard.status == 0, "\(shard.stderr)")
        }
        func text(_ name: String) throws -> String {
            try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
        }
        let first = try text("1.csv")
        #expect(first.split(separator: "\n").count == 2, "the baseline's row only: \(first)")
        for (files, merged) in [(["1.csv", "2.csv"], "merged.csv"), (["1-q.csv", "2-q.csv"], "merged-q.csv")] {
            let merge = try CLITests.run(["merge"] + files + ["-o", merged], in: directory)
            #expect(merge.status == 0, "\(merge.stderr)")
        }
        #expect(Self.figures(try text("merged.csv")) == Self.figures(try text("whole.csv")))
        #expect(Self.figures(try text("whole.csv"))[2].contains(",unicode61,"), "porter is compared with unicode61")
        #expect(try text("merged-q.csv") == text("whole-q.csv"))
    }

    /// One row per kind of bad input: exit status 2, one line naming the file and line, and no
    /// output file.
    @Test(arguments: [
        (["--beir", "beir", "--split", "train"], "--split 'train':", "the splits are dev, test"),
        (["--beir", "bad-json"], "bad-json/corpus.jsonl:2: not valid JSON", ""),
        (["--beir", "duplicate-document"], "duplicate-document/corpus.jsonl:3: duplicate document id 'd1'", ""),
        (["--beir", "duplicate-query"], "duplicate-query/queries.jsonl:2: duplicate query id 'q1'", ""),
        (["--beir", "empty"], "empty/corpus.jsonl: the collection has no document", ""),
        (["--documents", "beir/corpus.jsonl"], "--documents, --queries and --qrels go together", ""),
        (["--beir", "beir", "--query-syntax", "fts5", "--query-kind", "all"], "--query-kind combines", ""),
        (["--beir", "nosuch"], "nosuch: no such directory", ""),
    ])
    func badInputExitsTwo(arguments: [String], message: String, detail: String) throws {
        let directory = try CLITests.makeTemporaryDirectory()
        try Self.writeCollection(in: directory)
        let variants = [
            "bad-json": "{\"_id\": \"d1\", \"text\": \"a\"}\n{\"_id\": \"d2\", \"text\": \"b\"\n",
            "duplicate-document": "{\"_id\": \"d1\", \"text\": \"a\"}\n\n{\"_id\": \"d1\", \"text\": \"b\"}\n",
            "duplicate-query": nil, "empty": "\n",
        ]
        for (name, corpus) in variants {
            let folder = directory.appendingPathComponent(name)
            try FileManager.default.copyItem(at: directory.appendingPathComponent("beir"), to: folder)
            if let corpus {
                try Data(corpus.utf8).write(to: folder.appendingPathComponent("corpus.jsonl"))
            } else {
                try Data("{\"_id\": \"q1\", \"text\": \"a\"}\n{\"_id\": \"q1\", \"text\": \"b\"}\n".utf8).write(
                    to: folder.appendingPathComponent("queries.jsonl"))
            }
        }
        let run = try CLITests.run(["quality", "--output", "out.csv"] + arguments, in: directory)
        #expect(run.status == 2, "\(run.stderr)")
        #expect(run.stderr.contains(message) && (detail.isEmpty || run.stderr.contains(detail)), "\(run.stderr)")
        #expect(run.stderr.split(separator: "\n").count == 1 || run.stderr.hasPrefix("Error:"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("out.csv").path))
    }

    /// `check --quality`: a summary that `quality -o` wrote passes unchanged (it names its own
    /// collection and holds each query's figure); a planted regression fails with the queries it
    /// lost; a changed collection is not a regression and exits 2.
    @Test func qualityCheckPassesUnchangedAndFailsAPlantedRegression() throws {
        let directory = try CLITests.makeTemporaryDirectory()
        try Self.writeCollection(in: directory)
        let written = try CLITests.run(
            [
                "quality", "--engine", "system", "--tokenizer", "unicode61", "--tokenizer", "latinascii", "-o",
                "base.csv",
            ],
            in: directory)
        #expect(written.status == 0, "\(written.stderr)")
        let unchanged = try CLITests.run(["check", "--quality", "base.csv"], in: directory)
        #expect(unchanged.status == 0, "\(unchanged.stderr)")
        #expect(
            unchanged.stdout.split(separator: "\n").map { $0.split(separator: ",").last ?? "" } == [
                "verdict", "same", "same",
            ], "\(unchanged.stdout)")
        #expect(unchanged.stderr.contains("no row of base.csv regressed (2 rows, alpha 0.05)"), "\(unchanged.stderr)")

        // Planted: the row labelled latinascii now runs unicode61, which folds no ß, æ or ı, against
        // latinascii's figures.
        let baseline = try String(contentsOf: directory.appendingPathComponent("base.csv"), encoding: .utf8)
        #expect(baseline.contains("\nlatinascii,latinascii,system,"))
        try Data(baseline.replacingOccurrences(of: "\nlatinascii,latinascii,", with: "\nlatinascii,unicode61,").utf8)
            .write(to: directory.appendingPathComponent("planted.csv"))
        let planted = try CLITests.run(["check", "--quality", "planted.csv"], in: directory)
        #expect(planted.status == 1, "\(planted.stderr)")
        #expect(planted.stdout.contains("\nlatinascii,system,any,full,"), "\(planted.stdout)")
        #expect(planted.stdout.hasSuffix(",regression\n"), "\(planted.stdout)")
        #expect(
            planted.stderr.contains("tokenbench: latinascii@system any full regressed: nDCG@10 "), "\(planted.stderr)")
        // Each lost query with its figures and the tokens it gives now: Grossmann's query is
        // grossmann under both, but unicode61 indexes the document's Großmann as großmann.
        #expect(planted.stderr.contains(": 1 → 0 (ran), tokens now: "), "\(planted.stderr)")
        #expect(planted.stderr.contains("1 of 2 rows regressed against planted.csv (alpha 0.05)"), "\(planted.stderr)")

        // The same baseline on a smaller alpha than its p-value passes: the gate is the test's.
        let strict = try CLITests.run(["check", "--quality", "planted.csv", "--alpha", "1e-9"], in: directory)
        #expect(strict.status == 0, "\(strict.stderr)")
        #expect(strict.stdout.contains(",worse\n"), "\(strict.stdout)")

        // A baseline of another collection: its fingerprint no longer matches.
        try Data(
            baseline.replacingOccurrences(
                of: #"(,[0-9a-f]{16},)"#, with: ",0123456789abcdef,", options: .regularExpression
            ).utf8
        ).write(to: directory.appendingPathComponent("changed.csv"))
        let changed = try CLITests.run(["check", "--quality", "changed.csv"], in: directory)
        #expect(changed.status == 2, "\(changed.stderr)")
        #expect(
            changed.stderr.contains(
                "the collection changed since the baseline was written (fixtures: fingerprint 0123456789abcdef, now "),
            "\(changed.stderr)")
        #expect(changed.stderr.split(separator: "\n").count == 1, "\(changed.stderr)")
    }

    /// `--locale`: the run is on the bundled engine only (stderr says why), its `collection`
    /// column records the locale, and `check --quality` reads the collection again with it.
    @Test func aLocaleGoesIntoTheBaselineAndTheCheck() throws {
        let directory = try CLITests.makeTemporaryDirectory()
        try Self.writeCollection(in: directory)
        let written = try CLITests.run(
            ["quality", "--tokenizer", "icu", "--locale", "tr", "--baseline", "icu", "-o", "tr.csv"], in: directory)
        #expect(written.status == 0, "\(written.stderr)")
        #expect(written.stderr.contains("skipped the system engine: the collection has locales"), "\(written.stderr)")
        let baseline = try String(contentsOf: directory.appendingPathComponent("tr.csv"), encoding: .utf8)
        #expect(baseline.contains(#"{""localized"":{""locale"":""tr"",""source"":"#), "\(baseline)")
        #expect(!baseline.contains(",system,"))
        let check = try CLITests.run(["check", "--quality", "tr.csv"], in: directory)
        #expect(check.status == 0, "\(check.stderr)")
        #expect(check.stdout.hasSuffix(",same\n"), "\(check.stdout)")

        let systemOnly = try CLITests.run(
            ["quality", "--tokenizer", "icu", "--locale", "tr", "--engine", "system"], in: directory)
        #expect(systemOnly.status == 2, "\(systemOnly.stderr)")
        #expect(
            systemOnly.stderr.contains(
                "has locales, which need SQLite 3.47 or later, and no engine of this run (system) has them"),
            "\(systemOnly.stderr)")
    }

    /// A BEIR baseline names its folder, relative to where `quality` ran: `check --quality` reads
    /// it from there again.
    @Test func qualityCheckReadsABEIRBaselinesOwnFolder() throws {
        let directory = try CLITests.makeTemporaryDirectory()
        try Self.writeCollection(in: directory)
        let written = try CLITests.run(
            ["quality", "--beir", "beir", "--engine", "bundled", "--tokenizer", "porter", "-o", "beir.csv"],
            in: directory)
        #expect(written.status == 0, "\(written.stderr)")
        let summary = try String(contentsOf: directory.appendingPathComponent("beir.csv"), encoding: .utf8)
        #expect(summary.contains(#""{""beir"":{""directory"":""beir"",""split"":""test""}}""#), "\(summary)")
        let check = try CLITests.run(["check", "--quality", "beir.csv"], in: directory)
        #expect(check.status == 0, "\(check.stderr)")
        #expect(
            check.stdout.split(separator: "\n").count == 3, "a row for porter and one for unicode61: \(check.stdout)")
    }
}
