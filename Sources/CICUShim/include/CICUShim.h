#ifndef TOKENBENCH_CICUSHIM_H
#define TOKENBENCH_CICUSHIM_H

// Stable, unsuffixed names for the few ICU functions TokenBench calls. ICU renames its C
// symbols per version (u_getVersion_72); this header exposes no ICU type so that Swift code
// importing Foundation (which carries its own ICU) can import it too. Every function that
// returns text writes UTF-8 into the caller's buffer and returns the length it needed, so a
// caller retries with a larger buffer (Swift's `retryingWithLargerCapacity`).

// MARK: Versions (CICUShim.c)

/// Writes the dotted ICU library version ("72.1") into `buffer`, NUL-terminated.
void tb_icu_version(char *buffer, int capacity);

/// Writes the dotted Unicode version ICU implements ("15.0") into `buffer`, NUL-terminated.
void tb_icu_unicode_version(char *buffer, int capacity);

// MARK: Transliteration (Translit.c)

/// An ICU transliterator, opaque to Swift. Not safe for concurrent use: one per tokenizer.
typedef struct tb_transliterator tb_transliterator;

/// Opens the transliterator with ICU id `transform_id` (such as "Latin-ASCII; Lower").
/// On failure returns NULL and writes ICU's error name into `error` (NUL-terminated).
tb_transliterator *tb_translit_open(const char *transform_id, char *error, int error_capacity);

/// Releases a transliterator from tb_translit_open. NULL is accepted.
void tb_translit_close(tb_transliterator *transliterator);

/// Transliterates `length` bytes of UTF-8 at `input` (not NUL-terminated) into `output`.
/// Returns the number of UTF-8 bytes of the result (which may exceed `capacity`: call again
/// with a larger buffer), or -1 when the input is not valid UTF-8 or ICU fails.
int tb_translit_utf8(tb_transliterator *transliterator, const char *input, int length, char *output, int capacity);

// MARK: Word breaking (WordBreak.c)

/// An ICU word-break iterator over UTF-8 text, opaque to Swift. One per tokenizer.
typedef struct tb_wordbreak tb_wordbreak;

/// Opens a word-break iterator for `locale` ("" for the root locale). NULL on failure, with
/// ICU's error name in `error`.
tb_wordbreak *tb_wordbreak_open(const char *locale, char *error, int error_capacity);

/// Releases an iterator from tb_wordbreak_open. NULL is accepted.
void tb_wordbreak_close(tb_wordbreak *wordbreak);

/// Points the iterator at `length` bytes of UTF-8 (not NUL-terminated), which must stay valid
/// until tb_wordbreak_clear_text. Allocates nothing. Returns 0, or -1 when ICU fails.
int tb_wordbreak_set_text(tb_wordbreak *wordbreak, const char *text, int length);

/// The next word of the text: sets its UTF-8 byte offsets and returns 1, returns 0 at the end,
/// or -1 when ICU fails. Segments that are spaces or punctuation (ICU rule status
/// UBRK_WORD_NONE) are skipped; with tb_wordbreak_set_symbols, such a segment that is an emoji
/// sequence or a symbol (other or currency) is returned too, with 2. For the root locale, a run of
/// ASCII letters and digits between ASCII white space is a word without ICU (the words are ICU's
/// all the same).
int tb_wordbreak_next(tb_wordbreak *wordbreak, int *start, int *end);

/// Turns on (1) or off the return of emoji and symbol segments by tb_wordbreak_next.
void tb_wordbreak_set_symbols(tb_wordbreak *wordbreak, int enabled);

/// Turns off (0) or on the root locale's ASCII words without ICU, before tb_wordbreak_set_text:
/// the tests compare the two.
void tb_wordbreak_set_ascii_words(tb_wordbreak *wordbreak, int enabled);

/// Detaches the text given to tb_wordbreak_set_text.
void tb_wordbreak_clear_text(tb_wordbreak *wordbreak);

// MARK: Case folding (CaseFold.c)

/// Full Unicode case folding of `length` bytes of UTF-8 into `output`; `turkic` selects the
/// Turkic folding of I and İ. Returns the folded length in bytes (which may exceed `capacity`:
/// call again with a larger buffer), or -1 on invalid UTF-8.
int tb_casefold_utf8(const char *input, int length, int turkic, char *output, int capacity);

// MARK: Normalization (Normalize.c)

/// 1 when `length` bytes of UTF-8 are in NFC already, by a check of one bit per code point
/// against a table built once per process (every code point in the BMP, with a boundary before
/// it, and its own NFC), else 0. A 0 does not mean the text is not NFC: it means the normalizer must decide.
int tb_nfc_is_normalized(const char *input, int length);

/// The normalizations tb_normalize_utf8 applies.
typedef enum { TB_NFC, TB_NFD, TB_NFKC, TB_NFKD, TB_NFKC_CASEFOLD } tb_normalization;

/// Normalizes `length` bytes of UTF-8 (not NUL-terminated) into `output` with ICU. Returns the
/// result's length in bytes (which may exceed `capacity`: call again with a larger buffer), or
/// -1 on invalid UTF-8 or when ICU fails.
int tb_normalize_utf8(tb_normalization form, const char *input, int length, char *output, int capacity);

/// 1 when `length` bytes of UTF-8 hold at least one letter or decimal digit (ICU's u_isalnum),
/// else 0. Invalid bytes count as neither.
int tb_utf8_has_letter_or_digit(const char *input, int length);

/// The Unicode script of a code point as ICU names it (uscript_getScript, then uscript_getName:
/// "Latin", "Han", "Common" for punctuation and digits, "Inherited" for most combining marks),
/// written NUL-terminated into `buffer`. Returns its length, or -1 when ICU fails or the name
/// does not fit.
int tb_script_name(int codepoint, char *buffer, int capacity);

#endif
