import CSQLiteEngines
import Foundation
import GRDB
import GRDBSQLite
import TokenBenchEngines

/// A SQLite loadable extension (a shared library) that registers FTS5 tokenizers.
public struct LoadableExtension: Hashable, Sendable, CustomStringConvertible {
    /// The shared library's path.
    package var path: String
    /// The init function's name, or nil for SQLite's default (`sqlite3_extension_init` or one
    /// derived from the file name).
    package var entryPoint: String?

    public init(path: String, entryPoint: String? = nil) {
        self.path = path
        self.entryPoint = entryPoint
    }

    /// Parses `PATH` or `PATH:ENTRY`. The part after the last colon is an entry point only when
    /// it is a C identifier, so a path that contains colons still works.
    package init(parsing argument: String) {
        if let colon = argument.lastIndex(of: ":"),
            case let entry = argument[argument.index(after: colon)...],
            let first = entry.unicodeScalars.first, first.isASCII, first == "_" || first.properties.isAlphabetic,
            entry.unicodeScalars.allSatisfy({
                $0.isASCII && ($0 == "_" || $0.properties.isAlphabetic || ("0"..."9").contains($0))
            })
        {
            self.init(path: String(argument[..<colon]), entryPoint: String(entry))
        } else {
            self.init(path: argument, entryPoint: nil)
        }
    }

    public var description: String { entryPoint.map { "\(path):\($0)" } ?? path }

    /// Loads the extension into `connection`. The system engine loads it with its own
    /// `sqlite3_load_extension` (through GRDB's connection, as an app would); every other engine
    /// gets a private copy of the library whose entry point is called with that engine's API
    /// routines table, because the bundled SQLite is built without extension loading and a
    /// library loaded by path may be too.
    func load(into connection: EngineConnection) throws {
        guard FileManager.default.fileExists(atPath: path) else {
            throw TokenBenchError.extensionLoadFailed(path: description, reason: "no such file")
        }
        var functions = connection.functions
        var error = [CChar](repeating: 0, count: 1024)
        guard tb_call_extension(&functions, connection.handle, path, entryPoint, &error, CInt(error.count)) == 0 else {
            throw TokenBenchError.extensionLoadFailed(
                path: description,
                reason: String(nulTerminated: error).replacingOccurrences(of: "\n", with: " "))
        }
    }

    /// Loads the extension into `db`. Extension loading is enabled only for this call: the
    /// connection refuses `load_extension()` from SQL before and after.
    func load(into db: Database) throws {
        guard FileManager.default.fileExists(atPath: path) else {
            throw TokenBenchError.extensionLoadFailed(path: description, reason: "no such file")
        }
        guard let connection = db.sqliteConnection else {
            throw TokenBenchError.extensionLoadFailed(path: description, reason: "the database connection is closed")
        }
        sqlite3_enable_load_extension(connection, 1)
        defer { sqlite3_enable_load_extension(connection, 0) }
        // Ownership: SQLite allocates the message with sqlite3_malloc; we free it with sqlite3_free.
        var message: UnsafeMutablePointer<CChar>?
        let code = sqlite3_load_extension(connection, path, entryPoint, &message)
        defer { sqlite3_free(message) }
        guard code == SQLITE_OK else {
            let reason = message.map { String(cString: $0) } ?? "SQLite code \(code)"
            throw TokenBenchError.extensionLoadFailed(
                path: description, reason: reason.replacingOccurrences(of: "\n", with: " "))
        }
        pinForTheProcess()
    }

    /// Keeps the library SQLite just loaded mapped until the process ends. SQLite unloads an
    /// extension when the connection that loaded it closes; a Swift library's image holds type
    /// metadata that the Swift runtime goes on using after that (the server crashed in NIO's
    /// first lock once its first workbench had closed). `RTLD_NOLOAD` finds the copy SQLite
    /// loaded (by the name SQLite tried, with `.so` appended when the path alone failed), and
    /// `RTLD_NODELETE` makes every dlclose leave it.
    private func pinForTheProcess() {
        for name in [path, path + ".so"] {
            if let handle = dlopen(name, RTLD_NOW | RTLD_NOLOAD | RTLD_NODELETE) {
                dlclose(handle)
                return
            }
        }
    }
}
