import Foundation
import Testing

/// The shipped extension's `icu` on one `locale=1` table, in APSW from PyPI (SQLite 3.54.1, a
/// client no one here wrote): each value's locale decides how I and İ fold, and FTS5 stores
/// exactly the tokens `tokenbench tokens --locale` prints on the bundled engine (3.54.1 too).
/// `.ci/run` installs APSW into a virtual environment and sets TOKENBENCH_APSW_PYTHON to its
/// python, and TOKENBENCH_REQUIRE_APSW=1 so that a missing APSW fails instead of skipping.
/// APSW from PyPI, where the environment names a python that has it.
enum APSW {
    static var python: String? { ProcessInfo.processInfo.environment["TOKENBENCH_APSW_PYTHON"] }
    static var required: Bool { ProcessInfo.processInfo.environment["TOKENBENCH_REQUIRE_APSW"] == "1" }

    /// What a suite that runs it carries: it runs where APSW and the extension are (or is
    /// required, and then fails without them), and is skipped with the reason elsewhere.
    static var availableOrRequired: ConditionTrait {
        .enabled(
            if: required
                || (python.map { FileManager.default.isExecutableFile(atPath: $0) } == true
                    && LoadableExtensionProductTests.libraryBuilt
                    && !LoadableExtensionProductTests.underAddressSanitizer),
            "set TOKENBENCH_APSW_PYTHON to a python with APSW (pip install apsw), and build the extension (swift build --product TokenBenchFTS5); not under AddressSanitizer"
        )
    }
}

@Suite(APSW.availableOrRequired)
struct LocaleAPSWTests {
    /// A `locale=1` table: its tokenizer, and its rows' rowid, locale ("" for a value without
    /// one) and text.
    struct Table: Sendable {
        var spec: String
        var rows: [Row]
    }

    struct Row: Sendable {
        var rowid: Int
        var locale: String
        var text: String
    }

    static let tables = [
        Table(
            spec: "icu",
            rows: [
                Row(rowid: 1, locale: "tr", text: "IĞDIR"),
                Row(rowid: 2, locale: "tr", text: "İstanbul"),
                Row(rowid: 3, locale: "en", text: "INFO"),
                Row(rowid: 4, locale: "tr", text: "INFO"),
                Row(rowid: 5, locale: "", text: "IĞDIR"),
            ]),
        Table(
            spec: "snowball",
            rows: [
                Row(rowid: 1, locale: "de", text: "Die Häuser"),
                Row(rowid: 2, locale: "en", text: "The houses"),
                Row(rowid: 3, locale: "", text: "Häuser houses"),
            ]),
    ]

    struct Query: Sendable, CustomTestStringConvertible {
        var spec: String
        var locale: String
        var text: String
        var rowids: [Int]
        var testDescription: String { "\(spec): \(text) (\(locale.isEmpty ? "no locale" : locale))" }
    }

    static let queries: [Query] = [
        // Turkic folding on both sides: IĞDIR and ığdır both become ığdır.
        Query(spec: "icu", locale: "tr", text: "ığdır", rowids: [1]),
        // İ folds to i under tr, so İstanbul is istanbul.
        Query(spec: "icu", locale: "tr", text: "istanbul", rowids: [2]),
        // The locale decides, not a fold that ignores it: INFO in English is info, in Turkish ınfo.
        Query(spec: "icu", locale: "en", text: "info", rowids: [3]),
        Query(spec: "icu", locale: "tr", text: "ınfo", rowids: [4]),
        // A value without a locale folds by the table's default (root): IĞDIR is iğdir.
        Query(spec: "icu", locale: "", text: "iğdir", rowids: [5]),
        // Root folding keeps a dotless ı, so an English query for the dotless spelling finds the
        // Turkish row.
        Query(spec: "icu", locale: "en", text: "ığdır", rowids: [1]),
        // snowball stems each row in its own language: German Häuser is haus, English houses hous.
        Query(spec: "snowball", locale: "de", text: "Haus", rowids: [1]),
        Query(spec: "snowball", locale: "en", text: "house", rowids: [2]),
        // English leaves Häuser as it is, so only the row without a locale (unstemmed) has it.
        Query(spec: "snowball", locale: "en", text: "Häuser", rowids: [3]),
    ]

    /// Runs APSW's python on `script` with the extension's path as its first argument.
    static func runPython(_ script: String) throws -> (status: Int32, output: String, errors: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(APSW.python, "TOKENBENCH_APSW_PYTHON is not set"))
        process.arguments = ["-c", script, LoadableExtensionProductTests.library.path]
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let messages = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, printed, messages)
    }

    /// The script that makes `table` in APSW: its tokenizer on a locale=1 table, the rows
    /// inserted through fts5_locale().
    static func tableScript(_ table: Table) -> String {
        var script = """
            import apsw, sys
            db = apsw.Connection(":memory:")
            db.enable_load_extension(True)
            db.load_extension(sys.argv[1])
            assert apsw.sqlite_lib_version() >= "3.47", apsw.sqlite_lib_version()
            db.execute("CREATE VIRTUAL TABLE t USING fts5(body, tokenize = \(pythonString(table.spec)), locale = 1)")

            """
        for row in table.rows {
            let value = row.locale.isEmpty ? "?3" : "fts5_locale(?2, ?3)"
            script +=
                "db.execute(\"INSERT INTO t(rowid, body) VALUES (?1, \(value))\", (\(row.rowid), \(pythonString(row.locale)), \(pythonString(row.text))))\n"
        }
        return script
    }

    static func table(_ spec: String) throws -> Table { try #require(tables.first { $0.spec == spec }) }

    /// `text` as a Python string literal, every non-ASCII character escaped.
    static func pythonString(_ text: String) -> String {
        "'" + text.unicodeScalars.map { $0.isASCII ? String($0) : String(format: "\\U%08x", $0.value) }.joined() + "'"
    }

    @Test(arguments: queries)
    func theValuesLocaleDecidesWhatMatches(query: Query) throws {
        let match = query.locale.isEmpty ? "?" : "fts5_locale(?, ?)"
        let parameters =
            query.locale.isEmpty
            ? Self.pythonString(query.text) : "\(Self.pythonString(query.locale)), \(Self.pythonString(query.text))"
        let run = try Self.runPython(
            Self.tableScript(try Self.table(query.spec))
                + "print(' '.join(str(r[0]) for r in db.execute(\"SELECT rowid FROM t WHERE t MATCH \(match) ORDER BY rowid\", (\(parameters),))))\n"
        )
        #expect(run.status == 0, "\(run.errors)")
        let found = run.output.split(whereSeparator: { $0 == " " || $0 == "\n" }).compactMap { Int(String($0)) }
        #expect(found == query.rowids)
    }

    @Test(arguments: tables.map(\.spec))
    func theTableStoresTheTokensTheBenchPrints(spec: String) throws {
        let table = try Self.table(spec)
        let run = try Self.runPython(
            Self.tableScript(table) + """
                db.execute("CREATE VIRTUAL TABLE v USING fts5vocab(t, instance)")
                for doc, offset, term in db.execute("SELECT doc, offset, term FROM v"):
                    print(f"{doc}|{offset}|{term}")

                """)
        #expect(run.status == 0, "\(run.errors)")
        let stored = Set(run.output.split(separator: "\n").map(String.init))
        var printed: Set<String> = []
        for row in table.rows {
            let locale = row.locale.isEmpty ? [] : ["--locale", row.locale]
            let tokens = try CLITests.run(
                ["tokens", "--engine", "bundled", "--mode", "document", "--tokenizer", spec] + locale + [row.text])
            #expect(tokens.status == 0, "\(tokens.stderr)")
            for line in tokens.stdout.split(separator: "\n").dropFirst() {
                // tokenizer,engine,mode,form,input,position,token,…: no field here holds a comma.
                let fields = line.split(separator: ",", omittingEmptySubsequences: false)
                printed.insert("\(row.rowid)|\(fields[5])|\(fields[6])")
            }
        }
        #expect(!stored.isEmpty)
        #expect(stored == printed)
    }

    struct Downgrade: Sendable, CustomTestStringConvertible {
        var option: String
        var testDescription: String { option }
    }

    /// A locale=1 or tokendata=1 index built on SQLite 3.54.1 (APSW), opened on the system's
    /// 3.40.1 (Debian's python3): FTS5 refuses the table, but the content table still holds the
    /// text (and the locale, in a column of its own), so an app can rebuild from it.
    @Test(arguments: [Downgrade(option: "locale"), Downgrade(option: "tokendata")])
    func anIndexAcrossTheFeatureLineIsRefusedByTheOlderSQLite(downgrade: Downgrade) throws {
        let directory = try CLITests.makeTemporaryDirectory()
        let file = directory.appendingPathComponent("\(downgrade.option).db").path
        let value = downgrade.option == "locale" ? "fts5_locale('tr', 'IĞDIR')" : "'IĞDIR'"
        let built = try Self.runPython(
            """
            import apsw, sys
            db = apsw.Connection(\(Self.pythonString(file)))
            db.execute("CREATE VIRTUAL TABLE t USING fts5(body, \(downgrade.option) = 1)")
            db.execute("INSERT INTO t(rowid, body) VALUES (1, \(value))")
            db.close()

            """)
        #expect(built.status == 0, "\(built.errors)")
        let opened = Process()
        opened.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        let script = """
            import sqlite3, sys
            db = sqlite3.connect(sys.argv[1])
            try:
                db.execute("SELECT rowid FROM t WHERE t MATCH 'x'").fetchall()
                print("opened")
            except sqlite3.Error as error:
                print("refused:", error)
            print(db.execute("SELECT * FROM t_content").fetchall())

            """
        opened.arguments = ["-c", script, file]
        let output = Pipe()
        opened.standardOutput = output
        try opened.run()
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        opened.waitUntilExit()
        let stored = downgrade.option == "locale" ? "[(1, 'IĞDIR', 'tr')]" : "[(1, 'IĞDIR')]"
        #expect(printed == "refused: unrecognized option: \"\(downgrade.option)\"\n\(stored)\n")
    }
}
