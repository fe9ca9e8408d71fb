#include "CICUShim.h"
#include "UTF16Transform.h"
#include <stdlib.h>
#include <string.h>
#include <unicode/uchar.h>
#include <unicode/uscript.h>
#include <unicode/ustring.h>
#include <unicode/unorm2.h>
#include <unicode/utf16.h>
#include <unicode/utf8.h>
#include <unicode/utrans.h>

/* What the transliterator makes of one BMP code point, when that can be used out of context
 * (see tb_translit_per_code_point): up to 7 bytes of UTF-8, no longer than the code point's own. */
typedef struct {
    uint8_t length; /* NOT_PER_CODE_POINT: the code point must go through ICU with its neighbours */
    char bytes[7];
} mapped_code_point;

enum { NOT_PER_CODE_POINT = 255, BLOCKS = 0x10000 / 64 };

struct tb_transliterator {
    UTransliterator *icu;
    /* When canonically equivalent text gives the same result, so that its marks may be put in
     * canonical order first (tb_sort_combining_marks): always for a transform that starts with
     * NFD; for one that starts with Any-Latin and then NFD, when the text is Latin (Any-Latin
     * changes nothing in Latin, Common and Inherited code points: no script of them to convert). */
    enum { SORT_NEVER, SORT_ALWAYS, SORT_IF_LATIN } sort_marks;
    /* Per block of 64 BMP code points, allocated when a code point of it is first met. */
    mapped_code_point *blocks[BLOCKS];
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
    for (int block = 0; block < BLOCKS; block++) free(transliterator->blocks[block]);
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

/* Whether `code` may be transliterated on its own: a script other than Latin, Common and
 * Inherited (Common code points of the CJK punctuation and kana blocks, such as ー, are let in),
 * an NFC boundary before it, and nothing for lower-casing to change. */
static int may_stand_alone(const UNormalizer2 *nfc, UChar32 code) {
    if (U_IS_SURROGATE(code) || !unorm2_hasBoundaryBefore(nfc, code)) return 0;
    /* Lower-casing looks at the neighbours of one letter (Σ becomes ς at the end of a word): no
     * letter that lower-casing changes is taken alone. */
    if (u_hasBinaryProperty(code, UCHAR_CHANGES_WHEN_LOWERCASED)) return 0;
    UErrorCode status = U_ZERO_ERROR;
    UScriptCode script = uscript_getScript(code, &status);
    if (U_FAILURE(status)) return 0;
    if (script == USCRIPT_COMMON) return code >= 0x3000 && code <= 0x30FF;
    return script != USCRIPT_LATIN && script != USCRIPT_INHERITED && script != USCRIPT_UNKNOWN;
}

/* Works out what the transliterator makes of each code point of the block `block`. */
static mapped_code_point *learn_block(tb_transliterator *transliterator, int block) {
    mapped_code_point *entries = malloc(64 * sizeof *entries);
    if (entries == NULL) return NULL;
    UErrorCode status = U_ZERO_ERROR;
    const UNormalizer2 *nfc = unorm2_getNFCInstance(&status);
    for (int offset = 0; offset < 64; offset++) {
        UChar32 code = (block << 6) + offset;
        mapped_code_point *entry = &entries[offset];
        entry->length = NOT_PER_CODE_POINT;
        if (U_FAILURE(status) || !may_stand_alone(nfc, code)) continue;
        UChar text[8] = {(UChar)code};
        int32_t length = 1, limit = 1;
        UErrorCode transform_status = U_ZERO_ERROR;
        utrans_transUChars(transliterator->icu, text, &length, 8, 0, &limit, &transform_status);
        if (U_FAILURE(transform_status) || length > 7) continue;
        /* The result must not compose with what comes before it either. */
        int composes = 0;
        for (int32_t i = 0; i < length;) {
            UChar32 c;
            U16_NEXT(text, i, length, c);
            if (!unorm2_hasBoundaryBefore(nfc, c)) composes = 1;
        }
        char utf8[8];
        int32_t utf8_length = 0;
        u_strToUTF8(utf8, 8, &utf8_length, text, length, &transform_status);
        if (composes || U_FAILURE(transform_status) || utf8_length > U8_LENGTH(code)) continue;
        memcpy(entry->bytes, utf8, (size_t)utf8_length);
        entry->length = (uint8_t)utf8_length;
    }
    transliterator->blocks[block] = entries;
    return entries;
}

int tb_translit_per_code_point(tb_transliterator *transliterator, const char *input, int length, char *output) {
    const uint8_t *bytes = (const uint8_t *)input;
    int index = 0, produced = 0;
    while (index < length) {
        UChar32 c;
        U8_NEXT(bytes, index, length, c);
        if (c < 0 || c > 0xFFFF) return -1;
        mapped_code_point *entries = transliterator->blocks[c >> 6];
        if (entries == NULL && (entries = learn_block(transliterator, c >> 6)) == NULL) return -1;
        const mapped_code_point *entry = &entries[c & 63];
        if (entry->length == NOT_PER_CODE_POINT) return -1;
        for (int i = 0; i < entry->length; i++) output[produced++] = entry->bytes[i];
    }
    return produced;
}
