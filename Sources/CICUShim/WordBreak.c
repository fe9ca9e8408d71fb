#include "CICUShim.h"
#include "UTF16Transform.h"
#include <stdlib.h>
#include <unicode/ubrk.h>
#include <unicode/utext.h>

struct tb_wordbreak {
    UBreakIterator *icu;
    /* Reused for every text: utext_openUTF8 on an existing UText re-initializes it in place, so
     * a tokenize call allocates nothing (utext_openUTF8(NULL, ...) mallocs one per call). */
    UText text;
    int32_t position;
};

tb_wordbreak *tb_wordbreak_open(const char *locale, char *error, int error_capacity) {
    UErrorCode status = U_ZERO_ERROR;
    UBreakIterator *icu = ubrk_open(UBRK_WORD, locale, NULL, 0, &status);
    if (U_FAILURE(status) || icu == NULL) {
        tb_copy_icu_error(status, error, error_capacity);
        return NULL;
    }
    tb_wordbreak *result = malloc(sizeof *result);
    if (result == NULL) {
        ubrk_close(icu);
        return NULL;
    }
    result->icu = icu;
    UText empty = UTEXT_INITIALIZER;
    result->text = empty;
    result->position = UBRK_DONE;
    return result;
}

void tb_wordbreak_close(tb_wordbreak *wordbreak) {
    if (wordbreak == NULL) return;
    ubrk_close(wordbreak->icu);
    utext_close(&wordbreak->text);
    free(wordbreak);
}

int tb_wordbreak_set_text(tb_wordbreak *wordbreak, const char *text, int length) {
    UErrorCode status = U_ZERO_ERROR;
    /* A UTF-8 UText makes the iterator's indexes UTF-8 byte offsets into `text` directly. */
    utext_openUTF8(&wordbreak->text, text, length, &status);
    if (U_FAILURE(status)) return -1;
    /* The iterator keeps a shallow clone of the UText in its own storage: no allocation. */
    ubrk_setUText(wordbreak->icu, &wordbreak->text, &status);
    if (U_FAILURE(status)) return -1;
    wordbreak->position = ubrk_first(wordbreak->icu);
    return 0;
}

int tb_wordbreak_next(tb_wordbreak *wordbreak, int *start, int *end) {
    if (wordbreak->position == UBRK_DONE) return 0;
    for (int32_t next = ubrk_next(wordbreak->icu); next != UBRK_DONE; next = ubrk_next(wordbreak->icu)) {
        int32_t previous = wordbreak->position;
        wordbreak->position = next;
        if (ubrk_getRuleStatus(wordbreak->icu) == UBRK_WORD_NONE) continue;
        *start = previous;
        *end = next;
        return 1;
    }
    wordbreak->position = UBRK_DONE;
    return 0;
}

void tb_wordbreak_clear_text(tb_wordbreak *wordbreak) {
    UErrorCode status = U_ZERO_ERROR;
    /* Detach the caller's text before it goes away: the iterator outlives the call. */
    ubrk_setText(wordbreak->icu, NULL, 0, &status);
    wordbreak->position = UBRK_DONE;
}
