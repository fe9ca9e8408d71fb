import Foundation
import Synchronization
import Testing

/// `tokenbench engine build` and `engine list`, and `--engine VERSION` on the commands, run as a
/// user runs them, on a real amalgamation: `.ci/run` sets TOKENBENCH_SQLITE_AMALGAMATION to
/// SQLite 3.47.0's `sqlite3.c` (from PyPI's sqlean.py source distribution, cut at its "End of
/// sqlite3.c" line) and TOKENBENCH_REQUIRE_AMALGAMATION=1, so that there it fails instead of
/// skipping. Each test builds into a cache folder of its own (TOKENBENCH_CACHE_DIR).
@Suite(
    .enabled(
        if: AmalgamationFile.path != nil
            || ProcessInfo.processInfo.environment["TOKENBENCH_REQUIRE_AMALGAMATION"] == "1",
        "set TOKENBENCH_SQLITE_AMALGAMATION to an amalgamation's sqlite3.c (see .ci/run)"))
struct EngineBuildCLITests {
    static var amalgamation: String? { AmalgamationFile.path }

    /// The release the amalgamation's own `#define SQLITE_VERSION` names, read here apart from
    /// the bench's reader.
    static func version(of source: String) throws -> String {
        let text = try String(contentsOfFile: source, encoding: .utf8)
        let line = try #require(text.split(separator: "\n").first { $0.hasPrefix("#define SQLITE_VERSION ") })
        return String(line.split(separator: "\"")[1])
    }

    /// The FTS5 features SQLite's release history gives a version: tokendata came in 3.45.0, the
    /// v2 tokenizer API and locale in 3.47.0.
    static func features(of version: String) -> String {
        let parts = version.split(separator: ".").compactMap { Int($0) }
        let minor = parts.count > 1 && parts[0] == 3 ? parts[1] : 0
        return minor >= 47 ? "tokenizer_v2 locale tokendata" : minor >= 45 ? "tokendata" : ""
    }

    /// One build, then every way it is used: its row, the cache's list, `--engine VERSION` in
    /// a command that runs the tokenizers in workers (the same tokens as the library given by
    /// path), `env`'s version, the name an unknown engine's error lists, and a second build that
    /// replaces the first.
    @Test func anAmalgamationBecomesAnEngine() throws {
        let source = try #require(Self.amalgamation, "TOKENBENCH_REQUIRE_AMALGAMATION=1, and no sqlite3.c")
        let version = try Self.version(of: source)
        let cache = try CLITests.makeTemporaryDirectory()
        let environment = ["TOKENBENCH_CACHE_DIR": cache.path]
        let library = cache.appendingPathComponent("engines/\(version)/libsqlite3.so").path

        let build = try CLITests.run(["engine", "build", source], environment: environment)
        #expect(build.status == 0, "\(build.stderr)")
        #expect(build.stdout == "engine,sqlite_version,library\n\(version),\(version),\(library)\n")
        // The folder keeps the library and what made it; the staged source and staging are gone.
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: cache.appendingPathComponent("engines").path) == [
                version
            ])
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: cache.appendingPathComponent("engines/\(version)").path)
                .sorted() == ["build.txt", "libsqlite3.so"])

        let list = try CLITests.run(["engine", "list"], environment: environment)
        #expect(list.status == 0, "\(list.stderr)")
        #expect(
            list.stdout
                == "engine,sqlite_version,engine_features,library,detail\n\(version),\(version),\(Self.features(of: version)),\(library),\n"
        )

        let text = "Großmann aimé ﬁ 北京 🍕 don't"
        // Not trigram: SQLite 3.45 to 3.47's reads past the input, so its tokens are whatever
        // follows the input in memory, and differ from run to run (engines-conformance-known.csv).
        let tokenizers = ["unicode61", "porter-unicode61", "icu", "latinascii"].flatMap { ["--tokenizer", $0] }
        let byName = try CLITests.run(["tokens", "--engine", version] + tokenizers + [text], environment: environment)
        let byPath = try CLITests.run(["tokens", "--engine", library] + tokenizers + [text], environment: environment)
        #expect(byName.status == 0 && byPath.status == 0, "\(byName.stderr)\(byPath.stderr)")
        #expect(byName.stdout.contains(",\(version),document,"), "\(byName.stdout)")
        #expect(
            byName.stdout == byPath.stdout.replacingOccurrences(of: ",\(library),", with: ",\(version),"),
            "\(byName.stdout)\n\(byPath.stdout)")

        // advise, for an app whose oldest SQLite is this one, runs on it too and decides there.
        let corpusDirectory = try CLITests.makeTemporaryDirectory()
        try Data(
            (0..<20).map { "Herr Großmann wohnt in der Straße \($0), Café Nummer \($0 * 3)\n" }.joined().utf8
        ).write(to: corpusDirectory.appendingPathComponent("corpus.txt"))
        let advice = try CLITests.run(
            [
                "advise", "--documents", "corpus.txt", "--documents-format", "lines", "--known-items", "20",
                "--tokenizer", "unicode61", "--tokenizer", "latinascii", "--engine", "system", "--min-sqlite", version,
            ], in: corpusDirectory, environment: environment)
        #expect(advice.status == 0, "\(advice.stderr)")
        #expect(
            advice.stderr.contains(
                "## Advice (decided on \(version))\n\n- decided on \(version), built with 'tokenbench engine build' and added to the run: SQLite \(version) is --min-sqlite's"
            ), "\(advice.stderr)")
        #expect(advice.stdout.contains(",unicode61,\(version),\(version),"), "\(advice.stdout)")

        let env = try CLITests.run(["env", "--engine", version], environment: environment)
        #expect(env.stdout.contains("\n\(version).sqlite_version,\(version)\n"), "\(env.stdout)")

        // A path through it checks each step both ways: 3.40.1 and 3.54.1 are the built-in engines.
        let upgrade = try CLITests.run(
            [
                "upgrade", "--path", "3.40.1,\(version),3.54.1", "--tokenizer", "unicode61", "--category", "seed-table",
                "--no-every-scalar-value",
            ], environment: environment)
        #expect(upgrade.status == 0, "\(upgrade.stderr)")
        let steps = upgrade.stdout.split(separator: "\n").dropFirst().map {
            $0.split(separator: ",").prefix(4).joined(separator: ",")
        }
        #expect(
            steps == [
                "unicode61,system,\(version),yes", "unicode61,\(version),system,yes",
                "unicode61,\(version),bundled,yes",
                "unicode61,bundled,\(version),yes",
            ], "\(upgrade.stdout)")

        let unknown = try CLITests.run(["list", "--engine", "3.0.0"], environment: environment)
        #expect(unknown.status == 2)
        #expect(
            unknown.stderr.contains(
                "--engine '3.0.0': no such engine; the engines are system, bundled, the built \(version), a version built with 'tokenbench engine build', or the path of a libsqlite3 file"
            ), "\(unknown.stderr)")

        // Unoptimised, to spare CI a second full build: what is checked is the replacement.
        let again = try CLITests.run(
            ["engine", "build", source], environment: environment.merging(["CFLAGS": "-O0"]) { $1 })
        #expect(again.status == 0 && again.stderr == "tokenbench: replaced the engine \(version)\n", "\(again.stderr)")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: cache.appendingPathComponent("engines").path) == [
                version
            ])
    }

    /// A library whose own code crashes on its first connection is tried in a worker, then
    /// refused by name with how it died (exit 2), before the bench calls it or blames a tokenizer
    /// made on it. Built with SQLITE_OMIT_AUTOINIT, its sqlite3_open_v2 allocates through methods
    /// nobody set up: the crash of a plain build bound to another SQLite (issue 59). `env` probes
    /// in workers of its own and reports the engine's loss in its rows instead. Each row: the
    /// command (LIBRARY stands for the library's path), the exit status, what stderr says.
    @Test(
        arguments: [
            // list probes in this process: the library is tried in a worker first.
            (["list", "--engine", "LIBRARY"], 2, "tokenbench: error: --engine 'LIBRARY': the library crashed ("),
            // A command whose units run in workers: one line, not a death per tokenizer.
            (
                ["tokens", "--tokenizer", "unicode61", "--tokenizer", "trigram", "--engine", "LIBRARY", "hello"], 2,
                "tokenbench: error: --engine 'LIBRARY': the library crashed ("
            ),
            // upgrade names the flag that gave the engine.
            (
                ["upgrade", "--from", "system", "--to", "LIBRARY", "--tokenizer", "unicode61"], 2,
                "tokenbench: error: --to 'LIBRARY': the library crashed ("
            ),
            // env: the engine's row says the connection killed the worker, and the others' facts stay.
            (
                ["env", "--engine", "system", "--engine", "LIBRARY"], 1,
                "tokenbench: the environment's probes on LIBRARY: crashed ("
            ),
        ] as [([String], Int32, String)])
    func aLibraryThatCrashesOnItsFirstConnectionIsRefusedByName(
        arguments: [String], status: Int32, says: String
    ) throws {
        let source = try #require(Self.amalgamation, "TOKENBENCH_REQUIRE_AMALGAMATION=1, and no sqlite3.c")
        let library = try Self.libraryCrashingOnOpen(from: source)
        let run = try CLITests.run(arguments.map { $0 == "LIBRARY" ? library : $0 })
        #expect(!run.signaled)
        #expect(run.status == status, "\(run.stderr)")
        let said = says.replacingOccurrences(of: "LIBRARY", with: library)
        let line = try #require(run.stderr.split(separator: "\n").first { $0.hasPrefix(said) }, "\(run.stderr)")
        // The death is the engine's: while its connection opened, in its own allocator (under
        // AddressSanitizer, no frame survives a call through a null pointer).
        #expect(line.contains("while opening a connection to the engine)"), "\(line)")
        if !LoadableExtensionProductTests.underAddressSanitizer {
            #expect(line.contains(" at sqlite3Malloc + "), "\(line)")
        }
        if status == 2 {
            #expect(run.stdout.isEmpty && run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
        } else {
            #expect(run.stdout.contains("\nsystem.sqlite_version,"), "\(run.stdout)")
            #expect(run.stdout.contains("\n\(library).probes,lost: crashed ("), "\(run.stdout)")
        }
    }

    /// The amalgamation built unoptimised with SQLITE_OMIT_AUTOINIT (and -Wl,-Bsymbolic, which
    /// AddressSanitizer needs), once per test process.
    static func libraryCrashingOnOpen(from source: String) throws -> String {
        try crashingLibrary.withLock { built in
            if let built { return built }
            let directory = try CLITests.makeTemporaryDirectory()
            let library = directory.appendingPathComponent("libsqlite3-noinit.so").path
            let compiler = Process()
            compiler.executableURL = URL(fileURLWithPath: "/usr/bin/cc")
            compiler.arguments = [
                "-O0", "-fPIC", "-shared", "-Wl,-Bsymbolic", "-DSQLITE_ENABLE_FTS5", "-DSQLITE_OMIT_AUTOINIT", "-o",
                library, source, "-lm", "-lpthread",
            ]
            try compiler.run()
            compiler.waitUntilExit()
            try #require(compiler.terminationStatus == 0)
            built = library
            return library
        }
    }
    private static let crashingLibrary = Mutex<String?>(nil)

    /// Each way a build fails: one line naming the source and what went wrong, exit 2, and no
    /// engine left in the cache. Each row: what the source is, the environment, what the line says.
    @Test(
        arguments: [
            // A file that is not an amalgamation.
            (
                "text", [:],
                "not an amalgamation: no '#define SQLITE_VERSION' and SQLITE_SOURCE_ID in its first megabyte"
            ),
            // A folder without sqlite3.c.
            ("folder", [:], "not an amalgamation: no sqlite3.c in the folder or the folders in it"),
            // No compiler where CC says.
            ("amalgamation", ["CC": "/nonexistent/cc"], "no C compiler: /nonexistent/cc is not an executable file"),
            // An amalgamation's defines over text that is not C: the compiler's first error line.
            ("broken", [:], "the C compiler failed: "),
            // FTS5 compiled out by the user's CFLAGS (after the bench's -DSQLITE_ENABLE_FTS5).
            ("amalgamation", ["CFLAGS": "-O0 -USQLITE_ENABLE_FTS5"], "no FTS5 in SQLite "),
            // A library whose sqlite3_open_v2 crashes (its allocator never set up): tried in a
            // worker, it fails the build instead of ending the command.
            ("amalgamation", ["CFLAGS": "-O0 -DSQLITE_OMIT_AUTOINIT"], "the library crashed ("),
        ] as [(String, [String: String], String)])
    func aBuildThatCannotBeDoneSaysWhy(source kind: String, environment: [String: String], says: String) throws {
        let directory = try CLITests.makeTemporaryDirectory()
        let source: String
        switch kind {
        case "text":
            source = directory.appendingPathComponent("notes.c").path
            try Data("int main(void) { return 0; }\n".utf8).write(to: URL(fileURLWithPath: source))
        case "folder":
            source = directory.appendingPathComponent("empty").path
            try FileManager.default.createDirectory(atPath: source, withIntermediateDirectories: true)
        case "broken":
            source = directory.appendingPathComponent("sqlite3.c").path
            let text = "#define SQLITE_VERSION \"3.99.0\"\n#define SQLITE_SOURCE_ID \"x\"\nthis is not C;\n"
            try Data(text.utf8).write(to: URL(fileURLWithPath: source))
        default:
            source = try #require(Self.amalgamation, "TOKENBENCH_REQUIRE_AMALGAMATION=1, and no sqlite3.c")
        }
        let cache = directory.appendingPathComponent("cache")
        let run = try CLITests.run(
            ["engine", "build", source],
            environment: environment.merging(["TOKENBENCH_CACHE_DIR": cache.path]) { $1 })
        #expect(run.status == 2, "\(run.stderr)")
        let lines = run.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(run.stderr)")
        #expect(lines.first?.hasPrefix("tokenbench: error: engine build '\(source)': \(says)") == true, "\(run.stderr)")
        if kind == "broken" { #expect(run.stderr.contains("error"), "\(run.stderr)") }
        let left =
            (try? FileManager.default.contentsOfDirectory(atPath: cache.appendingPathComponent("engines").path)) ?? []
        #expect(left.isEmpty, "\(left)")
    }

    /// A name that is a built-in engine's, or no folder's, is refused before anything is built.
    @Test(arguments: [
        ("system", "--name 'system': that is a built-in engine's name"),
        ("../up", "--name '../up': a name is letters, digits, '.', '_', '-' and '+', not starting with '.'"),
    ])
    func badNamesAreRefused(name: String, says: String) throws {
        let cache = try CLITests.makeTemporaryDirectory()
        let run = try CLITests.run(
            ["engine", "build", "/nonexistent/sqlite3.c", "--name", name],
            environment: ["TOKENBENCH_CACHE_DIR": cache.path])
        #expect(run.status == 2)
        #expect(run.stderr == "tokenbench: error: \(says)\n", "\(run.stderr)")
    }
}

/// The amalgamation TOKENBENCH_SQLITE_AMALGAMATION names, when it is there.
enum AmalgamationFile {
    static var path: String? {
        ProcessInfo.processInfo.environment["TOKENBENCH_SQLITE_AMALGAMATION"].flatMap {
            FileManager.default.fileExists(atPath: $0) ? $0 : nil
        }
    }
}
