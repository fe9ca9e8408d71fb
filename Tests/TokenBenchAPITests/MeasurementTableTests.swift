import Testing
import TokenBench // no @testable: a user's package reads measurements through their tables

/// Measurements reach a user's package as the table the command line writes: the same header, a
/// column read by its documented name, and what did not run said in words.
struct MeasurementTableTests {
    /// A collection with locales on the system engine (SQLite 3.40.1, before locales) and the
    /// bundled one: the table has the bundled engine's rows only, and `notRun` says why the
    /// system engine ran nothing.
    @Test func qualityTableAndWhatDidNotRun() throws {
        let collection = try QualityCollection(
            documents: [QualityDocument(id: "d1", text: "Istanbul", locale: "tr")],
            queries: [QualityQuery(id: "q1", text: "istanbul", locale: "tr")],
            judgments: [QualityJudgment(queryID: "q1", documentID: "d1", relevance: 1)])
        let report = try Workbench().quality(
            collection,
            options: QualityOptions(tokenizers: [TokenizerSpec(text: "unicode61")], engines: [.system, .bundled]))
        let table = report.table
        #expect(Array(table.header.prefix(3)) == ["tokenizer", "spec", "engine"])
        #expect(table.column("engine") == ["bundled"]) // one row: unicode61 is its own baseline
        #expect(table.column("nDCG@10")?.compactMap(Double.init) == [1])
        #expect(table.column("no such column") == nil)
        #expect(report.notRun.count == 1)
        #expect(report.notRun.first?.hasPrefix("skipped the system engine: the collection has locales") == true)
        #expect(report.losses.isEmpty)
    }

    /// `column` reads each row's cell under the name, and the CSV is header then rows.
    @Test func throughputTableIsTheCommandsCSV() throws {
        let table = try Workbench().throughput(
            ThroughputOptions(
                tokenizers: [TokenizerSpec(text: "ascii")], operations: [.tokenize], runs: 1,
                corpora: [.generated(seed: 1, size: 20_000)])
        ).table
        let csvLines = table.csv().split(separator: "\n")
        #expect(csvLines.count == table.rows.count + 1)
        #expect(csvLines.first.map(String.init) == table.header.joined(separator: ","))
        #expect(Set(try #require(table.column("tokenizer"))) == ["ascii", "unicode61"])
        #expect(Set(try #require(table.column("operation"))) == ["tokenize", "c-reference"])
    }
}
