import Foundation

extension EngineConnection {
    /// Attaches a new database at `path` (`:memory:`, or a file) under the schema name `schema`,
    /// runs `body`, then detaches it and deletes its files, whatever happens. `purpose` names
    /// the work in the error when the database cannot be attached.
    func withScratchDatabase<T>(schema: String, path: String, purpose: String, _ body: () throws -> T) throws -> T {
        do { try execute("ATTACH DATABASE ? AS \(schema)", path) } catch {
            throw TokenBenchError.sqlite(context: purpose, message: error.message)
        }
        defer {
            try? execute("DETACH DATABASE \(schema)")
            if path != ":memory:" {
                for suffix in ["", "-journal", "-wal", "-shm"] {
                    try? FileManager.default.removeItem(atPath: path + suffix)
                }
            }
        }
        return try body()
    }
}
