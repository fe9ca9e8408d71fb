#include "CICUShim.h"
#include "UTF16Transform.h"
#include <stdlib.h>
#include <string.h>
#include <unicode/uscript.h>
#include <unicode/ustring.h>
#include <unicode/utf8.h>
#include <unicode/utrans.h>

struct tb_transliterator {
    UTransliterator *icu;
    /* When canonically equivalent text gives the same result, so that its marks may be put in
     * canonical order first (tb_sort_combining_marks): always for a transform that starts with
     * NFD; for one that starts with Any-Latin and then NFD, when the text is Latin (Any-Latin
     * changes nothing in Latin, Common and Inherited code points: no script of them to convert). */
    enum { SORT_NEVER, SORT_ALWAYS, SORT_IF_LATIN } sort_marks;
};

tb_transliterator *tb_translit_open(const char *transform_id, char *error, int error_capacity) {
    UErrorCode status = U_ZERO_ERROR;
    UChar id[256];
    int32_t id_length = 0;
    u_strFromUTF8(id, 256, &id_length, transform_id, -1, &status);
    UTransliterator *icu = U_SUCCESS(status) ? utrans_openU(id, id_length, UTRANS_FORWARD, NULL, 0, NULL, &status) : NULL;
    if (U_FAILURE(status) || icu == NULL) {
        tb_copy_icu_error(status, error, error_capacity);
        return NULL;
    }
    tb_transliterator *result = calloc(1, sizeof *result);
    if (result == NULL) {
        utrans_close(icu);
        return NULL;
    }
    result->icu = icu;
    result->sort_marks = strncmp(transform_id, "NFD;", 4) == 0                ? SORT_ALWAYS
                         : strncmp(transform_id, "Any-Latin; NFD;", 15) == 0 ? SORT_IF_LATIN
                                                                            : SORT_NEVER;
    return result;
}

void tb_translit_close(tb_transliterator *transliterator) {
    if (transliterator == NULL) return;
    utrans_close(transliterator->icu);
    free(transliterator);
}

/* ICU transliterates in place: the source is copied into the target buffer first. */
static int32_t transliterate(const void *context, const UChar *source, int32_t length, UChar *target, int32_t capacity,
                             UErrorCode *status) {
    if (length > capacity) {
        *status = U_BUFFER_OVERFLOW_ERROR;
        return length;
    }
    memcpy(target, source, sizeof(UChar) * (size_t)length);
    int32_t text_length = length, limit = length;
    utrans_transUChars((const UTransliterator *)context, target, &text_length, capacity, 0, &limit, status);
    return text_length;
}

/* Whether every code point of the text is in the Latin, Common or Inherited script. */
static int is_latin(const char *input, int length) {
    const uint8_t *bytes = (const uint8_t *)input;
    int index = 0;
    while (index < length) {
        if (bytes[index] < 0x80) {
            index++;
            continue;
        }
        UChar32 c;
        U8_NEXT(bytes, index, length, c);
        if (c < 0) return 0;
        UErrorCode status = U_ZERO_ERROR;
        UScriptCode script = uscript_getScript(c, &status);
        if (U_FAILURE(status) || (script != USCRIPT_LATIN && script != USCRIPT_COMMON && script != USCRIPT_INHERITED))
            return 0;
    }
    return 1;
}

int tb_translit_utf8(tb_transliterator *transliterator, const char *input, int length, char *output, int capacity) {
    int sort_marks = transliterator->sort_marks == SORT_ALWAYS ||
                     (transliterator->sort_marks == SORT_IF_LATIN && is_latin(input, length));
    return tb_transform_utf8(transliterate, transliterator->icu, sort_marks, input, length, output, capacity);
}
