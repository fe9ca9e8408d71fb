import Foundation
import Testing

/// `tokenbench_pattern` in APSW from PyPI (SQLite 3.54.1, a client no one here wrote) against the
/// `pattern` column of the matrix on the engine with the same SQLite (the bundled 3.54.1): for
/// each typed fixture, tokenizer and typed kind, the extension's SQL function returns the
/// pattern the bench ran, or NULL where the cell is `no query`.
@Suite(APSW.availableOrRequired)
struct PatternFunctionAPSWTests {
    /// Each tokenizer's label in the matrix and its `tokenize=` text for the function.
    static let specs = [
        "unicode61": "unicode61", "icu": "icu", "trigram": "trigram", "cjk": "cjk", "latinascii": "latinascii",
        "porter-unicode61": "porter unicode61",
    ]

    /// Reads `{"csv": …}` on standard input; writes how many rows it compared and each whose
    /// function result is not the matrix's pattern.
    static let script = #"""
        import apsw, csv, io, json, sys
        db = apsw.Connection(":memory:")
        db.enable_load_extension(True)
        db.load_extension(sys.argv[1])
        specs = json.loads(sys.argv[2])
        given = json.load(sys.stdin)
        compared, wrong = 0, []
        for row in csv.DictReader(io.StringIO(given["csv"], newline="")):
            kind = row["query_kind"][len("typed-"):]
            got = db.execute("SELECT tokenbench_pattern(?, ?, ?)", (specs[row["tokenizer"]], row["query"], kind)).fetchall()[0][0]
            want = None if row["verdict"] == "no-query" else row["pattern"]
            if got != want:
                wrong.append([row["case"], row["tokenizer"], row["query_kind"], want, got])
            compared += 1
        json.dump({"compared": compared, "wrong": wrong, "sqlite": apsw.sqlite_lib_version()}, sys.stdout)
        """#

    struct Answer: Decodable {
        var compared: Int
        var wrong: [[String?]]
        var sqlite: String
    }

    @Test func theFunctionReturnsTheMatrixPattern() throws {
        let kinds = ["typed-any", "typed-all", "typed-prefixes", "typed-phrase"]
        let run = try CLITests.run(
            ["matrix", "--category", "typed", "--engine", "bundled", "--forms", "asis:asis"]
                + Self.specs.keys.sorted().flatMap { ["--tokenizer", "\($0)=\(Self.specs[$0]!)"] }
                + kinds.flatMap { ["--query-kind", $0] })
        #expect(run.status == 0, "\(run.stderr)")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(APSW.python, "TOKENBENCH_APSW_PYTHON is not set"))
        process.arguments = [
            "-c", Self.script, LoadableExtensionProductTests.library.path,
            String(decoding: try JSONEncoder().encode(Self.specs), as: UTF8.self),
        ]
        let (input, output) = (Pipe(), Pipe())
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(try JSONEncoder().encode(["csv": run.stdout]))
        try input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let answer = try JSONDecoder().decode(Answer.self, from: data)
        #expect(answer.sqlite == "3.54.1")
        // The 33 typed cases, each spec, each kind.
        #expect(answer.compared == 33 * Self.specs.count * kinds.count)
        #expect(answer.wrong.isEmpty, "\(answer.wrong.prefix(10))")
    }
}
