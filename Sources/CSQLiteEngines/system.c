#include "CSQLiteEngines.h"
#include <sqlite3.h>

#define PREFIX(name) sqlite3_##name
#include "engine.inc"

const tb_sqlite_functions *tb_system_sqlite(void) { return &tb_functions; }
