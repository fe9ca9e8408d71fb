#ifndef TOKENBENCH_CMECABSHIM_H
#define TOKENBENCH_CMECABSHIM_H

#include <stdint.h>

// MeCab (Japanese morphological analysis) behind opaque pointers: this header exposes no MeCab
// type, so the Swift module that imports it sees nothing it could also get from elsewhere.

/// One MeCab tagger and lattice over a shared, read-only dictionary model. Not safe for
/// concurrent use: one per tokenizer instance.
typedef struct tb_mecab tb_mecab;

/// Opens a tagger on the dictionary in `dicdir`, or on the one that MeCab's configuration file
/// (mecabrc) names when `dicdir` is NULL or empty. Models are loaded once per dictionary
/// directory and shared by every tagger of the process. On failure returns NULL and writes
/// MeCab's reason into `error` (NUL-terminated, cut to `error_capacity`).
tb_mecab *tb_mecab_open(const char *dicdir, char *error, int error_capacity);

/// Releases a tagger from tb_mecab_open (the shared model stays). NULL is accepted.
void tb_mecab_close(tb_mecab *mecab);

/// Called for each morpheme in text order. `start` and `end` are UTF-8 byte offsets of its
/// surface in the text; `feature` is the dictionary's CSV feature string, NUL-terminated. It
/// points into the dictionary model, which is never released: the same dictionary entry always
/// gives the same pointer, so a caller may key a cache on it. A non-zero return stops the walk
/// and is returned by tb_mecab_walk.
typedef int (*tb_morpheme_callback)(void *context, int start, int end, const char *feature);

/// Parses `length` bytes of text (not NUL-terminated, never read past `length`) and reports its
/// morphemes, skipping the sentence's begin and end nodes and any node whose surface does not
/// lie inside the text. Text over 32 KiB is parsed in pieces (MeCab refuses too long a
/// sentence), cut after a line break, 。 or space where there is one. Returns 0, the callback's
/// non-zero value, or -1 when MeCab fails.
int tb_mecab_walk(tb_mecab *mecab, const char *text, int length, tb_morpheme_callback callback, void *context);

/// Parses like tb_mecab_walk and only adds the number of morphemes it would report to `*count`:
/// MeCab's own work, the limit of a tokenizer built on it. Returns 0, or -1 when MeCab fails.
int tb_mecab_count_morphemes(tb_mecab *mecab, const char *text, int length, int64_t *count);

/// Writes the system dictionary of `mecab` as "PATH (version N, CHARSET)" into `buffer`,
/// NUL-terminated and cut to `capacity`.
void tb_mecab_describe_dictionary(tb_mecab *mecab, char *buffer, int capacity);

/// MeCab's library version ("0.996").
const char *tb_mecab_version(void);

#endif
