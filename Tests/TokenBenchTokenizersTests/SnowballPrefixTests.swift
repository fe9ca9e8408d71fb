import Testing

/// `snowball`'s prefix queries in an app's own GRDB database: what a real FTS5 table finds when
/// a prefix query term is matched stemmed and as typed (`prefix_as_typed`, on by default), one
/// query per row.
struct SnowballPrefixTests {
    static let documents = [
        "pakketten opwaarderen", // 1: opwaarderen is indexed as opwaarder
        "de waarde van een bestand", // 2: waarde as waard
        "een archief van bestanden", // 3: bestanden as bestand
    ]

    struct Row: CustomTestStringConvertible, Sendable {
        var spec: String
        var query: String
        var expected: [Int]
        var why: String
        var testDescription: String { "\(spec): \(query): \(why)" }
    }

    static let rows: [Row] = [
        Row(
            spec: "snowball dutch", query: "opwaar*", expected: [1],
            why: "as typed, opwaar starts opwaarder, where its stem opwar does not"),
        Row(
            spec: "snowball dutch prefix_as_typed 0", query: "opwaar*", expected: [],
            why: "stemmed alone, as FTS5's porter stems a prefix: opwar* finds nothing"),
        Row(
            spec: "snowball dutch", query: "waar*", expected: [2],
            why: "waar as typed starts waard; its stem war starts nothing"),
        Row(
            spec: "snowball dutch prefix_as_typed 0", query: "waar*", expected: [], why: "and stemmed alone it does not"
        ),
        Row(
            spec: "snowball dutch", query: "bestanden*", expected: [2, 3],
            why: "a whole word typed with * still finds its forms by its stem, bestand"),
        Row(
            spec: "snowball dutch", query: "opwaar", expected: [],
            why: "a word that is not a prefix query is stemmed alone"),
        Row(
            spec: "snowball dutch", query: "\"van bestanden\"*", expected: [3],
            why: "in a phrase prefix, each word matches stemmed or as typed, in order"),
        Row(
            spec: "snowball dutch", query: "waar* AND bestand", expected: [2],
            why: "a prefix beside a plain term: the plain term is stemmed alone"),
    ]

    @Test(arguments: rows)
    func matches(row: Row) throws {
        let found = try rowsMatching(row.query, in: Self.documents, tokenize: row.spec)
        #expect(found == row.expected)
    }
}
