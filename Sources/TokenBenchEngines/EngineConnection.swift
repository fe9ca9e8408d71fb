import CSQLiteEngines
import Foundation
import GRDB
import GRDBSQLite

/// A SQLite connection of one engine, driven through that engine's C functions.
///
/// Layers: the raw CInt calls are `functions`' members; `check` turns a code into a thrown
/// `SQLiteFailure` with the connection's message; `execute` and `prepare` (and
/// `EngineTokenizerInstance`, over `fts5`) are what the bench calls.
package final class EngineConnection {
    package let engine: SQLiteEngine
    package let functions: tb_sqlite_functions
    /// Ownership: opened by `init(engine:path:)` and closed in deinit; borrowed from GRDB (which
    /// closes it) when made with `init(borrowing:)`.
    package let handle: UnsafeMutableRawPointer
    private let ownsHandle: Bool
    /// Where the bench's `tokenbench_insttokens` auxiliary function records what it reads,
    /// once registered on this connection by the first `withInstanceTokens`.
    let instanceTokens = InstanceTokenCollector()
    /// What callbacks on this connection leave for the code running SQL on it (`ConnectionNoteKey`).
    let notes = ConnectionNotes()
    /// The connection's fts5_api, read through the system's struct layout (FTS5's v1 structs
    /// are the same in every SQLite with FTS5). Owned by SQLite for the connection's lifetime.
    package let fts5: UnsafeMutablePointer<fts5_api>

    /// Opens a private in-memory connection of `engine`.
    package init(engine: SQLiteEngine, path: String = ":memory:") throws(SQLiteFailure) {
        self.engine = engine
        functions = engine.functions
        var handle: UnsafeMutableRawPointer?
        let code = functions.open_v2(path, &handle, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_URI, nil)
        guard code == SQLITE_OK, let handle else {
            let message = handle.flatMap { engine.functions.errmsg($0) }.map { String(cString: $0) } ?? "out of memory"
            if let handle { _ = engine.functions.close_v2(handle) }
            throw SQLiteFailure(code: code, message: message)
        }
        guard let api = Self.fts5API(of: handle, functions: functions) else {
            _ = functions.close_v2(handle)
            throw SQLiteFailure(code: SQLITE_ERROR, message: "this SQLite has no FTS5")
        }
        self.handle = handle
        ownsHandle = true
        fts5 = api
    }

    /// Wraps a connection of `engine` that someone else opened and closes (GRDB, or the SQLite
    /// that loaded TokenBench as an extension), without taking it over.
    package init(borrowing handle: UnsafeMutableRawPointer, engine: SQLiteEngine) throws(SQLiteFailure) {
        self.engine = engine
        functions = engine.functions
        guard let api = Self.fts5API(of: handle, functions: functions) else {
            throw SQLiteFailure(code: SQLITE_ERROR, message: "this SQLite has no FTS5")
        }
        self.handle = handle
        ownsHandle = false
        fts5 = api
    }

    /// Wraps the system connection GRDB opened, without taking it over.
    ///
    /// GRDB's authorizer, installed once on the connection, records what every statement
    /// compiled on it does, and GRDB empties that record only when it compiles a statement
    /// itself. Statements prepared here would make it grow without end, and every later one
    /// slower (a server on the workbench went from 3 ms to 100 ms per request): so each prepare
    /// here first lets GRDB compile a trivial statement, on the queue the caller is on.
    package convenience init(borrowing db: Database) throws(SQLiteFailure) {
        guard let connection = db.sqliteConnection else {
            throw SQLiteFailure(code: SQLITE_ERROR, message: "the connection is closed")
        }
        try self.init(borrowing: UnsafeMutableRawPointer(connection), engine: .system)
        // Weak: tokenizers registered on the connection keep this object alive, and the
        // connection must still be able to close.
        resetHostAuthorizer = { [weak db] in _ = try? db?.makeStatement(sql: "SELECT 1") }
    }

    /// Empties GRDB's authorizer record before a statement is compiled here; nil on a
    /// connection GRDB does not own.
    private var resetHostAuthorizer: (() -> Void)?

    /// The connection's fts5_api, through the documented `SELECT fts5(?1)` pointer binding;
    /// nil when the library has no FTS5.
    private static func fts5API(of handle: UnsafeMutableRawPointer, functions: tb_sqlite_functions)
        -> UnsafeMutablePointer<fts5_api>?
    {
        var statement: UnsafeMutableRawPointer?
        guard functions.prepare_v2(handle, "SELECT fts5(?1)", -1, &statement, nil) == SQLITE_OK, let statement else {
            return nil
        }
        defer { _ = functions.finalize(statement) }
        var api: UnsafeMutablePointer<fts5_api>?
        // Ownership: `api` outlives the step, during which FTS5 writes its API pointer into it.
        // SQLite keeps the type string's pointer, not a copy, until the step compares it, so it
        // must outlive the statement: a Swift string literal passed here would be a temporary
        // (AddressSanitizer caught that use after free).
        let stepped = withUnsafeMutablePointer(to: &api) { slot in
            functions.bind_pointer(statement, 1, slot, SQLiteConstants.fts5PointerType, nil) == SQLITE_OK
                && functions.step(statement) == SQLITE_ROW
        }
        return stepped ? api : nil
    }

    deinit {
        if ownsHandle { _ = functions.close_v2(handle) }
    }

    package var lastErrorMessage: String { functions.errmsg(handle).map { String(cString: $0) } ?? "unknown error" }

    package func check(_ code: CInt) throws(SQLiteFailure) {
        guard code == SQLITE_OK else { throw SQLiteFailure(code: code, message: lastErrorMessage) }
    }

    /// Runs one statement that returns no row worth reading, binding `arguments` as text.
    package func execute(_ sql: String, _ arguments: String...) throws(SQLiteFailure) {
        let statement = try prepare(sql)
        for (index, argument) in arguments.enumerated() { try statement.bind(argument, at: index + 1) }
        try statement.run()
    }

    /// On a connection borrowed from GRDB, call this only inside that database's access (on
    /// its queue): it lets GRDB compile a statement first, which GRDB checks.
    package func prepare(_ sql: String) throws(SQLiteFailure) -> EngineStatement {
        resetHostAuthorizer?()
        var raw: UnsafeMutableRawPointer?
        let code = functions.prepare_v2(handle, sql, -1, &raw, nil)
        guard code == SQLITE_OK, let raw else { throw SQLiteFailure(code: code, message: lastErrorMessage) }
        return EngineStatement(handle: raw, connection: self)
    }
}

/// A SQLite error code and message, as the engine reported it.
package struct SQLiteFailure: Error, CustomStringConvertible {
    package var code: CInt
    package var message: String
    package var description: String { message }

    package init(code: CInt, message: String) {
        self.code = code
        self.message = message
    }
}

/// A prepared statement of an `EngineConnection`.
package final class EngineStatement {
    /// Ownership: prepared by the connection, finalized exactly once in deinit; the statement
    /// keeps its connection alive.
    package let handle: UnsafeMutableRawPointer
    package let connection: EngineConnection

    fileprivate init(handle: UnsafeMutableRawPointer, connection: EngineConnection) {
        self.handle = handle
        self.connection = connection
    }

    deinit { _ = connection.functions.finalize(handle) }

    package func bind(_ text: String, at index: Int) throws(SQLiteFailure) {
        var text = text
        let code = text.withUTF8 { bytes in
            // An empty string's buffer may have no address; SQLite binds "" for a non-NULL one.
            bytes.withMemoryRebound(to: CChar.self) {
                connection.functions.bind_text(
                    handle, CInt(index), $0.baseAddress ?? SQLiteConstants.emptyText, CInt($0.count),
                    SQLiteConstants.transient)
            }
        }
        try connection.check(code)
    }

    /// Binds a copy of `bytes` as text, exactly as given (they need not be UTF-8).
    package func bind(bytes: [UInt8], at index: Int) throws(SQLiteFailure) {
        let code = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) {
                connection.functions.bind_text(
                    handle, CInt(index), $0.baseAddress ?? SQLiteConstants.emptyText, CInt($0.count),
                    SQLiteConstants.transient)
            }
        }
        try connection.check(code)
    }

    package func bind(_ value: Int, at index: Int) throws(SQLiteFailure) {
        try connection.check(connection.functions.bind_int64(handle, CInt(index), Int64(value)))
    }

    /// Binds `count` bytes at `text` without copying them: the caller keeps them alive and
    /// unchanged until the statement is reset (SQLITE_STATIC).
    package func bindStatic(_ text: UnsafePointer<CChar>, count: Int, at index: Int) throws(SQLiteFailure) {
        try connection.check(connection.functions.bind_text(handle, CInt(index), text, CInt(count), nil))
    }

    /// Steps once: true while there is a row to read.
    package func step() throws(SQLiteFailure) -> Bool {
        let code = connection.functions.step(handle)
        switch code {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default:
            _ = connection.functions.reset(handle)
            throw SQLiteFailure(code: code, message: connection.lastErrorMessage)
        }
    }

    /// Steps to the end, discarding rows, then resets for the next run.
    package func run() throws(SQLiteFailure) {
        while try step() {}
        _ = connection.functions.reset(handle)
    }

    /// The current row's `column` as UTF-8 text (NULL as "").
    package func text(at column: Int) -> String {
        // Ownership: SQLite's buffer is valid until the next step; String copies it.
        guard let text = connection.functions.column_text(handle, CInt(column)) else { return "" }
        let count = Int(connection.functions.column_bytes(handle, CInt(column)))
        return String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self)
    }

    /// The current row's `column` as an integer.
    package func int64(at column: Int) -> Int64 { connection.functions.column_int64(handle, CInt(column)) }

    /// The current row's `column` as a double, at full precision.
    package func double(at column: Int) -> Double { connection.functions.column_double(handle, CInt(column)) }

    /// Every row, each column's bytes as SQLite gives them for text (NULL as nil), then resets.
    package func byteRows() throws(SQLiteFailure) -> [[[UInt8]?]] {
        var rows: [[[UInt8]?]] = []
        let columns = Int(connection.functions.column_count(handle))
        while try step() {
            rows.append(
                (0..<columns).map { column in
                    guard connection.functions.column_type(handle, CInt(column)) != SQLITE_NULL else { return nil }
                    // Ownership: SQLite's buffer is valid until the next step; it is copied here.
                    guard let text = connection.functions.column_text(handle, CInt(column)) else { return [] }
                    return Array(
                        UnsafeBufferPointer(
                            start: text, count: Int(connection.functions.column_bytes(handle, CInt(column)))))
                })
        }
        _ = connection.functions.reset(handle)
        return rows
    }

    /// Every row, each column read as UTF-8 text (NULL as nil), then resets.
    package func rows() throws(SQLiteFailure) -> [[String?]] {
        try byteRows().map { $0.map { $0.map { String(decoding: $0, as: UTF8.self) } } }
    }

    package func reset() { _ = connection.functions.reset(handle) }
}
