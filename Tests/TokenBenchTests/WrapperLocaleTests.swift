import Testing

@testable import TokenBench
@testable import TokenBenchEngines

/// Each wrapper passes its value's locale on to BASE, as SQLite's own `porter` does from 3.47
/// (fts5locale.test, section 8): over `icu`, a Turkish value folds the Turkic way through the
/// wrapper too; and `snowball` without a language stems each value by its locale. On the bundled
/// engine, the one here with the v2 tokenizer API.
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
        // nfkc folds before BASE, mapping I and İ the Turkic way first under tr.
        Row(wrapper: "nfkc"),
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

    struct StemRow: Sendable, CustomTestStringConvertible {
        var spec: String
        var locale: String?
        var stems: [String]
        var testDescription: String { "\(spec) under \(locale ?? "no locale")" }
    }

    static let stemRows: [StemRow] = [
        // German stems Häuser to haus; English leaves it and stems houses to hous.
        StemRow(spec: "snowball", locale: "de", stems: ["haus", "hous"]),
        StemRow(spec: "snowball locale", locale: "en", stems: ["häuser", "hous"]),
        // The language subtag decides: de_CH is German.
        StemRow(spec: "snowball", locale: "de_CH", stems: ["haus", "hous"]),
        // No algorithm for the language, or no locale: unstemmed.
        StemRow(spec: "snowball", locale: "xx", stems: ["häuser", "houses"]),
        StemRow(spec: "snowball", locale: nil, stems: ["häuser", "houses"]),
        // A spec's own language ignores the value's locale.
        StemRow(spec: "snowball english", locale: "de", stems: ["häuser", "hous"]),
    ]

    @Test(arguments: stemRows)
    func snowballStemsByTheValuesLocale(row: StemRow) throws {
        let tokens = try Workbench().tokens(
            of: Array("Häuser houses".utf8), spec: TokenizerSpec(text: row.spec), mode: .document,
            locale: row.locale, engine: .bundled)
        #expect(tokens.map(\.text) == row.stems)
    }

    /// nfkc's Turkic mapping changes byte lengths (I is one byte, ı two; İ two, i one; an NFD
    /// İ, I + U+0307, three bytes, i one): the offsets still point into the original text.
    @Test func nfkcsTurkicMappingKeepsOffsetsInTheOriginalText() throws {
        let text = "aIb İc ﬁI I\u{307}d"
        let tokens = try Workbench().tokens(
            of: Array(text.utf8), spec: TokenizerSpec(text: "nfkc"), mode: .document, locale: "tr", engine: .bundled)
        // The NFD İ is i, as SpecialCasing.txt lowercases it under tr (not ı with a dot).
        #expect(tokens.map(\.text) == ["aıb", "ic", "fiı", "id"])
        // a I b = bytes 0..<3; İ c = 4..<7; ﬁ (3 bytes) I = 8..<12; I U+0307 d = 13..<17.
        #expect(tokens.map { [$0.start, $0.end] } == [[0, 3], [4, 7], [8, 12], [13, 17]])
    }
}
