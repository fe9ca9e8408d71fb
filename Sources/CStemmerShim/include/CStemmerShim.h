#ifndef TOKENBENCH_CSTEMMERSHIM_H
#define TOKENBENCH_CSTEMMERSHIM_H

// Snowball's libstemmer behind an opaque pointer: this header exposes no libstemmer type.

/// A Snowball stemmer for one algorithm, over UTF-8. Not safe for concurrent use: one per
/// tokenizer instance.
typedef struct tb_stemmer tb_stemmer;

/// Opens the stemmer for `algorithm` ("german", or one of libstemmer's aliases such as "de").
/// Returns NULL when libstemmer has no such algorithm.
tb_stemmer *tb_stemmer_open(const char *algorithm);

/// Releases a stemmer from tb_stemmer_open. NULL is accepted.
void tb_stemmer_close(tb_stemmer *stemmer);

/// Stems `length` bytes of UTF-8 (not NUL-terminated). Sets `*stem` to the stem, which stays
/// valid until the next call on this stemmer, and returns its length in bytes; -1 when
/// libstemmer fails (out of memory).
int tb_stemmer_stem(tb_stemmer *stemmer, const char *word, int length, const char **stem);

/// The number of algorithms libstemmer offers, and the name of the one at `index` (canonical
/// names only, in libstemmer's order; NULL past the end).
int tb_stemmer_algorithm_count(void);
const char *tb_stemmer_algorithm_name(int index);

#endif
