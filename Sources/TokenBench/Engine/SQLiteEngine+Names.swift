import CBundledSQLite
import TokenBenchEngines

extension SQLiteEngine {
    /// The SQLite amalgamation that vapor/sqlite-nio vendors (3.54.1 in sqlite-nio 1.13.2),
    /// built without extension loading (the bench loads extensions into it itself).
    public static let bundled = SQLiteEngine(name: "bundled", functions: tb_bundled_sqlite().pointee)
    /// The engines every command runs by default.
    package static let builtIn: [SQLiteEngine] = [.system, .bundled]

    /// Loads the SQLite library file at `path` as an engine named by that path. Its symbols
    /// are kept apart from every other SQLite in the process (RTLD_LOCAL).
    public static func load(path: String) throws -> SQLiteEngine {
        do {
            return try loadLibrary(path: path)
        } catch {
            throw TokenBenchError.invalidArgument(name: "engine", value: path, reason: error.message)
        }
    }

    /// Resolves `--engine` values in the order given, each once: a built-in engine's name, or
    /// the path of a SQLite library file (a value with a `/`).
    public static func named(_ names: [String]) throws -> [SQLiteEngine] {
        var engines: [SQLiteEngine] = []
        for name in names {
            let engine: SQLiteEngine
            if let builtIn = builtIn.first(where: { $0.name == name }) {
                engine = builtIn
            } else if name.contains("/") {
                engine = try load(path: name)
            } else {
                throw TokenBenchError.invalidArgument(
                    name: "engine", value: name,
                    reason:
                        "no such engine; the engines are \(builtIn.map(\.name).joined(separator: ", ")), or the path of a libsqlite3 file"
                )
            }
            if !engines.contains(engine) { engines.append(engine) }
        }
        return engines
    }
}
