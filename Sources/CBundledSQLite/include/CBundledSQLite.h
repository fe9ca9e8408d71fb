#ifndef CBUNDLEDSQLITE_H
#define CBUNDLEDSQLITE_H

#include "CSQLiteEngines.h"

/// The bundled engine: the SQLite amalgamation that vapor/sqlite-nio vendors, its functions
/// prefixed sqlite_nio_. A target of its own, so that only the bench links it: the tokenizers
/// an app ships (TokenBenchTokenizers) need neither it nor swift-nio.
const tb_sqlite_functions *tb_bundled_sqlite(void);

#endif
