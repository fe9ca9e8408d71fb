import CReferenceLoop
import Foundation
import GRDB
import Testing

@_spi(Benchmarks) @testable import TokenBench
@testable import TokenBenchEngines
@testable import TokenBenchTokenizers

/// Throughput: the statistics, the CSV, relative figures, the baseline comparison and the token
/// count checks. No test here asserts a speed: figures depend on the machine.
struct ThroughputTests {
    // MARK: Statistics

    @Test func statisticsOfRunTimes() {
        let statistics = TimingStatistics(nanoseconds: [5_000_000, 1_000_000, 3_000_000, 2_000_000, 4_000_000])
        #expect(statistics.count == 5)
        // HdrHistogram keeps three significant digits: within 0.1%.
        #expect(abs(statistics.minSeconds - 0.001) <= 0.001 * 1e-3)
        #expect(abs(statistics.medianSeconds - 0.003) <= 0.003 * 1e-3)
        #expect(abs(statistics.maxSeconds - 0.005) <= 0.005 * 1e-3)
    }

    @Test func percentilesOfLatencies() {
        // 1 µs … 100 µs, one sample each: the pth percentile is p µs.
        let statistics = TimingStatistics(nanoseconds: (1...100).map { UInt64($0) * 1_000 })
        for percentile in [50.0, 90.0, 99.0] {
            #expect(
                abs(statistics.microseconds(atPercentile: percentile) - percentile) <= percentile * 1e-3,
                "p\(percentile)")
        }
    }

    // MARK: Rows and CSV

    static let corpus = CorpusSurvey(
        name: "c.txt", bytes: 2_000_000, documents: 1_000, checksum: "fnv1a64:00000000000000ff", batches: 1)

    static func row(
        _ tokenizer: String, _ operation: ThroughputOperation, median: Double, mode: TokenizationMode = .document,
        storage: IndexStorage? = nil, p50: Double? = nil, tokens: Int? = 400_000
    ) -> ThroughputRow {
        ThroughputRow(
            tokenizer: tokenizer, operation: operation, mode: mode, storage: storage, corpus: corpus, tokens: tokens,
            runs: 5,
            minSeconds: median * 0.9, medianSeconds: median, maxSeconds: median * 1.2, queries: p50 == nil ? nil : 10,
            p50Microseconds: p50, p90Microseconds: p50.map { $0 * 2 }, p99Microseconds: p50.map { $0 * 3 },
            reference: "unicode61")
    }

    @Test func csvColumnsStartWithTheDocumentedOnes() {
        let documented =
            "tokenizer,engine,operation,mode,corpus,bytes,documents,tokens,runs,min_s,median_s,max_s,mb_per_s,tokens_per_s,ns_per_token,relative"
        #expect(ThroughputRow.csvHeader.joined(separator: ",").hasPrefix(documented))
    }

    @Test func csvRowDerivesThroughputFromTheMedian() {
        var row = Self.row("ascii", .tokenize, median: 0.01)
        row.relative = 2
        let fields = Dictionary(uniqueKeysWithValues: zip(ThroughputRow.csvHeader, row.csvFields))
        // 2 MB in 10 ms: 200 MB/s; 400 000 tokens: 40 M tokens/s, 25 ns/token; 1000 docs: 100 000 docs/s.
        #expect(fields["mb_per_s"] == "200.00")
        #expect(fields["tokens_per_s"] == "40000000")
        #expect(fields["ns_per_token"] == "25.00")
        #expect(fields["documents_per_s"] == "100000")
        #expect(fields["median_s"] == "0.010000")
        #expect(fields["relative"] == "2.000")
        #expect(fields["checksum"] == "fnv1a64:00000000000000ff")
        #expect(fields["p50_us"] == "")
        #expect(row.csvFields.count == ThroughputRow.csvHeader.count)
    }

    @Test func queryRowsReportLatenciesNotThroughput() {
        let row = Self.row("ascii", .query, median: 0.00002, mode: .query, storage: .file, p50: 20, tokens: nil)
        let fields = Dictionary(uniqueKeysWithValues: zip(ThroughputRow.csvHeader, row.csvFields))
        #expect(fields["mb_per_s"] == "")
        #expect(fields["p50_us"] == "20.0")
        #expect(fields["p99_us"] == "60.0")
        #expect(fields["queries"] == "10")
        #expect(fields["storage"] == "file")
    }

    /// Each row pins which reference row a relative figure is divided by.
    @Test func relativeFiguresComeFromTheSameOperationModeAndStorage() {
        let rows = ThroughputMeasurer.addingRelativeFigures(
            to: [
                Self.row("unicode61", .tokenize, median: 0.02),
                Self.row("fast", .tokenize, median: 0.01), // twice as fast: 2
                Self.row("unicode61", .tokenize, median: 0.04, mode: .query),
                Self.row("fast", .tokenize, median: 0.01, mode: .query), // against the query row: 4
                Self.row("unicode61", .cReference, median: 0.019), // the reference's 0.02 s over C's 0.019 s
                Self.row("unicode61", .index, median: 0.1, storage: .memory),
                Self.row("fast", .index, median: 0.2, storage: .memory), // half as fast: 0.5
                Self.row("unicode61", .index, median: 0.3, storage: .file),
                Self.row("fast", .index, median: 0.3, storage: .file), // same: 1
                Self.row("unicode61", .query, median: 0, mode: .query, storage: .file, p50: 10),
                Self.row("fast", .query, median: 0, mode: .query, storage: .file, p50: 40), // 4× the latency: 0.25
            ], referenceName: "unicode61")
        let relatives = rows.map { $0.relative ?? .nan }
        let expected = [1, 2, 1, 4, 0.02 / 0.019, 1, 0.5, 1, 1, 1, 0.25]
        #expect(relatives.count == expected.count, "one relative figure per row, none dropped by zip")
        for (index, (actual, wanted)) in zip(relatives, expected).enumerated() {
            #expect(abs(actual - wanted) < 1e-9, "row \(index)")
        }
        // The C loop's own ratio, in a column of its own: the harness's speed over C's.
        #expect(
            rows.map { $0.harnessOverCLoop.map { ($0 * 1000).rounded() } } == [
                nil, nil, nil, nil, 950, nil, nil, nil, nil, nil, nil,
            ])
        #expect(rows.allSatisfy { $0.tokenizerOverLimitLoop == nil })
    }

    /// A c-limit row: `relative` against the reference like every row, and the tokenizer's
    /// speed over its limit loop's in `tokenizer_over_limit`.
    @Test func aLimitRowIsRelativeToTheReferenceAndNamesItsOwnRatio() throws {
        let rows = ThroughputMeasurer.addingRelativeFigures(
            to: [
                Self.row("unicode61", .tokenize, median: 0.01),
                Self.row("icu", .tokenize, median: 0.04), // a quarter of unicode61's speed
                Self.row("icu", .cLimit, median: 0.05), // the limit loop: a fifth; icu is 1.25× of it
            ], referenceName: "unicode61")
        let limit = try #require(rows.last)
        #expect(abs((limit.relative ?? .nan) - 0.2) < 1e-9)
        #expect(abs((limit.tokenizerOverLimitLoop ?? .nan) - 1.25) < 1e-9)
        #expect(limit.harnessOverCLoop == nil && rows[1].tokenizerOverLimitLoop == nil)
    }

    /// A C loop's row is compared by its own ratio, the Swift side over the loop: it falls when
    /// the tokenizer gets slower, not when the loop does. A CSV written before those ratios had
    /// columns of their own held them in `relative`, and is read so.
    @Test func loopRowsAreComparedByTheirOwnRatio() throws {
        let older = """
            tokenizer,operation,mode,corpus,reference,storage,relative
            unicode61,tokenize,document,c.txt,unicode61,,1.000
            icu,tokenize,document,c.txt,unicode61,,0.250
            icu,c-limit,document,c.txt,unicode61,,1.250

            """
        let baseline = try ThroughputBaseline(csv: older, file: "older.csv")
        let limitKey = try #require(baseline.figures.keys.first { $0.operation == .cLimit })
        #expect(baseline.figures[limitKey] == 1.25)
        // Now icu at a third of unicode61, its loop at a fifth: icu over its loop 1.67, up.
        let steady = ThroughputMeasurer.addingRelativeFigures(
            to: [
                Self.row("unicode61", .tokenize, median: 0.01), Self.row("icu", .tokenize, median: 0.03),
                Self.row("icu", .cLimit, median: 0.05),
            ], referenceName: "unicode61")
        #expect(try baseline.regressions(in: steady, threshold: 0.15).isEmpty)
        // icu twice as slow against the same loop: 0.83 of its loop, a fall of a third.
        let slower = ThroughputMeasurer.addingRelativeFigures(
            to: [
                Self.row("unicode61", .tokenize, median: 0.01), Self.row("icu", .tokenize, median: 0.06),
                Self.row("icu", .cLimit, median: 0.05),
            ], referenceName: "unicode61")
        let regressions = try baseline.regressions(in: slower, threshold: 0.15)
        #expect(regressions.map(\.key.operation.rawValue).sorted() == ["c-limit", "tokenize"])
        #expect(regressions.contains { $0.description.contains("tokenizer_over_limit 1.250 -> 0.833") })
    }

    // MARK: Baseline

    static func baselineCSV(_ rows: [ThroughputRow]) -> String {
        ThroughputRow.table(ThroughputMeasurer.addingRelativeFigures(to: rows, referenceName: "unicode61")).csv()
    }

    @Test func baselineFlagsOnlyFallsBeyondTheThreshold() throws {
        let baseline = try ThroughputBaseline(
            csv: Self.baselineCSV([
                Self.row("unicode61", .tokenize, median: 0.01),
                Self.row("a", .tokenize, median: 0.01), // relative 1.0
                Self.row("b", .tokenize, median: 0.01), // relative 1.0
                Self.row("c", .tokenize, median: 0.01), // relative 1.0
            ]), file: "base.csv")
        let current = ThroughputMeasurer.addingRelativeFigures(
            to: [
                Self.row("unicode61", .tokenize, median: 0.02), // the machine got slower: not a regression by itself
                Self.row("a", .tokenize, median: 0.02 / 0.9), // 0.90: a 10% fall, within 15%
                Self.row("b", .tokenize, median: 0.02 / 0.8), // 0.80: a 20% fall, reported
                Self.row("c", .tokenize, median: 0.01), // 2.00: faster
                Self.row("new", .tokenize, median: 0.1), // not in the baseline: not compared
            ], referenceName: "unicode61")
        let regressions = try baseline.regressions(in: current, threshold: 0.15)
        #expect(regressions.map(\.key.tokenizer) == ["b"])
        #expect(regressions.first.map { abs($0.change + 0.2) < 1e-9 } == true)
        #expect(regressions.first?.description == "b on system tokenize document: relative 1.000 -> 0.800 (-20.0%)")
        #expect(try baseline.regressions(in: current, threshold: 0.05).map(\.key.tokenizer) == ["a", "b"])
    }

    @Test func baselineWithNothingComparableIsAnError() throws {
        let baseline = try ThroughputBaseline(
            csv: Self.baselineCSV([Self.row("unicode61", .tokenize, median: 0.01)]), file: "base.csv")
        var other = Self.row("unicode61", .tokenize, median: 0.01)
        other.corpus.name = "another.txt"
        other.relative = 1
        #expect(
            throws: TokenBenchError.invalidArgument(
                name: "baseline", value: "base.csv",
                reason:
                    "no row matches this run (same tokenizer, engine, operation, mode, storage, corpus and reference)")
        ) {
            _ = try baseline.regressions(in: [other], threshold: 0.15)
        }
    }

    /// Each row: a malformed baseline and the one-line error naming its line.
    @Test(arguments: [
        (
            "",
            TokenBenchError.invalidFixture(
                file: "b.csv", line: 0, reason: "empty file; expected a CSV from 'tokenbench throughput'")
        ),
        (
            "tokenizer,operation\n",
            .invalidFixture(
                file: "b.csv", line: 1, reason: "no 'mode' column; expected a CSV from 'tokenbench throughput'")
        ),
        (
            "tokenizer,operation,mode,storage,corpus,reference,relative\na,tokenize,document,,c,u\n",
            .invalidFixture(file: "b.csv", line: 2, reason: "6 fields where the header has 7")
        ),
        (
            "tokenizer,operation,mode,storage,corpus,reference,relative\na,tokenize,document,,c,u,fast\n",
            .invalidFixture(file: "b.csv", line: 2, reason: "relative 'fast' is not a finite number")
        ),
        // A relative of 0 would flag nothing ever: a baseline must have positive figures.
        (
            "tokenizer,operation,mode,storage,corpus,reference,relative\na,tokenize,document,,c,u,0\n",
            .invalidFixture(file: "b.csv", line: 2, reason: "relative '0' is not a positive number")
        ),
        // Operations, modes and storages are read as the enums the writer wrote, not as free text.
        (
            "tokenizer,operation,mode,storage,corpus,reference,relative\na,tokenise,document,,c,u,1\n",
            .invalidFixture(
                file: "b.csv", line: 2, reason: "operation 'tokenise' is not an operation of 'tokenbench throughput'")
        ),
        (
            "tokenizer,operation,mode,storage,corpus,reference,relative\na,tokenize,documents,,c,u,1\n",
            .invalidFixture(file: "b.csv", line: 2, reason: "mode 'documents' is not a tokenization mode")
        ),
        (
            "tokenizer,operation,mode,storage,corpus,reference,relative\na,index,document,disk,c,u,1\n",
            .invalidFixture(file: "b.csv", line: 2, reason: "storage 'disk' is not memory or file")
        ),
    ])
    func malformedBaselinesAreRejected(text: String, error: TokenBenchError) {
        #expect(throws: error) { _ = try ThroughputBaseline(csv: text, file: "b.csv") }
    }

    // MARK: Token counts

    static func writeCorpus(_ lines: [String]) throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "tokenbench-corpus-\(UUID().uuidString).txt")
        try Data(lines.joined(separator: "\n").utf8).write(to: url)
        return url.path
    }

    @Test func harnessAndCLoopCountTheTokensTheTokenizerEmits() throws {
        let documents = ["Großmann trifft Müller", "ﬁdélité et aimé", "日本語のテキスト", "DIYARBAKIR Diyarbakır", "x"]
        let path = try Self.writeCorpus(documents)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let workbench = try Workbench()
        let specs = [
            TokenizerSpec(parsing: "unicode61"), TokenizerSpec(parsing: "trigram"), TokenizerSpec(parsing: "synonyms"),
        ]
        let rows = try workbench.throughput(
            ThroughputOptions(
                tokenizers: specs, operations: [.tokenize], runs: 2, corpora: [.lines(path: path)])
        ).rows
        for spec in specs {
            for mode in [TokenizationMode.document, .query] {
                let expected = try documents.reduce(0) {
                    $0 + (try workbench.tokens(of: $1, spec: spec, mode: mode)).count
                }
                let row = rows.first { $0.tokenizer == spec.name && $0.mode == mode && $0.operation == .tokenize }
                #expect(row?.tokens == expected, "\(spec.name) \(mode)")
            }
        }
        let cRow = rows.first { $0.operation == .cReference && $0.mode == .document }
        #expect(cRow?.tokens == rows.first { $0.tokenizer == "unicode61" && $0.mode == .document }?.tokens)
        #expect(rows.allSatisfy { $0.corpus.documents == documents.count && $0.runs == 2 })
    }

    /// The C limit loops do the work of `icu` and `nfkc`, and N threads the work of one: each
    /// counts the tokens the tokenizer emits on its own, on every script's corpus. A limit loop
    /// that skipped words, or a thread share that dropped a document, would show here.
    @Test func limitLoopsAndThreadsCountTheTokensOfTheTokenizer() throws {
        let specs = [
            TokenizerSpec(parsing: "icu"), TokenizerSpec(parsing: "nfkc"),
            TokenizerSpec(parsing: "icu_tr=icu locale tr"),
        ]
        let corpora = CorpusScript.allCases.map { CorpusSource.generated(seed: 9, size: 20_000, script: $0) }
        let rows = try Workbench().throughput(
            ThroughputOptions(
                tokenizers: specs, modes: [.document], operations: [.tokenize], runs: 1, corpora: corpora, threads: 3)
        ).rows
        for corpus in corpora {
            for spec in specs {
                let perCorpus = rows.filter { $0.corpus.name == corpus.name && $0.tokenizer == spec.name }
                let single = try #require(perCorpus.first { $0.operation == .tokenize && $0.threads == 1 })
                let limit = try #require(perCorpus.first { $0.operation == .cLimit })
                let threaded = try #require(perCorpus.first { $0.threads == 3 })
                #expect(single.tokens! > 0)
                #expect(limit.tokens == single.tokens, "\(spec.name) on \(corpus.name)")
                #expect(threaded.tokens == single.tokens, "\(spec.name) on \(corpus.name)")
                #expect(threaded.speedup != nil && single.speedup == nil && limit.relative != nil)
                #expect(single.corpus.script == corpus.script?.rawValue)
            }
        }
    }

    /// Each row: a batch and a thread count. The shares cover every document once, in order,
    /// whatever the sizes: more threads than documents leaves some threads without work.
    @Test(arguments: [([5, 5, 5, 5], 2), ([1, 100, 1], 2), ([3], 4), ([], 3), ([2, 2, 2, 2, 2, 2, 2], 3)])
    func threadSharesCoverEveryDocumentOnce(sizes: [Int], threads: Int) {
        var batch = CorpusBatch()
        for size in sizes { batch.append(document: [UInt8](repeating: 0x61, count: size)) }
        let shares = ThreadedTokenCounter.shares(of: batch, count: threads)
        #expect(shares.count == threads)
        #expect(shares.flatMap { Array($0) } == Array(0..<sizes.count))
    }

    /// `icu` is ICU's own word segmentation and case folding: on every script's corpus and on
    /// every fixture document, each token (offsets and bytes) is the word plain ICU finds,
    /// through the C limit loop. Its ASCII path, its caches and its reused buffers change nothing.
    @Test(arguments: CorpusScript.allCases)
    func icuTokensAreICUsOwnWords(script: CorpusScript) throws {
        var texts = try CorpusSource.generated(seed: 11, size: 30_000, script: script).loadedBatch().documents
        if script == .mixed {
            texts += try FixtureSet.defaults().cases.flatMap { [Array($0.document.utf8), Array($0.query.utf8)] }
        }
        let workbench = try Workbench()
        for locale in ["", "tr"] {
            try workbench.withConnection { connection in
                let tokenizer = try TokenizerOnConnection(
                    spec: TokenizerSpec(text: locale.isEmpty ? "icu" : "icu locale \(locale)"), in: connection)
                let limit = try #require(try CLimitLoop(tokenizer: tokenizer, in: connection))
                for text in texts {
                    let tokens = try tokenizer.tokens(of: text, mode: .document).map {
                        Word(start: $0.start, end: $0.end, bytes: $0.bytes)
                    }
                    #expect(
                        tokens == (try limit.words(of: text)),
                        "locale '\(locale)': \(String(decoding: text, as: UTF8.self).prefix(60))")
                }
            }
        }
    }

    struct Word: Equatable {
        var start: Int
        var end: Int
        var bytes: [UInt8]
    }

    @Test func aTokenCountThatChangesBetweenRunsIsAnError() throws {
        let path = try Self.writeCorpus(["one two", "three", "four five six"])
        defer { try? FileManager.default.removeItem(atPath: path) }
        let workbench = try Workbench(options: Workbench.Options(customTokenizers: [FlakyTokenizer.self]))
        #expect {
            _ = try workbench.throughput(
                ThroughputOptions(
                    tokenizers: [TokenizerSpec(parsing: "test_flaky")], modes: [.document], operations: [.tokenize],
                    runs: 3,
                    corpora: [.lines(path: path)]))
        } throws: { error in
            guard case TokenBenchError.inconsistentMeasurement(let spec, let reason) = error else { return false }
            return spec == "test_flaky" && reason.hasPrefix("the token count changed between runs in document mode")
        }
    }

    @Test func indexAndQueryRowsComeFromRealTables() throws {
        let path = try Self.writeCorpus(["the grey colour", "Großmann", "first place", "日本語"])
        defer { try? FileManager.default.removeItem(atPath: path) }
        let rows = try Workbench().throughput(
            ThroughputOptions(
                tokenizers: [TokenizerSpec(parsing: "ascii")], operations: [.index, .query], runs: 2,
                corpora: [.lines(path: path)],
                queries: ["\"grey\"", "\"gro\" *", "\"\""])
        ).rows
        #expect(
            Set(rows.map { "\($0.tokenizer) \($0.operation.rawValue) \($0.storage?.rawValue ?? "")" }) == [
                "unicode61 index memory", "ascii index memory", "unicode61 index file", "ascii index file",
                "unicode61 query file", "ascii query file",
            ])
        let query = try #require(rows.first { $0.operation == .query && $0.tokenizer == "ascii" })
        #expect(query.queries == 3)
        // No insttoken rows, so no insttoken column: the file is as it was before it existed.
        #expect(!ThroughputRow.table(rows).header.contains("insttoken"))
        #expect(query.p50Microseconds != nil && query.p99Microseconds! >= query.p50Microseconds!)
    }

    /// `measuresInsttoken` adds, per tokenizer, two query rows on a `tokendata=1` index of the
    /// same corpus: the prefix queries only, each match's tokens read through `xInstToken`,
    /// without and with insttoken. Both read the same tokens: one per document that a prefix
    /// matches ("gro" * finds großmann, "co" * finds colour; "zz" * finds nothing).
    @Test func insttokenRowsTimePrefixQueriesOnATokendataIndexBothWays() throws {
        let path = try Self.writeCorpus(["the grey colour", "Großmann", "first place", "日本語"])
        defer { try? FileManager.default.removeItem(atPath: path) }
        let rows = try Workbench().throughput(
            ThroughputOptions(
                tokenizers: [TokenizerSpec(parsing: "ascii")], operations: [.query], runs: 2,
                corpora: [.lines(path: path)], queries: ["\"grey\"", "\"gro\" *", "\"co\" *", "\"zz\" *"],
                engine: .bundled, measuresInsttoken: true)
        ).rows
        #expect(
            rows.map { "\($0.tokenizer) \($0.insttoken.map { $0 ? "on" : "off" } ?? "-")" } == [
                "unicode61 -", "unicode61 off", "unicode61 on", "ascii -", "ascii off", "ascii on",
            ])
        for row in rows {
            // The plain rows run all four queries; the insttoken rows the three prefix queries.
            #expect(
                row.queries == (row.insttoken == nil ? 4 : 3), "\(row.tokenizer) \(String(describing: row.insttoken))")
            #expect(
                row.tokens == (row.insttoken == nil ? nil : 2), "\(row.tokenizer) \(String(describing: row.insttoken))")
        }
        let table = ThroughputRow.table(rows)
        let column = try #require(table.header.firstIndex(of: "insttoken"))
        #expect(table.rows.map { $0[column] } == ["", "off", "on", "", "off", "on"])
        // Read back, the rows keep their insttoken apart.
        let records = try ThroughputRow.records(ofCSV: table.render(.csv), file: "insttoken.csv")
        #expect(records.map(\.insttoken) == rows.map(\.insttoken))
        #expect(Set(records.map(ThroughputBaseline.Key.init)).count == rows.count)
    }

    /// insttoken rows on SQLite 3.40.1, which has neither tokendata tables nor the insttoken
    /// option: refused by name before anything is measured.
    @Test func insttokenRowsNeedAnEngineWithInsttoken() {
        #expect(
            throws: TokenBenchError.invalidArgument(
                name: "measuresInsttoken", value: "system",
                reason: "insttoken needs SQLite 3.48 (this engine is SQLite 3.40.1)")
        ) {
            _ = try Workbench().throughput(
                ThroughputOptions(
                    tokenizers: [TokenizerSpec(parsing: "ascii")], operations: [.query], runs: 1,
                    corpora: [.generated(seed: 1, size: 1_000)], engine: .system, measuresInsttoken: true))
        }
    }

    /// An insttoken row is relative to the reference's row of the same insttoken, not to its
    /// plain query row.
    @Test func insttokenRowsAreRelativeToTheReferencesSameRow() {
        func row(_ tokenizer: String, p50: Double, insttoken: Bool?) -> ThroughputRow {
            var row = Self.row(tokenizer, .query, median: 0, mode: .query, storage: .file, p50: p50, tokens: nil)
            row.insttoken = insttoken
            return row
        }
        let rows = ThroughputMeasurer.addingRelativeFigures(
            to: [
                row("unicode61", p50: 10, insttoken: nil),
                row("unicode61", p50: 20, insttoken: false),
                row("unicode61", p50: 80, insttoken: true),
                row("fast", p50: 40, insttoken: false), // against 20: 0.5
                row("fast", p50: 40, insttoken: true), // against 80: 2
            ], referenceName: "unicode61")
        #expect(rows.map(\.relative) == [1, 1, 1, 0.5, 2])
    }

    /// Index rows, per detail, carry the optimized index's bytes, and they obey what FTS5's
    /// format implies: a trigram per character outweighs a word per several characters, and
    /// detail=none drops the positions that full keeps.
    @Test func indexRowsMeasureTheIndexPerDetail() throws {
        let rows = try Workbench().throughput(
            ThroughputOptions(
                tokenizers: [TokenizerSpec(parsing: "trigram")], operations: [.index], storages: [.memory],
                details: [.full, .none], runs: 1, corpora: [.generated(seed: 7, size: 300_000)])
        ).rows
        func bytes(_ tokenizer: String, _ detail: FTS5Detail) throws -> Int {
            try #require(rows.first { $0.tokenizer == tokenizer && $0.detail == detail }?.indexBytes)
        }
        #expect(try bytes("trigram", .full) > 2 * bytes("unicode61", .full))
        #expect(try bytes("unicode61", .none) < bytes("unicode61", .full))
        #expect(try bytes("trigram", .none) < bytes("trigram", .full))
        #expect(
            ThroughputRow.table(rows).rows.allSatisfy { $0[ThroughputRow.csvHeader.firstIndex(of: "detail")!] != "" })
    }

    /// A CSV written before the detail axis reads its index rows as detail=full, FTS5's default,
    /// so a baseline from then still matches today's rows.
    @Test func olderIndexRowsReadAsDetailFull() throws {
        let text = """
            tokenizer,engine,operation,mode,corpus,storage,relative,reference
            ascii,system,index,document,c.txt,memory,0.9,unicode61
            ascii,system,tokenize,document,c.txt,,0.9,unicode61

            """
        let records = try ThroughputRow.records(ofCSV: text, file: "old.csv")
        #expect(records.map(\.detail) == [.full, nil])
    }
}

/// Emits one extra token on every second xTokenize call: its count changes from run to run.
final class FlakyTokenizer: FTS5CustomTokenizer {
    static let name = "test_flaky"
    private let wrapped: any FTS5Tokenizer
    private var calls = 0

    init(db: Database, arguments: [String]) throws {
        wrapped = try db.makeTokenizer(.unicode61())
    }

    func tokenize(
        context: UnsafeMutableRawPointer?, tokenization: FTS5Tokenization, pText: UnsafePointer<CChar>?, nText: CInt,
        tokenCallback: @escaping FTS5TokenCallback
    ) -> CInt {
        calls += 1
        let code = wrapped.tokenize(
            context: context, tokenization: tokenization, pText: pText, nText: nText, tokenCallback: tokenCallback)
        guard code == 0, calls % 2 == 0 else { return code } // 0: SQLITE_OK
        return "x".withCString { tokenCallback(context, 0, $0, 1, 0, 0) }
    }
}

extension CorpusBatch {
    /// Every document's bytes.
    var documents: [[UInt8]] { (0..<documentCount).map { Array(bytes[range(ofDocument: $0)]) } }
}

extension CLimitLoop {
    /// The words plain ICU finds in `text`, as `ThroughputTests.Word`s.
    func words(of text: [UInt8]) throws -> [ThroughputTests.Word] {
        final class Box { var words: [ThroughputTests.Word] = [] }
        let box = Box()
        let code = withExtendedLifetime(box) {
            TokenizerOnConnection.withUnterminatedBuffer(text) { pText, nText in
                withICUHandle { loop in
                    tb_icu_limit_loop_words(
                        loop, pText, nText,
                        { context, start, end, folded, length in
                            let box = Unmanaged<Box>.fromOpaque(context!).takeUnretainedValue()
                            let bytes = Array(UnsafeRawBufferPointer(start: folded, count: Int(length)))
                            box.words.append(ThroughputTests.Word(start: Int(start), end: Int(end), bytes: bytes))
                        }, Unmanaged.passUnretained(box).toOpaque())
                }
            }
        }
        try #require(code == 0)
        return box.words
    }
}
