#include "CSQLiteEngines.h"
#include <sqlite3.h>

#define PREFIX(name) sqlite3_##name
/* The system engine loads extensions with its own sqlite3_load_extension. */
#define API_ROUTINES 0
#include "engine.inc"

const tb_sqlite_functions *tb_system_sqlite(void) { return &tb_functions; }

const char *tb_empty_text(void) { return ""; }

const char *tb_fts5_api_pointer_type(void) { return "fts5_api_ptr"; }
