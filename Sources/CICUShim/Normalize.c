#include "CICUShim.h"
#include "UTF16Transform.h"
#include <unicode/uchar.h>
#include <unicode/unorm2.h>
#include <unicode/ustring.h>
#include <unicode/utf8.h>
#include <pthread.h>
#include <stdlib.h>

/* One bit per BMP code point: set when the normalizer leaves it unchanged and it has a boundary
 * before it. Text made only of such code points is its own normalization: each is a segment of
 * its own (nothing composes with what precedes it), and alone it stays as it is. Built once
 * per process. */
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
static stable_bmp nfc_bmp;
static pthread_once_t nfc_bmp_once = PTHREAD_ONCE_INIT;

static void build_nfc_bmp(void) {
    UErrorCode status = U_ZERO_ERROR;
    const UNormalizer2 *normalizer = unorm2_getNFCInstance(&status);
    if (U_SUCCESS(status)) build_stable_bmp(normalizer, nfc_bmp);
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
