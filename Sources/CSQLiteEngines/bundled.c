#include "CSQLiteEngines.h"
#include <sqlite_nio_sqlite3.h>

/* sqlite-nio renames every function (sqlite_nio_sqlite3_open_v2) but keeps the type names. */
#define PREFIX(name) sqlite_nio_sqlite3_##name
#include "engine.inc"

const tb_sqlite_functions *tb_bundled_sqlite(void) { return &tb_functions; }
