#ifndef TOKENBENCH_C_REFERENCE_LOOP_H
#define TOKENBENCH_C_REFERENCE_LOOP_H

#include <stdint.h>

/// The C reference loop: calls a tokenizer's xTokenize directly from C over a batch of
/// documents, with a callback that only counts. `tokenbench throughput` times it beside the
/// Swift harness on the same corpus, so that the harness's own cost is a measured figure.
///
/// The fts5_api is passed as an untyped pointer so that this header does not declare SQLite's
/// types a second time for Swift (GRDB's SQLite module already does).

typedef struct tb_reference_loop tb_reference_loop;

/// Finds tokenizer `words[0]` through `fts5_api` and creates an instance with arguments
/// `words[1...]`. Returns SQLITE_OK and sets `*out`, or an SQLite error code.
/// The caller owns `*out` and releases it with tb_reference_loop_close.
int tb_reference_loop_open(const void *fts5_api, const char *const *words, int word_count,
                           tb_reference_loop **out);

/// Tokenizes every document of `text` (document i spans ends[i-1]..<ends[i], the first starts
/// at 0) with FTS5 tokenize flags `flags`, adding the token count to `*token_count`.
/// Returns SQLITE_OK or the first error code xTokenize returned.
int tb_reference_loop_run(tb_reference_loop *loop, int flags, const char *text,
                          const intptr_t *ends, intptr_t document_count, int64_t *token_count);

/// Deletes the tokenizer instance and frees `loop`. Accepts NULL.
void tb_reference_loop_close(tb_reference_loop *loop);

/// The limit loops: what a shipped tokenizer does, written as the plainest C loop over the same
/// libraries, so that `tokenbench throughput` reports how close the tokenizer gets to its own
/// approach's limit. Each token goes to a counting function through a pointer the compiler
/// cannot see through, as a tokenizer's tokens go to FTS5's callback. No ICU type is declared
/// here: Swift code that imports Foundation (which carries its own ICU) imports this header.

/// `icu`'s limit: ICU word break (locale `locale`) over a UTF-8 UText reused for every document,
/// skipping UBRK_WORD_NONE segments; ASCII words lower-cased, others fully case folded
/// (u_strFoldCase; `turkic` non-zero folds I and İ the Turkic way, and skips the ASCII path).
typedef struct tb_icu_limit_loop tb_icu_limit_loop;
/// Returns 0 and sets `*out` (released with tb_icu_limit_loop_close), or -1.
int tb_icu_limit_loop_open(const char *locale, int turkic, tb_icu_limit_loop **out);
/// Returns 0 and adds the word count to `*token_count`, or -1 when ICU fails.
int tb_icu_limit_loop_run(tb_icu_limit_loop *loop, const char *text, const intptr_t *ends, intptr_t document_count,
                          int64_t *token_count);
void tb_icu_limit_loop_close(tb_icu_limit_loop *loop);
/// Called for each word the limit loop finds: its UTF-8 byte offsets and its folded bytes.
typedef void (*tb_limit_word)(void *context, int start, int end, const char *folded, int folded_length);
/// The words of one text, for tests that hold a tokenizer to plain ICU. 0, or -1 on failure.
int tb_icu_limit_loop_words(tb_icu_limit_loop *loop, const char *text, int length, tb_limit_word word, void *context);

/// `nfkc`'s limit: an all-ASCII document goes straight to BASE's xTokenize; any other is
/// converted to UTF-16, NFKC case folded as a whole (unorm2_normalize with NFKC_Casefold),
/// converted back and given to BASE. No offset mapping: the limit of the approach, not of a
/// tokenizer FTS5 could use.
typedef struct tb_nfkc_limit_loop tb_nfkc_limit_loop;
/// Creates BASE (`base_words[0]` with arguments `base_words[1...]`) through `fts5_api`. Returns
/// SQLITE_OK and sets `*out` (released with tb_nfkc_limit_loop_close), or an SQLite error code.
int tb_nfkc_limit_loop_open(const void *fts5_api, const char *const *base_words, int base_word_count,
                            tb_nfkc_limit_loop **out);
/// Returns SQLITE_OK and adds the token count to `*token_count`, or the first error code.
int tb_nfkc_limit_loop_run(tb_nfkc_limit_loop *loop, int flags, const char *text, const intptr_t *ends,
                           intptr_t document_count, int64_t *token_count);
void tb_nfkc_limit_loop_close(tb_nfkc_limit_loop *loop);

#endif
