import CBundledSQLite
import Testing

@testable import TokenBenchEngines

/// The one place FTS5 tables are written as SQL: what each option combination and statement
/// renders to, that each rendered table is made and answers on a real engine, and that an
/// engine without `locale=1` refuses it in the words the bench reports.
struct FTS5TableRecipeTests {
    static let bundled = FTS5FeatureProbeTests.bundled

    /// A recipe on table `temp.t` with the given tokenizer text and options.
    static func recipe(
        tokenizer: String? = nil, columns: [FTS5TableRecipe.Column] = [.indexed("body")],
        content: FTS5TableRecipe.Content? = nil, prefixLengths: [Int] = [], detail: FTS5TableRecipe.Detail = .omitted,
        locale: Bool = false, tokendata: Bool = false
    ) -> FTS5TableRecipe {
        FTS5TableRecipe(
            schema: "temp", name: "t", columns: columns,
            tokenizer: tokenizer.map { try! FTS5TableRecipe.Tokenizer($0) },
            content: content, prefixLengths: prefixLengths, detail: detail, locale: locale, tokendata: tokendata)
    }

    struct RenderRow: Sendable, CustomTestStringConvertible {
        var table: FTS5TableRecipe
        var create: String
        var testDescription: String { create }
    }

    static let creates: [RenderRow] = [
        // FTS5's defaults write no option at all (the environment's probe table).
        RenderRow(table: recipe(), create: "CREATE VIRTUAL TABLE temp.t USING fts5(body)"),
        // The tokenizer's text is an SQL string literal (the spec probe, the matrix).
        RenderRow(
            table: recipe(tokenizer: "unicode61 remove_diacritics 2"),
            create: "CREATE VIRTUAL TABLE temp.t USING fts5(body, tokenize = 'unicode61 remove_diacritics 2')"),
        // A quote in the tokenizer's text is doubled, so the literal ends where it should.
        RenderRow(
            table: recipe(tokenizer: "porter 'unicode61'"),
            create: "CREATE VIRTUAL TABLE temp.t USING fts5(body, tokenize = 'porter ''unicode61''')"),
        // A quote that a combining mark joins into one Character is still doubled.
        RenderRow(
            table: recipe(tokenizer: "a'\u{301}b"),
            create: "CREATE VIRTUAL TABLE temp.t USING fts5(body, tokenize = 'a''\u{301}b')"),
        // Options follow the tokenizer in one order: detail, then locale (quality's index).
        RenderRow(
            table: recipe(
                tokenizer: "unicode61", columns: [.unindexed("id"), .indexed("title"), .indexed("text")],
                detail: .column, locale: true),
            create:
                "CREATE VIRTUAL TABLE temp.t USING fts5(id UNINDEXED, title, text, tokenize = 'unicode61', detail = column, locale = 1)"
        ),
        // detail, then tokendata (throughput's tokendata index).
        RenderRow(
            table: recipe(tokenizer: "trigram", detail: .full, tokendata: true),
            create: "CREATE VIRTUAL TABLE temp.t USING fts5(body, tokenize = 'trigram', detail = full, tokendata = 1)"),
        // locale, then tokendata (a matrix unit of both).
        RenderRow(
            table: recipe(tokenizer: "unicode61", locale: true, tokendata: true),
            create: "CREATE VIRTUAL TABLE temp.t USING fts5(body, tokenize = 'unicode61', locale = 1, tokendata = 1)"),
        // A contentless table with prefix indexes, before detail; `.none` is FTS5's detail=none,
        // never Optional's none (which once wrote no detail at all).
        RenderRow(
            table: recipe(content: .contentless, prefixLengths: [2, 3], detail: .none),
            create: "CREATE VIRTUAL TABLE temp.t USING fts5(body, content = '', prefix = '2 3', detail = none)"),
        // External content names its table.
        RenderRow(
            table: recipe(content: .external(table: "t_text")),
            create: "CREATE VIRTUAL TABLE temp.t USING fts5(body, content = 't_text')"),
        // No schema: the name alone, as `advise` shows an app its table.
        RenderRow(
            table: FTS5TableRecipe(
                schema: "", name: "documents", columns: [.indexed("title"), .indexed("text")],
                tokenizer: try! FTS5TableRecipe.Tokenizer("unicode61")),
            create: "CREATE VIRTUAL TABLE documents USING fts5(title, text, tokenize = 'unicode61')"),
    ]

    @Test(arguments: creates)
    func createRendersEachOption(row: RenderRow) {
        #expect(row.table.create == row.create)
    }

    struct StatementRow: Sendable, CustomTestStringConvertible {
        var rendered: String
        var expected: String
        var testDescription: String { expected }
    }

    static let quality = recipe(columns: [.unindexed("id"), .indexed("title"), .indexed("text")], locale: true)

    static let statements: [StatementRow] = [
        // The rowid is ?1 when given, then the columns.
        StatementRow(
            rendered: recipe().insert(withRowid: true), expected: "INSERT INTO temp.t(rowid, body) VALUES (?1, ?2)"),
        // Without a rowid the columns start at ?1.
        StatementRow(rendered: recipe().insert(withRowid: false), expected: "INSERT INTO temp.t(body) VALUES (?1)"),
        // The locale is bound last.
        StatementRow(
            rendered: recipe().insert(withRowid: true, withLocale: true),
            expected: "INSERT INTO temp.t(rowid, body) VALUES (?1, fts5_locale(?3, ?2))"),
        // An UNINDEXED column is given no locale; the indexed ones share one.
        StatementRow(
            rendered: quality.insert(withRowid: true, withLocale: true),
            expected:
                "INSERT INTO temp.t(rowid, id, title, text) VALUES (?1, ?2, fts5_locale(?5, ?3), fts5_locale(?5, ?4))"),
        // The matrix's probe: the pattern ?1, the rowid ?2.
        StatementRow(
            rendered: recipe().rowMatches(),
            expected: "SELECT EXISTS (SELECT 1 FROM temp.t WHERE t MATCH ?1 AND rowid = ?2)"),
        // Its locale variant: the locale ?3, after the rowid.
        StatementRow(
            rendered: recipe().rowMatches(withLocale: true),
            expected: "SELECT EXISTS (SELECT 1 FROM temp.t WHERE t MATCH fts5_locale(?3, ?1) AND rowid = ?2)"),
        // Upgrade's and the locale probe's rowids.
        StatementRow(
            rendered: recipe().matchingRowids(withLocale: true),
            expected: "SELECT rowid FROM temp.t WHERE t MATCH fts5_locale(?2, ?1) ORDER BY rowid"),
        StatementRow(
            rendered: recipe().matchingRowids(), expected: "SELECT rowid FROM temp.t WHERE t MATCH ?1 ORDER BY rowid"),
        // Quality's ranking, bm25 by the unqualified name.
        StatementRow(
            rendered: recipe().bm25Ranking(withLocale: true),
            expected: "SELECT rowid, bm25(t) FROM temp.t WHERE t MATCH fts5_locale(?2, ?1) ORDER BY 2"),
        // Throughput's count and its instance-token reads.
        StatementRow(rendered: recipe().matchCount, expected: "SELECT count(*) FROM temp.t WHERE t MATCH ?1"),
        StatementRow(
            rendered: recipe().instanceTokens(insttoken: true),
            expected: "SELECT tokenbench_insttokens(t) FROM temp.t WHERE t MATCH fts5_insttoken(?1)"),
        // The analysis's highlight: the pattern ?1, the marks ?2 and ?3, the locale ?4.
        StatementRow(
            rendered: recipe().highlights(snippetTokens: 8, withLocale: true),
            expected: """
                SELECT highlight(t, 0, ?2, ?3),
                       snippet(t, 0, ?2, ?3, '…', 8),
                       tokenbench_insttokens(t)
                FROM temp.t WHERE t MATCH fts5_locale(?4, ?1)
                """),
        // FTS5's commands name the table as its hidden column; insttoken is a configuration.
        StatementRow(
            rendered: recipe().command(.integrityCheck),
            expected: "INSERT INTO temp.t(t) VALUES ('integrity-check')"),
        StatementRow(
            rendered: recipe().command(.insttoken), expected: "INSERT INTO temp.t(t, rank) VALUES ('insttoken', 1)"),
        // The environment's vocabulary table, in the table's schema.
        StatementRow(
            rendered: recipe().instanceVocabulary(named: "v").create,
            expected: "CREATE VIRTUAL TABLE temp.v USING fts5vocab(temp, t, instance)"),
        StatementRow(rendered: recipe().dropIfExists, expected: "DROP TABLE IF EXISTS temp.t"),
    ]

    @Test(arguments: statements)
    func statementsNumberTheirParametersOneWay(row: StatementRow) {
        #expect(row.rendered == row.expected)
    }

    /// A NUL would end the SQL text early: the tokenizer refuses it, and takes any other text.
    @Test func aNULInTheTokenizerIsRefused() throws {
        #expect(throws: FTS5TableRecipe.Tokenizer.ContainsNUL.self) { try FTS5TableRecipe.Tokenizer("unicode61\0") }
        #expect(try FTS5TableRecipe.Tokenizer("unicode61 tokenchars '\u{301}").text == "unicode61 tokenchars '\u{301}")
    }

    struct LiveRow: Sendable, CustomTestStringConvertible {
        var table: FTS5TableRecipe
        var engine: SQLiteEngine
        /// What must exist before the table (an external content table and its row).
        var arrange: [String] = []
        /// Nil: the table is made and answers; else SQLite's message refusing it.
        var refusal: String?
        var testDescription: String { "\(engine.name): \(table.create)" }
    }

    static let live: [LiveRow] = [
        // The defaults on SQLite 3.40.1.
        LiveRow(table: recipe(), engine: .system),
        // A doubled quote reaches FTS5 as one: 'unicode61' is the porter stemmer's base.
        LiveRow(table: recipe(tokenizer: "porter 'unicode61'"), engine: .system),
        // UNINDEXED, detail and a prefix index are all known to 3.40.1.
        LiveRow(
            table: recipe(
                tokenizer: "unicode61", columns: [.unindexed("id"), .indexed("body")], prefixLengths: [2],
                detail: .column),
            engine: .system),
        // Contentless: the index alone still answers by rowid.
        LiveRow(table: recipe(content: .contentless, detail: .none), engine: .system),
        // External content, read from a table of the same schema.
        LiveRow(
            table: recipe(content: .external(table: "t_text")), engine: .system,
            arrange: [
                "CREATE TABLE temp.t_text(body)", "INSERT INTO temp.t_text(rowid, body) VALUES (1, 'a brown fox')",
            ]),
        // Locale and tokendata where the engine has them (SQLite 3.54.1).
        LiveRow(table: recipe(tokenizer: "unicode61", locale: true, tokendata: true), engine: bundled),
        LiveRow(
            table: recipe(columns: [.unindexed("id"), .indexed("body")], detail: .full, locale: true), engine: bundled),
        // An engine without locales refuses the table in the words upgrade's CSV and env report.
        LiveRow(table: recipe(locale: true), engine: .system, refusal: #"unrecognized option: "locale""#),
        // And one without tokendata likewise.
        LiveRow(table: recipe(tokendata: true), engine: .system, refusal: #"unrecognized option: "tokendata""#),
    ]

    /// Makes the table, inserts "a brown fox" as rowid 1 (with a locale where the table takes
    /// one), and asks it through every query and command the bench runs.
    @Test(arguments: live)
    func eachTableIsMadeAndAnswers(row: LiveRow) throws {
        let connection = try EngineConnection(engine: row.engine)
        let table = row.table
        for statement in row.arrange { try connection.execute(statement) }
        guard row.refusal == nil else {
            #expect(throws: SQLiteFailure.self) { try connection.execute(table.create) }
            do { try connection.execute(table.create) } catch { #expect(error.message == row.refusal) }
            return
        }
        try connection.execute(table.dropIfExists)
        try connection.execute(table.create)
        let insert = try connection.prepare(table.insert(withRowid: true, withLocale: table.locale))
        try insert.bind(1, at: 1)
        for parameter in table.columns.indices { try insert.bind("a brown fox", at: parameter + 2) }
        if table.locale { try insert.bind("en", at: table.columns.count + 2) }
        try insert.run()

        /// The rows of `sql` with the pattern `brown` bound as ?1, then `values` in order, and
        /// the locale `en` last where the table takes one.
        func rows(_ sql: String, binding values: [Int] = []) throws -> [[String?]] {
            let statement = try connection.prepare(sql)
            try statement.bind("brown", at: 1)
            for (offset, value) in values.enumerated() { try statement.bind(value, at: offset + 2) }
            if table.locale { try statement.bind("en", at: values.count + 2) }
            return try statement.rows()
        }
        let locale = table.locale
        #expect(try rows(table.matchingRowids(withLocale: locale)) == [["1"]])
        #expect(try rows(table.rowMatches(withLocale: locale), binding: [1]) == [["1"]])
        #expect(try rows(table.rowMatches(withLocale: locale), binding: [2]) == [["0"]])
        #expect(try rows(table.bm25Ranking(withLocale: locale)).map { $0[0] } == ["1"])
        // Throughput's count has no locale variant: it runs on tables without one.
        if !locale { #expect(try rows(table.matchCount) == [["1"]]) }
        // A contentless table can neither rebuild (it keeps no text) nor delete without it.
        let contentless = table.content == .contentless
        for command in [FTS5TableRecipe.Command.optimize, .rebuild, .integrityCheck]
        where !contentless || command != .rebuild {
            try connection.execute(table.command(command))
        }
        if !contentless {
            try connection.execute(table.deleteAllRows)
            #expect(try rows(table.matchingRowids(withLocale: locale)) == [])
        }
        try connection.execute(table.dropIfExists)
        #expect(try connection.prepare("SELECT count(*) FROM temp.sqlite_master WHERE name = 't'").rows() == [["0"]])
    }

    /// The analysis's statement marks the match and reads its instance tokens.
    @Test func highlightsMarkTheMatch() throws {
        let connection = try EngineConnection(engine: Self.bundled)
        let table = Self.recipe(tokenizer: "unicode61")
        try connection.execute(table.create)
        try connection.execute(table.insert(withRowid: false), "a brown fox")
        let marked = try connection.withInstanceTokens { takeCalls in
            let select = try connection.prepare(table.highlights(snippetTokens: 2))
            try select.bind("brown", at: 1)
            try select.bind("[", at: 2)
            try select.bind("]", at: 3)
            let rows = try select.rows()
            return (rows, takeCalls())
        }
        #expect(marked.0.map { Array($0.prefix(2)) } == [["a [brown] fox", "a [brown]…"]])
        #expect(marked.1.first??.first?.tokens == [Array("brown".utf8)])
    }

    /// The environment's vocabulary table lists the table's token instances.
    @Test func theVocabularyListsEachInstance() throws {
        let connection = try EngineConnection(engine: .system)
        let table = Self.recipe()
        let vocabulary = table.instanceVocabulary(named: "t_vocab")
        try connection.execute(table.create)
        try connection.execute(table.insert(withRowid: false), "a brown fox")
        try connection.execute(vocabulary.create)
        #expect(try connection.prepare(vocabulary.selectAll).rows().map { $0[0] } == ["a", "brown", "fox"])
        try connection.execute(vocabulary.dropIfExists)
    }

    /// The feature probes make their tables through the recipe, and report a missing option in
    /// the words the bench's `env` prints (results/env.csv).
    @Test func theLocaleProbeReportsTheEnginesRefusal() throws {
        let features = try #require(SQLiteEngine.system.fts5Features)
        #expect(
            features.missing[.locale] == #"a locale=1 table with fts5_locale() failed: unrecognized option: "locale""#)
        #expect(features.missing[.tokendata] == #"a tokendata=1 table failed: unrecognized option: "tokendata""#)
        #expect(try #require(Self.bundled.fts5Features).has(.locale))
    }
}
