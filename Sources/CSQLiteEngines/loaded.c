/* RTLD_DEEPBIND and dlinfo are GNU extensions. */
#define _GNU_SOURCE
#include "CSQLiteEngines.h"
#include <dlfcn.h>
#include <elf.h>
#include <link.h>
#include <stdio.h>
#include <stdlib.h>

int tb_api_routines_count(void);
const char *tb_api_function_name(int index);

/* Whether the loaded library binds its own symbols to itself: built with -Wl,-Bsymbolic
 * (DT_SYMBOLIC, or DF_SYMBOLIC in DT_FLAGS). */
static int binds_to_itself(void *library) {
    struct link_map *map = 0;
    if (dlinfo(library, RTLD_DI_LINKMAP, &map) != 0 || map == 0) return 0;
    for (const ElfW(Dyn) *entry = map->l_ld; entry->d_tag != DT_NULL; entry++) {
        if (entry->d_tag == DT_SYMBOLIC) return 1;
        if (entry->d_tag == DT_FLAGS && (entry->d_un.d_val & DF_SYMBOLIC)) return 1;
    }
    return 0;
}

/* A SQLite library calls its own exported functions (sqlite3_initialize from sqlite3_open_v2,
 * sqlite3_malloc…) through the dynamic linker, which binds them to the first definition in the
 * process: the system's libsqlite3, which the bench links. Such a library would then run on
 * another SQLite's state and crash in its first allocation. RTLD_DEEPBIND makes its own
 * definitions come first, whatever flags it was built with. AddressSanitizer refuses
 * RTLD_DEEPBIND (its interceptors must come first): under it, a library that is not already
 * loaded must bind to itself (-Wl,-Bsymbolic), or it is refused with the reason. */
static void *load_binding_to_itself(const char *path, char *error, int error_size) {
    void *loaded = dlopen(path, RTLD_NOW | RTLD_LOCAL | RTLD_NOLOAD);
    if (loaded != 0) return loaded;
    int under_address_sanitizer = dlsym(RTLD_DEFAULT, "__asan_init") != 0;
    void *library = dlopen(path, RTLD_NOW | RTLD_LOCAL | (under_address_sanitizer ? 0 : RTLD_DEEPBIND));
    if (library == 0) {
        snprintf(error, (size_t)error_size, "cannot load it: %s", dlerror());
        return 0;
    }
    if (under_address_sanitizer && !binds_to_itself(library)) {
        dlclose(library);
        snprintf(error, (size_t)error_size,
                 "under AddressSanitizer, which refuses RTLD_DEEPBIND, a SQLite library must bind its own "
                 "symbols: build it with -Wl,-Bsymbolic");
        return 0;
    }
    return library;
}

int tb_load_sqlite(const char *path, tb_sqlite_functions *functions, char *error, int error_size) {
    void *library = load_binding_to_itself(path, error, error_size);
    if (library == 0) return -1;
    /* Each member from the symbol of the same name; a library without one is not a SQLite
     * this bench can drive. Function pointers are read out of dlsym's void * as POSIX allows. */
#define LOAD(member)                                                                          \
    do {                                                                                      \
        void *symbol = dlsym(library, "sqlite3_" #member);                                    \
        if (symbol == 0) {                                                                    \
            snprintf(error, (size_t)error_size, "it has no sqlite3_%s: not a SQLite library", #member); \
            dlclose(library);                                                                 \
            return -1;                                                                        \
        }                                                                                     \
        *(void **)&functions->member = symbol;                                                \
    } while (0)
    LOAD(libversion);
    LOAD(open_v2);
    LOAD(close_v2);
    LOAD(errmsg);
    LOAD(prepare_v2);
    LOAD(step);
    LOAD(reset);
    LOAD(finalize);
    LOAD(bind_int64);
    LOAD(bind_text);
    LOAD(bind_pointer);
    LOAD(column_count);
    LOAD(column_type);
    LOAD(column_int64);
    LOAD(column_double);
    LOAD(column_text);
    LOAD(column_bytes);
    LOAD(compileoption_get);
    LOAD(create_function_v2);
    LOAD(user_data);
    LOAD(value_type);
    LOAD(value_text);
    LOAD(value_bytes);
    LOAD(result_text);
    LOAD(result_error);
    LOAD(result_null);
#undef LOAD
    functions->function_trampoline = tb_function_trampoline_for(functions->user_data);
    /* The API routines table for extensions: each function by its own name, 0 where this
     * library lacks it (as SQLite's own table has 0 for what a build omits). */
    int count = tb_api_routines_count();
    void **routines = calloc((size_t)count, sizeof *routines);
    if (routines == 0) {
        snprintf(error, (size_t)error_size, "out of memory");
        dlclose(library);
        return -1;
    }
    for (int index = 0; index < count; index++) {
        const char *name = tb_api_function_name(index);
        routines[index] = name ? dlsym(library, name) : 0;
    }
    functions->api_routines = routines;
    return 0;
}
