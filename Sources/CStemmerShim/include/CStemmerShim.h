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

/// 1 when every code point of `length` bytes of UTF-8 belongs to a script that Snowball has no
/// algorithm for and that no algorithm's rules mention (Han, kana, Hangul syllables, Thai), so
/// that every stemmer gives the word back as it is (a test stems such words with every
/// algorithm); else 0. A byte test per byte: Chinese, which unicode61 keeps a whole clause per
/// token, then skips the stemmer and its cache, which such tokens never hit.
int tb_stemmer_has_no_stemmable_letter(const char *word, int length);

/// The number of algorithms libstemmer offers, and the name of the one at `index` (canonical
/// names only, in libstemmer's order; NULL past the end).
int tb_stemmer_algorithm_count(void);
const char *tb_stemmer_algorithm_name(int index);

#endif
