#include "UTF16Transform.h"
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unicode/uchar.h>
#include <unicode/unorm2.h>
#include <unicode/ustring.h>
#include <unicode/utf16.h>

enum { STACK_UNITS = 256, MAX_RETRIES = 8 };

int tb_transform_utf8(tb_utf16_transform transform, const void *context, int sort_marks, const char *input, int length,
                      char *output, int capacity) {
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
    if (sort_marks) tb_sort_combining_marks(source, source_length);
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

/* The combining class of `c` when it may move within a run of marks: a BMP code point with a
 * nonzero class and no decomposition (one that decomposes, such as U+0344, ends the run). 0 when
 * it may not. */
static uint8_t movable_class(const UNormalizer2 *nfd, UChar c) {
    if (c < 0x300 || U16_IS_SURROGATE(c)) return 0;
    uint8_t combining_class = u_getCombiningClass(c);
    if (combining_class == 0) return 0;
    UChar decomposition[4];
    UErrorCode status = U_ZERO_ERROR;
    return unorm2_getRawDecomposition(nfd, c, decomposition, 4, &status) < 0 ? combining_class : 0;
}

/* Runs this long or shorter are sorted by insertion, in place; longer ones by counting classes. */
enum { SHORT_RUN = 32 };

/* Sorts the run text[start ..< end] stably by class, `classes` holding each one's class. */
static void sort_run(UChar *text, uint8_t *classes, int32_t start, int32_t end) {
    int32_t count = end - start;
    if (count <= SHORT_RUN) {
        for (int32_t i = start + 1; i < end; i++) {
            UChar mark = text[i];
            uint8_t combining_class = classes[i - start];
            int32_t j = i;
            for (; j > start && classes[j - 1 - start] > combining_class; j--) {
                text[j] = text[j - 1];
                classes[j - start] = classes[j - 1 - start];
            }
            text[j] = mark;
            classes[j - start] = combining_class;
        }
        return;
    }
    UChar *sorted = malloc(sizeof(UChar) * (size_t)count);
    if (sorted == NULL) return; /* left to ICU: slow, not wrong */
    int32_t first[257] = {0};
    for (int32_t i = 0; i < count; i++) first[classes[i] + 1]++;
    for (int c = 1; c <= 256; c++) first[c] += first[c - 1];
    for (int32_t i = 0; i < count; i++) sorted[first[classes[i]]++] = text[start + i];
    memcpy(text + start, sorted, sizeof(UChar) * (size_t)count);
    free(sorted);
}

void tb_sort_combining_marks(UChar *text, int32_t length) {
    UErrorCode status = U_ZERO_ERROR;
    const UNormalizer2 *nfd = unorm2_getNFDInstance(&status);
    if (U_FAILURE(status)) return;
    uint8_t short_classes[SHORT_RUN + 1];
    int32_t index = 0;
    while (index < length) {
        uint8_t combining_class = movable_class(nfd, text[index]);
        if (combining_class == 0) {
            index++;
            continue;
        }
        /* A run: find its end, and whether it is out of order at all. */
        int32_t start = index;
        int in_order = 1;
        uint8_t last = combining_class;
        for (index++; index < length; index++) {
            uint8_t next = movable_class(nfd, text[index]);
            if (next == 0) break;
            if (next < last) in_order = 0;
            last = next;
        }
        if (in_order) continue;
        int32_t count = index - start;
        uint8_t *classes = count <= SHORT_RUN ? short_classes : malloc((size_t)count);
        if (classes == NULL) continue;
        for (int32_t i = 0; i < count; i++) classes[i] = movable_class(nfd, text[start + i]);
        sort_run(text, classes, start, index);
        if (classes != short_classes) free(classes);
    }
}

void tb_copy_icu_error(UErrorCode status, char *error, int capacity) {
    if (capacity <= 0) return;
    strncpy(error, u_errorName(status), (size_t)capacity - 1);
    error[capacity - 1] = 0;
}
