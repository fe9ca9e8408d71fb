#include "CSQLiteEngines.h"
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>

int tb_api_routines_count(void);
const char *tb_api_function_name(int index);

int tb_load_sqlite(const char *path, tb_sqlite_functions *functions, char *error, int error_size) {
    void *library = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (library == 0) {
        snprintf(error, (size_t)error_size, "cannot load it: %s", dlerror());
        return -1;
    }
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
