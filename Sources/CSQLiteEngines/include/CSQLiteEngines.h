#ifndef TOKENBENCH_CSQLITEENGINES_H
#define TOKENBENCH_CSQLITEENGINES_H

/// SQLite's own C functions, one table per engine: the system's libsqlite3, the SQLite that
/// sqlite-nio bundles (its symbols prefixed `sqlite_nio_`), or any libsqlite3 loaded from a file
/// with `tb_load_sqlite`. Connections and statements are opaque pointers, so no module that
/// includes this header sees a second definition of SQLite's structs; each member has the
/// signature of the SQLite function it names, with `void *` for `sqlite3 *` and
/// `sqlite3_stmt *`. FTS5's v1 structs (fts5_api, fts5_tokenizer) have the same layout in every
/// SQLite that has FTS5, so the API pointer is read as the system's `fts5_api`.
typedef struct tb_sqlite_functions {
    const char *(*libversion)(void);
    int (*open_v2)(const char *path, void **db, int flags, const char *vfs);
    int (*close_v2)(void *db);
    const char *(*errmsg)(void *db);
    int (*prepare_v2)(void *db, const char *sql, int nbytes, void **statement, const char **tail);
    int (*step)(void *statement);
    int (*reset)(void *statement);
    int (*finalize)(void *statement);
    int (*bind_int64)(void *statement, int index, long long value);
    int (*bind_text)(void *statement, int index, const char *text, int nbytes, void (*destructor)(void *));
    int (*bind_pointer)(void *statement, int index, void *pointer, const char *type, void (*destructor)(void *));
    int (*column_count)(void *statement);
    int (*column_type)(void *statement, int column);
    long long (*column_int64)(void *statement, int column);
    double (*column_double)(void *statement, int column);
    const unsigned char *(*column_text)(void *statement, int column);
    int (*column_bytes)(void *statement, int column);
    const char *(*compileoption_get)(int n);
} tb_sqlite_functions;

const tb_sqlite_functions *tb_system_sqlite(void);
const tb_sqlite_functions *tb_bundled_sqlite(void);

/// Loads the SQLite library at `path` with dlopen(RTLD_NOW | RTLD_LOCAL), so its symbols stay
/// apart from every other SQLite in the process, and fills `functions` from it. Returns 0, or
/// -1 with a one-line reason in `error`. The library stays loaded until the process exits.
int tb_load_sqlite(const char *path, tb_sqlite_functions *functions, char *error, int error_size);

#endif
