#include "CReferenceLoop.h"

#include <sqlite3.h>
#include <stdlib.h>
#include <string.h>
#include <unicode/ubrk.h>
#include <unicode/uchar.h>
#include <unicode/unorm2.h>
#include <unicode/ustring.h>
#include <unicode/utext.h>

/* The limits of two shipped tokenizers' approaches: what `icu` and `nfkc` do, written as the
 * plainest C loop over ICU (`nfkc` itself now folds from tables generated from ICU, so its loop
 * is ICU's normalizer as a yardstick). `tokenbench throughput` times them beside the Swift
 * tokenizers, so "icu runs at 0.9x of its limit" is a figure measured in one run. */

/* Every token goes through a call the compiler cannot see through, as a tokenizer's tokens go
 * to FTS5's callback: the lower-casing and folding cannot be optimised away. */
typedef void (*token_sink)(int64_t *count, const char *token, int length);
static void count_token(int64_t *count, const char *token, int length) {
    (void)token; (void)length;
    *count += 1;
}
static volatile token_sink sink = count_token;

/* Grows `*buffer` (of `*capacity` elements of `size` bytes) to hold `needed`; 0 or -1. */
static int reserve(void **buffer, int *capacity, int needed, size_t size) {
    if (needed <= *capacity) return 0;
    int grown = *capacity * 2 > needed ? *capacity * 2 : needed;
    void *larger = realloc(*buffer, (size_t)grown * size);
    if (larger == NULL) return -1;
    *buffer = larger;
    *capacity = grown;
    return 0;
}

/* MARK: icu: ICU word break over a UTF-8 UText, then ASCII lower-casing or full case folding. */

struct tb_icu_limit_loop {
    UBreakIterator *iterator;
    UText text;
    int turkic;
    char *folded;
    int folded_capacity;
    UChar *utf16;
    int utf16_capacity;
    UChar *utf16_folded;
    int utf16_folded_capacity;
};

int tb_icu_limit_loop_open(const char *locale, int turkic, tb_icu_limit_loop **out) {
    *out = NULL;
    UErrorCode status = U_ZERO_ERROR;
    UBreakIterator *iterator = ubrk_open(UBRK_WORD, locale, NULL, 0, &status);
    if (U_FAILURE(status)) return -1;
    tb_icu_limit_loop *loop = calloc(1, sizeof *loop);
    if (loop == NULL) {
        ubrk_close(iterator);
        return -1;
    }
    UText empty = UTEXT_INITIALIZER;
    loop->text = empty;
    loop->iterator = iterator;
    loop->turkic = turkic;
    *out = loop;
    return 0;
}

/* Case folds one non-ASCII word into loop->folded; returns its length, or -1. */
static int fold_word(tb_icu_limit_loop *loop, const char *word, int length) {
    UErrorCode status = U_ZERO_ERROR;
    if (reserve((void **)&loop->utf16, &loop->utf16_capacity, length + 1, sizeof(UChar)) != 0) return -1;
    int32_t utf16_length = 0;
    u_strFromUTF8WithSub(loop->utf16, loop->utf16_capacity, &utf16_length, word, length, 0xFFFD, NULL, &status);
    if (U_FAILURE(status)) return -1;
    uint32_t options = loop->turkic ? U_FOLD_CASE_EXCLUDE_SPECIAL_I : U_FOLD_CASE_DEFAULT;
    if (reserve((void **)&loop->utf16_folded, &loop->utf16_folded_capacity, utf16_length * 3 + 1, sizeof(UChar)) != 0) return -1;
    int32_t folded_length = u_strFoldCase(loop->utf16_folded, loop->utf16_folded_capacity, loop->utf16, utf16_length, options, &status);
    if (U_FAILURE(status)) return -1;
    if (reserve((void **)&loop->folded, &loop->folded_capacity, folded_length * 3 + 1, 1) != 0) return -1;
    int32_t utf8_length = 0;
    u_strToUTF8(loop->folded, loop->folded_capacity, &utf8_length, loop->utf16_folded, folded_length, &status);
    return U_FAILURE(status) ? -1 : utf8_length;
}

/* Walks the words of one document, handing each (folded) to `word`; 0, or -1 when ICU fails. */
static int walk_words(tb_icu_limit_loop *loop, const char *document, int length,
                      void (*word_sink)(void *context, int start, int end, const char *folded, int folded_length),
                      void *context) {
    UErrorCode status = U_ZERO_ERROR;
    utext_openUTF8(&loop->text, document, length, &status);
    ubrk_setUText(loop->iterator, &loop->text, &status);
    if (U_FAILURE(status)) return -1;
    int result = 0;
    int32_t start = ubrk_first(loop->iterator);
    for (int32_t end = ubrk_next(loop->iterator); end != UBRK_DONE; start = end, end = ubrk_next(loop->iterator)) {
        if (ubrk_getRuleStatus(loop->iterator) == UBRK_WORD_NONE) continue;
        const char *word = document + start;
        int word_length = end - start;
        int ascii = !loop->turkic;
        for (int k = 0; ascii && k < word_length; k++) ascii = (unsigned char)word[k] < 0x80;
        if (ascii) {
            if (reserve((void **)&loop->folded, &loop->folded_capacity, word_length, 1) != 0) {
                result = -1;
                break;
            }
            for (int k = 0; k < word_length; k++) {
                char c = word[k];
                loop->folded[k] = (char)(c >= 'A' && c <= 'Z' ? c | 0x20 : c);
            }
            word_sink(context, start, end, loop->folded, word_length);
        } else {
            int folded_length = fold_word(loop, word, word_length);
            if (folded_length < 0) {
                result = -1;
                break;
            }
            word_sink(context, start, end, loop->folded, folded_length);
        }
    }
    ubrk_setText(loop->iterator, NULL, 0, &status);
    return result;
}

static void count_word(void *context, int start, int end, const char *folded, int folded_length) {
    (void)start; (void)end;
    sink((int64_t *)context, folded, folded_length);
}

int tb_icu_limit_loop_run(tb_icu_limit_loop *loop, const char *text, const intptr_t *ends, intptr_t document_count,
                          int64_t *token_count) {
    intptr_t document_start = 0;
    for (intptr_t i = 0; i < document_count; i++) {
        if (walk_words(loop, text + document_start, (int)(ends[i] - document_start), count_word, token_count) != 0) return -1;
        document_start = ends[i];
    }
    return 0;
}

int tb_icu_limit_loop_words(tb_icu_limit_loop *loop, const char *text, int length, tb_limit_word word, void *context) {
    return walk_words(loop, text, length, word, context);
}

void tb_icu_limit_loop_close(tb_icu_limit_loop *loop) {
    if (loop == NULL) return;
    ubrk_close(loop->iterator);
    utext_close(&loop->text);
    free(loop->folded);
    free(loop->utf16);
    free(loop->utf16_folded);
    free(loop);
}

/* MARK: nfkc: all-ASCII documents straight to BASE; others NFKC_Casefold over UTF-16, then BASE. */

struct tb_nfkc_limit_loop {
    /* BASE, created and driven as the C reference loop drives a tokenizer. */
    tb_reference_loop *base;
    const UNormalizer2 *normalizer;
    UChar *utf16;
    int utf16_capacity;
    UChar *normalized;
    int normalized_capacity;
    char *utf8;
    int utf8_capacity;
};

int tb_nfkc_limit_loop_open(const void *fts5_api_pointer, const char *const *base_words, int base_word_count,
                            tb_nfkc_limit_loop **out) {
    *out = NULL;
    UErrorCode status = U_ZERO_ERROR;
    const UNormalizer2 *normalizer = unorm2_getNFKCCasefoldInstance(&status);
    if (U_FAILURE(status)) return SQLITE_ERROR;
    tb_nfkc_limit_loop *loop = calloc(1, sizeof *loop);
    if (loop == NULL) return SQLITE_NOMEM;
    loop->normalizer = normalizer;
    int rc = tb_reference_loop_open(fts5_api_pointer, base_words, base_word_count, &loop->base);
    if (rc != SQLITE_OK) {
        free(loop);
        return rc;
    }
    *out = loop;
    return SQLITE_OK;
}

/* Tokenizes one text with BASE, counting its tokens. */
static int tokenize_with_base(tb_nfkc_limit_loop *loop, int flags, const char *text, int length, int64_t *token_count) {
    intptr_t end = length;
    return tb_reference_loop_run(loop->base, flags, text, &end, 1, token_count);
}

int tb_nfkc_limit_loop_run(tb_nfkc_limit_loop *loop, int flags, const char *text, const intptr_t *ends,
                           intptr_t document_count, int64_t *token_count) {
    intptr_t document_start = 0;
    for (intptr_t i = 0; i < document_count; i++) {
        const char *document = text + document_start;
        int length = (int)(ends[i] - document_start);
        document_start = ends[i];
        int ascii = 1;
        for (int k = 0; ascii && k < length; k++) ascii = (unsigned char)document[k] < 0x80;
        int rc;
        if (ascii) {
            rc = tokenize_with_base(loop, flags, document, length, token_count);
        } else {
            UErrorCode status = U_ZERO_ERROR;
            if (reserve((void **)&loop->utf16, &loop->utf16_capacity, length + 1, sizeof(UChar)) != 0) return SQLITE_NOMEM;
            int32_t utf16_length = 0;
            u_strFromUTF8WithSub(loop->utf16, loop->utf16_capacity, &utf16_length, document, length, 0xFFFD, NULL, &status);
            /* Most text normalizes to about its own length; more takes a second call. */
            if (reserve((void **)&loop->normalized, &loop->normalized_capacity, utf16_length + utf16_length / 4 + 16, sizeof(UChar)) != 0) return SQLITE_NOMEM;
            int32_t normalized_length = unorm2_normalize(loop->normalizer, loop->utf16, utf16_length, loop->normalized, loop->normalized_capacity, &status);
            if (status == U_BUFFER_OVERFLOW_ERROR) {
                status = U_ZERO_ERROR;
                if (reserve((void **)&loop->normalized, &loop->normalized_capacity, normalized_length, sizeof(UChar)) != 0) return SQLITE_NOMEM;
                normalized_length = unorm2_normalize(loop->normalizer, loop->utf16, utf16_length, loop->normalized, loop->normalized_capacity, &status);
            }
            if (reserve((void **)&loop->utf8, &loop->utf8_capacity, normalized_length * 3 + 1, 1) != 0) return SQLITE_NOMEM;
            int32_t utf8_length = 0;
            u_strToUTF8(loop->utf8, loop->utf8_capacity, &utf8_length, loop->normalized, normalized_length, &status);
            if (U_FAILURE(status)) return SQLITE_ERROR;
            rc = tokenize_with_base(loop, flags, loop->utf8, utf8_length, token_count);
        }
        if (rc != SQLITE_OK) return rc;
    }
    return SQLITE_OK;
}

void tb_nfkc_limit_loop_close(tb_nfkc_limit_loop *loop) {
    if (loop == NULL) return;
    tb_reference_loop_close(loop->base);
    free(loop->utf16);
    free(loop->normalized);
    free(loop->utf8);
    free(loop);
}
