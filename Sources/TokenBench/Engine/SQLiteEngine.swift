import CSQLiteEngines
import Foundation

/// A SQLite library whose FTS5 runs the bench. Cells, rows and findings name the engine that
/// produced them, because FTS5's answers change with the SQLite version.
public enum SQLiteEngine: String, CaseIterable, Sendable {
    /// The SQLite that GRDB links: the system's libsqlite3. The user's GRDB tokenizer types and
    /// loadable extensions run here only.
    case system
    /// The SQLite amalgamation that vapor/sqlite-nio vendors (3.54.1 in sqlite-nio 1.13.2),
    /// built without extension loading.
    case bundled

    /// The engine's C functions.
    var functions: tb_sqlite_functions {
        switch self {
        case .system: return tb_system_sqlite().pointee
        case .bundled: return tb_bundled_sqlite().pointee
        }
    }

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

    /// Resolves `--engine` values: names in the order given, each once.
    public static func named(_ names: [String]) throws -> [SQLiteEngine] {
        try names.map { name in
            guard let engine = SQLiteEngine(rawValue: name) else {
                throw TokenBenchError.invalidArgument(
                    name: "--engine", value: name, reason: "no such engine; the engines are \(allCases.map(\.rawValue).joined(separator: ", "))")
            }
            return engine
        }.uniquedInOrder()
    }
}
