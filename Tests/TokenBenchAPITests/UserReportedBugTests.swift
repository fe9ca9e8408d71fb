import Foundation
import GRDB
import Testing
import TokenBench // no @testable: these tests see only what a user's package sees

/// The bugs a new user met when using TokenBench from a package of their own (issue 15), each
/// written the way that user wrote it, through the public API only.
struct UserReportedBugTests {
    /// A throughput run with nothing but tokenizers measures all three operations: the query
    /// operation runs the embedded fixtures' queries instead of failing for want of queries.
    @Test func throughputWithDefaultOptionsRunsEveryOperation() throws {
        let table = try Workbench().throughput(
            ThroughputOptions(
                tokenizers: [TokenizerSpec(text: "ascii")], runs: 1, corpora: [.generated(seed: 1, size: 30_000)])
        ).table
        let operations = try #require(table.column("operation"))
        #expect(Set(operations) == ["tokenize", "index", "query", "c-reference"])
        let tokenizers = try #require(table.column("tokenizer"))
        let queries = try #require(table.column("queries"))
        let query = try #require(operations.indices.first { operations[$0] == "query" && tokenizers[$0] == "ascii" })
        #expect((Int(queries[query]) ?? 0) > 100)
    }

    /// A library error names the option of the library call, not a command-line flag (the
    /// `tokenbench` executable maps them to its flags).
    @Test func throughputErrorsSpeakTheLibrarysLanguage() throws {
        #expect {
            _ = try SQLiteEngine.named(["postgres"])
        } throws: { error in
            guard case TokenBenchError.invalidArgument(let name, let value, _) = error else { return false }
            return name == "engine" && value == "postgres"
        }
        #expect {
            _ = try Workbench().throughput(ThroughputOptions(tokenizers: [TokenizerSpec(text: "ascii")], runs: 0))
        } throws: { error in
            guard case TokenBenchError.invalidArgument(let name, _, _) = error else { return false }
            return name == "runs"
        }
        #expect(
            throws: TokenBenchError.invalidArgument(
                name: "queries", value: "", reason: "the query operation has no query to run")
        ) {
            _ = try Workbench().throughput(
                ThroughputOptions(
                    tokenizers: [TokenizerSpec(text: "ascii")], operations: [.query], runs: 1,
                    corpora: [.generated(seed: 1, size: 10_000)], queries: []))
        }
        // The C loops' rows come with tokenize; asked for alone, they are refused by name.
        #expect(
            throws: TokenBenchError.invalidArgument(
                name: "operations", value: "c-limit",
                reason: "its rows come with the tokenize operation; ask for tokenize")
        ) {
            _ = try Workbench().throughput(
                ThroughputOptions(tokenizers: [TokenizerSpec(text: "icu")], operations: [.cLimit], runs: 1))
        }
    }

    /// A trace asked for in NFD is of the NFD text: its input and its offsets are the NFD bytes.
    @Test func tracesPutTheirInputInTheForm() throws {
        let traces = try Workbench().traces(
            of: ["aim\u{E9}"], spec: TokenizerSpec(text: "unicode61 remove_diacritics 0"), modes: [.document],
            form: .nfd)
        let trace = try #require(traces.first)
        #expect(trace.form == .nfd)
        #expect(trace.input == Array("aime\u{301}".utf8))
        #expect(trace.tokens.map(\.end) == [6])
        #expect(trace.tokens.map(\.bytes) == [Array("aime\u{301}".utf8)])
    }

    /// Invalid UTF-8 can be traced as it is, and is refused, by name, in a normalization form.
    @Test func bytesThatAreNotTextCannotBeNormalized() throws {
        let workbench = try Workbench()
        let bytes: [UInt8] = [0x61, 0xFF, 0x62]
        #expect(
            try workbench.traces(of: [bytes], spec: TokenizerSpec(text: "ascii"), modes: [.document]).first?.input
                == bytes)
        #expect(
            throws: TokenBenchError.invalidArgument(
                name: "input 1", value: "a\\xFFb", reason: "not valid UTF-8, so it cannot be put in NFC")
        ) {
            _ = try workbench.traces(of: [bytes], spec: TokenizerSpec(text: "ascii"), modes: [.document], form: .nfc)
        }
    }

    /// A type named like a tokenizer that SQLite or TokenBench provides would silently replace
    /// it: the workbench refuses it instead, naming the type.
    @Test(arguments: [ImpostorLatinAscii.self, ImpostorUnicode61.self] as [any FTS5CustomTokenizer.Type])
    func aUserTypeCannotTakeAProvidedName(type: any FTS5CustomTokenizer.Type) throws {
        #expect {
            _ = try Workbench(options: .init(customTokenizers: [type]))
        } throws: { error in
            guard case TokenBenchError.invalidArgument(let name, let value, let reason) = error else { return false }
            return name == "customTokenizers" && value == "\(type)"
                && reason.hasPrefix("its name '\(type.name)' is the name of a tokenizer")
        }
    }

    /// A matrix filtered down to some cells still makes its tables: the filter keeps the axes and
    /// the wide table looks cells up by coordinate, leaving a blank where a cell was filtered out.
    @Test func aFilteredMatrixStillMakesItsTables() throws {
        let cases = [
            MatchCase(id: "foo", category: "c", document: "Foo", query: "foo"),
            MatchCase(id: "aime", category: "c", document: "aim\u{E9}", query: "aime"),
        ]
        let matrix = try Workbench().matrix(
            cases: cases, tokenizers: [TokenizerSpec(text: "ascii"), TokenizerSpec(text: "unicode61")])
        let unicode61Only = matrix.filter { $0.tokenizer == "unicode61" }
        #expect(unicode61Only.cells.count == matrix.cells.count / 2)
        let wide = unicode61Only.wideTable()
        #expect(wide.rows.count == 2 * 2 * 3) // cases × query kinds × form pairs
        #expect(unicode61Only.longTable().rows.count == unicode61Only.cells.count)
    }
}

final class ImpostorLatinAscii: FTS5CustomTokenizer {
    static let name = "latinascii"
    init(db: Database, arguments: [String]) throws {}
    func tokenize(
        context: UnsafeMutableRawPointer?, tokenization: FTS5Tokenization, pText: UnsafePointer<CChar>?, nText: CInt,
        tokenCallback: @escaping FTS5TokenCallback
    ) -> CInt { 0 }
}

final class ImpostorUnicode61: FTS5CustomTokenizer {
    static let name = "unicode61"
    init(db: Database, arguments: [String]) throws {}
    func tokenize(
        context: UnsafeMutableRawPointer?, tokenization: FTS5Tokenization, pText: UnsafePointer<CChar>?, nText: CInt,
        tokenCallback: @escaping FTS5TokenCallback
    ) -> CInt { 0 }
}

/// GRDB's tokenizer descriptors are specs too: what an app gives GRDB runs here unchanged.
struct DescriptorSpecTests {
    /// Each row: a descriptor, the spec text it becomes, and the tokens of "Ré-sumé's" in documents.
    @Test(arguments: [
        (FTS5TokenizerDescriptor.unicode61(), "unicode61", ["re", "sume", "s"]),
        (
            .unicode61(diacritics: .keep, separators: ["-"]), "unicode61 remove_diacritics 0 separators '-'",
            ["ré", "sumé", "s"]
        ),
        (.unicode61(tokenCharacters: ["'"]), "unicode61 tokenchars ''''", ["re", "sume's"]),
        (.porter(wrapping: .ascii()), "porter ascii", ["r\u{E9}", "sum\u{E9}", "s"]),
    ])
    func descriptorsBecomeSpecs(descriptor: FTS5TokenizerDescriptor, text: String, tokens: [String]) throws {
        let spec = TokenizerSpec(descriptor)
        #expect(spec.text == text)
        let traced = try Workbench().tokens(of: "R\u{E9}-sum\u{E9}'s", spec: spec, mode: .document)
        #expect(traced.map { String(decoding: $0.bytes, as: UTF8.self) } == tokens)
    }
}
