#ifndef TOKENBENCH_CICUSHIM_UTF16_TRANSFORM_H
#define TOKENBENCH_CICUSHIM_UTF16_TRANSFORM_H

// Private to CICUShim: the one UTF-8 → UTF-16 → ICU → UTF-8 path its functions share. Not in
// include/, so Swift never sees an ICU type.

#include <unicode/utypes.h>

/// An ICU operation on UTF-16 text in ICU's preflighting style: writes the result of `source`
/// into `target` and returns the result's length, with U_BUFFER_OVERFLOW_ERROR in `status` when
/// that exceeds `capacity` (the length is then what it needs, or a lower bound).
typedef int32_t (*tb_utf16_transform)(const void *context, const UChar *source, int32_t length, UChar *target,
                                      int32_t capacity, UErrorCode *status);

/// Runs `transform` on `length` bytes of UTF-8 (not NUL-terminated) and writes the UTF-8 result
/// into `output`. The UTF-16 buffers live on the stack for short text; a result that outgrows
/// its buffer is computed again in a larger one. With `sort_marks`, for a transform whose result
/// depends only on the text's canonical equivalence class (a normalization, or a transliterator
/// whose first step is one), the text's combining marks are put in canonical order first
/// (tb_sort_combining_marks). Returns the result's UTF-8 length (which may exceed `capacity`:
/// call again with a larger buffer), or -1 on invalid UTF-8 or ICU failure.
int tb_transform_utf8(tb_utf16_transform transform, const void *context, int sort_marks, const char *input, int length,
                      char *output, int capacity);

/// Puts each run of combining marks of `text` in canonical order, in place: a stable sort by
/// canonical combining class, as NFD orders them, so the text stays canonically equivalent.
/// ICU's normalizer inserts each mark of a run where it belongs by walking back over the run, so
/// a long run out of order is quadratic: half a second for a letter with 50,000 alternating
/// marks, which the same run in order normalizes in under a millisecond. Only marks without a
/// decomposition move; anything else ends a run.
void tb_sort_combining_marks(UChar *text, int32_t length);

/// Writes ICU's name for `status` into `error`, NUL-terminated and truncated to `capacity`.
void tb_copy_icu_error(UErrorCode status, char *error, int capacity);

#endif
