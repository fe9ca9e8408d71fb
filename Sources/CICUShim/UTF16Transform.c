#include "UTF16Transform.h"
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unicode/ustring.h>

enum { STACK_UNITS = 256, MAX_RETRIES = 8 };

int tb_transform_utf8(tb_utf16_transform transform, const void *context, const char *input, int length, char *output,
                      int capacity) {
    /* The buffer sizes below are computed in int32_t: refuse what would overflow them (input
     * past 500 MB, which no token or fixture comes near). */
    if (length < 0 || length > INT32_MAX / 4 - 16) return -1;
    UChar source_stack[STACK_UNITS], target_stack[STACK_UNITS * 2];
    UChar *source = source_stack, *target = target_stack;
    int result = -1;
    UErrorCode status = U_ZERO_ERROR;
    /* UTF-16 never needs more code units than UTF-8 has bytes. */
    int32_t source_capacity = length + 1;
    if (source_capacity > STACK_UNITS && (source = malloc(sizeof(UChar) * (size_t)source_capacity)) == NULL) goto done;
    int32_t source_length = 0;
    u_strFromUTF8(source, source_capacity, &source_length, input, length, &status);
    if (U_FAILURE(status)) goto done;
    /* Most transforms keep text about its length; some grow it a lot (U+FDFA normalizes to 18
     * code points): start at three times, and retry with what ICU says it needs. */
    int32_t target_capacity = source_length * 3 + 16;
    if (target_capacity <= STACK_UNITS * 2) {
        target_capacity = STACK_UNITS * 2;
    } else if ((target = malloc(sizeof(UChar) * (size_t)target_capacity)) == NULL) {
        goto done;
    }
    int32_t target_length = transform(context, source, source_length, target, target_capacity, &status);
    for (int retry = 0; status == U_BUFFER_OVERFLOW_ERROR && retry < MAX_RETRIES; retry++) {
        status = U_ZERO_ERROR;
        if (target_capacity > INT32_MAX / 2) goto done;
        target_capacity = target_length > target_capacity * 2 ? target_length : target_capacity * 2;
        if (target != target_stack) free(target);
        if ((target = malloc(sizeof(UChar) * (size_t)target_capacity)) == NULL) goto done;
        target_length = transform(context, source, source_length, target, target_capacity, &status);
    }
    if (U_FAILURE(status)) goto done;
    int32_t utf8_length = 0;
    u_strToUTF8(output, capacity, &utf8_length, target, target_length, &status);
    /* Too small an output buffer is reported through the returned length, not as failure. */
    if (status == U_BUFFER_OVERFLOW_ERROR || status == U_STRING_NOT_TERMINATED_WARNING) status = U_ZERO_ERROR;
    if (U_SUCCESS(status)) result = utf8_length;
done:
    if (source != source_stack) free(source);
    if (target != target_stack && target != NULL) free(target);
    return result;
}

void tb_copy_icu_error(UErrorCode status, char *error, int capacity) {
    if (capacity <= 0) return;
    strncpy(error, u_errorName(status), (size_t)capacity - 1);
    error[capacity - 1] = 0;
}
