import CSQLiteEngines
import Foundation
import GRDBSQLite

/// A SQLite library whose FTS5 runs the bench. Cells, rows and findings name the engine that
/// produced them, because FTS5's answers change with the SQLite version.
///
/// Two are built in: `system` and, in the bench, `bundled`. Any other libsqlite3 (an Android or SQLCipher
/// build, an older release) joins them with `load(path:)`.
public struct SQLiteEngine: Hashable, Sendable, CustomStringConvertible {
    /// The engine's name in rows and options: `system`, `bundled`, or the library's path.
    public let name: String
    /// The engine's C functions; shared, never written after the engine is made.
    private let library: Library

    /// The SQLite that GRDB links: the system's libsqlite3. The user's GRDB tokenizer types run
    /// here only.
    public static let system = SQLiteEngine(name: "system", library: Library(tb_system_sqlite().pointee))

    private init(name: String, library: Library) {
        self.name = name
        self.library = library
    }

    /// An engine driven through `functions` (the bench's bundled engine).
    package init(name: String, functions: tb_sqlite_functions) {
        self.init(name: name, library: Library(functions))
    }

    /// Loads the SQLite library file at `path` as an engine named by that path. Its symbols
    /// are kept apart from every other SQLite in the process (RTLD_LOCAL). Throws the loader's
    /// reason.
    package static func loadLibrary(path: String) throws(SQLiteFailure) -> SQLiteEngine {
        var functions = tb_sqlite_functions()
        var error = [CChar](repeating: 0, count: 512)
        guard tb_load_sqlite(path, &functions, &error, CInt(error.count)) == 0 else {
            throw SQLiteFailure(code: SQLITE_ERROR, message: String(nulTerminated: error))
        }
        return SQLiteEngine(name: path, library: Library(functions))
    }

    /// The SQLite that loaded TokenBench as an extension, driven through the API routines table
    /// its entry point received; nil when the table lacks a function the engine layer calls.
    package static func host(routines: UnsafeRawPointer) -> SQLiteEngine? {
        var functions = tb_sqlite_functions()
        guard tb_functions_from_api_routines(routines, &functions) == 0 else { return nil }
        return SQLiteEngine(name: "host", library: Library(functions))
    }

    /// Whether this is the SQLite GRDB links, where GRDB tokenizer types live.
    public var isSystem: Bool { name == SQLiteEngine.system.name }

    public var description: String { name }

    /// The engine's C functions.
    package var functions: tb_sqlite_functions { library.functions }

    /// The library's own version string, such as "3.54.1".
    public var sqliteVersion: String {
        functions.libversion().map { String(cString: $0) } ?? ""
    }

    /// The options the library was compiled with, as `sqlite_compileoption_get` lists them.
    public var compileOptions: [String] {
        var options: [String] = []
        while let option = functions.compileoption_get(CInt(options.count)) {
            options.append(String(cString: option))
        }
        return options
    }

    public static func == (lhs: SQLiteEngine, rhs: SQLiteEngine) -> Bool { lhs.name == rhs.name }
    public func hash(into hasher: inout Hasher) { hasher.combine(name) }

    /// The function table, in a class so that an engine is a cheap value.
    private final class Library: @unchecked Sendable {
        let functions: tb_sqlite_functions
        init(_ functions: tb_sqlite_functions) { self.functions = functions }
    }
}
