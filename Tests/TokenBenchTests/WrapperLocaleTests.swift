import Testing

@testable import TokenBench
@testable import TokenBenchEngines

/// Each wrapper passes its value's locale on to BASE, as SQLite's own `porter` does from 3.47
/// (fts5locale.test, section 8): over `icu`, a Turkish value folds the Turkic way through the
/// wrapper too. On the bundled engine, the one here with the v2 tokenizer API.
struct WrapperLocaleTests {
    struct Row: Sendable, CustomTestStringConvertible {
        var wrapper: String
        var testDescription: String { wrapper }
    }

    static let rows: [Row] = [
        // The filtering wrappers, which share one locale-passing xTokenize.
        Row(wrapper: "synonyms"),
        Row(wrapper: "stopwords"),
        Row(wrapper: "german"),
        Row(wrapper: "cjk"),
        Row(wrapper: "snowball english"),
        // Two levels: the locale goes through each.
        Row(wrapper: "synonyms stopwords"),
        // SQLite's porter (v2 since 3.47) passing it to our icu.
        Row(wrapper: "porter"),
    ]

    static func words(_ spec: String, locale: String?) throws -> [String] {
        try Workbench().tokens(
            of: Array("IĞDIR INFO".utf8), spec: TokenizerSpec(text: spec), mode: .document, locale: locale,
            engine: .bundled
        ).map(\.text)
    }

    @Test(arguments: rows)
    func aWrapperPassesTheValuesLocaleToItsBase(row: Row) throws {
        let spec = "\(row.wrapper) icu"
        // Under tr, icu folds I to ı: through the wrapper too.
        #expect(try Self.words(spec, locale: "tr") == ["ığdır", "ınfo"])
        // Under en, and without a locale, the root fold.
        #expect(try Self.words(spec, locale: "en") == ["iğdir", "info"])
        #expect(try Self.words(spec, locale: nil) == ["iğdir", "info"])
    }
}
