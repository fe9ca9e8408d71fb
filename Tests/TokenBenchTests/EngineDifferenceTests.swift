import Testing

@testable import TokenBench
@testable import TokenBenchEngines
@testable import TokenBenchTokenizers

/// What FTS5's auxiliary functions return on each engine when case folding changes a
/// character's byte length: SQLite 3.40.1's trigram computes the offsets after ẞ from the folded
/// ß (2 bytes for 3), so highlight() and snippet() mark the wrong bytes; 3.54.1 fixed it. Real
/// tables and real MATCH queries on both engines; the fixture case `sharp-s-highlight`
/// (fixtures/engines.cases) pins that the row is found on both.
struct EngineDifferenceTests {
    struct Row: Sendable, CustomTestStringConvertible {
        var tokenizer: String
        var document: String
        var query: String
        /// highlight(t, 0, '[', ']') and snippet(t, 0, '[', ']', '…', 3), bytes shown escaped.
        var system: [String]
        var bundled: [String]
        var testDescription: String { "\(tokenizer) \(document) \(query)" }
    }

    static let rows: [Row] = [
        // The token aße ends one byte early on 3.40.1: the E is left out of the mark.
        Row(
            tokenizer: "trigram", document: "STRAẞE", query: "aße",
            system: ["STR[Aẞ]E", "…TR[Aẞ]E"], bundled: ["STR[AẞE]", "…TR[AẞE]"]),
        // The token raß ends inside ẞ on 3.40.1: the mark cuts the character, and the text is no
        // longer UTF-8 (Python's sqlite3 cannot decode it).
        Row(
            tokenizer: "trigram", document: "STRAẞE", query: "raß",
            system: ["ST[RA\\xE1\\xBA]\\x9EE", "ST[RA\\xE1\\xBA]…"], bundled: ["ST[RAẞ]E", "ST[RAẞ]…"]),
        // unicode61 folds ẞ to ß too, but reports offsets into the input: right on both.
        Row(
            tokenizer: "unicode61", document: "GROẞE STRAẞE", query: "straße",
            system: ["GROẞE [STRAẞE]", "GROẞE [STRAẞE]"], bundled: ["GROẞE [STRAẞE]", "GROẞE [STRAẞE]"]),
        // Ⱥ grows under folding (2 bytes to 3) and İ shrinks (2 to 1); neither moves trigram's
        // later offsets on either engine.
        Row(
            tokenizer: "trigram", document: "Ⱥbcd Ⱥbcd", query: "bcd",
            system: ["Ⱥ[bcd] Ⱥ[bcd]", "Ⱥ[bcd] …"], bundled: ["Ⱥ[bcd] Ⱥ[bcd]", "Ⱥ[bcd] …"]),
        Row(
            tokenizer: "trigram", document: "İstanbul", query: "stan",
            system: ["İ[stan]bul", "İ[stan]…"], bundled: ["İ[stan]bul", "İ[stan]…"]),
    ]

    @Test(arguments: rows)
    func highlightAndSnippetOnEachEngine(row: Row) throws {
        let workbench = try Workbench()
        for (engine, expected) in [(SQLiteEngine.system, row.system), (.bundled, row.bundled)] {
            let marked = try workbench.withConnection(engine) { connection in
                let table = FTS5TableRecipe(
                    schema: "temp", name: "marked", tokenizer: try TokenizerSpec(text: row.tokenizer).tokenizeOption())
                try connection.execute(table.create)
                defer { try? connection.execute(table.dropIfExists) }
                try connection.execute(table.insert(withRowid: false), row.document)
                let select = try connection.prepare(
                    "SELECT highlight(marked, 0, '[', ']'), snippet(marked, 0, '[', ']', '…', 3) FROM temp.marked WHERE marked MATCH ?"
                )
                try select.bind(try #require(QueryKind.phrase.matchExpression(for: row.query)), at: 1)
                return try select.byteRows()
            }
            #expect(marked.count == 1, "\(engine.name): the row is found")
            #expect(marked.first?.map { ByteEscaping.display($0 ?? []) } == expected, "\(engine.name)")
        }
    }
}
