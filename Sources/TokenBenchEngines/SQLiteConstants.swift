import CSQLiteEngines

/// What SQLite's C API takes as special pointers, which Swift cannot import from their C macros:
/// computed on each use, so the engine layer keeps no global pointer of its own.
enum SQLiteConstants {
    /// SQLITE_TRANSIENT: SQLite copies the bytes before the call returns. (SQLITE_STATIC, the
    /// bytes used in place, is nil.)
    static var transient: @convention(c) (UnsafeMutableRawPointer?) -> Void {
        unsafeBitCast(-1, to: (@convention(c) (UnsafeMutableRawPointer?) -> Void).self)
    }

    /// The address of an empty text, for a value with no bytes (nil would be SQL NULL).
    static var emptyText: UnsafePointer<CChar> { tb_empty_text() }

    /// The pointer type `fts5(?1)` expects, in static storage as SQLite requires.
    static var fts5PointerType: UnsafePointer<CChar> { tb_fts5_api_pointer_type() }
}
