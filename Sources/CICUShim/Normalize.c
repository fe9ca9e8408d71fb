#include "CICUShim.h"
#include "UTF16Transform.h"
#include <unicode/uchar.h>
#include <unicode/unorm2.h>
#include <unicode/ustring.h>
#include <unicode/utf8.h>
#include <unicode/utf16.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

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

/* One bit per BMP code point: set when the normalizer leaves it unchanged and it has a boundary
 * before it. Text made only of such code points is its own normalization: each is a segment of
 * its own (nothing composes with what precedes it), and alone it stays as it is. That is also
 * what makes tb_nfkc_folder_fold copy such a code point through. Built once per process. */
typedef uint64_t stable_bmp[0x10000 / 64];

static void build_stable_bmp(const UNormalizer2 *normalizer, stable_bmp bits) {
    for (UChar32 c = 0; c < 0x10000; c++) {
        if (U_IS_SURROGATE(c) || !unorm2_hasBoundaryBefore(normalizer, c)) continue;
        UChar source = (UChar)c, normalized[32];
        UErrorCode status = U_ZERO_ERROR;
        int32_t length = unorm2_normalize(normalizer, &source, 1, normalized, 32, &status);
        if (U_SUCCESS(status) && length == 1 && normalized[0] == source) bits[c >> 6] |= (uint64_t)1 << (c & 63);
    }
}

/* Whether `c` is in the BMP with its bit set in `bits`. */
static inline int is_stable(const stable_bmp bits, UChar32 c) {
    return c >= 0 && c <= 0xFFFF && (bits[c >> 6] >> (c & 63) & 1);
}

/* Whether every code point of the text is valid UTF-8 in the BMP with its bit set in `bits`. */
static int all_stable(const stable_bmp bits, const char *input, int length) {
    const uint8_t *bytes = (const uint8_t *)input;
    int index = 0;
    while (index < length) {
        UChar32 c;
        if (bytes[index] < 0x80) {
            c = bytes[index++];
        } else {
            U8_NEXT(bytes, index, length, c);
        }
        if (!is_stable(bits, c)) return 0;
    }
    return 1;
}

/* Every bit stays 0 when ICU's data cannot be loaded: every text then takes the full path. */
static stable_bmp folded_bmp, nfc_bmp;
static pthread_once_t folded_bmp_once = PTHREAD_ONCE_INIT, nfc_bmp_once = PTHREAD_ONCE_INIT;

static void build_folded_bmp(void) {
    UErrorCode status = U_ZERO_ERROR;
    const UNormalizer2 *normalizer = unorm2_getNFKCCasefoldInstance(&status);
    if (U_SUCCESS(status)) build_stable_bmp(normalizer, folded_bmp);
}

static void build_nfc_bmp(void) {
    UErrorCode status = U_ZERO_ERROR;
    const UNormalizer2 *normalizer = unorm2_getNFCInstance(&status);
    if (U_SUCCESS(status)) build_stable_bmp(normalizer, nfc_bmp);
}

/* One cached code point: whether a normalization boundary precedes it, and its folding when
 * it stands alone in its segment. */
typedef struct {
    uint32_t code_point_plus_one; /* 0: empty slot */
    uint8_t boundary_before;
    uint8_t folded_length;        /* UNCACHEABLE: the folding does not fit in `folded` */
    char folded[18];
} tb_nfkc_entry;

enum { CACHE_BITS = 12, UNCACHEABLE = 255 };

struct tb_nfkc_folder {
    const UNormalizer2 *normalizer;
    tb_nfkc_entry entries[1 << CACHE_BITS]; /* direct-mapped: a collision replaces the entry */
};

tb_nfkc_folder *tb_nfkc_folder_open(void) {
    pthread_once(&folded_bmp_once, build_folded_bmp);
    UErrorCode status = U_ZERO_ERROR;
    const UNormalizer2 *normalizer = unorm2_getNFKCCasefoldInstance(&status);
    if (U_FAILURE(status)) return NULL;
    tb_nfkc_folder *folder = calloc(1, sizeof *folder);
    if (folder != NULL) folder->normalizer = normalizer;
    return folder;
}

void tb_nfkc_folder_close(tb_nfkc_folder *folder) { free(folder); }

static const tb_nfkc_entry *entry_for(tb_nfkc_folder *folder, UChar32 c) {
    tb_nfkc_entry *entry = &folder->entries[((uint32_t)c * 2654435761u) >> (32 - CACHE_BITS)];
    if (entry->code_point_plus_one == (uint32_t)c + 1) return entry;
    entry->code_point_plus_one = (uint32_t)c + 1;
    entry->boundary_before = unorm2_hasBoundaryBefore(folder->normalizer, c) ? 1 : 0;
    UChar source[2];
    int32_t source_length = 0;
    U16_APPEND_UNSAFE(source, source_length, c);
    UChar folded[32];
    char utf8[sizeof entry->folded];
    int32_t utf8_length = 0;
    UErrorCode status = U_ZERO_ERROR;
    int32_t folded_length = unorm2_normalize(folder->normalizer, source, source_length, folded, 32, &status);
    if (U_SUCCESS(status)) u_strToUTF8(utf8, (int32_t)sizeof utf8, &utf8_length, folded, folded_length, &status);
    if (U_FAILURE(status)) {
        entry->folded_length = UNCACHEABLE;
    } else {
        memcpy(entry->folded, utf8, (size_t)utf8_length);
        entry->folded_length = (uint8_t)utf8_length;
    }
    return entry;
}

int tb_nfkc_folder_fold(tb_nfkc_folder *folder, const char *input, int length, char *output, int *segment_start,
                        int *segment_end, int capacity) {
    const UNormalizer2 *normalizer = folder->normalizer;
    UErrorCode status = U_ZERO_ERROR;
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
        /* A segment runs to the next code point that has a normalization boundary before it. */
        int start = index;
        int end = index;
        UChar32 first;
        U8_NEXT(bytes, end, length, first);
        if (first < 0) {
            append(output, segment_start, segment_end, capacity, &produced, input + start, end - start, start, end);
            index = end;
            continue;
        }
        /* A code point that folds to itself, before one that starts a segment of its own (or the
         * end): copied through with two bit tests, without the cache's hashing. */
        if (is_stable(folded_bmp, first)) {
            UChar32 c = -1;
            if (end < length) {
                int next = end;
                U8_NEXT(bytes, next, length, c);
            }
            if (end == length || c < 0x80 || is_stable(folded_bmp, c)) {
                append(output, segment_start, segment_end, capacity, &produced, input + start, end - start, start, end);
                index = end;
                continue;
            }
        }
        int single = 1;
        while (end < length) {
            int next = end;
            UChar32 c;
            U8_NEXT(bytes, next, length, c);
            if (c < 0 || c < 0x80 || entry_for(folder, c)->boundary_before) break;
            end = next;
            single = 0;
        }
        if (single) {
            /* The common case: one code point, folded from the cache. */
            const tb_nfkc_entry *entry = entry_for(folder, first);
            if (entry->folded_length != UNCACHEABLE) {
                append(output, segment_start, segment_end, capacity, &produced, entry->folded, entry->folded_length, start, end);
                index = end;
                continue;
            }
        }
        UChar source[64], folded[256];
        int32_t source_length = 0;
        status = U_ZERO_ERROR;
        u_strFromUTF8(source, 64, &source_length, input + start, end - start, &status);
        int32_t folded_length = U_SUCCESS(status) ? unorm2_normalize(normalizer, source, source_length, folded, 256, &status) : 0;
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

int tb_nfc_is_normalized(const char *input, int length) {
    pthread_once(&nfc_bmp_once, build_nfc_bmp);
    return all_stable(nfc_bmp, input, length);
}

static const UNormalizer2 *normalizer_for(tb_normalization form, UErrorCode *status) {
    switch (form) {
    case TB_NFC: return unorm2_getNFCInstance(status);
    case TB_NFD: return unorm2_getNFDInstance(status);
    case TB_NFKC: return unorm2_getNFKCInstance(status);
    case TB_NFKD: return unorm2_getNFKDInstance(status);
    case TB_NFKC_CASEFOLD: return unorm2_getNFKCCasefoldInstance(status);
    }
    *status = U_ILLEGAL_ARGUMENT_ERROR;
    return NULL;
}

static int32_t normalize(const void *context, const UChar *source, int32_t length, UChar *target, int32_t capacity,
                         UErrorCode *status) {
    return unorm2_normalize((const UNormalizer2 *)context, source, length, target, capacity, status);
}

int tb_normalize_utf8(tb_normalization form, const char *input, int length, char *output, int capacity) {
    UErrorCode status = U_ZERO_ERROR;
    const UNormalizer2 *normalizer = normalizer_for(form, &status);
    if (U_FAILURE(status)) return -1;
    /* NFC, NFD, NFKC and NFKD are the same for canonically equivalent text. ICU's NFKC_Casefold
     * is not: it folds U+0345 (a mark of class 240) to ι, a letter that stops its run, without
     * first putting the marks around it in order. */
    int sort_marks = form != TB_NFKC_CASEFOLD;
    return tb_transform_utf8(normalize, normalizer, sort_marks, input, length, output, capacity);
}

int tb_utf8_has_letter_or_digit(const char *input, int length) {
    const uint8_t *bytes = (const uint8_t *)input;
    int index = 0;
    while (index < length) {
        UChar32 c;
        U8_NEXT(bytes, index, length, c);
        if (c >= 0 && u_isalnum(c)) return 1;
    }
    return 0;
}
