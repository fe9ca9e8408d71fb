#include "CICUShim.h"
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
        if (error_capacity > 0) {
            strncpy(error, u_errorName(status), (size_t)error_capacity - 1);
            error[error_capacity - 1] = 0;
        }
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

int tb_translit_utf8(tb_transliterator *transliterator, const char *input, int length, char *output, int capacity) {
    // Transliteration can grow text (æ → ae, ﬃ → ffi, 字 → zi): leave room for 4x, plus slack.
    int32_t utf16_capacity = length * 4 + 16;
    UChar stack_buffer[256];
    UChar *buffer = utf16_capacity <= 256 ? stack_buffer : malloc(sizeof(UChar) * (size_t)utf16_capacity);
    if (buffer == NULL) return -1;
    UErrorCode status = U_ZERO_ERROR;
    int32_t utf16_length = 0;
    u_strFromUTF8(buffer, utf16_capacity, &utf16_length, input, length, &status);
    int32_t limit = utf16_length;
    if (U_SUCCESS(status)) {
        utrans_transUChars(transliterator->icu, buffer, &utf16_length, utf16_capacity, 0, &limit, &status);
    }
    int32_t utf8_length = -1;
    if (U_SUCCESS(status)) {
        u_strToUTF8(output, capacity, &utf8_length, buffer, utf16_length, &status);
        // Too small an output buffer is reported through the returned length, not as failure.
        if (status == U_BUFFER_OVERFLOW_ERROR || status == U_STRING_NOT_TERMINATED_WARNING) status = U_ZERO_ERROR;
    }
    if (buffer != stack_buffer) free(buffer);
    return U_SUCCESS(status) ? utf8_length : -1;
}
