#include "CICUReference.h"
#include <unicode/unorm2.h>
#include <unicode/ustring.h>
#include <unicode/utf8.h>
#include <stdint.h>
#include <stdlib.h>

struct tb_nfkc_folder {
    const UNormalizer2 *normalizer; /* ICU's, owned by ICU */
};

tb_nfkc_folder *tb_nfkc_folder_open(void) {
    UErrorCode status = U_ZERO_ERROR;
    const UNormalizer2 *normalizer = unorm2_getNFKCCasefoldInstance(&status);
    if (U_FAILURE(status)) return NULL;
    tb_nfkc_folder *folder = calloc(1, sizeof *folder);
    if (folder != NULL) folder->normalizer = normalizer;
    return folder;
}

void tb_nfkc_folder_close(tb_nfkc_folder *folder) { free(folder); }

/* Appends `count` output bytes that all come from input bytes start ..< end. */
static void append(char *output, int *segment_start, int *segment_end, int capacity, int *produced,
                   const char *bytes, int count, int start, int end) {
    for (int i = 0; i < count; i++, (*produced)++) {
        if (*produced < capacity) {
            output[*produced] = bytes[i];
            segment_start[*produced] = start;
            segment_end[*produced] = end;
        }
    }
}

int tb_nfkc_folder_fold(tb_nfkc_folder *folder, const char *input, int length, char *output, int *segment_start,
                        int *segment_end, int capacity) {
    const uint8_t *bytes = (const uint8_t *)input;
    int produced = 0;
    int index = 0;
    while (index < length) {
        /* ASCII followed by ASCII (or the end) is a segment of its own that only lower-cases. */
        if (bytes[index] < 0x80 && (index + 1 == length || bytes[index + 1] < 0x80)) {
            char lowered = (char)(bytes[index] >= 'A' && bytes[index] <= 'Z' ? bytes[index] | 0x20 : bytes[index]);
            append(output, segment_start, segment_end, capacity, &produced, &lowered, 1, index, index + 1);
            index++;
            continue;
        }
        int start = index;
        int end = index;
        UChar32 first;
        U8_NEXT(bytes, end, length, first);
        if (first < 0) {
            append(output, segment_start, segment_end, capacity, &produced, input + start, end - start, start, end);
            index = end;
            continue;
        }
        while (end < length) {
            int next = end;
            UChar32 c;
            U8_NEXT(bytes, next, length, c);
            if (c < 0x80 || unorm2_hasBoundaryBefore(folder->normalizer, c)) break; /* c < 0: not UTF-8 */
            end = next;
        }
        UChar source[64], folded[256];
        int32_t source_length = 0, folded_length = 0;
        UErrorCode status = U_ZERO_ERROR;
        u_strFromUTF8(source, 64, &source_length, input + start, end - start, &status);
        if (U_SUCCESS(status)) {
            folded_length = unorm2_normalize(folder->normalizer, source, source_length, folded, 256, &status);
        }
        char utf8[768];
        int32_t utf8_length = 0;
        if (U_SUCCESS(status)) u_strToUTF8(utf8, 768, &utf8_length, folded, folded_length, &status);
        if (U_FAILURE(status)) {
            /* A segment too long for the buffers (thousands of combining marks): keep it as is. */
            append(output, segment_start, segment_end, capacity, &produced, input + start, end - start, start, end);
        } else {
            append(output, segment_start, segment_end, capacity, &produced, utf8, utf8_length, start, end);
        }
        index = end;
    }
    return produced;
}
