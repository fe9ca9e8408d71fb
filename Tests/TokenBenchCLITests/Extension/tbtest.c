/*
 * A tiny SQLite loadable extension for TokenBench's tests: it registers the FTS5 tokenizer
 * "tbtest", which splits on ASCII spaces and reports each word unchanged, with offsets, and
 * "tbtest_strlen", the same with a classic bug: it measures the text with strlen() and so reads
 * past nText (FTS5 input is not NUL-terminated).
 * The test suite compiles it with the system's sqlite3ext.h.
 */
#include <sqlite3ext.h>
#include <string.h>
SQLITE_EXTENSION_INIT1

typedef struct TbTest { int unused; } TbTest;

static int tbtest_create(void *context, const char **arguments, int count, Fts5Tokenizer **out) {
    (void)context; (void)arguments; (void)count;
    TbTest *tokenizer = sqlite3_malloc(sizeof(TbTest));
    if (tokenizer == 0) return SQLITE_NOMEM;
    *out = (Fts5Tokenizer *)tokenizer;
    return SQLITE_OK;
}

static void tbtest_delete(Fts5Tokenizer *tokenizer) {
    sqlite3_free(tokenizer);
}

static int tbtest_tokenize(Fts5Tokenizer *tokenizer, void *context, int flags, const char *text, int length,
                           int (*emit)(void *, int, const char *, int, int, int)) {
    (void)tokenizer; (void)flags;
    if (length < 0) length = 0;
    int start = 0;
    while (start < length) {
        while (start < length && text[start] == ' ') start++;
        int end = start;
        while (end < length && text[end] != ' ') end++;
        if (end > start) {
            int rc = emit(context, 0, text + start, end - start, start, end);
            if (rc != SQLITE_OK) return rc;
        }
        start = end;
    }
    return SQLITE_OK;
}

static int tbtest_strlen_tokenize(Fts5Tokenizer *tokenizer, void *context, int flags, const char *text, int length,
                                  int (*emit)(void *, int, const char *, int, int, int)) {
    (void)length;
    return tbtest_tokenize(tokenizer, context, flags, text, (int)strlen(text), emit);
}

/* Asks FTS5 for its API object through the documented "SELECT fts5(?1)" pointer binding. */
static fts5_api *find_fts5(sqlite3 *db) {
    fts5_api *api = 0;
    sqlite3_stmt *statement = 0;
    if (sqlite3_prepare_v2(db, "SELECT fts5(?1)", -1, &statement, 0) == SQLITE_OK) {
        sqlite3_bind_pointer(statement, 1, (void *)&api, "fts5_api_ptr", 0);
        sqlite3_step(statement);
    }
    sqlite3_finalize(statement);
    return api;
}

int sqlite3_tbtest_init(sqlite3 *db, char **error, const sqlite3_api_routines *routines) {
    SQLITE_EXTENSION_INIT2(routines);
    fts5_api *api = find_fts5(db);
    if (api == 0) {
        *error = sqlite3_mprintf("tbtest: FTS5 is not available");
        return SQLITE_ERROR;
    }
    fts5_tokenizer methods = { tbtest_create, tbtest_delete, tbtest_tokenize };
    int rc = api->xCreateTokenizer(api, "tbtest", 0, &methods, 0);
    if (rc != SQLITE_OK) return rc;
    fts5_tokenizer strlen_methods = { tbtest_create, tbtest_delete, tbtest_strlen_tokenize };
    return api->xCreateTokenizer(api, "tbtest_strlen", 0, &strlen_methods, 0);
}

/* An entry point that always fails, to test how a failing init is reported. */
int tbtest_failing_init(sqlite3 *db, char **error, const sqlite3_api_routines *routines) {
    (void)db;
    SQLITE_EXTENSION_INIT2(routines);
    *error = sqlite3_mprintf("tbtest: refusing to load on purpose");
    return SQLITE_ERROR;
}
