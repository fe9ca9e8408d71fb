#ifndef CICU_REFERENCE_H
#define CICU_REFERENCE_H

/* ICU itself, as the tests' reference for what the tokenizers compute without it: nothing that
 * ships links this target, only the test targets do. Its header exposes no ICU type. */

/// An NFKC case folder over ICU's own normalizer: the reference that the portable fold the
/// tokenizers use (tb_portable_nfkc_fold, CUnicodeFolding) is tested against, byte for byte and
/// segment for segment. The plainest use of ICU, without a cache or a fast path, so that what it
/// says is ICU's. The caller owns it and releases it with tb_nfkc_folder_close.
typedef struct tb_nfkc_folder tb_nfkc_folder;

/// Returns a new folder, or NULL when ICU's NFKC_Casefold data cannot be loaded.
tb_nfkc_folder *tb_nfkc_folder_open(void);
void tb_nfkc_folder_close(tb_nfkc_folder *folder);

/// NFKC case folding (ICU's NFKC_Casefold) of `length` bytes of UTF-8, one normalization
/// segment at a time, so that every output byte can name the input bytes it came from: output
/// byte i comes from input bytes segment_start[i] ..< segment_end[i]. A segment runs from a code
/// point to the next that has a boundary before it, or is ASCII, or is not UTF-8; ICU folds it
/// through buffers of 64 UTF-16 units in and 256 out, and a segment too long for them is kept as
/// it is. Both arrays must hold `capacity` entries. Returns the output length (which may exceed
/// `capacity`: call again with larger buffers). Invalid UTF-8 bytes are copied through unchanged.
int tb_nfkc_folder_fold(tb_nfkc_folder *folder, const char *input, int length, char *output, int *segment_start,
                        int *segment_end, int capacity);

#endif
