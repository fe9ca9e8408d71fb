#ifndef TOKENBENCH_CSQLITEENGINES_H
#define TOKENBENCH_CSQLITEENGINES_H

/// The SQLite C functions the bench calls, one table per engine: the system's libsqlite3, and the
/// SQLite that sqlite-nio bundles (its symbols prefixed `sqlite_nio_`). Connections and
/// statements are opaque pointers, so no module that includes this header sees a second
/// definition of SQLite's structs. FTS5's v1 structs (fts5_api, fts5_tokenizer) have the same
/// layout in both libraries: the pointer `fts5` returns is read as the system's `fts5_api`.
typedef struct tb_sqlite_functions {
    const char *(*libversion)(void);
    /// Opens a read-write connection that may create `path` (":memory:" for a private one).
    int (*open)(const char *path, void **db);
    int (*close)(void *db);
    /// The last error message of `db`; owned by SQLite, valid until its next call.
    const char *(*errmsg)(void *db);
    int (*prepare)(void *db, const char *sql, int nbytes, void **statement);
    int (*step)(void *statement);
    int (*reset)(void *statement);
    int (*finalize)(void *statement);
    int (*bind_int64)(void *statement, int index, long long value);
    /// Binds a copy of the bytes (SQLITE_TRANSIENT).
    int (*bind_text)(void *statement, int index, const char *text, int nbytes);
    /// Binds the bytes in place (SQLITE_STATIC): the caller keeps them until the next reset.
    int (*bind_static_text)(void *statement, int index, const char *text, int nbytes);
    int (*column_count)(void *statement);
    int (*column_type)(void *statement, int column);
    long long (*column_int64)(void *statement, int column);
    /// The column as UTF-8, and its length in bytes; owned by SQLite until the next step.
    const unsigned char *(*column_text)(void *statement, int column);
    int (*column_bytes)(void *statement, int column);
    /// The nth compile-time option, NULL past the last.
    const char *(*compileoption_get)(int n);
    /// The connection's fts5_api (through the documented `SELECT fts5(?1)`), or NULL.
    void *(*fts5)(void *db);
} tb_sqlite_functions;

const tb_sqlite_functions *tb_system_sqlite(void);
const tb_sqlite_functions *tb_bundled_sqlite(void);

#endif
