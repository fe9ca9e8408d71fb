import Foundation
import TokenBenchEngines

extension EngineConnection {
    /// Attaches a new database at `path` (`:memory:`, or a file) under the schema name `schema`,
    /// runs `body`, then detaches it and, unless `keepingFiles`, deletes its files, whatever
    /// happens. Detaching closes the file on this connection, so another engine may open it next.
    /// `purpose` names the work in the error when the database cannot be attached.
    func withScratchDatabase<T>(
        schema: String, path: String, purpose: String, keepingFiles: Bool = false, _ body: () throws -> T
    ) throws -> T {
        do { try execute("ATTACH DATABASE ? AS \(schema)", path) } catch {
            throw TokenBenchError.sqlite(context: purpose, message: error.message)
        }
        defer {
            try? execute("DETACH DATABASE \(schema)")
            if !keepingFiles { Self.removeDatabaseFiles(at: path) }
        }
        return try body()
    }

    /// Deletes a database file and its journal, WAL and shared-memory files, if there are any.
    static func removeDatabaseFiles(at path: String) {
        guard path != ":memory:" else { return }
        for suffix in ["", "-journal", "-wal", "-shm"] {
            try? FileManager.default.removeItem(atPath: path + suffix)
        }
    }
}
