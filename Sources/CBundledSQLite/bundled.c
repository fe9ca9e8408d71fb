#include "CBundledSQLite.h"
#include <sqlite_nio_sqlite3.h>

/* sqlite-nio renames every function (sqlite_nio_sqlite3_open_v2) but keeps the type names. */
#define PREFIX(name) sqlite_nio_sqlite3_##name
extern void (*const tb_bundled_api_routines[])(void);
#define API_ROUTINES tb_bundled_api_routines
/* The engine table's source is CSQLiteEngines', shared with the system engine. */
#include "../CSQLiteEngines/engine.inc"

const tb_sqlite_functions *tb_bundled_sqlite(void) { return &tb_functions; }
