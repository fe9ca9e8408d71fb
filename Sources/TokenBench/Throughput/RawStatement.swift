import GRDB
import GRDBSQLite

/// A prepared statement driven through SQLite's C API, for the timed loops of the index and
/// query operations: binding a document's bytes in place (no Swift String, no copy) keeps the
/// harness's cost out of the figures.
///
/// Layers: `check` turns a raw CInt result into a thrown error naming the statement's purpose;
/// the methods above it are what the throughput code calls.
final class RawStatement {
    /// Ownership: prepared here, finalized exactly once in deinit. The connection outlives it:
    /// statements are created and dropped inside one database access.
    private let handle: OpaquePointer
    private let connection: OpaquePointer
    private let purpose: String

    init(sql: String, purpose: String, in db: Database) throws {
        guard let connection = db.sqliteConnection else {
            throw TokenBenchError.sqlite(context: purpose, message: "the connection is closed")
        }
        self.connection = connection
        self.purpose = purpose
        var statement: OpaquePointer?
        let code = sqlite3_prepare_v2(connection, sql, -1, &statement, nil)
        guard code == SQLITE_OK, let statement else {
            throw Self.error(code: code, connection: connection, purpose: purpose)
        }
        handle = statement
    }

    deinit { sqlite3_finalize(handle) }

    /// Binds `count` bytes at `text` as parameter 1 without copying them. The caller keeps the
    /// bytes alive and unchanged until the statement is reset (SQLITE_STATIC).
    func bindStaticText(_ text: UnsafePointer<CChar>, count: Int) throws {
        try check(sqlite3_bind_text(handle, 1, text, CInt(count), Self.staticDestructor))
    }

    /// Binds a copy of `text` as parameter 1.
    func bindText(_ text: String) throws {
        try check(sqlite3_bind_text(handle, 1, text, -1, Self.transientDestructor))
    }

    /// Steps until SQLITE_DONE, discarding rows, then resets the statement for the next run.
    func run() throws {
        var code = sqlite3_step(handle)
        while code == SQLITE_ROW { code = sqlite3_step(handle) }
        sqlite3_reset(handle)
        guard code == SQLITE_DONE else { throw Self.error(code: code, connection: connection, purpose: purpose) }
    }

    private func check(_ code: CInt) throws {
        guard code == SQLITE_OK else { throw Self.error(code: code, connection: connection, purpose: purpose) }
    }

    /// A statement's failure: the tokenizer's or the user's input when SQLite says so, else SQLite's.
    private static func error(code: CInt, connection: OpaquePointer, purpose: String) -> TokenBenchError {
        let message = String(cString: sqlite3_errmsg(connection))
        return .sqlite(context: purpose, message: "\(message) (code \(code))")
    }

    // SQLite's sentinel destructors, which Swift cannot import from their C macros.
    private static let staticDestructor = unsafeBitCast(0, to: sqlite3_destructor_type.self)
    private static let transientDestructor = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
}
