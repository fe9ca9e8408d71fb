import CBundledSQLite
import TokenBenchEngines

extension SQLiteEngine {
    /// The SQLite amalgamation that vapor/sqlite-nio vendors (3.54.1 in sqlite-nio 1.13.2),
    /// built without extension loading (the bench loads extensions into it itself).
    public static let bundled = SQLiteEngine(name: "bundled", functions: tb_bundled_sqlite().pointee)
    /// The engines every command runs by default.
    package static let builtIn: [SQLiteEngine] = [.system, .bundled]

    /// Loads the SQLite library file at `path` as an engine named `name`, by default the path.
    /// Its symbols are kept apart from every other SQLite in the process (RTLD_LOCAL).
    public static func load(path: String, name: String? = nil) throws -> SQLiteEngine {
        do {
            return try loadLibrary(path: path, name: name)
        } catch {
            throw TokenBenchError.invalidArgument(name: "engine", value: name ?? path, reason: error.message)
        }
    }

    /// Resolves `--engine` values in the order given, each once: a built-in engine's name, the
    /// name of an engine built by `tokenbench engine build` (in `EngineCache`'s default
    /// directory), a built-in engine's SQLite version, or the path of a SQLite library file (a
    /// value with a `/`).
    public static func named(_ names: [String]) throws -> [SQLiteEngine] {
        var engines: [SQLiteEngine] = []
        let cache = EngineCache(directory: EngineCache.defaultDirectory)
        for name in names {
            let engine: SQLiteEngine
            if let builtIn = builtIn.first(where: { $0.name == name }) {
                engine = builtIn
            } else if name.contains("/") {
                engine = try load(path: name)
            } else if let library = cache.library(named: name) {
                engine = try load(path: library, name: name)
            } else if let builtIn = builtIn.first(where: { $0.sqliteVersion == name }) {
                // A release that a built-in engine is (3.40.1 here, 3.54.1), unless one was built
                // under that name: so that a path of versions (upgrade --path) can name them.
                engine = builtIn
            } else {
                let built = cache.names()
                let known = builtIn.map(\.name) + (built.isEmpty ? [] : ["the built \(built.joined(separator: ", "))"])
                throw TokenBenchError.invalidArgument(
                    name: "engine", value: name,
                    reason:
                        "no such engine; the engines are \(known.joined(separator: ", ")), a version built with 'tokenbench engine build', or the path of a libsqlite3 file"
                )
            }
            if !engines.contains(engine) { engines.append(engine) }
        }
        return engines
    }
}
