import Testing

@testable import TokenBench
@testable import TokenBenchEngines

/// Which API each tokenizer was registered through on each built-in engine (what each engine's
/// FTS5 offers is `TokenBenchEnginesTests`' `FTS5FeatureProbeTests`). The expectations come from
/// SQLite's own sources: 3.54.1's `sqlite3Fts5TokenizerInit` registers unicode61, ascii and trigram through
/// `xCreateTokenizer` and porter (which passes the locale on) through `xCreateTokenizer_v2`;
/// the bench registers `icu`, which reads the locale, and the wrappers, which pass it on,
/// through v2 where it can.
struct FTS5FeatureTests {
    struct TokenizerRow: Sendable, CustomTestStringConvertible {
        var spec: String
        var system: String?
        var bundled: String?
        var testDescription: String { spec }
    }

    static let tokenizers: [TokenizerRow] = [
        // FTS5's own, registered through v1 on both engines.
        TokenizerRow(spec: "unicode61", system: "v1", bundled: "v1"),
        TokenizerRow(spec: "trigram", system: "v1", bundled: "v1"),
        // porter is v2 from 3.47, to pass each value's locale on to its base.
        TokenizerRow(spec: "porter unicode61", system: "v1", bundled: "v2"),
        // icu reads each value's locale, so it is v2 where the engine has the API.
        TokenizerRow(spec: "icu", system: "v1", bundled: "v2"),
        TokenizerRow(spec: "icu symbols 1", system: "v1", bundled: "v2"),
        // The wrappers pass it on to BASE, so they are v2 too.
        TokenizerRow(spec: "synonyms", system: "v1", bundled: "v2"),
        TokenizerRow(spec: "nfkc", system: "v1", bundled: "v2"),
        // japanese reads no locale.
        TokenizerRow(spec: "japanese", system: "v1", bundled: "v1"),
        // A name neither engine knows.
        TokenizerRow(spec: "no_such_tokenizer", system: nil, bundled: nil),
    ]

    @Test(arguments: tokenizers)
    func eachTokenizerSaysWhichAPIItWasRegisteredThrough(row: TokenizerRow) throws {
        let workbench = try Workbench()
        let spec = TokenizerSpec(text: row.spec)
        #expect(workbench.tokenizerAPI(spec, engine: .system) == row.system)
        #expect(workbench.tokenizerAPI(spec, engine: .bundled) == row.bundled)
    }
}
