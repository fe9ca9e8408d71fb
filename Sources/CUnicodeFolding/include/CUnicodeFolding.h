#ifndef C_UNICODE_FOLDING_H
#define C_UNICODE_FOLDING_H

/* The portable `nfkc` and `latinascii` folds: ICU's results, from tables generated from ICU at
 * development time (tools/generate-tables.c), with no ICU at run time. UTF-8 in, UTF-8 out;
 * no library type in this header. */

/* The Unicode version of the tables ("15.0"), and the ICU they were generated from ("72.1"). */
const char *tb_folding_unicode_version(void);
const char *tb_folding_icu_version(void);

/* NFKC_Casefold of `length` bytes into `output`, as ICU's (tb_nfkc_folder_fold, in the tests'
 * reference CICUReference) does it: the same bytes, and for each output byte the input bytes
 * segment_start ..< segment_end it came from. Returns the folded length; when it exceeds
 * `capacity`, only `capacity` bytes were written: call again with that much room. -1 when
 * memory runs out or `length` is negative. */
int tb_portable_nfkc_fold(const char *input, int length, char *output, int *segment_start, int *segment_end,
                          int capacity);

/* 1 when tb_portable_nfkc_fold would give the text back unchanged because every code point folds
 * to itself and starts a segment of its own (a bit per code point); 0 does not mean the fold
 * changes it (x followed by U+0301 folds to itself, but is one segment). */
int tb_portable_nfkc_is_folded(const char *input, int length);

/* ICU's "NFD; [:Nonspacing Mark:] Remove; NFC; Latin-ASCII; Lower" of one token. Returns the
 * length of the result (written when it fits in `capacity`: call again with that much room when
 * not), or -1 for invalid UTF-8 (or a negative `length`) and -2 when memory runs out; ICU fails on
 * both too. */
int tb_portable_latin_ascii(const char *input, int length, char *output, int capacity);

#endif
