/* Calls a loadable extension's entry point on an engine that cannot load extensions itself. */
#include "CSQLiteEngines.h"
#include <ctype.h>
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The index of each member in sqlite3_api_routines, for the few this file calls. */
enum {
#define API(member, function) TB_API_##member,
#define NOAPI(member) TB_API_##member,
#include "api_routines.inc"
#undef API
#undef NOAPI
    TB_API_COUNT
};

int tb_api_routines_count(void) { return TB_API_COUNT; }

const char *tb_api_function_name(int index) {
    static const char *const names[] = {
#define API(member, function) "sqlite3_" #function,
#define NOAPI(member) 0,
#include "api_routines.inc"
#undef API
#undef NOAPI
    };
    return index >= 0 && index < TB_API_COUNT ? names[index] : 0;
}

typedef int (*entry_point)(void *db, char **message, const void *routines);

/* One private copy of an extension per engine: the library keeps its sqlite3_api pointer in a
 * global (SQLITE_EXTENSION_INIT1), so an engine sharing the system's copy would redirect the
 * system's tokenizers to its own functions. A copy under another inode is a separate library
 * for the dynamic loader. Copies are loaded once per (engine, path, entry) and stay loaded. */
typedef struct loaded_copy {
    const void *routines;
    char *path;
    char *entry;
    entry_point init;
    struct loaded_copy *next;
} loaded_copy;

static loaded_copy *loaded_copies = 0;
static pthread_mutex_t loaded_copies_lock = PTHREAD_MUTEX_INITIALIZER;

static int same(const char *a, const char *b) { return (a == 0 && b == 0) || (a && b && strcmp(a, b) == 0); }

/* Copies `path` into a new private directory under its own file name (the default entry point
 * is derived from it), loads the copy, then removes the file: the mapping outlives it. */
static void *load_private_copy(const char *path, char *error, int error_size) {
    char directory[] = "/tmp/tokenbench-extension-XXXXXX";
    if (mkdtemp(directory) == 0) {
        snprintf(error, (size_t)error_size, "cannot make a private copy: %s", strerror(errno));
        return 0;
    }
    const char *slash = strrchr(path, '/');
    const char *file = slash ? slash + 1 : path;
    char copy[4096];
    snprintf(copy, sizeof copy, "%s/%s", directory, file);
    int input = open(path, O_RDONLY | O_CLOEXEC);
    int output = input < 0 ? -1 : open(copy, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0700);
    int copied = input >= 0 && output >= 0;
    char buffer[65536];
    ssize_t count;
    while (copied && (count = read(input, buffer, sizeof buffer)) != 0) {
        if (count < 0 || write(output, buffer, (size_t)count) != count) copied = 0;
    }
    if (input >= 0) close(input);
    if (output >= 0 && close(output) != 0) copied = 0;
    void *library = 0;
    if (!copied) {
        snprintf(error, (size_t)error_size, "cannot make a private copy: %s", strerror(errno));
    } else if ((library = dlopen(copy, RTLD_NOW | RTLD_LOCAL)) == 0) {
        snprintf(error, (size_t)error_size, "cannot load it: %s", dlerror());
    }
    unlink(copy);
    rmdir(directory);
    return library;
}

/* SQLite's rule: `entry` when given; else sqlite3_extension_init, then sqlite3_X_init where X is
 * the file name's letters up to its first dot, lowercased, after a leading "lib". */
static entry_point find_entry(void *library, const char *path, const char *entry, char *error, int error_size) {
    if (entry) {
        entry_point init = (entry_point)dlsym(library, entry);
        if (init == 0) snprintf(error, (size_t)error_size, "no entry point %s in it", entry);
        return init;
    }
    entry_point init = (entry_point)dlsym(library, "sqlite3_extension_init");
    if (init) return init;
    const char *slash = strrchr(path, '/');
    const char *file = slash ? slash + 1 : path;
    if (strncasecmp(file, "lib", 3) == 0) file += 3;
    char derived[256] = "sqlite3_";
    size_t length = strlen(derived);
    for (; *file && *file != '.' && length < sizeof derived - 6; file++) {
        if (isalpha((unsigned char)*file)) derived[length++] = (char)tolower((unsigned char)*file);
    }
    memcpy(derived + length, "_init", 6);
    init = (entry_point)dlsym(library, derived);
    if (init == 0) snprintf(error, (size_t)error_size, "no entry point sqlite3_extension_init or %s in it", derived);
    return init;
}

int tb_call_extension(const tb_sqlite_functions *functions, void *db, const char *path, const char *entry,
                      char *error, int error_size) {
    const void *routines = functions->api_routines;
    if (routines == 0) {
        snprintf(error, (size_t)error_size, "this engine has no API routines table for extensions");
        return -1;
    }
    pthread_mutex_lock(&loaded_copies_lock);
    loaded_copy *copy = loaded_copies;
    while (copy && !(copy->routines == routines && strcmp(copy->path, path) == 0 && same(copy->entry, entry))) {
        copy = copy->next;
    }
    if (copy == 0) {
        void *library = load_private_copy(path, error, error_size);
        entry_point init = library ? find_entry(library, path, entry, error, error_size) : 0;
        if (init) {
            copy = calloc(1, sizeof *copy);
            copy->routines = routines;
            copy->path = strdup(path);
            copy->entry = entry ? strdup(entry) : 0;
            copy->init = init;
            copy->next = loaded_copies;
            loaded_copies = copy;
        } else if (library) {
            dlclose(library);
        }
    }
    pthread_mutex_unlock(&loaded_copies_lock);
    if (copy == 0) return -1;

    char *message = 0;
    int code = copy->init(db, &message, routines);
    /* 256 is SQLITE_OK_LOAD_PERMANENTLY: the copy stays loaded either way. */
    if (code != 0 && code != 256) {
        snprintf(error, (size_t)error_size, "its entry point failed (code %d): %s", code,
                 message ? message : "no message");
    }
    /* Ownership: the extension allocates the message with the engine's sqlite3_malloc. */
    void (*const *table)(void) = routines;
    if (message && table[TB_API_free]) ((void (*)(void *))table[TB_API_free])(message);
    return code != 0 && code != 256 ? -1 : 0;
}

int tb_functions_from_api_routines(const void *routines, tb_sqlite_functions *functions) {
    void (*const *table)(void) = routines;
    /* Each member from the routine of the same name; the casts only restore its signature. */
#define FROM(member)                                                                          \
    do {                                                                                      \
        if (table[TB_API_##member] == 0) return -1;                                           \
        *(void (**)(void))&functions->member = table[TB_API_##member];                        \
    } while (0)
    FROM(libversion);
    FROM(open_v2);
    FROM(close_v2);
    FROM(errmsg);
    FROM(prepare_v2);
    FROM(step);
    FROM(reset);
    FROM(finalize);
    FROM(bind_int64);
    FROM(bind_text);
    FROM(bind_pointer);
    FROM(column_count);
    FROM(column_type);
    FROM(column_int64);
    FROM(column_double);
    FROM(column_text);
    FROM(column_bytes);
    FROM(compileoption_get);
    FROM(create_function_v2);
    FROM(user_data);
    FROM(value_type);
    FROM(value_text);
    FROM(value_bytes);
    FROM(result_text);
    FROM(result_error);
    FROM(result_null);
#undef FROM
    functions->function_trampoline = tb_function_trampoline_for(functions->user_data);
    functions->api_routines = routines;
    return 0;
}

char *tb_api_routines_strdup(const void *routines, const char *text) {
    void (*const *table)(void) = routines;
    if (table[TB_API_malloc] == 0) return 0;
    size_t size = strlen(text) + 1;
    char *copy = ((void *(*)(int))table[TB_API_malloc])((int)size);
    if (copy) memcpy(copy, text, size);
    return copy;
}
