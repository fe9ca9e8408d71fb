#include "CICUShim.h"
#include "UTF16Transform.h"
#include <stdlib.h>
#include <string.h>
#include <unicode/ustring.h>
#include <unicode/utrans.h>

struct tb_transliterator {
    UTransliterator *icu;
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
    tb_transliterator *result = malloc(sizeof *result);
    if (result == NULL) {
        utrans_close(icu);
        return NULL;
    }
    result->icu = icu;
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

int tb_translit_utf8(tb_transliterator *transliterator, const char *input, int length, char *output, int capacity) {
    return tb_transform_utf8(transliterate, transliterator->icu, input, length, output, capacity);
}
