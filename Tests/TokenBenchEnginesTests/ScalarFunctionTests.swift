import CBundledSQLite
import Testing

@testable import TokenBenchEngines

/// `EngineConnection.createScalarFunction` on each kind of engine table: the system's and the
/// bundled one (their trampolines compiled against their own sqlite3_user_data) and a library
/// loaded by path (a trampoline of the run-time pool). The body sees each argument's bytes (nil
/// for NULL), its result reaches SQL, and SQLite releases the state when the function is
/// replaced or the connection closes.
struct ScalarFunctionTests {
    /// The system's, the bundled one, and the system's libsqlite3 loaded by its path where it is
    /// in one of the places distributions put it.
    static let engines: [SQLiteEngine] =
        [.system, SQLiteEngine(name: "bundled", functions: tb_bundled_sqlite().pointee)]
        + [
            "/usr/lib/x86_64-linux-gnu", "/usr/lib/aarch64-linux-gnu", "/usr/lib64", "/usr/lib",
        ].lazy.compactMap { try? SQLiteEngine.loadLibrary(path: $0 + "/libsqlite3.so.0") }.prefix(1)

    /// What the function's state holds, to see when SQLite releases it.
    final class State: Sendable {}

    /// Each row: the SQL, and what the body's result makes of it.
    @Test(arguments: engines)
    func argumentsAndResultsCrossTheEngine(engine: SQLiteEngine) throws {
        let connection = try EngineConnection(engine: engine)
        try connection.createScalarFunction("echo", argumentCount: 2) { arguments in
            switch arguments[0].map({ String(decoding: $0, as: UTF8.self) }) {
            case "null": return .null
            case "error": return .error("echo: refused \(arguments[1].map { "\($0)" } ?? "NULL")")
            default: return .text(arguments.map { $0.map { "\($0)" } ?? "NULL" }.joined(separator: "|"))
            }
        }
        let rows: [(String, [[String?]]?)] = [
            ("SELECT echo('a', 'é')", [["[97]|[195, 169]"]]), // text arguments as their UTF-8 bytes
            ("SELECT echo(12, NULL)", [["[49, 50]|NULL"]]), // a number as its text, NULL as nil
            ("SELECT echo(X'00FF', '')", [["[0, 255]|[]"]]), // a blob's bytes, an empty text
            ("SELECT echo('null', 1) IS NULL", [["1"]]), // .null is SQL NULL
            ("SELECT echo('error', 'x')", nil), // .error fails the statement
        ]
        for (sql, expected) in rows {
            do {
                #expect(try connection.prepare(sql).rows() == expected, "\(sql)")
            } catch {
                #expect(expected == nil, "\(sql): \(error)")
                #expect(error.message == "echo: refused [120]", "\(sql)")
            }
        }
        // Any other number of arguments is SQLite's error.
        #expect(throws: SQLiteFailure.self) { try connection.prepare("SELECT echo('a')") }
    }

    @Test(arguments: engines)
    func sqliteReleasesTheStateOnReplacementAndClose(engine: SQLiteEngine) throws {
        var first: Weak?
        var second: Weak?
        do {
            let connection = try EngineConnection(engine: engine)
            first = try Self.register(on: connection, returning: "first")
            #expect(first?.state != nil)
            second = try Self.register(on: connection, returning: "second")
            // Replaced: SQLite destroyed the first registration.
            #expect(first?.state == nil)
            #expect(second?.state != nil)
            #expect(try connection.prepare("SELECT f()").rows() == [["second"]])
        }
        // Closed: SQLite destroyed the second.
        #expect(second?.state == nil)
    }

    struct Weak {
        weak var state: State?
    }

    /// Registers `f()` returning `text`, its body holding a new state; a weak reference to it.
    static func register(on connection: EngineConnection, returning text: String) throws -> Weak {
        let state = State()
        try connection.createScalarFunction("f", argumentCount: 0) { _ in
            _ = state
            return .text(text)
        }
        return Weak(state: state)
    }
}
