#ifndef TOKENBENCH_CSQLITEENGINES_H
#define TOKENBENCH_CSQLITEENGINES_H

/// SQLite's own C functions, one table per engine: the system's libsqlite3, the SQLite that
/// sqlite-nio bundles (its symbols prefixed `sqlite_nio_`), or any libsqlite3 loaded from a file
/// with `tb_load_sqlite`. Connections and statements are opaque pointers, so no module that
/// includes this header sees a second definition of SQLite's structs; each member has the
/// signature of the SQLite function it names, with `void *` for `sqlite3 *`, `sqlite3_stmt *`,
/// `sqlite3_context *` and `sqlite3_value *`. FTS5's v1 structs (fts5_api, fts5_tokenizer) have
/// the same layout in every SQLite that has FTS5, so the API pointer is read as the system's
/// `fts5_api`.
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
    /* What a scalar SQL function needs (sqlite3_context * and sqlite3_value * as void *). */
    int (*create_function_v2)(void *db, const char *name, int count, int flags, void *app,
                              void (*xFunc)(void *context, int count, void **values),
                              void (*xStep)(void *context, int count, void **values), void (*xFinal)(void *context),
                              void (*xDestroy)(void *app));
    void *(*user_data)(void *context);
    int (*value_type)(void *value);
    const unsigned char *(*value_text)(void *value);
    int (*value_bytes)(void *value);
    void (*result_text)(void *context, const char *text, int nbytes, void (*destructor)(void *));
    void (*result_error)(void *context, const char *message, int nbytes);
    void (*result_null)(void *context);
    /// Not a SQLite function: the xFunc to register a scalar function with on this engine, its
    /// user data (pApp) a `tb_function`. It reads that through this engine's own
    /// sqlite3_user_data, which only the engine's table knows, and calls its `call` with its
    /// `state`. NULL when the engine has none (more libraries loaded than there are
    /// trampolines): such an engine registers no scalar function.
    void (*function_trampoline)(void *context, int count, void **values);
    /// Not a SQLite function: the engine's sqlite3_api_routines table, what a loadable extension
    /// receives as its pApi, for the engines the bench loads extensions into itself (bundled and
    /// libraries loaded by path); NULL for the system engine, which loads them with its own
    /// sqlite3_load_extension.
    const void *api_routines;
} tb_sqlite_functions;

/// FTS5's v2 tokenizer (SQLite 3.47 and later), laid out as fts5.h documents it: v1's methods,
/// after a version number, with xTokenize also given the locale of the value (pLocale, nLocale:
/// not NUL-terminated; NULL and 0 for a value without one). Instances and contexts are opaque.
typedef struct tb_fts5_tokenizer_v2 {
    int iVersion;
    int (*xCreate)(void *userData, const char **arguments, int count, void **instance);
    void (*xDelete)(void *instance);
    int (*xTokenize)(void *instance, void *context, int flags, const char *text, int nText, const char *locale,
                     int nLocale, int (*xToken)(void *, int, const char *, int, int, int));
} tb_fts5_tokenizer_v2;

/// fts5_api from version 3 (SQLite 3.47): the v1 members, unchanged, then the v2 tokenizers'
/// registration. Read through this struct only when iVersion is 3 or more: an older SQLite's
/// struct ends before xCreateTokenizer_v2. The v1 members are the system fts5_api's and are
/// not called through this struct.
typedef struct tb_fts5_api_v3 {
    int iVersion;
    void *xCreateTokenizer;
    void *xFindTokenizer;
    void *xCreateFunction;
    int (*xCreateTokenizer_v2)(struct tb_fts5_api_v3 *api, const char *name, void *userData,
                               tb_fts5_tokenizer_v2 *tokenizer, void (*xDestroy)(void *));
    int (*xFindTokenizer_v2)(struct tb_fts5_api_v3 *api, const char *name, void **userData,
                             tb_fts5_tokenizer_v2 **tokenizer);
} tb_fts5_api_v3;

/// Fts5ExtensionApi, what FTS5 hands an auxiliary function, from version 3 (SQLite 3.45): the
/// members up to xPhraseNextColumn are version 2's, unchanged, then xQueryToken and xInstToken.
/// Read through this struct only when iVersion is 3 or more. Contexts are opaque; the members
/// the bench does not call are untyped.
typedef struct tb_fts5_extension_api_v3 {
    int iVersion;
    void *(*xUserData)(void *context);
    void *xColumnCount;
    void *xRowCount;
    void *xColumnTotalSize;
    void *xTokenize;
    void *xPhraseCount;
    int (*xPhraseSize)(void *context, int phrase);
    int (*xInstCount)(void *context, int *count);
    int (*xInst)(void *context, int index, int *phrase, int *column, int *offset);
    void *xRowid;
    void *xColumnText;
    void *xColumnSize;
    void *xQueryPhrase;
    void *xSetAuxdata;
    void *xGetAuxdata;
    void *xPhraseFirst;
    void *xPhraseNext;
    void *xPhraseFirstColumn;
    void *xPhraseNextColumn;
    void *xQueryToken;
    int (*xInstToken)(void *context, int index, int token, const char **bytes, int *count);
} tb_fts5_extension_api_v3;

/// The user data of a scalar function registered with an engine's `function_trampoline`: what
/// the trampoline calls, with the state it is given. Ownership: whoever registers it allocates it
/// and frees it, with its state, in the function's xDestroy, which SQLite calls with this pointer.
typedef struct tb_function {
    void (*call)(void *state, void *context, int count, void **values);
    void *state;
} tb_function;

/// A trampoline bound to `user_data` (an engine's sqlite3_user_data, known only at run time: a
/// library loaded by path, or the SQLite that loaded the extension): the same one for the same
/// function, from a fixed pool of them; NULL when the pool is used up.
void (*tb_function_trampoline_for(void *(*user_data)(void *context)))(void *context, int count, void **values);

const tb_sqlite_functions *tb_system_sqlite(void);

/// C strings SQLite's API takes by address, in static storage: they live as long as the process,
/// and Swift needs no global pointer of its own for them. "" is the text of an empty value (a
/// NULL pointer would be SQL NULL); "fts5_api_ptr" is the pointer type `fts5(?1)` expects.
const char *tb_empty_text(void);
const char *tb_fts5_api_pointer_type(void);

/// Loads the SQLite library at `path` with dlopen(RTLD_NOW | RTLD_LOCAL | RTLD_DEEPBIND), so its
/// symbols stay apart from every other SQLite in the process and its own calls reach its own code
/// whatever flags it was built with, and fills `functions` from it. Returns 0, or -1 with a
/// one-line reason in `error` (under AddressSanitizer, which refuses RTLD_DEEPBIND, a library
/// built without -Wl,-Bsymbolic is refused). The library stays loaded until the process exits.
int tb_load_sqlite(const char *path, tb_sqlite_functions *functions, char *error, int error_size);

/// Fills `functions` from the sqlite3_api_routines table a loadable extension receives (its
/// pApi), so that the bench's engine layer drives whatever SQLite loaded the extension through
/// that SQLite's own functions. Returns 0, or -1 when the table lacks one of them.
int tb_functions_from_api_routines(const void *routines, tb_sqlite_functions *functions);

/// A copy of `text` allocated with the sqlite3_malloc of the SQLite whose API routines table this
/// is, as an extension's error message must be (SQLite frees it with its sqlite3_free); NULL when
/// that fails.
char *tb_api_routines_strdup(const void *routines, const char *text);

/// Loads the extension at `path` into `db`, a connection of the engine `functions` drives, the
/// way sqlite3_load_extension would: finds the entry point (`entry`, or SQLite's default and the
/// name derived from the file name) and calls it with the engine's API routines table. Each
/// engine gets a private copy of the library, because an extension keeps that table in a global.
/// Returns 0, or -1 with a one-line reason in `error`.
int tb_call_extension(const tb_sqlite_functions *functions, void *db, const char *path, const char *entry,
                      char *error, int error_size);

#endif
