#include "CBundledSQLite.h"
/* The system's header, for the prototypes only: this target does not depend on sqlite-nio, so
 * that SwiftPM compiles the bench while it builds sqlite-nio's Swift module and the swift-nio
 * modules under it. The amalgamation's objects come into the link through CBundledSQLiteLink. */
#include <sqlite3.h>

/* sqlite-nio renames every function (sqlite_nio_sqlite3_open_v2) and keeps SQLite's signatures. */
#define PREFIX(name) sqlite_nio_sqlite3_##name
#define DECLARE(name) extern __typeof__(sqlite3_##name) PREFIX(name);
DECLARE(libversion)
DECLARE(open_v2)
DECLARE(close_v2)
DECLARE(errmsg)
DECLARE(prepare_v2)
DECLARE(step)
DECLARE(reset)
DECLARE(finalize)
DECLARE(bind_int64)
DECLARE(bind_text)
DECLARE(bind_pointer)
DECLARE(column_count)
DECLARE(column_type)
DECLARE(column_int64)
DECLARE(column_double)
DECLARE(column_text)
DECLARE(column_bytes)
DECLARE(compileoption_get)
DECLARE(create_function_v2)
DECLARE(user_data)
DECLARE(value_type)
DECLARE(value_text)
DECLARE(value_bytes)
DECLARE(result_text)
DECLARE(result_error)
DECLARE(result_null)
#undef DECLARE

extern void (*const tb_bundled_api_routines[])(void);
#define API_ROUTINES tb_bundled_api_routines
/* The engine table's source is CSQLiteEngines', shared with the system engine. */
#include "../CSQLiteEngines/engine.inc"

const tb_sqlite_functions *tb_bundled_sqlite(void) { return &tb_functions; }
