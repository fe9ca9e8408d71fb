import Foundation
import GRDB
import Testing
import TokenBenchTokenizers

/// The SQL function `tokenbench_pattern(TOKENIZE, TEXT, KIND [, LOCALE])` that
/// `addTokenBenchTokenizers()` registers, on an app's own GRDB database: for every text, kind and
/// tokenizer it returns exactly `makeFTS5Pattern(typed:kind:tokenizer:locale:)`'s pattern, and
/// each bad input is an SQL error naming it.
struct PatternFunctionTests {
    /// A tokenizer as SQL spells it (a `tokenize=` option's text) and as the Swift API takes it
    /// (its words).
    struct Tokenizer: CustomTestStringConvertible, Sendable {
        var spec: String
        var components: [String]
        var why: String
        var testDescription: String { "\(spec): \(why)" }
    }

    struct Typed: CustomTestStringConvertible, Sendable {
        var text: String
        var why: String
        var testDescription: String { "\(text.debugDescription): \(why)" }
    }

    static let tokenizers: [Tokenizer] = [
        Tokenizer(spec: "unicode61", components: ["unicode61"], why: "FTS5's default"),
        Tokenizer(spec: "icu", components: ["icu"], why: "ICU's word breaks: don't and 3.14 whole"),
        Tokenizer(spec: "trigram", components: ["trigram"], why: "overlapping tokens, one piece per run"),
        Tokenizer(spec: "cjk", components: ["cjk"], why: "a shipped tokenizer: CJK bigrams"),
        Tokenizer(
            spec: "unicode61 remove_diacritics 0", components: ["unicode61", "remove_diacritics", "0"],
            why: "arguments after the name"),
        Tokenizer(spec: "porter unicode61", components: ["porter", "unicode61"], why: "a wrapper and its BASE"),
        Tokenizer(
            spec: "  unicode61   tokenchars  '-''' ", components: ["unicode61", "tokenchars", "-'"],
            why: "spaces around words, a quoted word with a doubled quote"),
    ]

    static let texts: [Typed] = [
        Typed(text: "don't know", why: "the apostrophe GRDB's ascii split breaks"),
        Typed(text: "grey cat", why: "two plain words"),
        Typed(text: "Crème brûlée", why: "diacritics, kept or removed by the tokenizer"),
        Typed(text: "3.14 or so", why: "a decimal"),
        Typed(text: "北京 天安门", why: "CJK without spaces inside a word"),
        Typed(text: "AND OR NOT", why: "FTS5's operator words"),
        Typed(text: #"say "hi" ab"cd"#, why: "quotes, stray and inside a word"),
        Typed(text: "NEAR(a b) body:x ^y *", why: "FTS5's syntax characters"),
        Typed(text: "running faster", why: "porter stems the tokens"),
        Typed(text: "a\u{0}b", why: "a NUL, bound as text, ends a piece"),
        Typed(text: "  -  ", why: "no token: NULL"),
        Typed(text: "", why: "empty: NULL"),
    ]

    /// Every kind of every text with every tokenizer: the SQL function's text is the Swift API's
    /// pattern, NULL where the Swift API returns nil.
    @Test(arguments: tokenizers, texts)
    func sqlFunctionEqualsTheSwiftAPI(tokenizer: Tokenizer, typed: Typed) throws {
        let queue = try DatabaseQueue()
        try queue.read { db in
            try db.addTokenBenchTokenizers()
            // GRDB binds a String up to its first NUL: a text with one goes as its UTF-8 bytes.
            let text: any DatabaseValueConvertible = typed.text.contains("\u{0}") ? Data(typed.text.utf8) : typed.text
            for kind in TypedQueryKind.allCases {
                let sql = try String.fetchOne(
                    db, sql: "SELECT tokenbench_pattern(?, CAST(? AS TEXT), ?)",
                    arguments: [tokenizer.spec, text, kind.rawValue])
                let swift = try db.makeFTS5Pattern(
                    typed: typed.text, kind: kind, tokenizer: FTS5TokenizerDescriptor(components: tokenizer.components))
                #expect(sql == swift?.rawPattern, "\(kind)")
            }
        }
    }

    /// The example of the task, spelt out: `'icu'`, `don't know`, `all`.
    @Test func icuKeepsDontWhole() throws {
        let queue = try DatabaseQueue()
        try queue.read { db in
            try db.addTokenBenchTokenizers()
            let sql = try String.fetchOne(db, sql: "SELECT tokenbench_pattern('icu', 'don''t know', 'all')")
            #expect(sql == #""don't" "know""#)
            #expect(
                sql
                    == (try db.makeFTS5Pattern(
                        typed: "don't know", kind: .all, tokenizer: FTS5TokenizerDescriptor(components: ["icu"]))?
                        .rawPattern))
        }
    }

    /// NULL TEXT gives NULL, with or without a LOCALE; a NULL LOCALE is no locale.
    @Test func nullTextGivesNull() throws {
        let queue = try DatabaseQueue()
        try queue.read { db in
            try db.addTokenBenchTokenizers()
            let row = try #require(
                try Row.fetchOne(
                    db,
                    sql: """
                        SELECT tokenbench_pattern('icu', NULL, 'all') IS NULL,
                               tokenbench_pattern('icu', NULL, 'any', 'fr') IS NULL,
                               tokenbench_pattern('icu', 'grey cat', 'phrase', NULL)
                        """))
            #expect(row[0] as Bool == true)
            #expect(row[1] as Bool == true)
            #expect(row[2] as String? == #""grey" + "cat""#)
        }
    }

    struct Failure: CustomTestStringConvertible, Sendable {
        var sql: String
        /// What the message must contain: the input it names.
        var names: [String]
        var why: String
        var testDescription: String { why }
    }

    static let failures: [Failure] = [
        Failure(
            sql: "SELECT tokenbench_pattern('icu', CAST(X'6162FF63' AS TEXT), 'all')",
            names: ["tokenbench_pattern: TEXT is not UTF-8 at byte 2"], why: "TEXT not UTF-8: the byte's offset"),
        Failure(
            sql: "SELECT tokenbench_pattern('icu', 'a', 'some')",
            names: ["'some'", "any, all, prefixes, phrase"], why: "unknown KIND: named, and the four listed"),
        Failure(
            sql: "SELECT tokenbench_pattern('icu', 'a', NULL)",
            names: ["KIND is NULL", "any, all, prefixes, phrase"], why: "NULL KIND"),
        Failure(
            sql: "SELECT tokenbench_pattern('nosuch', 'a', 'all')",
            names: ["tokenbench_pattern:", "no such tokenizer: nosuch"], why: "unknown tokenizer: named"),
        Failure(
            sql: "SELECT tokenbench_pattern('porter nosuch', 'a', 'all')",
            names: ["tokenbench_pattern:", "porter nosuch"], why: "a wrapper whose BASE is unknown: the spec named"),
        Failure(
            sql: "SELECT tokenbench_pattern('unicode61 nosuch 1', 'a', 'all')",
            names: ["tokenbench_pattern:", "unicode61 nosuch 1"], why: "a constructor's refusal: the spec named"),
        Failure(
            sql: "SELECT tokenbench_pattern('unicode61 a-b', 'a', 'all')",
            names: ["parse error", "'unicode61 a-b'"], why: "not FTS5's tokenize= syntax: the spec named"),
        Failure(
            sql: "SELECT tokenbench_pattern('', 'a', 'all')",
            names: ["names no tokenizer"], why: "an empty TOKENIZE names no tokenizer"),
        Failure(
            sql: "SELECT tokenbench_pattern(NULL, 'a', 'all')", names: ["TOKENIZE is NULL"], why: "NULL TOKENIZE"),
        Failure(
            sql: "SELECT tokenbench_pattern('icu', 'a')",
            names: ["wrong number of arguments", "tokenbench_pattern"], why: "two arguments: SQLite's own error"),
        Failure(
            sql: "SELECT tokenbench_pattern('icu', 'a', 'all', 'fr', 'x')",
            names: ["wrong number of arguments", "tokenbench_pattern"], why: "five arguments: SQLite's own error"),
    ]

    @Test(arguments: failures)
    func errorsNameTheirInput(failure: Failure) throws {
        let queue = try DatabaseQueue()
        try queue.read { db in
            try db.addTokenBenchTokenizers()
            let error = #expect(throws: DatabaseError.self) { try String.fetchOne(db, sql: failure.sql) }
            for name in failure.names {
                #expect(error?.message?.contains(name) == true, "\(error?.message ?? "no message")")
            }
        }
    }

    /// A LOCALE runs the tokenizer through FTS5's v2 API, which needs SQLite 3.47: before it
    /// (the system's 3.40.1 here), an error saying so, as the Swift API's; from it, the Swift
    /// API's pattern.
    @Test func aLocaleNeedsSQLite347() throws {
        let queue = try DatabaseQueue()
        try queue.read { db in
            try db.addTokenBenchTokenizers()
            let version = try String.fetchOne(db, sql: "SELECT sqlite_version()")!.split(separator: ".").map {
                Int($0)!
            }
            let icu = FTS5TokenizerDescriptor(components: ["icu"])
            if version.lexicographicallyPrecedes([3, 47]) {
                let error = #expect(throws: DatabaseError.self) {
                    try String.fetchOne(db, sql: "SELECT tokenbench_pattern('icu', 'a b', 'all', 'tr')")
                }
                #expect(error?.message?.contains("tokenbench_pattern: a locale needs SQLite 3.47") == true)
                #expect(throws: DatabaseError.self) {
                    try db.makeFTS5Pattern(typed: "a b", kind: .all, tokenizer: icu, locale: "tr")
                }
            } else {
                #expect(
                    try String.fetchOne(db, sql: "SELECT tokenbench_pattern('icu', 'a b', 'all', 'tr')")
                        == (try db.makeFTS5Pattern(typed: "a b", kind: .all, tokenizer: icu, locale: "tr")?.rawPattern))
            }
        }
    }

    /// It writes nothing and makes no table: it runs in a read-only access, and the schema is
    /// as empty after it as before.
    @Test func itMakesNoTable() throws {
        let queue = try DatabaseQueue()
        try queue.read { db in
            try db.addTokenBenchTokenizers()
            _ = try String.fetchOne(db, sql: "SELECT tokenbench_pattern('trigram', 'quick fox', 'any')")
            #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_schema") == 0)
            #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_temp_schema") == 0)
        }
    }
}
