import CSQLiteEngines
import Foundation
import GRDBSQLite
import TokenBenchEngines

/// TokenBench as a SQLite loadable extension: what `libTokenBenchFTS5.so`'s entry point does.
/// It registers every shipped tokenizer, and the SQL function `tokenbench_pattern`
/// (`PatternFunction`), on the connection that loads it, with the same
/// registration the bench uses on its own engines, through the SQLite functions of the API
/// routines table the loading SQLite passed in.
package enum ExtensionEntryPoint {
    /// The body of the extension's entry point, `sqlite3_tokenbenchfts_init(db, pzErrMsg, pApi)`:
    /// registers the shipped tokenizers on `db` and returns SQLite's result code. On failure it
    /// puts a message in `error`, allocated with the loading SQLite's sqlite3_malloc (SQLite frees
    /// it with its sqlite3_free).
    package static func initialize(
        db: OpaquePointer?, error: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
        routines: UnsafeRawPointer?
    ) -> CInt {
        let (code, message) = register(db: UnsafeMutableRawPointer(db), routines: routines)
        if let message, let error, let routines {
            error.pointee = tb_api_routines_strdup(routines, message)
        }
        return code
    }

    private static func register(
        db: UnsafeMutableRawPointer?, routines: UnsafeRawPointer?
    ) -> (code: CInt, message: String?) {
        guard let db, let routines else { return (SQLITE_ERROR, "tokenbench: no connection or API routines") }
        guard let engine = SQLiteEngine.host(routines: routines) else {
            return (SQLITE_ERROR, "tokenbench: this SQLite lacks a function the tokenizers need")
        }
        do {
            // Ownership: the registered tokenizers and tokenbench_pattern keep the connection
            // object alive until SQLite closes the connection and destroys them.
            let connection = try EngineConnection(borrowing: db, engine: engine)
            try ShippedTokenizers.register(on: connection, keepingConnectionAlive: true)
            try PatternFunction.register(on: connection)
            return (SQLITE_OK, nil)
        } catch {
            return (error.code, "tokenbench: \(error.message)")
        }
    }
}
