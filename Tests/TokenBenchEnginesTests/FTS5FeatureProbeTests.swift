import CBundledSQLite
import Testing

@testable import TokenBenchEngines

/// What each built-in engine's FTS5 offers beyond the v1 tokenizer API, probed on the engine
/// layer alone. The expectations come from SQLite's own sources: 3.40.1's fts5_api is version 2
/// and knows none of the four; 3.54.1's is version 3 and has them all.
struct FTS5FeatureProbeTests {
    /// The bench's bundled engine, made here as the bench makes it (`SQLiteEngine.bundled` is
    /// the bench's, a layer up).
    static let bundled = SQLiteEngine(name: "bundled", functions: tb_bundled_sqlite().pointee)

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
        EngineRow(engine: bundled, apiVersion: 3, has: [.tokenizerV2, .locale, .tokendata, .insttoken]),
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
}
