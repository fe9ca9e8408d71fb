#include "CICUShim.h"
#include "UTF16Transform.h"
#include <stdint.h>
#include <stdlib.h>
#include <unicode/ubrk.h>
#include <unicode/uchar.h>
#include <unicode/utf8.h>
#include <unicode/utext.h>

/* ICU's word break costs about 90 ns a word, most of it on text where the answer is plain: a run
 * of ASCII letters and digits between ASCII white space is one word, and so is one with opening
 * punctuation before it or closing punctuation after it ("(see", "end.", "words,"). UAX #29 joins letters and
 * digits (WB5, WB8-WB10), breaks on both sides of white space (WB3a-WB3d, WB999), and no rule
 * reaches across it (the ones that look past one character, WB6-WB7c and WB11-WB12, look for a
 * letter or digit beside punctuation). So the text is cut into chunks at ASCII white space; such a
 * plain chunk is a word without ICU. At any other chunk, ICU starts on the rest of the text from
 * the white space byte before it (WB4 attaches a mark to the space before it), so every boundary
 * it finds is one it finds in the whole text; it stops at a boundary where PLAIN_RUN plain chunks
 * in a row begin, or plain chunks that end the text. */

struct tb_wordbreak {
    UBreakIterator *icu;
    /* Reused for every region: utext_openUTF8 on an existing UText re-initializes it in place, so
     * a tokenize call allocates nothing (utext_openUTF8(NULL, ...) mallocs one per call). */
    UText text;
    /* Whether plain chunks skip ICU: only for the root locale, whose rules are UAX #29's. */
    int ascii_words;
    /* Whether a segment without word status that is an emoji or a symbol is returned (2). */
    int symbols;
    /* The caller's text, from tb_wordbreak_set_text to tb_wordbreak_clear_text. */
    const uint8_t *bytes;
    int32_t length;
    /* Where the search for the next chunk starts. */
    int32_t scan;
    /* Where ICU's text starts, and its last boundary (relative to region_start), or UBRK_DONE
     * when ICU is not walking. */
    int32_t region_start;
    int32_t position;
};

tb_wordbreak *tb_wordbreak_open(const char *locale, char *error, int error_capacity) {
    UErrorCode status = U_ZERO_ERROR;
    UBreakIterator *icu = ubrk_open(UBRK_WORD, locale, NULL, 0, &status);
    if (U_FAILURE(status) || icu == NULL) {
        tb_copy_icu_error(status, error, error_capacity);
        return NULL;
    }
    tb_wordbreak *result = calloc(1, sizeof *result);
    if (result == NULL) {
        ubrk_close(icu);
        return NULL;
    }
    result->icu = icu;
    UText empty = UTEXT_INITIALIZER;
    result->text = empty;
    result->ascii_words = locale[0] == 0;
    result->position = UBRK_DONE;
    return result;
}

void tb_wordbreak_close(tb_wordbreak *wordbreak) {
    if (wordbreak == NULL) return;
    ubrk_close(wordbreak->icu);
    utext_close(&wordbreak->text);
    free(wordbreak);
}

void tb_wordbreak_set_ascii_words(tb_wordbreak *wordbreak, int enabled) { wordbreak->ascii_words = enabled; }

void tb_wordbreak_set_symbols(tb_wordbreak *wordbreak, int enabled) { wordbreak->symbols = enabled; }

/* Whether a segment ICU gives no word status starts with an emoji (Extended_Pictographic, or a
 * regional indicator of a flag) or a symbol (Other_Symbol: ★, ©; Currency_Symbol: €, $). UAX #29
 * keeps an emoji sequence in one segment: its ZWJs and pictographs (WB3c), its skin-tone modifier
 * and variation selector (WB4), a flag's pair of indicators (WB15, WB16). A plain chunk never
 * holds one, so such a segment always comes from ICU. */
static int is_symbol_segment(const uint8_t *bytes, int32_t length) {
    int32_t index = 0;
    UChar32 code;
    U8_NEXT(bytes, index, length, code);
    if (code < 0) return 0;
    if (u_hasBinaryProperty(code, UCHAR_EXTENDED_PICTOGRAPHIC) || u_hasBinaryProperty(code, UCHAR_REGIONAL_INDICATOR))
        return 1;
    int8_t type = u_charType(code);
    return type == U_OTHER_SYMBOL || type == U_CURRENCY_SYMBOL;
}

/* Points ICU at the text from byte `start` to its end. */
static int start_region(tb_wordbreak *wordbreak, int32_t start) {
    UErrorCode status = U_ZERO_ERROR;
    /* A UTF-8 UText makes the iterator's indexes UTF-8 byte offsets into the region. */
    utext_openUTF8(&wordbreak->text, (const char *)wordbreak->bytes + start, wordbreak->length - start, &status);
    if (U_FAILURE(status)) return -1;
    /* The iterator keeps a shallow clone of the UText in its own storage: no allocation. */
    ubrk_setUText(wordbreak->icu, &wordbreak->text, &status);
    if (U_FAILURE(status)) return -1;
    wordbreak->region_start = start;
    wordbreak->position = ubrk_first(wordbreak->icu);
    return 0;
}

int tb_wordbreak_set_text(tb_wordbreak *wordbreak, const char *text, int length) {
    wordbreak->bytes = (const uint8_t *)text;
    wordbreak->length = length;
    wordbreak->scan = 0;
    wordbreak->position = UBRK_DONE;
    if (wordbreak->ascii_words) return 0;
    wordbreak->scan = length;
    return start_region(wordbreak, 0);
}

/* ASCII white space: space, tab, and the line breaks LF, VT, FF and CR. */
static inline int is_space(uint8_t byte) { return byte == ' ' || (byte >= '\t' && byte <= '\r'); }

static inline int is_letter_or_digit(uint8_t byte) {
    return (byte >= 'a' && byte <= 'z') || (byte >= 'A' && byte <= 'Z') || (byte >= '0' && byte <= '9');
}

/* Punctuation that may open a plain chunk: before a letter or digit, after white space, no rule
 * joins it to either (WB6-WB7c and WB11-WB12 need a letter or digit on both sides of it). */
static inline int is_opening(uint8_t byte) {
    return byte == '(' || byte == '[' || byte == '{' || byte == '"' || byte == '\'';
}

/* Punctuation that may close a plain chunk, before more of it or white space: the same rules need
 * a letter or digit after it (a full stop or comma inside a chunk, as in "e.g." or "1,000", keeps
 * the chunk from being plain). */
static inline int is_closing(uint8_t byte) {
    return byte == ',' || byte == '.' || byte == ';' || byte == ':' || byte == '!' || byte == '?' || byte == ')' ||
           byte == ']' || byte == '}' || byte == '"' || byte == '\'';
}

/* Finds the chunk at or after `from`: its start (the text's length when there is none), its end,
 * and whether it is plain: ASCII letters and digits, after opening and before closing
 * punctuation, which are its word (`*word_start` to `*word_end`). */
static int32_t next_chunk(const tb_wordbreak *wordbreak, int32_t from, int32_t *end, int *plain, int32_t *word_start,
                          int32_t *word_end) {
    const uint8_t *bytes = wordbreak->bytes;
    int32_t length = wordbreak->length;
    int32_t start = from;
    while (start < length && is_space(bytes[start])) start++;
    int32_t index = start;
    while (index < length && is_opening(bytes[index])) index++;
    *word_start = index;
    while (index < length && is_letter_or_digit(bytes[index])) index++;
    *word_end = index;
    while (index < length && is_closing(bytes[index])) index++;
    *plain = *word_end > *word_start && (index == length || is_space(bytes[index]));
    while (index < length && !is_space(bytes[index])) index++;
    *end = index;
    return start;
}

/* How many plain chunks in a row make ICU stop: fewer go through ICU with the text around
 * them, since restarting ICU on a new text costs more than it saves on a word or two (digits
 * amid Cyrillic, say). */
enum { PLAIN_RUN = 2 };

/* Whether `at` starts PLAIN_RUN plain chunks in a row, or plain chunks up to the end of the text. */
static int starts_plain_run(const tb_wordbreak *wordbreak, int32_t at) {
    if (at == 0 || at >= wordbreak->length || !is_space(wordbreak->bytes[at - 1]) ||
        !(is_letter_or_digit(wordbreak->bytes[at]) || is_opening(wordbreak->bytes[at])))
        return 0;
    int32_t from = at;
    for (int count = 0; count < PLAIN_RUN; count++) {
        int32_t end, word_start, word_end;
        int plain;
        if (next_chunk(wordbreak, from, &end, &plain, &word_start, &word_end) >= wordbreak->length) return 1;
        if (!plain) return 0;
        from = end;
    }
    return 1;
}

int tb_wordbreak_next(tb_wordbreak *wordbreak, int *start, int *end) {
    for (;;) {
        if (wordbreak->position != UBRK_DONE) {
            int32_t next = ubrk_next(wordbreak->icu);
            for (; next != UBRK_DONE; next = ubrk_next(wordbreak->icu)) {
                int32_t previous = wordbreak->position;
                wordbreak->position = next;
                int32_t segment_start = wordbreak->region_start + previous;
                if (wordbreak->ascii_words && starts_plain_run(wordbreak, segment_start)) {
                    wordbreak->scan = segment_start;
                    break;
                }
                int32_t segment_end = wordbreak->region_start + next;
                int kind = 1;
                if (ubrk_getRuleStatus(wordbreak->icu) == UBRK_WORD_NONE) {
                    if (!wordbreak->symbols ||
                        !is_symbol_segment(wordbreak->bytes + segment_start, segment_end - segment_start))
                        continue;
                    kind = 2;
                }
                *start = segment_start;
                *end = segment_end;
                return kind;
            }
            if (next == UBRK_DONE) wordbreak->scan = wordbreak->length;
            wordbreak->position = UBRK_DONE;
        }
        if (wordbreak->scan >= wordbreak->length) return 0;
        int32_t chunk_end, word_start, word_end;
        int plain;
        int32_t chunk_start = next_chunk(wordbreak, wordbreak->scan, &chunk_end, &plain, &word_start, &word_end);
        if (chunk_start >= wordbreak->length) {
            wordbreak->scan = wordbreak->length;
            return 0;
        }
        if (plain) {
            *start = word_start;
            *end = word_end;
            wordbreak->scan = chunk_end;
            return 1;
        }
        if (start_region(wordbreak, chunk_start > 0 ? chunk_start - 1 : 0) != 0) return -1;
    }
}

void tb_wordbreak_clear_text(tb_wordbreak *wordbreak) {
    UErrorCode status = U_ZERO_ERROR;
    /* Detach the caller's text before it goes away: the iterator outlives the call. */
    ubrk_setText(wordbreak->icu, NULL, 0, &status);
    wordbreak->position = UBRK_DONE;
    wordbreak->bytes = NULL;
    wordbreak->length = 0;
    wordbreak->scan = 0;
}
