/* Scalar functions' xFunc for engines whose sqlite3_user_data is known only at run time (a
 * library loaded by path, the SQLite that loaded the extension). SQLite gives xFunc only its
 * context, and only that engine's sqlite3_user_data reads the function's user data from it: so
 * each such engine gets a trampoline of its own, bound to its sqlite3_user_data. The pool holds
 * functions, not state: a function's state is its user data, a tb_function. */
#include "CSQLiteEngines.h"
#include <pthread.h>

typedef void *(*user_data_function)(void *context);

#define TB_TRAMPOLINES 16

/* Slot i's engine's sqlite3_user_data; 0 while the slot is free. Written once, under the lock,
 * before its trampoline is handed out; the libraries stay loaded until the process exits. */
static user_data_function bound_user_data[TB_TRAMPOLINES];
static pthread_mutex_t bound_user_data_lock = PTHREAD_MUTEX_INITIALIZER;

#define TRAMPOLINE(slot)                                                                      \
    static void trampoline_##slot(void *context, int count, void **values) {                 \
        const tb_function *function = bound_user_data[slot](context);                         \
        function->call(function->state, context, count, values);                              \
    }
TRAMPOLINE(0)
TRAMPOLINE(1)
TRAMPOLINE(2)
TRAMPOLINE(3)
TRAMPOLINE(4)
TRAMPOLINE(5)
TRAMPOLINE(6)
TRAMPOLINE(7)
TRAMPOLINE(8)
TRAMPOLINE(9)
TRAMPOLINE(10)
TRAMPOLINE(11)
TRAMPOLINE(12)
TRAMPOLINE(13)
TRAMPOLINE(14)
TRAMPOLINE(15)
#undef TRAMPOLINE

static void (*const trampolines[TB_TRAMPOLINES])(void *, int, void **) = {
    trampoline_0,  trampoline_1,  trampoline_2,  trampoline_3,  trampoline_4,  trampoline_5,
    trampoline_6,  trampoline_7,  trampoline_8,  trampoline_9,  trampoline_10, trampoline_11,
    trampoline_12, trampoline_13, trampoline_14, trampoline_15,
};

void (*tb_function_trampoline_for(void *(*user_data)(void *context)))(void *context, int count, void **values) {
    if (user_data == 0) return 0;
    void (*found)(void *, int, void **) = 0;
    pthread_mutex_lock(&bound_user_data_lock);
    for (int slot = 0; slot < TB_TRAMPOLINES && found == 0; slot++) {
        if (bound_user_data[slot] == 0) bound_user_data[slot] = user_data;
        if (bound_user_data[slot] == user_data) found = trampolines[slot];
    }
    pthread_mutex_unlock(&bound_user_data_lock);
    return found;
}
