import Foundation
import Testing

/// The `grdb-*` query kinds against GRDB's rule run in a client no one here wrote: Debian's
/// python3 and its sqlite3 module split each typed text with FTS5's own `ascii` tokenizer (the
/// tokens in order, from an `fts5vocab` instance table), join them as GRDB's `FTS5Pattern`
/// builders do, and keep a pattern only where FTS5 parses it, as GRDB's `init(rawPattern:)`
/// does. Each matrix cell must carry that pattern, or be `no-query` where there is none.
struct GRDBPatternOracleTests {
    /// What users type into a search box: the hazards of the issue and of the typed fixtures,
    /// and texts none of them has (operators in other cases, controls, non-ASCII in words).
    static let typedTexts = [
        "don't", "don\u{2019}t", "l'avion", "O'Brien", "3.14", "1,000", "50%", "user@example.com",
        "https://example.com/a?b=c&d", "/usr/local/bin", "#swiftlang", "@groue", "C++", "C#", ".NET", "e-mail",
        "Jean-Luc", "-", "'", "*", "\"", " ", "\t\n ", "AND", "and", "salt AND pepper", "OR NOT", "NEAR(a b",
        "NEAR(a b, 2)", "\"quoted phrase\"", "a\"b", "^start", "body:text", "(a OR b)", "f(x)", "北京",
        "我爱北京天安门", "iPhone手机", "🍕", "pizza 🍕 tonight", "naïve café", "Großmann", "ﬁsh", "İstanbul",
        "x\u{1}y", "trailing ", " leading", "a_b", "snake_case_word", "ÀÉÎ", "a", "x y z w v u t s r q p o",
        "the grey cat sat on the mat", "NEAR", "not", "Ω", "3x+1", "1e-9", "$100", "a--b", "a..b", "a//b",
    ]

    static let kinds = ["grdb-any", "grdb-all", "grdb-prefixes", "grdb-phrase", "grdb-prefix-phrase"]

    /// GRDB's rule, in Python against FTS5, and the comparison with the matrix's CSV read by
    /// Python's csv module: reads `{"texts": [...], "csv": "..."}` on standard input and writes
    /// how many cells it compared and each one whose pattern or verdict is not GRDB's.
    static let oracle = #"""
        import csv, io, json, sqlite3, sys
        given = json.load(sys.stdin)
        db = sqlite3.connect(":memory:")
        db.execute("CREATE VIRTUAL TABLE t USING fts5(x, tokenize = 'ascii')")
        db.execute("CREATE VIRTUAL TABLE v USING fts5vocab(t, 'instance')")
        db.execute("CREATE VIRTUAL TABLE d USING fts5(x)")
        def parsed(pattern):
            try:
                db.execute("SELECT * FROM d WHERE d MATCH ?", (pattern,)).fetchall()
                return pattern
            except sqlite3.OperationalError:
                return None
        def grdb(text):
            db.execute("DELETE FROM t")
            db.execute("INSERT INTO t(rowid, x) VALUES (1, ?)", (text,))
            tokens = [row[0] for row in db.execute("SELECT term FROM v ORDER BY offset")]
            if not tokens:
                return {}
            patterns = {
                "grdb-any": " OR ".join(tokens), "grdb-all": " ".join(tokens),
                "grdb-prefixes": " ".join(t + "*" for t in tokens), "grdb-phrase": '"' + " ".join(tokens) + '"',
                "grdb-prefix-phrase": '^"' + " ".join(tokens) + '"'}
            return {kind: parsed(p) for kind, p in patterns.items()}
        expected = [grdb(text) for text in given["texts"]]
        compared, wrong = 0, []
        for row in csv.DictReader(io.StringIO(given["csv"], newline="")):
            want = expected[int(row["case"][1:])].get(row["query_kind"])
            got = (row["pattern"], row["verdict"] == "no-query")
            if got != (want or "", want is None):
                wrong.append([row["case"], row["query"], row["query_kind"], row["pattern"], row["verdict"], want])
            compared += 1
        json.dump({"compared": compared, "wrong": wrong}, sys.stdout)
        """#

    struct Given: Encodable {
        var texts: [String]
        var csv: String
    }

    struct Verdict: Decodable {
        var compared: Int
        var wrong: [[String?]]
    }

    @Test func grdbCellsCarryGRDBsOwnPattern() throws {
        // One case per text, each code point written as an escape, so the fixture file keeps
        // every space, quote and control exactly.
        let escaped = { (text: String) in text.unicodeScalars.map { String(format: "\\u{%X}", $0.value) }.joined() }
        let fixtures = Self.typedTexts.enumerated().map { index, text in
            "id: t\(index)\ncategory: typed\ndocument: x\nquery: \(escaped(text))\n"
        }.joined(separator: "\n")
        let directory = try CLITests.makeTemporaryDirectory()
        try fixtures.write(to: directory.appendingPathComponent("typed.cases"), atomically: true, encoding: .utf8)
        let run = try CLITests.run(
            [
                "matrix", "--fixtures", "typed.cases", "--tokenizer", "unicode61", "--engine", "system", "--forms",
                "asis:asis",
            ]
                + Self.kinds.flatMap { ["--query-kind", $0] }, in: directory)
        #expect(run.status == 0, "\(run.stderr)")

        let process = Process()
        // Debian's own python3, with the system's SQLite (FTS5 and fts5vocab).
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-c", Self.oracle]
        let (input, output) = (Pipe(), Pipe())
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(try JSONEncoder().encode(Given(texts: Self.typedTexts, csv: run.stdout)))
        try input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let verdict = try JSONDecoder().decode(Verdict.self, from: data)
        #expect(verdict.compared == Self.typedTexts.count * Self.kinds.count)
        #expect(verdict.wrong.isEmpty, "\(verdict.wrong.prefix(10))")
    }
}
