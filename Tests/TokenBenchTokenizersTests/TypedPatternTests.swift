import Foundation
import GRDB
import Testing
import TokenBenchTokenizers

/// `Database.makeFTS5Pattern(typed:kind:tokenizer:locale:)` as an app calls it: on its own GRDB
/// database with the shipped tokenizers registered, each pattern run as a real MATCH.
struct TypedPatternTests {
    struct Row: CustomTestStringConvertible, Sendable {
        var tokenizer: String
        var typed: String
        var all: String?
        var why: String
        var testDescription: String { "\(tokenizer) \(typed): \(why)" }
    }

    /// The `.all` pattern of each text: the pieces the table's tokenizer cuts it into, those of
    /// one typed name one phrase.
    static let rows: [Row] = [
        Row(tokenizer: "unicode61", typed: "grey cat", all: #""grey" "cat""#, why: "one piece a word"),
        Row(tokenizer: "unicode61", typed: "don't", all: #""don" "t""#, why: "unicode61 splits at the apostrophe"),
        Row(tokenizer: "unicode61", typed: "v2.3_rc", all: #""v2" + "3" + "rc""#, why: "one name, one phrase"),
        Row(tokenizer: "icu", typed: "don't", all: #""don't""#, why: "icu keeps the word whole, so does the piece"),
        Row(tokenizer: "icu", typed: "3.14 or so", all: #""3.14" "or" "so""#, why: "a decimal is one icu word"),
        Row(tokenizer: "unicode61", typed: "  \t ", all: nil, why: "white space has no token: no pattern"),
        Row(tokenizer: "unicode61", typed: "-", all: nil, why: "nor has punctuation alone"),
        Row(tokenizer: "unicode61", typed: #"say "hi"#, all: #""say" "hi""#, why: "a stray quote is left out"),
        Row(tokenizer: "unicode61", typed: "AND OR NOT", all: #""AND" "OR" "NOT""#, why: "operator words quoted"),
        Row(tokenizer: "unicode61", typed: "NEAR(a b", all: #""NEAR" "a" "b""#, why: "NEAR( quoted"),
        Row(tokenizer: "unicode61", typed: "body:x ^y *", all: #""body" "x" "y""#, why: "column, caret, star"),
        Row(tokenizer: "trigram", typed: "quick ok", all: #""quick ok""#, why: "overlapping trigrams stay one piece"),
        Row(tokenizer: "trigram", typed: "ok", all: nil, why: "under three characters, no trigram"),
        Row(tokenizer: "cjk", typed: "北京 天安门", all: #""北京" "天安门""#, why: "bigram runs apart at the space"),
        Row(tokenizer: "unicode61", typed: "a\u{0}b", all: #""a" "b""#, why: "a NUL ends a piece"),
        Row(tokenizer: "ascii", typed: "x\"y", all: #""x" "y""#, why: "quote between tokens dropped"),
        Row(tokenizer: "trigram", typed: "ab\"cd", all: #""ab""cd""#, why: "inside a piece, a quote is doubled"),
    ]

    @Test(arguments: rows)
    func piecesOfTypedText(row: Row) throws {
        let queue = try DatabaseQueue()
        try queue.read { db in
            try db.addTokenBenchTokenizers()
            let pattern = try db.makeFTS5Pattern(
                typed: row.typed, kind: .all, tokenizer: FTS5TokenizerDescriptor(components: [row.tokenizer]))
            #expect(pattern?.rawPattern == row.all)
        }
    }

    /// Each kind joins the same pieces its own way, and each pattern finds the document in a
    /// real table of the tokenizer where a quoted phrase of the text does, GRDB's `ascii` split
    /// does not (icu keeps "don't" whole), and runs inside a read-only access.
    @Test func kindsJoinThePiecesAndFindWhatThePhraseFinds() throws {
        let queue = try DatabaseQueue()
        try queue.write { db in
            try db.addTokenBenchTokenizers()
            try db.execute(sql: "CREATE VIRTUAL TABLE notes USING fts5(body, tokenize = 'icu')")
            try db.execute(sql: "INSERT INTO notes(body) VALUES ('I don''t know, she said at 3.14')")
        }
        let icu = FTS5TokenizerDescriptor(components: ["icu"])
        let expected: [(TypedQueryKind, String)] = [
            (.any, #""don't" OR "know""#), (.all, #""don't" "know""#), (.prefixes, #""don't"* "know"*"#),
            (.phrase, #""don't" + "know""#),
        ]
        try queue.read { db in
            for (kind, text) in expected {
                let pattern = try #require(try db.makeFTS5Pattern(typed: "don't know", kind: kind, tokenizer: icu))
                #expect(pattern.rawPattern == text)
                #expect(
                    try Int.fetchOne(db, sql: "SELECT count(*) FROM notes WHERE notes MATCH ?", arguments: [pattern])
                        == 1)
            }
            let grdb = try #require(FTS5Pattern(matchingAllTokensIn: "don't know"))
            #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM notes WHERE notes MATCH ?", arguments: [grdb]) == 0)
        }
    }

    /// An unknown tokenizer is an error naming it.
    @Test func anUnknownTokenizerIsNamed() throws {
        let queue = try DatabaseQueue()
        try queue.read { db in
            try db.addTokenBenchTokenizers()
            let unknown = #expect(throws: DatabaseError.self) {
                try db.makeFTS5Pattern(
                    typed: "x", kind: .all, tokenizer: FTS5TokenizerDescriptor(components: ["nosuch"]))
            }
            #expect(unknown?.message?.contains("nosuch") == true)
        }
    }

    /// GRDB's SQLite: a locale needs 3.47 (the v2 tokenizer API).
    static let grdbSQLiteVersion =
        (try? DatabaseQueue().read { try String.fetchOne($0, sql: "SELECT sqlite_version()") }) ?? nil
    static var grdbSQLiteLacksLocales: Bool {
        guard let version = grdbSQLiteVersion else { return false }
        return version.compare("3.47", options: .numeric) == .orderedAscending
    }

    /// A locale before SQLite 3.47 is an error saying so.
    @Test(.enabled(if: grdbSQLiteLacksLocales, "GRDB's SQLite has locales (3.47 or later)"))
    func aLocaleBeforeSQLite347SaysSo() throws {
        let queue = try DatabaseQueue()
        try queue.read { db in
            try db.addTokenBenchTokenizers()
            let locale = #expect(throws: DatabaseError.self) {
                try db.makeFTS5Pattern(
                    typed: "x", kind: .all, tokenizer: FTS5TokenizerDescriptor(components: ["unicode61"]), locale: "tr")
            }
            #expect(locale?.message?.contains("3.47") == true)
        }
    }

    /// Documentation/Queries.md's Swift snippet, word for word, on a `DatabasePool` whose notes
    /// table is tokenized by `icu`: "don't know" finds the note that GRDB's own pattern misses.
    @Test func theQueriesGuideSnippet() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("typed-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var configuration = Configuration()
        configuration.prepareDatabase { db in try db.addTokenBenchTokenizers() }
        let dbPool = try DatabasePool(
            path: directory.appendingPathComponent("notes.sqlite").path, configuration: configuration)
        try dbPool.write { db in
            try db.execute(sql: "CREATE VIRTUAL TABLE notes USING fts5(body, tokenize = 'icu')")
            try db.execute(sql: "INSERT INTO notes(body) VALUES ('I don''t know yet')")
        }
        let searchText = "don't know"
        // queries: swift
        let notes = try dbPool.read { db -> [String] in
            guard
                let pattern = try db.makeFTS5Pattern(
                    typed: searchText, kind: .all, tokenizer: FTS5TokenizerDescriptor(components: ["icu"]))
            else { return [] }
            return try String.fetchAll(db, sql: "SELECT body FROM notes WHERE notes MATCH ?", arguments: [pattern])
        }
        // end
        #expect(notes == ["I don't know yet"])
        // The guide's snippet is the one above, line for line (indented as it stands here).
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let guide = try String(contentsOf: root.appendingPathComponent("Documentation/Queries.md"), encoding: .utf8)
        let here = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        let snippet = try #require(
            here.split(separator: "// queries: swift\n").last?.split(separator: "        // end").first)
        let unindented = snippet.split(separator: "\n").map { $0.dropFirst(8) }.joined(separator: "\n")
        #expect(guide.contains(unindented), "Queries.md's Swift snippet differs from this test's")
    }
}
