import Foundation
import Testing

/// `libTokenBenchFTS5.so`, the shipped tokenizers as a SQLite loadable extension, loaded by the
/// sqlite3 shell and by Debian's Python (clients no one here wrote): the tokens FTS5 stores (an fts5vocab `instance`
/// table) must equal `tokenbench tokens` on the same engine, for every shipped tokenizer, on text
/// in several languages. The library is a product of its own, which `swift test` does not link:
/// `swift build --product TokenBenchFTS5` first. `.ci/run` does, and sets
/// TOKENBENCH_REQUIRE_EXTENSION=1 so that a missing library fails instead of skipping.
struct LoadableExtensionProductTests {
    static var libraryBuilt: Bool { FileManager.default.fileExists(atPath: library.path) }
    /// Under AddressSanitizer the library is instrumented too, and an uninstrumented sqlite3 or
    /// python3 cannot load it (the ASan runtime must come first in the process): skipped there.
    static var underAddressSanitizer: Bool { dlsym(UnsafeMutableRawPointer(bitPattern: 0), "__asan_init") != nil }
    static var libraryRequired: Bool { ProcessInfo.processInfo.environment["TOKENBENCH_REQUIRE_EXTENSION"] == "1" }

    /// The extension beside the built tokenbench (same configuration and scratch path).
    static var library: URL {
        CLITests.executable.deletingLastPathComponent().appendingPathComponent("libTokenBenchFTS5.so")
    }

    static let texts = [
        "Herr Großmann wohnt in der Hauptstraße",
        "L'élève aimé fête Noël à Besançon",
        "DİYARBAKIR ve Diyarbakır",
        "東京タワーに行きました",
        "Москва — столица России",
        "我们在北京学习中文",
        "The first runners were running faster",
    ]

    static let specs = [
        "synonyms", "stopwords", "latinascii", "german", "nfkc", "icu", "translit", "japanese",
        "snowball english", "snowball german", "snowball french", "snowball russian", "german porter unicode61", "cjk",
    ]

    @Test(
        .enabled(
            if: (libraryBuilt || libraryRequired) && !underAddressSanitizer,
            "libTokenBenchFTS5.so is not built (run 'swift build --product TokenBenchFTS5' first), or this is an AddressSanitizer build"
        ),
        arguments: specs)
    func eachClientStoresTheBenchsTokens(spec: String) throws {
        #expect(Self.libraryBuilt, "no \(Self.library.path)")
        // What FTS5 stored, through each client: row (input number), position and term.
        for client in Client.allCases {
            let (status, stored, errors) = try client.storedTokens(
                library: Self.library.path, spec: spec, texts: Self.texts)
            #expect(status == 0, "\(client) \(spec): \(errors)")
            let fromClient = Set(stored.split(separator: "\n").map(String.init))
            #expect(fromClient.count > 20, "\(client) \(spec): \(stored.prefix(300)) \(errors)")
            #expect(
                fromClient == (try Self.benchTokens(spec: spec)),
                "\(client) \(spec): differs from tokenbench tokens")
        }
    }

    /// Our own library loaded into the bench replaces the bench's registrations with its copy of
    /// the wrappers, whose constructors the bench cannot watch: the stages of a shipped wrapper
    /// chain still come from its declared arguments. Each row: a spec and its stages, innermost
    /// first.
    @Test(
        .enabled(
            if: (libraryBuilt || libraryRequired) && !underAddressSanitizer,
            "libTokenBenchFTS5.so is not built (run 'swift build --product TokenBenchFTS5' first), or this is an AddressSanitizer build"
        ),
        arguments: [
            // Two shipped wrappers, the inner one's default BASE.
            ("synonyms nfkc", ["unicode61", "nfkc", "synonyms nfkc"]),
            // snowball's language word comes before its BASE.
            ("snowball german ascii", ["ascii", "snowball german ascii"]),
            // FTS5's porter between two shipped wrappers.
            ("german porter unicode61", ["unicode61", "porter unicode61", "german porter unicode61"]),
        ])
    func stagesOfTheLoadedLibrarysWrappers(spec: String, stages: [String]) throws {
        #expect(Self.libraryBuilt, "no \(Self.library.path)")
        let server = try ServeCLITests.Server(["--load-extension", Self.library.path])
        let answer = try server.get(
            "api/tokens", [("text", "Die ersten Häuser"), ("tokenizer", spec), ("engine", "system")])
        let result = try #require(((answer.json as? [String: Any])?["results"] as? [[String: Any]])?.first)
        let got = try #require(result["stages"] as? [[String: Any]], "\(answer)")
        #expect(got.map { $0["spec"] as! String } == stages)
    }

    /// `tokenbench tokens` on the same system SQLite, as `row|position|term` lines.
    static func benchTokens(spec: String) throws -> Set<String> {
        let run = try CLITests.run(["tokens", "--engine", "system", "--mode", "document", "--tokenizer", spec] + texts)
        #expect(run.status == 0, "\(run.stderr)")
        return Set(
            run.stdout.split(separator: "\n").dropFirst().map { line -> String in
                // tokenizer,engine,mode,form,input,position,token,…: no field here holds a comma.
                let fields = line.split(separator: ",", omittingEmptySubsequences: false)
                return "\(fields[4])|\(fields[5])|\(fields[6])"
            })
    }

    /// The SQLite clients that load the extension: the sqlite3 shell and Debian's Python.
    enum Client: String, CaseIterable, CustomStringConvertible {
        case shell = "sqlite3 shell"
        case python = "Debian's python3"

        var description: String { rawValue }

        /// Runs the client: load the extension, index `texts` (row n for the n-th), print an
        /// fts5vocab instance table as `row|position|term` lines.
        func storedTokens(library: String, spec: String, texts: [String]) throws -> (Int32, String, String) {
            let process = Process()
            var script: String
            switch self {
            case .shell:
                process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
                process.arguments = ["sqlite3", "-bail", ":memory:"]
                script = ".load \(library)\nCREATE VIRTUAL TABLE t USING fts5(body, tokenize = '\(spec)');\n"
                for (index, text) in texts.enumerated() {
                    script +=
                        "INSERT INTO t(rowid, body) VALUES (\(index + 1), '\(text.replacingOccurrences(of: "'", with: "''"))');\n"
                }
                script += "CREATE VIRTUAL TABLE v USING fts5vocab(t, instance);\nSELECT doc, offset, term FROM v;\n"
            case .python:
                // Debian's own python3: a pyenv or other build may lack enable_load_extension.
                process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
                process.arguments = ["-"]
                script = """
                    import sqlite3, sys
                    db = sqlite3.connect(":memory:")
                    db.enable_load_extension(True)
                    db.load_extension(sys.argv[1])
                    db.enable_load_extension(False)
                    db.execute("CREATE VIRTUAL TABLE t USING fts5(body, tokenize = " + repr(sys.argv[2]) + ")")
                    for index, text in enumerate(sys.argv[3:]):
                        db.execute("INSERT INTO t(rowid, body) VALUES (?, ?)", (index + 1, text))
                    db.execute("CREATE VIRTUAL TABLE v USING fts5vocab(t, instance)")
                    for row, position, term in db.execute("SELECT doc, offset, term FROM v"):
                        print(f"{row}|{position}|{term}")

                    """
                process.arguments = ["-", library, spec] + texts
            }
            let input = Pipe()
            let output = Pipe()
            let errors = Pipe()
            process.standardInput = input
            process.standardOutput = output
            process.standardError = errors
            try process.run()
            input.fileHandleForWriting.write(Data(script.utf8))
            try input.fileHandleForWriting.close()
            let stored = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            let messages = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            return (process.terminationStatus, stored, messages)
        }
    }
}
