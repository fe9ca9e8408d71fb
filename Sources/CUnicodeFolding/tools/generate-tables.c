/* Writes UnicodeTables.inc, the data behind the portable `nfkc` and `latinascii` (UnicodeFolding.c),
 * from the system's ICU: run at development time, never at build time, so that the shipped
 * library needs no ICU. What each code point becomes is asked of ICU itself, one code point at a
 * time; the tests compare the result with ICU over every code point and over real text.
 *
 *   cc Sources/CUnicodeFolding/tools/generate-tables.c -licuuc -licui18n -o /tmp/generate-tables
 *   /tmp/generate-tables > Sources/CUnicodeFolding/UnicodeTables.inc
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unicode/uchar.h>
#include <unicode/unorm2.h>
#include <unicode/ustring.h>
#include <unicode/utrans.h>
#include <unicode/uversion.h>

enum { BLOCK_SHIFT = 7, BLOCK = 1 << BLOCK_SHIFT, CODE_POINTS = 0x110000, MAX_POOL = 65535 };
enum { HANGUL_FIRST = 0xAC00, HANGUL_LAST = 0xD7A3 };

/* Must match UnicodeFolding.c. */
enum {
    NO_NFKC_CF_BOUNDARY_BEFORE = 1,
    NFKC_CF_STABLE = 2,
    CASED = 4,
    CASE_IGNORABLE = 8,
    COMPOSES_WITH_PREVIOUS = 16,
    LATIN_ASCII_ALONE = 32,
};

typedef struct {
    unsigned ccc, flags, nfkc, strip, ascii, lower, latin_ascii, nfkc_alone;
} record;

static uint32_t pool[MAX_POOL + 1];
static int pool_length = 1; /* 0 means "maps to itself" */
static record records[CODE_POINTS];
static int record_count;
static int record_of[CODE_POINTS];
static char composes_with_previous[CODE_POINTS];

static int to_code_points(const UChar *text, int32_t length, UChar32 *out) {
    int count = 0;
    for (int32_t i = 0; i < length;) {
        UChar32 c;
        U16_NEXT(text, i, length, c);
        out[count++] = c;
    }
    return count;
}

/* The same in UTF-8, for the mappings written out as they are: a length byte, then the bytes. */
static uint8_t utf8_pool[MAX_POOL + 1];
static int utf8_pool_length = 1;

/* Adds the UTF-8 of `text` to the UTF-8 pool (shared when the same one is there); 0 when it is the
 * code point itself. */
static unsigned intern_utf8(UChar32 self, const UChar *text, int32_t length) {
    char bytes[256];
    int32_t count = 0;
    UErrorCode status = U_ZERO_ERROR;
    u_strToUTF8(bytes, (int32_t)sizeof bytes, &count, text, length, &status);
    if (U_FAILURE(status) || count > 255) {
        fprintf(stderr, "utf8: %s\n", u_errorName(status));
        exit(1);
    }
    UChar32 first;
    int32_t i = 0;
    if (length > 0) U16_NEXT(text, i, length, first);
    if (length > 0 && i == length && first == self) return 0;
    for (int offset = 1; offset + count < utf8_pool_length; offset += utf8_pool[offset] + 1) {
        if (utf8_pool[offset] == count && memcmp(&utf8_pool[offset + 1], bytes, (size_t)count) == 0)
            return (unsigned)offset;
    }
    if (utf8_pool_length + count + 1 > MAX_POOL) {
        fprintf(stderr, "utf8 pool overflow\n");
        exit(1);
    }
    unsigned offset = (unsigned)utf8_pool_length;
    utf8_pool[utf8_pool_length++] = (uint8_t)count;
    memcpy(&utf8_pool[utf8_pool_length], bytes, (size_t)count);
    utf8_pool_length += count;
    return offset;
}

/* Adds a mapping of `count` code points to the pool (shared when the same one is there); 0 when
 * it is the code point itself. */
static unsigned intern(UChar32 self, const UChar32 *cps, int count) {
    if (count == 1 && cps[0] == self) return 0;
    for (int offset = 1; offset + count < pool_length; offset += (int)pool[offset] + 1) {
        if ((int)pool[offset] == count && memcmp(&pool[offset + 1], cps, sizeof(UChar32) * (size_t)count) == 0)
            return (unsigned)offset;
    }
    if (pool_length + count + 1 > MAX_POOL) {
        fprintf(stderr, "pool overflow\n");
        exit(1);
    }
    unsigned offset = (unsigned)pool_length;
    pool[pool_length++] = (uint32_t)count;
    for (int i = 0; i < count; i++) pool[pool_length++] = (uint32_t)cps[i];
    return offset;
}

static int32_t apply_normalizer(const UNormalizer2 *n, const UChar *in, int32_t length, UChar *out) {
    UErrorCode status = U_ZERO_ERROR;
    int32_t result = unorm2_normalize(n, in, length, out, 64, &status);
    if (U_FAILURE(status)) {
        fprintf(stderr, "normalize: %s\n", u_errorName(status));
        exit(1);
    }
    return result;
}

static int32_t apply_transform(UTransliterator *t, const UChar *in, int32_t length, UChar *out) {
    memcpy(out, in, sizeof(UChar) * (size_t)length);
    int32_t text_length = length, limit = length;
    UErrorCode status = U_ZERO_ERROR;
    utrans_transUChars(t, out, &text_length, 64, 0, &limit, &status);
    if (U_FAILURE(status)) {
        fprintf(stderr, "transform: %s\n", u_errorName(status));
        exit(1);
    }
    return text_length;
}

static UTransliterator *open_transform(const char *name) {
    UChar id[64];
    int32_t length = 0;
    UErrorCode status = U_ZERO_ERROR;
    u_strFromUTF8(id, 64, &length, name, -1, &status);
    UTransliterator *t = utrans_openU(id, length, UTRANS_FORWARD, NULL, 0, NULL, &status);
    if (U_FAILURE(status)) {
        fprintf(stderr, "%s: %s\n", name, u_errorName(status));
        exit(1);
    }
    return t;
}

int main(void) {
    UErrorCode status = U_ZERO_ERROR;
    const UNormalizer2 *nfc = unorm2_getNFCInstance(&status);
    const UNormalizer2 *nfd = unorm2_getNFDInstance(&status);
    const UNormalizer2 *nfkc_cf = unorm2_getNFKCCasefoldInstance(&status);
    if (U_FAILURE(status)) return 1;
    UTransliterator *latin_ascii = open_transform("Latin-ASCII");
    UTransliterator *latin_ascii_lower = open_transform("NFD; [:Nonspacing Mark:] Remove; NFC; Latin-ASCII; Lower");

    /* Canonical compositions: primary composites, as pairs; Hangul is composed by rule. */
    int compositions = 0;
    static uint64_t keys[4096];
    static uint32_t composites[4096];
    for (UChar32 c = 0; c < CODE_POINTS; c++) {
        if (U_IS_SURROGATE(c) || (c >= HANGUL_FIRST && c <= HANGUL_LAST)) continue;
        UChar raw[8];
        UErrorCode raw_status = U_ZERO_ERROR;
        int32_t raw_length = unorm2_getRawDecomposition(nfc, c, raw, 8, &raw_status);
        if (raw_length <= 0 || U_FAILURE(raw_status)) continue;
        UChar32 pair[8];
        if (to_code_points(raw, raw_length, pair) != 2) continue;
        if (unorm2_composePair(nfc, pair[0], pair[1]) != c) continue;
        if (compositions == 4096) {
            fprintf(stderr, "more than 4096 compositions\n");
            return 1;
        }
        keys[compositions] = (uint64_t)pair[0] << 21 | (uint64_t)pair[1];
        composites[compositions++] = (uint32_t)c;
        composes_with_previous[pair[1]] = 1;
    }
    /* Sorted by key, for a binary search. */
    for (int i = 1; i < compositions; i++) {
        uint64_t key = keys[i];
        uint32_t composite = composites[i];
        int j = i - 1;
        for (; j >= 0 && keys[j] > key; j--) {
            keys[j + 1] = keys[j];
            composites[j + 1] = composites[j];
        }
        keys[j + 1] = key;
        composites[j + 1] = composite;
    }

    for (UChar32 c = 0; c < CODE_POINTS; c++) {
        record r = {0};
        if (!U_IS_SURROGATE(c)) {
            UChar source[2], a[64], b[64];
            int32_t source_length = 0;
            U16_APPEND_UNSAFE(source, source_length, c);
            UChar32 cps[64];
            int count;
            r.ccc = u_getCombiningClass(c);
            int hangul = c >= HANGUL_FIRST && c <= HANGUL_LAST;
            if (!unorm2_hasBoundaryBefore(nfkc_cf, c)) r.flags |= NO_NFKC_CF_BOUNDARY_BEFORE;
            int32_t folded_length = apply_normalizer(nfkc_cf, source, source_length, a);
            /* nfkc_alone: NFKC_Casefold of c alone, in UTF-8: a segment of one code point. */
            r.nfkc_alone = intern_utf8(c, a, folded_length);
            if (unorm2_hasBoundaryBefore(nfkc_cf, c) && folded_length == source_length &&
                memcmp(a, source, sizeof(UChar) * (size_t)source_length) == 0)
                r.flags |= NFKC_CF_STABLE;
            if (u_hasBinaryProperty(c, UCHAR_CASED)) r.flags |= CASED;
            if (u_hasBinaryProperty(c, UCHAR_CASE_IGNORABLE)) r.flags |= CASE_IGNORABLE;
            if (composes_with_previous[c]) r.flags |= COMPOSES_WITH_PREVIOUS;
            /* nfkc: NFD(NFKC_Casefold(c)); the folder recomposes. Hangul syllables stay whole: the
             * composition puts jamo together by rule. */
            if (!hangul) {
                int32_t decomposed = apply_normalizer(nfd, a, folded_length, b);
                count = to_code_points(b, decomposed, cps);
                r.nfkc = intern(c, cps, count);
            }
            /* strip: NFD(c) without its nonspacing marks, latinascii's first two steps. */
            if (!hangul) {
                int32_t decomposed = apply_normalizer(nfd, source, source_length, b);
                UChar32 all[64];
                int all_count = to_code_points(b, decomposed, all);
                count = 0;
                for (int i = 0; i < all_count; i++)
                    if (u_charType(all[i]) != U_NON_SPACING_MARK) cps[count++] = all[i];
                r.strip = intern(c, cps, count);
            }
            /* ascii: Latin-ASCII on c alone (its rules read no neighbour but the marks, which are
             * gone by then). */
            int32_t ascii_length = apply_transform(latin_ascii, source, source_length, a);
            count = to_code_points(a, ascii_length, cps);
            r.ascii = intern(c, cps, count);
            /* lower: full lower-casing of c alone in the root locale; Σ's final form is the one
             * rule with context, applied by UnicodeFolding.c. */
            UErrorCode lower_status = U_ZERO_ERROR;
            int32_t lower_length = u_strToLower(a, 64, source, source_length, "", &lower_status);
            if (U_FAILURE(lower_status)) return 1;
            count = to_code_points(a, lower_length, cps);
            r.lower = intern(c, cps, count);
            /* latin_ascii: the whole transform of c alone, which UnicodeFolding.c uses for a
             * token whose code points are all LATIN_ASCII_ALONE: what c leaves after NFD and mark
             * removal neither is reordered (every class 0) nor composes with what precedes it,
             * and neither that nor its Latin-ASCII holds Σ, whose lower case reads the letters
             * around it. (A code point after it that composes with it is not alone itself.) */
            int32_t whole_length = apply_transform(latin_ascii_lower, source, source_length, a);
            r.latin_ascii = intern_utf8(c, a, whole_length);
            int alone = 1;
            UChar32 stripped[64];
            int stripped_count = 0;
            if (hangul) {
                stripped[stripped_count++] = c;
            } else {
                int32_t decomposed = apply_normalizer(nfd, source, source_length, b);
                UChar32 all[64];
                int all_count = to_code_points(b, decomposed, all);
                for (int i = 0; i < all_count; i++)
                    if (u_charType(all[i]) != U_NON_SPACING_MARK) stripped[stripped_count++] = all[i];
            }
            for (int i = 0; i < stripped_count; i++) {
                UChar32 s = stripped[i];
                if (u_getCombiningClass(s) != 0 || composes_with_previous[s] || (s >= 0x1161 && s <= 0x11C2) ||
                    s == 0x03A3)
                    alone = 0;
            }
            UChar stripped16[128];
            int32_t stripped16_length = 0;
            for (int i = 0; i < stripped_count; i++) U16_APPEND_UNSAFE(stripped16, stripped16_length, stripped[i]);
            int32_t composed = apply_normalizer(nfc, stripped16, stripped16_length, b);
            int32_t ascii_only = apply_transform(latin_ascii, b, composed, a);
            for (int i = 0; i < ascii_only; i++)
                if (a[i] == 0x03A3) alone = 0;
            if (alone) r.flags |= LATIN_ASCII_ALONE;
        }
        int found = -1;
        for (int i = record_count - 1; i >= 0 && i >= record_count - 4096; i--) {
            if (memcmp(&records[i], &r, sizeof r) == 0) {
                found = i;
                break;
            }
        }
        if (found < 0) {
            for (int i = 0; i < record_count && i < 64; i++)
                if (memcmp(&records[i], &r, sizeof r) == 0) found = i;
        }
        if (found < 0) {
            if (record_count == 65535) {
                fprintf(stderr, "more records than a uint16_t index holds\n");
                return 1;
            }
            records[record_count] = r;
            found = record_count++;
        }
        record_of[c] = found;
    }

    /* Two stages: a block number per 128 code points, blocks shared when equal. */
    static int block_of[CODE_POINTS / BLOCK];
    static int blocks[CODE_POINTS / BLOCK][BLOCK];
    int block_count = 0;
    for (int block = 0; block < CODE_POINTS / BLOCK; block++) {
        int *entries = &record_of[block * BLOCK];
        int found = -1;
        for (int i = 0; i < block_count; i++)
            if (memcmp(blocks[i], entries, sizeof(int) * BLOCK) == 0) found = i;
        if (found < 0) {
            memcpy(blocks[block_count], entries, sizeof(int) * BLOCK);
            found = block_count++;
        }
        block_of[block] = found;
    }

    UVersionInfo unicode;
    u_getUnicodeVersion(unicode);
    char version[U_MAX_VERSION_STRING_LENGTH];
    u_versionToString(unicode, version);
    UVersionInfo icu;
    u_getVersion(icu);
    char icu_version[U_MAX_VERSION_STRING_LENGTH];
    u_versionToString(icu, icu_version);

    printf("/* Generated by tools/generate-tables.c from ICU %s (Unicode %s): do not edit. */\n\n", icu_version, version);
    printf("#define TB_UNICODE_VERSION \"%s\"\n", version);
    printf("#define TB_ICU_VERSION \"%s\"\n\n", icu_version);
    printf("static const uint16_t tb_block_of[%d] = {", CODE_POINTS / BLOCK);
    for (int i = 0; i < CODE_POINTS / BLOCK; i++) printf("%s%d,", i % 24 ? "" : "\n", block_of[i]);
    printf("\n};\n\nstatic const uint16_t tb_record_of[%d] = {", block_count * BLOCK);
    for (int i = 0; i < block_count * BLOCK; i++) printf("%s%d,", i % 24 ? "" : "\n", blocks[i / BLOCK][i % BLOCK]);
    printf("\n};\n\nstatic const tb_code_point_record tb_records[%d] = {", record_count);
    for (int i = 0; i < record_count; i++) {
        record r = records[i];
        printf("%s{%u,%u,%u,%u,%u,%u,%u,%u},", i % 6 ? "" : "\n", r.ccc, r.flags, r.nfkc, r.strip, r.ascii, r.lower,
               r.latin_ascii, r.nfkc_alone);
    }
    printf("\n};\n\nstatic const uint8_t tb_utf8_pool[%d] = {", utf8_pool_length);
    for (int i = 0; i < utf8_pool_length; i++) printf("%s%u,", i % 24 ? "" : "\n", utf8_pool[i]);
    printf("\n};\n\nstatic const uint32_t tb_pool[%d] = {", pool_length);
    for (int i = 0; i < pool_length; i++) printf("%s%u,", i % 16 ? "" : "\n", pool[i]);
    printf("\n};\n\n/* NFKC_CF_STABLE of the BMP, a bit per code point: the check most text takes. */\n");
    printf("static const uint64_t tb_nfkc_stable_bmp[1024] = {");
    for (int word = 0; word < 1024; word++) {
        uint64_t bits = 0;
        for (int bit = 0; bit < 64; bit++)
            if (records[record_of[word * 64 + bit]].flags & NFKC_CF_STABLE) bits |= (uint64_t)1 << bit;
        printf("%s%lluu,", word % 6 ? "" : "\n", (unsigned long long)bits);
    }
    printf("\n};\n\n/* Of the BMP, a bit per code point that is LATIN_ASCII_ALONE and mapped to itself: what\n");
    printf(" * latinascii keeps in a token of such code points (most code points of most scripts). */\n");
    printf("static const uint64_t tb_latin_ascii_kept_bmp[1024] = {");
    for (int word = 0; word < 1024; word++) {
        uint64_t bits = 0;
        for (int bit = 0; bit < 64; bit++) {
            record r = records[record_of[word * 64 + bit]];
            if ((r.flags & LATIN_ASCII_ALONE) && r.latin_ascii == 0) bits |= (uint64_t)1 << bit;
        }
        printf("%s%lluu,", word % 6 ? "" : "\n", (unsigned long long)bits);
    }
    printf("\n};\n\nstatic const uint64_t tb_composition_keys[%d] = {", compositions);
    for (int i = 0; i < compositions; i++) printf("%s%lluu,", i % 8 ? "" : "\n", (unsigned long long)keys[i]);
    printf("\n};\n\nstatic const uint32_t tb_composites[%d] = {", compositions);
    for (int i = 0; i < compositions; i++) printf("%s%u,", i % 12 ? "" : "\n", composites[i]);
    printf("\n};\n");
    fprintf(stderr, "records %d, blocks %d, pool %d, UTF-8 pool %d, compositions %d\n", record_count, block_count,
            pool_length, utf8_pool_length, compositions);
    utrans_close(latin_ascii);
    utrans_close(latin_ascii_lower);
    return 0;
}
