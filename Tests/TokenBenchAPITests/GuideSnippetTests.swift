import Foundation
import GRDB
import Testing
import TokenBench

// The snippets of Documentation/UsingTheLibrary.md, word for word, each inside a test that runs
// it. `everyGuideSnippetIsHere` fails when a snippet of the guide is not found in this file, so
// the guide cannot drift from code that compiles and runs.

// guide: types
/// British spellings become American ones, on BASE's token bytes (spec: `colour [BASE…]`).
final class ColourToColor: TokenFilteringTokenizer {
    static let name = "colour"
    init(options: [String: String], base: any FTS5Tokenizer) throws {}
    func filter(
        _ token: UnsafeBufferPointer<UInt8>, flags: CInt, start: CInt, end: CInt,
        tokenization: FTS5Tokenization, emitter: inout TokenEmitter
    ) -> CInt {
        for (british, american) in [("colour", "color"), ("grey", "gray")] where token.elementsEqual(british.utf8) {
            return emitter.emit(Array(american.utf8), flags: flags, start: start, end: end)
        }
        return emitter.emit(token, flags: flags, start: start, end: end)
    }
}

/// The same on GRDB's FTS5WrapperTokenizer (spec: `colour_grdb`): one String per token each way.
final class ColourToColorGRDB: FTS5WrapperTokenizer {
    static let name = "colour_grdb"
    let wrappedTokenizer: any FTS5Tokenizer
    init(db: Database, arguments: [String]) throws {
        wrappedTokenizer = try db.makeTokenizer(.unicode61())
    }
    func accept(
        token: String, flags: FTS5TokenFlags, for tokenization: FTS5Tokenization,
        tokenCallback: FTS5WrapperTokenCallback
    ) throws {
        try tokenCallback(["colour": "color", "grey": "gray"][token] ?? token, flags)
    }
}
// end

struct GuideSnippetTests {
    @Test func theOverview() throws {
        // guide: overview
        let workbench = try Workbench()
        let tokens = try workbench.tokens(of: "Großmann", spec: TokenizerSpec(text: "unicode61"), mode: .document)
        // end
        #expect(tokens.map { String(decoding: $0.bytes, as: UTF8.self) } == ["großmann"])
    }

    @Test func registeringYourTokenizer() throws {
        // guide: register
        let workbench = try Workbench(
            options: .init(
                customTokenizers: [ColourToColorGRDB.self], // GRDB FTS5CustomTokenizer types (system engine)
                filteringTokenizers: [ColourToColor.self])) // TokenFilteringTokenizer types (every engine)
        let tokens = try workbench.tokens(of: "Colour TV", spec: TokenizerSpec(text: "colour"), mode: .query)
        print(tokens.map { String(decoding: $0.bytes, as: UTF8.self) }) // ["color", "tv"]
        // end
        #expect(tokens.count == 2)
        let grdb = try workbench.tokens(of: "Colour TV", spec: TokenizerSpec(text: "colour_grdb"), mode: .query)
        #expect(grdb.map(\.bytes) == tokens.map(\.bytes))
    }

    @Test func aMatrixInYourTests() throws {
        // guide: matrix
        let workbench = try Workbench(options: .init(filteringTokenizers: [ColourToColor.self]))
        let grey = try MatchCase(id: "grey", category: "spelling", document: "A grey colour", query: "gray color") {
            Expectation.match(["colour"])
            Expectation.nomatch(["unicode61"])
        }
        let matrix = try workbench.matrix(
            cases: [grey], tokenizers: [TokenizerSpec(text: "colour"), TokenizerSpec(text: "unicode61")],
            engines: [.system, .bundled])
        #expect(matrix.cells.allSatisfy { !$0.violatesExpectation })
        for cell in matrix.cells where cell.tokenizer == "colour" {
            #expect(cell.result == .matched, "\(cell.coordinate): \(cell.documentTokens) vs \(cell.queryTokens)")
        }
        // end
    }

    @Test func tracesThroughputAndConformance() throws {
        let workbench = try Workbench(options: .init(filteringTokenizers: [ColourToColor.self]))
        // guide: traces
        let traces = try workbench.traces(
            of: ["Jérôme", "ﬁdélité"], spec: TokenizerSpec(.unicode61(diacritics: .keep)), modes: [.document],
            form: .nfd)
        for trace in traces {
            print(trace.tokens.map { "\(trace.source(of: $0)) at \($0.start)..<\($0.end)" })
        }
        // end
        #expect(traces.count == 2)
        // guide: throughput
        let throughput = try workbench.throughput(
            ThroughputOptions(
                tokenizers: [TokenizerSpec(text: "colour")], operations: [.tokenize], runs: 3,
                corpora: [.generated(seed: CorpusSource.defaultSeed, size: 1_000_000, script: .latin)])
        ).table
        print(throughput.csv())
        for (tokenizer, relative) in zip(throughput.column("tokenizer") ?? [], throughput.column("relative") ?? []) {
            print(tokenizer, relative, "of unicode61")
        }
        // end
        #expect(throughput.column("tokenizer")?.contains("colour") == true)
        #expect(throughput.header.first == "tokenizer")
        #expect(throughput.column("relative")?.count == throughput.rows.count) // the loop above ran
        // guide: conformance
        let inputs = ConformanceCorpus.make(fixtures: try FixtureSet.defaults(), seed: 1, iterations: 20, large: false)
        let report = try workbench.conformance(of: TokenizerSpec(text: "colour"), inputs: inputs)
        #expect(report.errorCount == 0, "\(report.findings)")
        // end
    }

    @Test func searchQualityOnYourCollection() throws {
        let workbench = try Workbench(options: .init(filteringTokenizers: [ColourToColor.self]))
        // guide: quality
        let collection = try QualityCollection(
            documents: [
                QualityDocument(id: "d1", title: "Paint", text: "A grey colour for the hall"),
                QualityDocument(id: "d2", title: "Tea", text: "Earl Grey, hot"),
            ],
            queries: [QualityQuery(id: "q1", text: "gray color")],
            judgments: [QualityJudgment(queryID: "q1", documentID: "d1", relevance: 1)])
        let quality = try workbench.quality(
            collection, options: QualityOptions(tokenizers: [TokenizerSpec(text: "colour")], queryKinds: [.all]))
        let table = quality.table
        for (tokenizer, nDCG) in zip(table.column("tokenizer") ?? [], table.column("nDCG@10") ?? []) {
            print(tokenizer, "nDCG@10", nDCG)
        }
        // end
        // unicode61 (the baseline) finds nothing for "gray color"; colour finds d1 first.
        #expect(table.column("tokenizer") == ["unicode61", "colour"])
        #expect(table.column("nDCG@10")?.map { Double($0) } == [0, 1])
        #expect(table.column("wins")?.last == "1")
    }

    /// Every ```swift block of the guides and of the DocC catalog appears in the test file that
    /// runs it, between `// guide:` and `// end`. Each row: a document, the test file that runs
    /// its snippets (this one when nil), and how many snippets it has.
    @Test(arguments: [
        ("Documentation/UsingTheLibrary.md", nil, 7),
        ("Sources/TokenBench/TokenBench.docc/TokenBench.md", nil, 1),
        ("Sources/TokenBench/TokenBench.docc/RegisteringATokenizer.md", nil, 2),
        // The app's side: run by a test target that depends on TokenBenchTokenizers alone.
        ("Documentation/Shipping.md", "Tests/TokenBenchTokenizersTests/ShippedTokenizersOnGRDBTests.swift", 4),
        (
            "Sources/TokenBenchTokenizers/TokenBenchTokenizers.docc/TokenBenchTokenizers.md",
            "Tests/TokenBenchTokenizersTests/ShippedTokenizersOnGRDBTests.swift", 1
        ),
    ])
    func everyGuideSnippetIsHere(document: String, testFile: String?, snippetCount: Int) throws {
        let here = URL(fileURLWithPath: #filePath)
        let root = here.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let guide = root.appendingPathComponent(document)
        let markdown = try String(contentsOf: guide, encoding: .utf8)
        let testSource = testFile.map { root.appendingPathComponent($0) } ?? here
        let source = try String(contentsOf: testSource, encoding: .utf8)
        let blocks = Self.swiftBlocks(in: markdown).filter { !$0.hasPrefix("// Package.swift") }
        // A block whose first line names a file of Examples/ is that file's text, which its own
        // target builds (and its tests run): the rest of the block must be in it.
        let (examples, snippets) = (
            blocks.filter { $0.hasPrefix("// Examples/") }, blocks.filter { !$0.hasPrefix("// Examples/") }
        )
        for example in examples {
            let lines = example.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
            let file = root.appendingPathComponent(String(lines[0].dropFirst(3)))
            let text = try String(contentsOf: file, encoding: .utf8)
            #expect(
                text.contains(lines.count > 1 ? String(lines[1]) : ""), "\(document): not in \(file.path):\n\(example)")
        }
        #expect(snippets.count == snippetCount)
        let unindented = Self.unindent(source)
        for snippet in snippets {
            #expect(
                unindented.contains(Self.unindent(snippet)),
                "\(document)'s snippet is not in \(testSource.lastPathComponent):\n\(snippet)")
        }
    }

    static func swiftBlocks(in markdown: String) -> [String] {
        markdown.components(separatedBy: "```swift\n").dropFirst().map { String($0.components(separatedBy: "```")[0]) }
    }

    /// The source with each line's leading spaces removed, as the snippets are written.
    static func unindent(_ source: String) -> String {
        source.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.drop { $0 == " " } }.joined(separator: "\n")
    }
}
