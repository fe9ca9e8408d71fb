/* The bundled engine's sqlite3_api_routines table: what a loadable extension receives as its
 * pApi, built here because sqlite-nio compiles SQLite with SQLITE_OMIT_LOAD_EXTENSION, which
 * leaves out SQLite's own table. No SQLite header is included: each function is declared weak
 * with a placeholder type, only for its address, so a function the amalgamation was built
 * without (deprecated, tracing, load_extension) is 0 in the table, as SQLite itself puts 0 for
 * an API it omits. */
#include "CSQLiteEngines.h"

#define API(member, function) extern void sqlite_nio_sqlite3_##function(void) __attribute__((weak));
#define NOAPI(member)
#include "../CSQLiteEngines/api_routines.inc"
#undef API
#undef NOAPI

void (*const tb_bundled_api_routines[])(void) = {
#define API(member, function) sqlite_nio_sqlite3_##function,
#define NOAPI(member) 0,
#include "../CSQLiteEngines/api_routines.inc"
#undef API
#undef NOAPI
};
