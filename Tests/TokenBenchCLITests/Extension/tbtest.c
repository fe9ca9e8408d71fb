/*
 * A tiny SQLite loadable extension for TokenBench's tests: it registers the FTS5 tokenizer
 * "tbtest", which splits on ASCII spaces and reports each word unchanged, with offsets, and
 * "tbtest_strlen", the same with a classic bug: it measures the text with strlen() and so reads
 * past nText (FTS5 input is not NUL-terminated). Three more each break FTS5's contract in one way
 * that has crashed wrappers before: "tbtest_negative" reports nToken -1, "tbtest_null" a NULL
 * pToken with a positive nToken, and "tbtest_offsets" offsets outside the text. Three more lie on
 * a scale a checker must not follow: "tbtest_hugelen" reports each word with nToken 1 GiB from
 * the word itself, "tbtest_maxlen" with nToken 2 GiB - 1 from a 64 MiB readable region, and
 * "tbtest_wildptr" with its true length from a pointer to a page that cannot be read.
 * Four more are killers, each tbtest until a text holds its trigger word: "tbtest_abort" calls
 * abort() on "boom", "tbtest_segv" writes through NULL on "boom", "tbtest_hang" loops for ever on
 * "hang", and "tbtest_hog" takes memory on "hog" until malloc fails, then writes through the
 * NULL it got, as careless C does. "tbtest_underfts5" aborts on "boom" only when the byte after
 * the text is a NUL, as it is in FTS5's own buffers and never in the bench's: a tokenizer that
 * dies only under FTS5 (while indexing, or in its integrity-check).
 * Every one of them dies in its constructor (xCreate) when its spec's arguments hold one of the
 * trigger words: "tbtest boom" calls abort(), "tbtest hang" loops for ever.
 * "tbtest_locale" is registered through FTS5's v2 tokenizer API where the SQLite has it (3.47
 * and later): tbtest, with the locale it is given appended to each word ("word@tr"), and the word
 * alone when there is none. "tbtest_wrap BASE…" is a wrapper written against the v1 API only, as
 * wrappers were before 3.47: it finds BASE through xFindTokenizer and passes its tokens on
 * unchanged, so a value's locale never reaches BASE (FTS5's v1 shim drops it).
 * "tbtest_data" gives each word as a tokendata=1 table (SQLite 3.45) wants it: the word in ASCII
 * lower case, a NUL, then the word as written ("hello\0Hello"), so that such a table matches on
 * the folded key and xInstToken gives back the original.
 * The test suite compiles it with the system's sqlite3ext.h.
 */
#include <sqlite3ext.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
SQLITE_EXTENSION_INIT1

typedef struct TbTest { int unused; } TbTest;

static int tbtest_create(void *context, const char **arguments, int count, Fts5Tokenizer **out) {
    (void)context;
    for (int i = 0; i < count; i++) {
        if (strcmp(arguments[i], "boom") == 0) abort();
        if (strcmp(arguments[i], "hang") == 0) {
            for (volatile int forever = 1; forever;) {}
        }
    }
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

static const char *guarded_bytes(void);

/* 64 MiB that can be read (zero pages, mapped once), as a tokenizer's big dictionary would be. */
static const char *readable_region(void) {
    static char *region = 0;
    if (region == 0) {
        void *pages = mmap(0, (size_t)64 << 20, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (pages != MAP_FAILED) region = pages;
    }
    return region;
}

/* The broken variants: each word is reported in one wrong way. */
typedef enum {
    NEGATIVE_LENGTH, NULL_POINTER, OFFSETS_OUT_OF_RANGE, HUGE_LENGTH, MAX_LENGTH, WILD_POINTER
} Breakage;

static int broken_tokenize(Breakage breakage, void *context, const char *text, int length,
                           int (*emit)(void *, int, const char *, int, int, int)) {
    int start = 0;
    while (start < length) {
        while (start < length && text[start] == ' ') start++;
        int end = start;
        while (end < length && text[end] != ' ') end++;
        if (end > start) {
            int rc;
            switch (breakage) {
            case NEGATIVE_LENGTH: rc = emit(context, 0, text + start, -1, start, end); break;
            case NULL_POINTER: rc = emit(context, 0, 0, end - start, start, end); break;
            case OFFSETS_OUT_OF_RANGE:
                rc = emit(context, 0, text + start, end - start, start - 1000, end + 1000);
                break;
            case HUGE_LENGTH: rc = emit(context, 0, text + start, 1 << 30, start, end); break;
            case MAX_LENGTH: {
                const char *region = readable_region();
                rc = region ? emit(context, 0, region, 0x7fffffff, start, end) : SQLITE_NOMEM;
                break;
            }
            default: {
                /* The first byte of the page after guarded_bytes()'s last four: PROT_NONE. */
                const char *edge = guarded_bytes();
                rc = edge ? emit(context, 0, edge + 4, end - start, start, end) : SQLITE_NOMEM;
                break;
            }
            }
            if (rc != SQLITE_OK) return rc;
        }
        start = end;
    }
    return SQLITE_OK;
}

/* One xTokenize per breakage: tbtest_negative, tbtest_null, ... */
#define BROKEN_TOKENIZER(name, breakage)                                                                    \
    static int name##_tokenize(Fts5Tokenizer *tokenizer, void *context, int flags, const char *text,      \
                               int length, int (*emit)(void *, int, const char *, int, int, int)) {          \
        (void)tokenizer; (void)flags;                                                                         \
        return broken_tokenize(breakage, context, text, length, emit);                                        \
    }
BROKEN_TOKENIZER(tbtest_negative, NEGATIVE_LENGTH)
BROKEN_TOKENIZER(tbtest_null, NULL_POINTER)
BROKEN_TOKENIZER(tbtest_offsets, OFFSETS_OUT_OF_RANGE)
BROKEN_TOKENIZER(tbtest_hugelen, HUGE_LENGTH)
BROKEN_TOKENIZER(tbtest_maxlen, MAX_LENGTH)
BROKEN_TOKENIZER(tbtest_wildptr, WILD_POINTER)

/* "tbtest_longlen": each word is reported with nToken 4096 from a pointer 4 bytes before a page
 * that cannot be read, so a consumer that trusts nToken faults. */
static const char *guarded_bytes(void) {
    static char *edge = 0;
    if (edge == 0) {
        long page = sysconf(_SC_PAGESIZE);
        char *pages = mmap(0, (size_t)page * 2, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (pages == MAP_FAILED) return 0;
        memcpy(pages + page - 4, "word", 4);
        mprotect(pages + page, (size_t)page, PROT_NONE);
        edge = pages + page - 4;
    }
    return edge;
}

static int tbtest_longlen_tokenize(Fts5Tokenizer *tokenizer, void *context, int flags, const char *text, int length,
                                   int (*emit)(void *, int, const char *, int, int, int)) {
    (void)tokenizer; (void)flags;
    const char *edge = guarded_bytes();
    if (edge == 0) return SQLITE_NOMEM;
    for (int start = 0; start < length; start++) {
        if (text[start] == ' ' || (start > 0 && text[start - 1] != ' ')) continue;
        int end = start;
        while (end < length && text[end] != ' ') end++;
        int rc = emit(context, 0, edge, 4096, start, end);
        if (rc != SQLITE_OK) return rc;
    }
    return SQLITE_OK;
}

/* "tbtest_flaky": tbtest, plus one extra token on every other call, so its token count changes
 * from run to run (what `tokenbench throughput` must refuse, after it has started). */
static int flaky_calls = 0;

static int tbtest_flaky_tokenize(Fts5Tokenizer *tokenizer, void *context, int flags, const char *text, int length,
                                 int (*emit)(void *, int, const char *, int, int, int)) {
    int rc = tbtest_tokenize(tokenizer, context, flags, text, length, emit);
    if (rc == SQLITE_OK && length > 0 && (flaky_calls++ % 2) == 1) rc = emit(context, 0, text, 1, 0, 1);
    return rc;
}

/* Whether text[0..length) holds word as a whole space-separated word. */
static int holds_word(const char *text, int length, const char *word) {
    int size = (int)strlen(word);
    for (int start = 0; start + size <= length; start++) {
        if ((start == 0 || text[start - 1] == ' ') && memcmp(text + start, word, (size_t)size) == 0
            && (start + size == length || text[start + size] == ' '))
            return 1;
    }
    return 0;
}

static int tbtest_abort_tokenize(Fts5Tokenizer *tokenizer, void *context, int flags, const char *text, int length,
                                 int (*emit)(void *, int, const char *, int, int, int)) {
    if (holds_word(text, length, "boom")) abort();
    return tbtest_tokenize(tokenizer, context, flags, text, length, emit);
}

static int tbtest_segv_tokenize(Fts5Tokenizer *tokenizer, void *context, int flags, const char *text, int length,
                                int (*emit)(void *, int, const char *, int, int, int)) {
    if (holds_word(text, length, "boom")) *(volatile int *)0 = 1;
    return tbtest_tokenize(tokenizer, context, flags, text, length, emit);
}

static int tbtest_hang_tokenize(Fts5Tokenizer *tokenizer, void *context, int flags, const char *text, int length,
                                int (*emit)(void *, int, const char *, int, int, int)) {
    if (holds_word(text, length, "hang")) {
        for (volatile int spin = 0;; spin++) {}
    }
    return tbtest_tokenize(tokenizer, context, flags, text, length, emit);
}

static int tbtest_hog_tokenize(Fts5Tokenizer *tokenizer, void *context, int flags, const char *text, int length,
                               int (*emit)(void *, int, const char *, int, int, int)) {
    if (holds_word(text, length, "hog")) {
        /* Each chunk is kept in the one before, so the compiler cannot drop them as unused. */
        static void *volatile newest = 0;
        for (;;) {
            void **chunk = malloc((size_t)64 << 20);
            memset(chunk, 1, (size_t)64 << 20); /* NULL once the memory bound is reached */
            chunk[0] = newest;
            newest = chunk;
        }
    }
    return tbtest_tokenize(tokenizer, context, flags, text, length, emit);
}

static int tbtest_underfts5_tokenize(Fts5Tokenizer *tokenizer, void *context, int flags, const char *text,
                                     int length, int (*emit)(void *, int, const char *, int, int, int)) {
    if (length > 0 && text[length] == 0 && holds_word(text, length, "boom")) abort();
    return tbtest_tokenize(tokenizer, context, flags, text, length, emit);
}

/* The v2 tokenizer API (SQLite 3.47), which the system's 3.40.1 headers lack: its structs as
 * fts5.h lays them out. fts5_api's v1 members come first, unchanged. */
typedef struct tbtest_tokenizer_v2 {
    int iVersion;
    int (*xCreate)(void *, const char **, int, Fts5Tokenizer **);
    void (*xDelete)(Fts5Tokenizer *);
    int (*xTokenize)(Fts5Tokenizer *, void *, int, const char *, int, const char *, int,
                     int (*)(void *, int, const char *, int, int, int));
} tbtest_tokenizer_v2;

typedef struct tbtest_fts5_api_v3 {
    int iVersion;
    void *v1[3];
    int (*xCreateTokenizer_v2)(struct tbtest_fts5_api_v3 *, const char *, void *, tbtest_tokenizer_v2 *,
                               void (*)(void *));
} tbtest_fts5_api_v3;

typedef struct LocaleEmit {
    void *context;
    int (*emit)(void *, int, const char *, int, int, int);
    const char *locale;
    int locale_length;
} LocaleEmit;

/* Passes a word on with "@LOCALE" appended (the word alone without a locale). */
static int locale_emit(void *context, int flags, const char *token, int length, int start, int end) {
    LocaleEmit *target = context;
    if (target->locale_length == 0) return target->emit(target->context, flags, token, length, start, end);
    char buffer[256];
    if (length + 1 + target->locale_length > (int)sizeof buffer) return SQLITE_TOOBIG;
    memcpy(buffer, token, (size_t)length);
    buffer[length] = '@';
    memcpy(buffer + length + 1, target->locale, (size_t)target->locale_length);
    return target->emit(target->context, flags, buffer, length + 1 + target->locale_length, start, end);
}

static int tbtest_locale_tokenize(Fts5Tokenizer *tokenizer, void *context, int flags, const char *text, int length,
                                  const char *locale, int locale_length,
                                  int (*emit)(void *, int, const char *, int, int, int)) {
    LocaleEmit target = { context, emit, locale, locale ? locale_length : 0 };
    return tbtest_tokenize(tokenizer, &target, flags, text, length, locale_emit);
}

/* tbtest_data: KEY NUL DATA, the key the word in ASCII lower case, the data the word. */
typedef struct DataEmit {
    void *context;
    int (*emit)(void *, int, const char *, int, int, int);
} DataEmit;

static int data_emit(void *context, int flags, const char *token, int length, int start, int end) {
    DataEmit *target = context;
    char buffer[512];
    if (2 * length + 1 > (int)sizeof buffer) return SQLITE_TOOBIG;
    for (int i = 0; i < length; i++) {
        char c = token[i];
        buffer[i] = (c >= 'A' && c <= 'Z') ? (char)(c - 'A' + 'a') : c;
    }
    buffer[length] = 0;
    memcpy(buffer + length + 1, token, (size_t)length);
    return target->emit(target->context, flags, buffer, 2 * length + 1, start, end);
}

static int tbtest_data_tokenize(Fts5Tokenizer *tokenizer, void *context, int flags, const char *text, int length,
                                int (*emit)(void *, int, const char *, int, int, int)) {
    DataEmit target = { context, emit };
    return tbtest_tokenize(tokenizer, &target, flags, text, length, data_emit);
}

/* tbtest_wrap: BASE made through the v1 API, its tokens passed on as they are. */
typedef struct TbWrap {
    fts5_tokenizer base;
    Fts5Tokenizer *instance;
} TbWrap;

static int tbwrap_create(void *context, const char **arguments, int count, Fts5Tokenizer **out) {
    fts5_api *api = context;
    if (count < 1) return SQLITE_ERROR;
    void *base_context = 0;
    TbWrap *wrap = sqlite3_malloc(sizeof(TbWrap));
    if (wrap == 0) return SQLITE_NOMEM;
    int rc = api->xFindTokenizer(api, arguments[0], &base_context, &wrap->base);
    if (rc == SQLITE_OK) rc = wrap->base.xCreate(base_context, arguments + 1, count - 1, &wrap->instance);
    if (rc != SQLITE_OK) {
        sqlite3_free(wrap);
        return rc;
    }
    *out = (Fts5Tokenizer *)wrap;
    return SQLITE_OK;
}

static void tbwrap_delete(Fts5Tokenizer *tokenizer) {
    TbWrap *wrap = (TbWrap *)tokenizer;
    wrap->base.xDelete(wrap->instance);
    sqlite3_free(wrap);
}

static int tbwrap_tokenize(Fts5Tokenizer *tokenizer, void *context, int flags, const char *text, int length,
                           int (*emit)(void *, int, const char *, int, int, int)) {
    TbWrap *wrap = (TbWrap *)tokenizer;
    return wrap->base.xTokenize(wrap->instance, context, flags, text, length, emit);
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
    static const struct {
        const char *name;
        int (*tokenize)(Fts5Tokenizer *, void *, int, const char *, int, int (*)(void *, int, const char *, int, int, int));
    } tokenizers[] = {
        {"tbtest", tbtest_tokenize},
        {"tbtest_strlen", tbtest_strlen_tokenize},
        {"tbtest_negative", tbtest_negative_tokenize},
        {"tbtest_null", tbtest_null_tokenize},
        {"tbtest_offsets", tbtest_offsets_tokenize},
        {"tbtest_flaky", tbtest_flaky_tokenize},
        {"tbtest_hugelen", tbtest_hugelen_tokenize},
        {"tbtest_maxlen", tbtest_maxlen_tokenize},
        {"tbtest_wildptr", tbtest_wildptr_tokenize},
        {"tbtest_longlen", tbtest_longlen_tokenize},
        {"tbtest_abort", tbtest_abort_tokenize},
        {"tbtest_segv", tbtest_segv_tokenize},
        {"tbtest_hang", tbtest_hang_tokenize},
        {"tbtest_hog", tbtest_hog_tokenize},
        {"tbtest_underfts5", tbtest_underfts5_tokenize},
        {"tbtest_data", tbtest_data_tokenize},
    };
    for (unsigned i = 0; i < sizeof tokenizers / sizeof tokenizers[0]; i++) {
        fts5_tokenizer methods = { tbtest_create, tbtest_delete, tokenizers[i].tokenize };
        int rc = api->xCreateTokenizer(api, tokenizers[i].name, 0, &methods, 0);
        if (rc != SQLITE_OK) return rc;
    }
    fts5_tokenizer wrap_methods = { tbwrap_create, tbwrap_delete, tbwrap_tokenize };
    int wrap_rc = api->xCreateTokenizer(api, "tbtest_wrap", api, &wrap_methods, 0);
    if (wrap_rc != SQLITE_OK) return wrap_rc;
    if (api->iVersion >= 3) {
        tbtest_fts5_api_v3 *api_v3 = (tbtest_fts5_api_v3 *)api;
        tbtest_tokenizer_v2 methods = { 2, tbtest_create, tbtest_delete, tbtest_locale_tokenize };
        return api_v3->xCreateTokenizer_v2(api_v3, "tbtest_locale", 0, &methods, 0);
    }
    return SQLITE_OK;
}

/* An entry point that always fails, to test how a failing init is reported. */
int tbtest_failing_init(sqlite3 *db, char **error, const sqlite3_api_routines *routines) {
    (void)db;
    SQLITE_EXTENSION_INIT2(routines);
    *error = sqlite3_mprintf("tbtest: refusing to load on purpose");
    return SQLITE_ERROR;
}

/* An entry point that needs an API routine some SQLite builds omit: it registers "tbtest_traced"
 * (tbtest under another name) only where sqlite3_trace_v2 exists, as an extension that traces
 * statements would, and otherwise fails with a message, as a careful extension should rather
 * than call a NULL routine. The bundled engine is built with SQLITE_OMIT_TRACE. */
int tbtest_traced_init(sqlite3 *db, char **error, const sqlite3_api_routines *routines) {
    SQLITE_EXTENSION_INIT2(routines);
    if (routines->trace_v2 == 0) {
        *error = sqlite3_mprintf("tbtest: this SQLite has no sqlite3_trace_v2");
        return SQLITE_ERROR;
    }
    fts5_api *api = find_fts5(db);
    if (api == 0) {
        *error = sqlite3_mprintf("tbtest: FTS5 is not available");
        return SQLITE_ERROR;
    }
    fts5_tokenizer methods = { tbtest_create, tbtest_delete, tbtest_tokenize };
    return api->xCreateTokenizer(api, "tbtest_traced", 0, &methods, 0);
}
