#include "CSQLiteEngines.h"
#include <sqlite3.h>

#define PREFIX(name) sqlite3_##name
/* The system engine loads extensions with its own sqlite3_load_extension. */
#define API_ROUTINES 0
#include "engine.inc"

const tb_sqlite_functions *tb_system_sqlite(void) { return &tb_functions; }
