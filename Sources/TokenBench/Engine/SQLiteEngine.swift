/// A SQLite library whose FTS5 runs the bench. Cells, rows and findings name the engine that
/// produced them, because FTS5's answers change with the SQLite version.
public enum SQLiteEngine: String, CaseIterable, Sendable {
    /// The SQLite that GRDB links: the system's libsqlite3.
    case system
}
