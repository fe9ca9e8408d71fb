import Testing

@testable import TokenBench
@testable import TokenBenchEngines

/// What each built-in engine's FTS5 offers beyond the v1 tokenizer API, probed, and which API
/// each tokenizer was registered through. The expectations come from SQLite's own sources:
/// 3.40.1's fts5_api is version 2 and knows none of the four; 3.54.1's is version 3, and its
/// `sqlite3Fts5TokenizerInit` registers unicode61, ascii and trigram through
/// `xCreateTokenizer` and porter (which passes the locale on) through `xCreateTokenizer_v2`;
/// the bench registers `icu`, which reads the locale, and the wrappers, which pass it on,
/// through v2 where it can.
struct FTS5FeatureTests {
    struct EngineRow: Sendable, CustomTestStringConvertible {
        var engine: SQLiteEngine
        var apiVersion: Int
        var has: [FTS5Feature]
        var testDescription: String { engine.name }
    }

    static let engines: [EngineRow] = [
        // SQLite 3.40.1 (December 2022): before tokendata (3.45) and locales (3.47).
        EngineRow(engine: .system, apiVersion: 2, has: []),
        // SQLite 3.54.1: all four.
        EngineRow(engine: .bundled, apiVersion: 3, has: [.tokenizerV2, .locale, .tokendata, .insttoken]),
    ]

    @Test(arguments: engines)
    func featuresAreProbed(row: EngineRow) throws {
        let features = try #require(row.engine.fts5Features)
        #expect(features.apiVersion == row.apiVersion)
        #expect(FTS5Feature.allCases.filter(features.has) == row.has)
        // Every missing feature says why, in SQLite's words.
        for feature in FTS5Feature.allCases where !row.has.contains(feature) {
            #expect(features.missing[feature]?.isEmpty == false)
        }
    }

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
