import GRDB
import Testing

@testable import TokenBench
@testable import TokenBenchEngines
@testable import TokenBenchTokenizers

/// `TokenizeOptionWords`, the split of a `tokenize=` option that `tokenbench_pattern` does
/// without making a table, against FTS5's own split of the same text: a table whose tokenizer is
/// `SpecArgumentCapture` in front of the spec, which records the words FTS5 hands it, on the
/// system engine (SQLite 3.40.1) and on the bundled one (3.54.1).
struct TokenizeOptionWordsTests {
    /// FTS5's words for `spec` on `engine`, through the capture tokenizer; or FTS5's error.
    static func fts5Words(of spec: String, engine: SQLiteEngine) throws -> Result<[String], SQLiteFailure> {
        let workbench = try Workbench()
        return try workbench.withConnection(engine) { connection in
            let literal = "'" + (SpecArgumentCapture.name + " " + spec).replacing("'", with: "''") + "'"
            do throws(SQLiteFailure) {
                try connection.execute("DROP TABLE IF EXISTS temp.capture")
                try connection.execute("CREATE VIRTUAL TABLE temp.capture USING fts5(body, tokenize = \(literal))")
                // SQLite versions that create tokenizers lazily only run the constructor on a write.
                try connection.execute("INSERT INTO temp.capture(body) VALUES ('')")
                try connection.execute("DROP TABLE temp.capture")
                return .success(SpecArgumentCapture.takeArguments(for: connection) ?? [])
            } catch {
                return .failure(error)
            }
        }
    }

    static func split(_ spec: String) -> [String]? {
        TokenizeOptionWords.split(Array(spec.utf8))?.map { String(decoding: $0, as: UTF8.self) }
    }

    /// Every spec of the catalog (`tokenbench list`'s spec column), on both engines.
    @Test(arguments: TokenizerCatalog.all.map(\.spec.text), [SQLiteEngine.system, .bundled])
    func everyCatalogSpecSplitsAsFTS5SplitsIt(spec: String, engine: SQLiteEngine) throws {
        let words = try #require(Self.split(spec), "no parse")
        #expect(try Self.fts5Words(of: spec, engine: engine).get() == words)
        #expect(words.first.map(spec.hasPrefix) == true)
    }

    /// Specs that FTS5 accepts, each with the words both give: the rules of quoting and spaces.
    @Test(
        arguments: [
            ("unicode61  remove_diacritics   0 ", "several spaces, a trailing one"),
            ("   porter unicode61", "leading spaces"),
            ("unicode61 tokenchars '-_'", "a quoted word"),
            ("unicode61 tokenchars '-''_'", "a doubled quote inside a quoted word"),
            ("unicode61 separators ''''", "a word that is one quote"),
            ("unicode61 tokenchars ''", "an empty quoted word"),
            ("unicode61 separators 'a b'", "a space inside a quoted word"),
            ("unicode61 tokenchars 'é\"[`]'", "other quote characters inside a quoted word are plain"),
            ("unicode61 tokenchars é", "bytes of 0x80 and above are bareword"),
            ("unicode61 tokenchars \u{1A}", "so is 0x1A, in FTS5's table"),
            ("synonyms path '/tmp/no such file' base ascii", "a path quoted"),
            ("", "no word at all"),
        ], [SQLiteEngine.system, .bundled])
    func acceptedSpecsSplitAsFTS5SplitsThem(row: (spec: String, why: String), engine: SQLiteEngine) throws {
        let words = try #require(Self.split(row.spec), "\(row.why)")
        // The capture's constructor takes any words; FTS5's own split is all that is compared.
        #expect(try Self.fts5Words(of: row.spec, engine: engine).get() == words, "\(row.why)")
    }

    /// Specs FTS5 refuses with a parse error: the split refuses them too.
    @Test(
        arguments: [
            ("  ", "nothing but spaces: FTS5 looks for a word and finds none"),
            ("unicode61 a-b", "- is not a bareword character"),
            ("\"unicode61\"", "double quotes do not quote a word here"),
            ("[unicode61]", "nor do brackets"),
            ("`unicode61`", "nor do backquotes"),
            ("unicode61\tremove_diacritics 0", "a tab is not a space to FTS5"),
            ("unicode61 tokenchars '-", "an unclosed quote"),
            ("unicode61 tokenchars 'a''", "closed only by a doubled quote"),
            ("synonyms path /tmp/x", "a path unquoted"),
        ], [SQLiteEngine.system, .bundled])
    func refusedSpecsAreRefused(row: (spec: String, why: String), engine: SQLiteEngine) throws {
        #expect(Self.split(row.spec) == nil, "\(row.why)")
        // Without the capture in front, which would give "  " a word before it.
        let workbench = try Workbench()
        let message = try workbench.withConnection(engine) { connection in
            let literal = "'" + row.spec.replacing("'", with: "''") + "'"
            do throws(SQLiteFailure) {
                try connection.execute("CREATE VIRTUAL TABLE temp.refused USING fts5(body, tokenize = \(literal))")
                try connection.execute("DROP TABLE temp.refused")
                return "accepted"
            } catch {
                return error.message
            }
        }
        #expect(message == "parse error in tokenize directive", "\(row.why)")
    }

    /// Words that run into each other at a quote, which SQLite 3.40.1's parser reads past its
    /// buffer on (`TokenizerSpec.quotingProblem`): not given to FTS5 here, each row the words of
    /// fts5_config.c's rule, a word ending where its next character cannot continue it.
    @Test(
        arguments: [
            ("a'b'", ["a", "b"], "a bareword, then a quoted word"),
            ("'a'b", ["a", "b"], "a quoted word, then a bareword"),
            ("'a''b'c", ["a'b", "c"], "the doubled quote is inside; c after the closing one"),
            ("a\u{0}b", nil, "a NUL is refused, where FTS5 would stop reading"),
        ] as [(String, [String]?, String)])
    func runOnWords(spec: String, words: [String]?, why: String) {
        #expect(Self.split(spec) == words, "\(why)")
    }

    /// The SQL function on the bundled engine (3.54.1), with and without a LOCALE: the v2 path
    /// the system engine lacks, through the bundled engine's own trampoline.
    @Test func theFunctionWithALocaleOnTheBundledEngine() throws {
        let connection = try EngineConnection(engine: .bundled)
        try ShippedTokenizers.register(on: connection)
        try PatternFunction.register(on: connection)
        for (spec, components) in [
            ("icu", ["icu"]), ("unicode61 remove_diacritics 0", ["unicode61", "remove_diacritics", "0"]),
        ] {
            for locale in [nil, "tr", ""] as [String?] {
                let text = "DİYARBAKIR don't 3.14"
                let statement = try connection.prepare(
                    locale == nil
                        ? "SELECT tokenbench_pattern(?1, ?2, 'all')" : "SELECT tokenbench_pattern(?1, ?2, 'all', ?3)")
                try statement.bind(spec, at: 1)
                try statement.bind(text, at: 2)
                if let locale { try statement.bind(locale, at: 3) }
                let rows = try statement.rows()
                let expected = try TypedPatternBuilder.pattern(
                    of: Array(text.utf8), kind: .all, tokenizer: components, locale: locale, on: connection)
                #expect(rows == [[expected]], "\(spec) \(locale ?? "no locale")")
                #expect(expected != nil)
            }
        }
    }
}
