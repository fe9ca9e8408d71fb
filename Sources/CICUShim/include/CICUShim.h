#ifndef TOKENBENCH_CICUSHIM_H
#define TOKENBENCH_CICUSHIM_H

// Stable, unsuffixed names for the few ICU functions TokenBench calls. ICU renames its C
// symbols per version (u_getVersion_72); this header exposes no ICU type so that Swift code
// importing Foundation (which carries its own ICU) can import it too.

/// Writes the dotted ICU library version ("72.1") into `buffer`, NUL-terminated.
void tb_icu_version(char *buffer, int capacity);

/// Writes the dotted Unicode version ICU implements ("15.0") into `buffer`, NUL-terminated.
void tb_icu_unicode_version(char *buffer, int capacity);

#endif
