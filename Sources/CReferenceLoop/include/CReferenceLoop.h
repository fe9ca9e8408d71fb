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

#endif
