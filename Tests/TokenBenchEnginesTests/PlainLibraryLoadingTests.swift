import Foundation
import Testing

@testable import TokenBenchEngines

/// A SQLite library built from an amalgamation as a user builds one (`cc -shared`, without
/// `-Wl,-Bsymbolic`), loaded by path. Its own calls to its exported functions must reach its own
/// code: bound to the system SQLite already in the process, it crashed in its first allocation
/// under `sqlite3_open_v2`. Under AddressSanitizer, which refuses RTLD_DEEPBIND, such a library is
/// refused with the reason, and one built with `-Wl,-Bsymbolic` runs.
///
/// `.ci/run` sets TOKENBENCH_SQLITE_AMALGAMATION to a `sqlite3.c` (SQLite's own, from the source
/// distribution of PyPI's sqlean.py, cut at its "End of sqlite3.c" line) and
/// TOKENBENCH_REQUIRE_AMALGAMATION=1, so that there it fails instead of skipping.
@Suite(
    .enabled(
        if: Amalgamation.path != nil || Amalgamation.required,
        "set TOKENBENCH_SQLITE_AMALGAMATION to an amalgamation's sqlite3.c (see .ci/run)"))
struct PlainLibraryLoadingTests {
    static let underAddressSanitizer = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "__asan_init") != nil

    @Test func aPlainBuildRunsItsOwnCode() throws {
        let source = try #require(Amalgamation.path, "TOKENBENCH_REQUIRE_AMALGAMATION=1, and no sqlite3.c")
        let version = try Amalgamation.version(of: source)
        let plain = try Amalgamation.build(source)
        if Self.underAddressSanitizer {
            #expect {
                try SQLiteEngine.loadLibrary(path: plain)
            } throws: { error in
                (error as? SQLiteFailure)?.message.contains("build it with -Wl,-Bsymbolic") == true
            }
        }
        let library = Self.underAddressSanitizer ? try Amalgamation.build(source, flags: ["-Wl,-Bsymbolic"]) : plain
        let engine = try SQLiteEngine.loadLibrary(path: library)
        #expect(engine.sqliteVersion == version)
        // The library's own FTS5 indexes and answers, on its own allocator.
        let connection = try EngineConnection(engine: engine)
        #expect(try connection.prepare("SELECT sqlite_version()").rows() == [[version]])
        let table = FTS5TableRecipe(schema: "temp", name: "t", tokenizer: try FTS5TableRecipe.Tokenizer("unicode61"))
        try connection.execute(table.create)
        let insert = try connection.prepare(table.insert(withRowid: true))
        try insert.bind(1, at: 1)
        try insert.bind("Großmann aimé", at: 2)
        try insert.run()
        let query = try connection.prepare(table.matchingRowids())
        try query.bind("aime", at: 1)
        #expect(try query.rows() == [["1"]])
    }
}

/// The amalgamation the environment names, and how a user builds a library of it.
enum Amalgamation {
    static var path: String? {
        ProcessInfo.processInfo.environment["TOKENBENCH_SQLITE_AMALGAMATION"].flatMap {
            FileManager.default.fileExists(atPath: $0) ? $0 : nil
        }
    }
    static var required: Bool { ProcessInfo.processInfo.environment["TOKENBENCH_REQUIRE_AMALGAMATION"] == "1" }
    /// The release the amalgamation says it is (`#define SQLITE_VERSION "3.47.0"`).
    static func version(of source: String) throws -> String {
        let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: source))
        defer { try? handle.close() }
        let head = String(decoding: handle.readData(ofLength: 1 << 20), as: UTF8.self)
        let line = try #require(head.split(separator: "\n").first { $0.hasPrefix("#define SQLITE_VERSION ") })
        return String(line.split(separator: "\"")[1])
    }

    /// Compiles `source` into a shared library with FTS5, as a user would, with `flags` added.
    static func build(_ source: String, flags: [String] = []) throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tokenbench-sqlite-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let library = directory.appendingPathComponent("libsqlite3.so").path
        let compiler = Process()
        compiler.executableURL = URL(fileURLWithPath: "/usr/bin/cc")
        compiler.arguments =
            ["-O1", "-fPIC", "-shared", "-DSQLITE_ENABLE_FTS5"] + flags + ["-o", library, source, "-lm", "-lpthread"]
        try compiler.run()
        compiler.waitUntilExit()
        #expect(compiler.terminationStatus == 0)
        return library
    }
}
