import Foundation
import Testing

@testable import TokenBench
@testable import TokenBenchEngines
@testable import TokenBenchTokenizers

/// The quality run's figures, computed by hand on tiny collections: each expected value is
/// worked out in its comment from trec_eval's definitions, never taken from the code under test.
struct QualityTests {
    // MARK: Metrics of one ranking

    /// One ranking per row, its judgments, and the figures trec_eval gives it.
    @Test(
        arguments: [
            // The first document is the one relevant one: every figure is 1.
            (["a", "b"], ["a": 1], 1.0, 1.0, 1.0, 1.0, 1.0, 1 as Int?),
            // Relevant at rank 2: RR 1/2, P@1 0, nDCG 1/log2(3) over an ideal of 1.
            (["b", "a"], ["a": 1], 1 / log2(3.0), 0.5, 1.0, 1.0, 0.0, 2),
            // No relevant document retrieved: 0 everywhere, no rank.
            (["a", "b"], ["c": 1], 0.0, 0.0, 0.0, 0.0, 0.0, nil),
            // Graded: d2 (rel 1) before d1 (rel 2). DCG = 1/log2(2) + 2/log2(3); the ideal puts
            // d1 first: 2/log2(2) + 1/log2(3). The gain is the relevance itself, not 2^rel − 1.
            (["d2", "d1"], ["d1": 2, "d2": 1], (1 + 2 / log2(3.0)) / (2 + 1 / log2(3.0)), 1.0, 1.0, 1.0, 1.0, 1),
            // A document judged 0 is not relevant; half the relevant ones retrieved gives R 0.5.
            (["z", "a"], ["z": 0, "a": 1, "b": 1], (1 / log2(3.0)) / (1 + 1 / log2(3.0)), 0.5, 0.5, 0.5, 0.0, 2),
            // Rank 11: outside RR@10, R@10 and nDCG@10, inside R@100.
            ((1...10).map { "x\($0)" } + ["a"], ["a": 1], 0.0, 0.0, 0.0, 1.0, 0.0, 11),
            // Nothing retrieved (no token, or FTS5 rejected the query): 0 everywhere.
            ([], ["a": 1], 0.0, 0.0, 0.0, 0.0, 0.0, nil),
            // Judged only 0: nothing relevant to find; every figure 0, as trec_eval gives it.
            (["a"], ["a": 0], 0.0, 0.0, 0.0, 0.0, 0.0, nil),
        ] as [([String], [String: Int], Double, Double, Double, Double, Double, Int?)])
    func metricsOfOneRanking(
        ranking: [String], relevance: [String: Int], nDCG: Double, rr: Double, r10: Double, r100: Double, p1: Double,
        firstRank: Int?
    ) {
        let metrics = RankingMetrics(ranking: ranking, relevance: relevance)
        #expect(abs(metrics.nDCG10 - nDCG) < 1e-12, "nDCG@10")
        #expect(metrics.reciprocalRank10 == rr)
        #expect(metrics.recall10 == r10)
        #expect(metrics.recall100 == r100)
        #expect(metrics.precision1 == p1)
        #expect(metrics.firstRelevantRank == firstRank)
    }

    // MARK: Randomization test

    /// Sign-flip tests whose p-value is known in closed form.
    @Test(
        arguments: [
            // Five equal wins: only all-plus and all-minus reach |sum| 1, so p = 2/2^5, exactly.
            ([0.2, 0.2, 0.2, 0.2, 0.2], 2.0 / 32, 5, 0, 0, true),
            // No difference at all: every assignment reaches 0, p = 1.
            ([0.0, 0.0, 0.0], 1.0, 0, 0, 3, true),
            // +1 +1 +1 −1 (sum 2): of the 16 sign sums (4 once, 2 four times, 0 six, −2 four, −4
            // once), 10 reach |sum| ≥ 2, so p = 10/16.
            ([1.0, 1.0, 1.0, -1.0], 10.0 / 16, 3, 1, 0, true),
        ] as [([Double], Double, Int, Int, Int, Bool)])
    func exactRandomizationTest(differences: [Double], pValue: Double, wins: Int, losses: Int, ties: Int, exact: Bool) {
        let test = RandomizationTest(differences, against: differences.map { _ in 0 })
        #expect(abs(test.pValue - pValue) < 1e-12)
        #expect(test.wins == wins && test.losses == losses && test.ties == ties)
        #expect(test.isExact == exact)
    }

    /// Past 2^n > permutations the test samples. Twelve +1 and eight −1 (sum 4): the sum of 20
    /// random signs is 20 − 2k for k minus signs, and |20 − 2k| ≥ 4 for k ≤ 8 or k ≥ 12, so
    /// p = 2 · Σ_{k=0..8} C(20, k) / 2^20 = 2 · 263 950 / 1 048 576 = 0.50345. Ten thousand
    /// samples have a standard error of 0.005.
    @Test func sampledRandomizationTestApproachesTheExactValue() {
        let differences = Array(repeating: 1.0, count: 12) + Array(repeating: -1.0, count: 8)
        let test = RandomizationTest(differences, against: differences.map { _ in 0 }, permutations: 10_000)
        #expect(!test.isExact)
        #expect(abs(test.pValue - 527_900.0 / 1_048_576) < 0.02, "\(test.pValue)")
        // The same seed gives the same p-value.
        #expect(RandomizationTest(differences, against: differences.map { _ in 0 }).pValue == test.pValue)
        // Twenty equal wins: exactly 2/2^20, which no sample of 10 000 reaches; the estimate
        // counts the observed assignment, so it is 1/10 001 or a hit more, never 0.
        let sweep = RandomizationTest(Array(repeating: 0.1, count: 20), against: Array(repeating: 0, count: 20))
        #expect(sweep.pValue > 0 && sweep.pValue <= 3.0 / 10_001)
    }

    // MARK: Search-box queries

    @Test(arguments: [
        (SearchQueryKind.any, "grey  cat", "\"grey\" OR \"cat\""),
        (.all, "grey cat", "\"grey\" AND \"cat\""),
        (.phrase, " grey\tcat ", "\"grey cat\""),
        // A quote inside a word is doubled, so the word stays one FTS5 string.
        (.any, "say \"hi\"", "\"say\" OR \"\"\"hi\"\"\""),
        // FTS5 syntax in the text is a word like any other, except with --query-syntax fts5.
        (.all, "a OR b", "\"a\" AND \"OR\" AND \"b\""),
        (.fts5, "a OR b*", "a OR b*"),
        // GRDB's builders, called: the text split by FTS5's ascii tokenizer, bare words.
        (.grdbAll, "Don't know", "don t know"),
        (.grdbPrefixPhrase, "grey cat", "^\"grey cat\""),
    ])
    func searchBoxQueries(kind: SearchQueryKind, text: String, expression: String) {
        #expect(kind.matchExpression(for: text) == expression)
    }

    /// Every kind but the search box's own three runs as its builder made it: the nine app kinds
    /// find their builder by name, and fts5 is the text unchanged.
    @Test func theAppKindsRunAsBuilt() {
        #expect(SearchQueryKind.allCases.filter { !$0.runsAsBuilt } == [.any, .all, .phrase])
        #expect(SearchQueryKind.allCases.compactMap(\.typedKind) == TypedQueryKind.allCases)
    }

    @Test func aQueryOfWhiteSpaceHasNoExpression() {
        for kind in SearchQueryKind.searchBox { #expect(kind.matchExpression(for: " \t ") == nil) }
    }

    /// The typed kinds build their pattern with the index's own tokenizer, in the worker: a
    /// quality run's per-query rows show it (`"don't" "know"` with icu, where GRDB's is
    /// `don t know`), and icu finds the note with it where GRDB's pattern finds nothing.
    @Test func typedKindsUseTheIndexTokenizer() throws {
        let collection = try QualityCollection(
            documents: [QualityDocument(id: "n1", text: "I don't know yet"), QualityDocument(id: "n2", text: "no")],
            queries: [QualityQuery(id: "q1", text: "don't know")],
            judgments: [QualityJudgment(queryID: "q1", documentID: "n1", relevance: 1)])
        let report = try Workbench().quality(
            collection,
            options: QualityOptions(
                tokenizers: [TokenizerSpec(text: "icu")], engines: [.system], queryKinds: [.grdbAll, .typedAll]))
        let rows = report.rows.filter { $0.tokenizer == "icu" }
        #expect(rows.map(\.queryKind) == [.grdbAll, .typedAll])
        let outcomes = report.outcomes.filter { $0.tokenizer == "icu" }
        #expect(outcomes.map(\.matchExpression) == ["don t know", "\"don't\" \"know\""])
        #expect(rows.map(\.metrics.nDCG10) == [0, 1])
    }

    // MARK: A run on a real FTS5 table

    /// The prefix-indexed copy's statements: rowid ranges in order, covering every document,
    /// each ending at the row limit or with the row whose bytes reach the byte limit.
    @Test(arguments: [
        // Small rows: the row limit cuts.
        ([1, 1, 1, 1, 1], 2, 100, [1...2, 3...4, 5...5]),
        // A row that reaches the byte limit ends its statement; a big row goes alone.
        ([3, 3, 3, 20, 1], 10, 6, [1...2, 3...4, 5...5]),
        ([20, 1, 1], 10, 6, [1...1, 2...3]),
        // A skipped document (0 bytes) is still in a range; no documents, no statement.
        ([0, 0], 10, 6, [1...2]),
        ([], 10, 6, []),
    ])
    func copyBatches(bytes: [Int], maxRows: Int, maxBytes: Int, expected: [ClosedRange<Int>]) {
        #expect(QualityUnit.copyBatches(documentBytes: bytes, maxRows: maxRows, maxBytes: maxBytes) == expected)
    }

    /// `advise` answers prefix queries from a prefix-indexed copy of each index: every answer is
    /// the table's own. d1 holds one token for unicode61, and colour with color colocated for
    /// synonyms; d2 one token. On the table, `co*` finds each once: bm25 ties, and the greater
    /// id comes first (d2), so the query judging d1 has RR 1/2. A prefix index of length 2 would
    /// count d1's colocated pair twice and put d1 first: the copy is not used for synonyms.
    @Test(arguments: [
        // Colocated tokens: the table answers.
        "synonyms",
        // None: the copy answers.
        "unicode61",
    ])
    func prefixQueriesAnswerAsTheTableDoes(tokenizer: String) throws {
        let collection = try QualityCollection(
            documents: [QualityDocument(id: "d1", text: "colour"), QualityDocument(id: "d2", text: "cobalt")],
            // One query in ten, the first, runs on the table for its latency: q1 is the second.
            queries: [QualityQuery(id: "q0", text: "cob"), QualityQuery(id: "q1", text: "co")],
            judgments: [
                QualityJudgment(queryID: "q0", documentID: "d2", relevance: 1),
                QualityJudgment(queryID: "q1", documentID: "d1", relevance: 1),
            ])
        var options = QualityOptions(
            tokenizers: [TokenizerSpec(text: tokenizer)], engines: [.system, .bundled],
            queryKinds: [.typedPrefixes, .grdbPrefixes, .typedAll])
        let workbench = try Workbench()
        let table = try workbench.quality(collection, options: options)
        options.prefixQueriesOnPrefixIndex = true
        let copy = try workbench.quality(collection, options: options)
        func answers(_ report: QualityReport) -> [String] {
            report.outcomes.map {
                "\($0.engine) \($0.queryKind) \($0.queryID): \($0.results) \($0.metrics.reciprocalRank10) \($0.topDocumentIDs)"
            }
        }
        #expect(answers(copy) == answers(table))
        let first = try #require(
            copy.outcomes.first { $0.queryID == "q1" && $0.queryKind == .typedPrefixes && $0.engine == "system" })
        #expect(first.topDocumentIDs == ["d2", "d1"])
    }

    /// d1 and d2 hold the same text, so bm25 ties; trec_eval puts the greater document id first
    /// (d2), so the query judging d1 relevant has RR 1/2 and P@1 0. "!!" has no token for
    /// unicode61; with detail=none the two-word phrase is rejected by FTS5.
    @Test func aRunOnARealTableOrdersTiesAsTrecEvalDoes() throws {
        let collection = try QualityCollection(
            documents: [
                QualityDocument(id: "d1", text: "apple pie"), QualityDocument(id: "d2", text: "apple pie"),
                QualityDocument(id: "d3", title: "Pears", text: "poached pears"),
            ],
            queries: [
                QualityQuery(id: "tie", text: "apple"), QualityQuery(id: "pears", text: "pears poached"),
                QualityQuery(id: "empty", text: "!!"), QualityQuery(id: "unjudged", text: "apple"),
            ],
            judgments: [
                QualityJudgment(queryID: "tie", documentID: "d1", relevance: 1),
                QualityJudgment(queryID: "pears", documentID: "d3", relevance: 1),
                QualityJudgment(queryID: "empty", documentID: "d3", relevance: 1),
                QualityJudgment(queryID: "nosuch", documentID: "d3", relevance: 1),
                QualityJudgment(queryID: "tie", documentID: "gone", relevance: 0),
            ])
        #expect(collection.unjudgedQueries == 1)
        #expect(collection.judgmentsOfUnknownQueries == 1)
        #expect(collection.judgmentsOfUnknownDocuments == 1)
        let report = try Workbench().quality(
            collection,
            options: QualityOptions(
                tokenizers: [TokenizerSpec(parsing: "unicode61"), TokenizerSpec(parsing: "porter")],
                queryKinds: [.any, .phrase], details: [.full, .none]))
        #expect(report.rows.count == 2 * 2 * 2)
        let outcome = { (query: String, kind: SearchQueryKind, detail: FTS5Detail) in
            report.outcomes.first {
                $0.queryID == query && $0.tokenizer == "unicode61" && $0.queryKind == kind && $0.detail == detail
            }!
        }
        let tie = outcome("tie", .any, .full)
        #expect(tie.results == 2)
        #expect(tie.metrics.reciprocalRank10 == 0.5 && tie.metrics.precision1 == 0)
        #expect(outcome("empty", .any, .full).status == .noTokens)
        #expect(outcome("pears", .any, .full).metrics.precision1 == 1)
        // "pears poached" is not the document's word order: the phrase finds nothing.
        #expect(outcome("pears", .phrase, .full).results == 0)
        #expect(outcome("pears", .phrase, .none).status == .rejected)
        let row = report.rows.first { $0.tokenizer == "unicode61" && $0.queryKind == .any && $0.detail == .full }!
        // Three judged queries: (1/2 + 1 + 0) / 3 for RR@10.
        #expect(row.queries == 3 && row.zeroResults == 1 && row.noTokens == 1)
        #expect(abs(row.metrics.reciprocalRank10 - 0.5) < 1e-12)
        #expect(row.comparison == nil && row.baseline == "unicode61")
        #expect(report.rows.first { $0.tokenizer == "porter" }?.baseline == "unicode61")
        // The index's pages: some for full, no more for none.
        let full = try #require(row.indexBytes)
        let none = try #require(
            report.rows.first { $0.tokenizer == "unicode61" && $0.detail == .none }?.indexBytes)
        #expect(full > 0 && none <= full)
    }

    /// SQLite 3.40.1 crashes (a NULL strlen) on `SELECT rowid, rank FROM t WHERE t MATCH
    /// '"-" OR "profile"' ORDER BY rank` when t has detail=column or none: reproduced in its
    /// sqlite3 shell and Python's sqlite3; 3.54.1 answers. A search box makes such a query from
    /// "- profile". The run must rank it on every engine, never take that path.
    @Test func aPhraseWithoutTokensInAnORDoesNotCrashTheEngine() throws {
        let collection = try QualityCollection(
            documents: [
                QualityDocument(id: "d1", text: "profile one"), QualityDocument(id: "d2", text: "profile two"),
            ],
            queries: [QualityQuery(id: "q", text: "- profile")],
            judgments: [QualityJudgment(queryID: "q", documentID: "d1", relevance: 1)])
        let report = try Workbench().quality(
            collection,
            options: QualityOptions(
                tokenizers: [TokenizerSpec(parsing: "unicode61")], engines: SQLiteEngine.builtIn,
                details: FTS5Detail.allCases))
        #expect(report.outcomes.count == 2 * 3)
        // Both documents tie; d2 ranks first (the greater id), so the relevant d1 is second.
        #expect(report.outcomes.allSatisfy { $0.status == .ran && $0.metrics.firstRelevantRank == 2 })
    }

    // MARK: Reading collections

    /// One bad file per row: the error names the file and line.
    @Test(arguments: [
        (
            "documents", "{\"_id\": \"a\", \"text\": \"x\"}\n{\"_id\": \"b\", \"text\": 3}\n",
            "documents:2: the document 'b' has no 'text' string"
        ),
        (
            "documents", "{\"_id\": \"a\", \"text\": \"x\"}\n{\"_id\": \"a\", \"text\": \"y\"}\n",
            "documents:2: duplicate document id 'a' (first at line 1)"
        ),
        ("documents", "{\"_id\": \"a\", \"text\": \"x\"}\n{\"_id\": \"b\", \"text\"\n", "documents:2: not valid JSON"),
        ("documents", "a\tx\nb no tab\n", "documents:2: expected a document as id<TAB>text"),
        ("documents", "\n\n", "documents: the collection has no document"),
        ("queries", "q1\tx\nq1\ty\n", "queries:2: duplicate query id 'q1' (first at line 1)"),
        ("qrels", "q1 0 a 1\nq1 0 a x\n", "qrels:2: the relevance 'x' is not an integer"),
        (
            "qrels", "q1 a\n",
            "qrels:1: expected 'qid iter docid rel' (TREC) or 'query-id corpus-id score' (BEIR), found 2 fields"
        ),
        ("qrels", "q1 0 a 1\nq1 0 a 2\n", "qrels:2: query 'q1' judges document 'a' twice (first at line 1)"),
        // A locale is a non-empty string.
        (
            "queries", "{\"_id\": \"q1\", \"text\": \"apple\", \"locale\": 7}\n",
            "queries:1: the query 'q1' has a 'locale' that is not a locale string"
        ),
        (
            "documents", "{\"_id\": \"a\", \"text\": \"apple\", \"locale\": \"\"}\n",
            "documents:1: the document 'a' has a 'locale' that is not a locale string"
        ),
    ])
    func badCollectionFilesNameTheFileAndLine(file: String, content: String, message: String) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tb-quality-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var files = ["documents": "a\tapple\n", "queries": "q1\tapple\n", "qrels": "q1 0 a 1\n"]
        files[file] = content
        for (name, text) in files {
            try Data(text.utf8).write(to: directory.appendingPathComponent(name))
        }
        let path = { (name: String) in directory.appendingPathComponent(name).path }
        do {
            _ = try QualityCollection.files(
                documents: path("documents"), queries: path("queries"), judgments: path("qrels"))
            Issue.record("no error for \(file)")
        } catch {
            let expected = directory.path + "/" + message
            #expect("\(error)".hasPrefix(expected), "\(error)")
        }
    }

    /// Each document and query's locale: Turkish and English texts in one `locale=1` table on the
    /// bundled 3.54.1, ranked by icu, which folds the Turkish ones the Turkic way. The system's
    /// 3.40.1 has no locales: it is skipped, and alone it is an error.
    @Test func eachTextsLocaleReachesTheIndexAndTheQuery() throws {
        let collection = try QualityCollection(
            documents: [
                QualityDocument(id: "igdir-tr", text: "IĞDIR", locale: "tr"),
                QualityDocument(id: "info-en", text: "INFO desk", locale: "en"),
                // No locale of its own: root folding, iğdir, which the Turkish query misses.
                QualityDocument(id: "igdir-none", text: "IĞDIR"),
            ],
            queries: [
                QualityQuery(id: "q-tr", text: "ığdır", locale: "tr"),
                QualityQuery(id: "q-en", text: "info", locale: "en"),
            ],
            judgments: [
                QualityJudgment(queryID: "q-tr", documentID: "igdir-tr", relevance: 1),
                QualityJudgment(queryID: "q-tr", documentID: "igdir-none", relevance: 1),
                QualityJudgment(queryID: "q-en", documentID: "info-en", relevance: 1),
            ])
        #expect(collection.hasLocales)
        let options = QualityOptions(
            tokenizers: [TokenizerSpec(text: "icu")], engines: [.system, .bundled],
            baseline: TokenizerSpec(text: "icu"))
        let report = try Workbench().quality(collection, options: options)
        #expect(report.skippedEngines.map(\.engine.name) == ["system"])
        #expect(report.rows.map(\.engine) == ["bundled"])
        let found = Dictionary(uniqueKeysWithValues: report.outcomes.map { ($0.queryID, $0.tokens) })
        // The query's tokens are traced under its locale too.
        #expect(found == ["q-tr": "ığdır", "q-en": "info"])
        // q-tr finds igdir-tr but not igdir-none; q-en finds its document.
        #expect(report.rows.first?.metrics.recall10 == 0.75)

        // The same collection with the locales given as the default of every text.
        let plain = try QualityCollection(
            documents: [QualityDocument(id: "a", text: "IĞDIR")], queries: [QualityQuery(id: "q", text: "ığdır")],
            judgments: [QualityJudgment(queryID: "q", documentID: "a", relevance: 1)])
        let turkish = try QualityCollection(
            documents: [QualityDocument(id: "a", text: "IĞDIR")], queries: [QualityQuery(id: "q", text: "ığdır")],
            judgments: [QualityJudgment(queryID: "q", documentID: "a", relevance: 1)], defaultLocale: "tr")
        #expect(!plain.hasLocales && turkish.hasLocales)
        #expect(plain.fingerprint != turkish.fingerprint)
        let bundledOnly = QualityOptions(
            tokenizers: [TokenizerSpec(text: "icu")], engines: [.bundled], baseline: TokenizerSpec(text: "icu"))
        #expect(try Workbench().quality(plain, options: bundledOnly).rows.first?.metrics.recall10 == 0)
        #expect(try Workbench().quality(turkish, options: bundledOnly).rows.first?.metrics.recall10 == 1)

        let systemOnly = QualityOptions(
            tokenizers: [TokenizerSpec(text: "icu")], engines: [.system], baseline: TokenizerSpec(text: "icu"))
        #expect(throws: TokenBenchError.self) { try Workbench().quality(turkish, options: systemOnly) }
    }

    /// BEIR's qrels header is skipped; its three-column lines and TREC's four read alike.
    @Test func beirAndTrecJudgmentsReadAlike() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tb-qrels-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data("query-id\tcorpus-id\tscore\nq1\ta\t2\nq2\tb\t0\n".utf8).write(
            to: directory.appendingPathComponent("b"))
        try Data("q1 0 a 2\nq2\tQ0\tb 0\n".utf8).write(to: directory.appendingPathComponent("t"))
        let beir = try QualityFileFormat.judgments(ofFile: directory.appendingPathComponent("b").path).map(\.0)
        let trec = try QualityFileFormat.judgments(ofFile: directory.appendingPathComponent("t").path).map(\.0)
        #expect(beir == trec)
        #expect(
            beir == [
                QualityJudgment(queryID: "q1", documentID: "a", relevance: 2),
                QualityJudgment(queryID: "q2", documentID: "b", relevance: 0),
            ])
    }

    /// The embedded known-item collection: every case a document but for the engine-differences,
    /// locale and typed ones; a case some tokenizer is expected to match is a query, its own document
    /// relevant along with any of the same text.
    @Test func fixturesReadAsKnownItems() throws {
        let fixtures = try FixtureSet(
            cases: FixtureSet.defaults().cases.filter { !QualityCollection.excludedCategories.contains($0.category) })
        // 6 engine-differences cases, 11 locale ones and 33 typed ones.
        #expect(try FixtureSet.defaults().cases.count - fixtures.cases.count == 50)
        let collection = try QualityCollection.embedded()
        #expect(collection.documentCount == fixtures.cases.count)
        let foo = try #require(collection.judgments["seed-table-foo-upper"])
        #expect(foo["seed-table-foo-upper"] == 1 && foo["seed-table-foo-foo"] == 1)
        let neverMatched = fixtures.cases.filter { !$0.expectations.values.contains { $0.values.contains(.match) } }
        #expect(collection.queries.count + collection.unjudgedQueries == fixtures.cases.count - neverMatched.count)
        #expect(collection.unjudgedQueries == 0)
    }

    // MARK: CSV

    @Test func summaryCSVReadsBackAsWritten() throws {
        let collection = try QualityCollection(
            documents: [QualityDocument(id: "a", text: "apple"), QualityDocument(id: "b", text: "banana")],
            queries: [QualityQuery(id: "q", text: "apple")],
            judgments: [QualityJudgment(queryID: "q", documentID: "a", relevance: 1)])
        let report = try Workbench().quality(
            collection,
            options: QualityOptions(tokenizers: [
                TokenizerSpec(parsing: "unicode61"), TokenizerSpec(parsing: "trigram"),
            ]))
        let text = QualityRow.csvTable(report.rows).csv()
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("tb-quality-\(UUID()).csv")
        try Data(text.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        #expect(QualityRow.csvTable(try QualityRow.rows(ofFile: file.path)).csv() == text)
    }
}
