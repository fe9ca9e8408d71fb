#include "CUnicodeFolding.h"
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* What the tables hold for one code point; the generator writes them (tools/generate-tables.c). */
typedef struct {
    uint8_t ccc;     /* canonical combining class */
    uint8_t flags;   /* the enum below */
    uint16_t nfkc;   /* tb_pool offset of NFD(NFKC_Casefold(c)); 0: c itself */
    uint16_t strip;  /* NFD(c) without nonspacing marks (latinascii's first steps); 0: c itself */
    uint16_t ascii;  /* Latin-ASCII of c alone; 0: c itself */
    uint16_t lower;  /* full lower case of c alone (root locale); 0: c itself */
    uint16_t latin_ascii; /* tb_utf8_pool offset of latinascii's whole transform of c alone; 0: c itself */
    uint16_t nfkc_alone;  /* tb_utf8_pool offset of NFKC_Casefold(c) (a segment of c alone); 0: c itself */
} tb_code_point_record;

enum {
    NO_NFKC_CF_BOUNDARY_BEFORE = 1, /* ICU's nfkc_cf normalizer has no boundary before c */
    NFKC_CF_STABLE = 2,             /* a boundary before c, and c folds to itself */
    CASED = 4,
    CASE_IGNORABLE = 8,
    COMPOSES_WITH_PREVIOUS = 16,    /* the second code point of some canonical composition */
    LATIN_ASCII_ALONE = 32,         /* in a token of such code points only, c becomes its latin_ascii */
};

#include "UnicodeTables.inc"

const char *tb_folding_unicode_version(void) { return TB_UNICODE_VERSION; }

const char *tb_folding_icu_version(void) { return TB_ICU_VERSION; }

static inline const tb_code_point_record *record_for(int32_t c) {
    return &tb_records[tb_record_of[(uint32_t)tb_block_of[c >> 7] << 7 | (c & 127)]];
}

/* Whether NFKC_Casefold leaves c as it is and starts a segment with it (NFKC_CF_STABLE). */
static inline int is_nfkc_stable(int32_t c) {
    if (c <= 0xFFFF) return (int)(tb_nfkc_stable_bmp[c >> 6] >> (c & 63) & 1);
    return (record_for(c)->flags & NFKC_CF_STABLE) != 0;
}

/* The code point at `*index`, moving past it; -1 for an ill-formed sequence, of which it skips the
 * maximal subpart, as ICU's U8_NEXT does (so that segments end where ICU's fold ends them: the
 * tests' reference, CICUReference). */
static int32_t next_code_point(const uint8_t *bytes, int *index, int length) {
    int i = *index;
    uint32_t c = bytes[i++];
    if (c < 0x80) {
        *index = i;
        return (int32_t)c;
    }
    int trail_count;
    uint8_t lowest = 0x80, highest = 0xBF;
    if (c >= 0xC2 && c <= 0xDF) {
        trail_count = 1;
        c &= 0x1F;
    } else if (c >= 0xE0 && c <= 0xEF) {
        trail_count = 2;
        if (c == 0xE0) lowest = 0xA0;
        if (c == 0xED) highest = 0x9F; /* no surrogates */
        c &= 0x0F;
    } else if (c >= 0xF0 && c <= 0xF4) {
        trail_count = 3;
        if (c == 0xF0) lowest = 0x90;
        if (c == 0xF4) highest = 0x8F; /* nothing past U+10FFFF */
        c &= 0x07;
    } else {
        *index = i;
        return -1;
    }
    for (int k = 0; k < trail_count; k++) {
        if (i == length || bytes[i] < lowest || bytes[i] > highest) {
            *index = i;
            return -1;
        }
        c = c << 6 | (bytes[i++] & 0x3F);
        lowest = 0x80;
        highest = 0xBF;
    }
    *index = i;
    return (int32_t)c;
}

static int utf8_length(uint32_t c) { return c < 0x80 ? 1 : c < 0x800 ? 2 : c < 0x10000 ? 3 : 4; }

static int write_utf8(uint32_t c, char *out) {
    if (c < 0x80) {
        out[0] = (char)c;
        return 1;
    }
    if (c < 0x800) {
        out[0] = (char)(0xC0 | c >> 6);
        out[1] = (char)(0x80 | (c & 0x3F));
        return 2;
    }
    if (c < 0x10000) {
        out[0] = (char)(0xE0 | c >> 12);
        out[1] = (char)(0x80 | (c >> 6 & 0x3F));
        out[2] = (char)(0x80 | (c & 0x3F));
        return 3;
    }
    out[0] = (char)(0xF0 | c >> 18);
    out[1] = (char)(0x80 | (c >> 12 & 0x3F));
    out[2] = (char)(0x80 | (c >> 6 & 0x3F));
    out[3] = (char)(0x80 | (c & 0x3F));
    return 4;
}

/* A growable array of code points, on the stack until it outgrows `inline_storage`. */
typedef struct {
    uint32_t *items;
    int count, capacity;
    uint32_t inline_storage[256];
} code_points;

static void code_points_init(code_points *list) {
    list->items = list->inline_storage;
    list->count = 0;
    list->capacity = 256;
}

static void code_points_free(code_points *list) {
    if (list->items != list->inline_storage) free(list->items);
}

/* Makes room for `extra` more; 0 when memory runs out (or the list would pass 2^28 code points,
 * so that no size computation overflows). */
static int code_points_reserve(code_points *list, int extra) {
    if (list->count + extra <= list->capacity) return 1;
    if (extra > (1 << 28) || list->count > (1 << 28) - extra) return 0;
    int capacity = list->capacity * 2 > list->count + extra ? list->capacity * 2 : list->count + extra;
    uint32_t *items = malloc(sizeof(uint32_t) * (size_t)capacity);
    if (items == NULL) return 0;
    memcpy(items, list->items, sizeof(uint32_t) * (size_t)list->count);
    code_points_free(list);
    list->items = items;
    list->capacity = capacity;
    return 1;
}

/* Appends c's mapping at pool offset `offset` (c itself for 0). */
static int append_mapping(code_points *list, uint32_t c, uint16_t offset) {
    if (offset == 0) {
        if (!code_points_reserve(list, 1)) return 0;
        list->items[list->count++] = c;
        return 1;
    }
    int count = (int)tb_pool[offset];
    if (!code_points_reserve(list, count)) return 0;
    memcpy(list->items + list->count, &tb_pool[offset + 1], sizeof(uint32_t) * (size_t)count);
    list->count += count;
    return 1;
}

/* Canonical ordering: each run of non-starters sorted by combining class, stably. A short run by
 * insertion; a long one by counting, so that a word of 50,000 alternating marks (which
 * `conformance` feeds every tokenizer) costs linear time, not quadratic. */
static void reorder(uint32_t *items, int count) {
    int index = 0;
    while (index < count) {
        if (record_for((int32_t)items[index])->ccc == 0) {
            index++;
            continue;
        }
        int start = index, in_order = 1;
        uint8_t last = record_for((int32_t)items[index])->ccc;
        for (index++; index < count; index++) {
            uint8_t ccc = record_for((int32_t)items[index])->ccc;
            if (ccc == 0) break;
            if (ccc < last) in_order = 0;
            last = ccc;
        }
        if (in_order) continue;
        int length = index - start;
        uint32_t *sorted = length > 32 ? malloc(sizeof(uint32_t) * (size_t)length) : NULL;
        if (sorted != NULL) {
            int positions[257] = {0};
            for (int i = start; i < index; i++) positions[record_for((int32_t)items[i])->ccc + 1]++;
            for (int ccc = 1; ccc <= 256; ccc++) positions[ccc] += positions[ccc - 1];
            for (int i = start; i < index; i++) sorted[positions[record_for((int32_t)items[i])->ccc]++] = items[i];
            memcpy(items + start, sorted, sizeof(uint32_t) * (size_t)length);
            free(sorted);
            continue;
        }
        for (int i = start + 1; i < index; i++) {
            uint32_t c = items[i];
            uint8_t ccc = record_for((int32_t)c)->ccc;
            int j = i;
            for (; j > start && record_for((int32_t)items[j - 1])->ccc > ccc; j--) items[j] = items[j - 1];
            items[j] = c;
        }
    }
}

enum {
    HANGUL_S = 0xAC00, HANGUL_L = 0x1100, HANGUL_V = 0x1161, HANGUL_T = 0x11A7,
    HANGUL_L_COUNT = 19, HANGUL_V_COUNT = 21, HANGUL_T_COUNT = 28,
    HANGUL_N_COUNT = HANGUL_V_COUNT * HANGUL_T_COUNT, HANGUL_S_COUNT = HANGUL_L_COUNT * HANGUL_N_COUNT,
};

/* The primary composite of `first` and `second`, or 0. */
static uint32_t compose_pair(uint32_t first, uint32_t second) {
    if (first - HANGUL_L < HANGUL_L_COUNT && second - HANGUL_V < HANGUL_V_COUNT)
        return HANGUL_S + ((first - HANGUL_L) * HANGUL_V_COUNT + (second - HANGUL_V)) * HANGUL_T_COUNT;
    if (first - HANGUL_S < HANGUL_S_COUNT && (first - HANGUL_S) % HANGUL_T_COUNT == 0 && second - HANGUL_T - 1 < HANGUL_T_COUNT - 1)
        return first + (second - HANGUL_T);
    if (!(record_for((int32_t)second)->flags & COMPOSES_WITH_PREVIOUS)) return 0;
    uint64_t key = (uint64_t)first << 21 | second;
    int low = 0, high = (int)(sizeof tb_composition_keys / sizeof *tb_composition_keys) - 1;
    while (low <= high) {
        int middle = (low + high) / 2;
        if (tb_composition_keys[middle] == key) return tb_composites[middle];
        if (tb_composition_keys[middle] < key)
            low = middle + 1;
        else
            high = middle - 1;
    }
    return 0;
}

/* Canonical composition of canonically ordered, decomposed text, in place; returns the new count. */
static int compose(uint32_t *items, int count) {
    if (count < 2) return count;
    int starter = 0;
    int last_ccc = record_for((int32_t)items[0])->ccc;
    if (last_ccc != 0) {
        starter = -1; /* text that begins with a non-starter has nothing to compose with */
        last_ccc = 256;
    }
    int kept = 1;
    for (int i = 1; i < count; i++) {
        uint32_t c = items[i];
        int ccc = record_for((int32_t)c)->ccc;
        /* Not blocked: nothing between the starter and c, or only marks of a lower class. */
        if (starter >= 0 && (last_ccc < ccc || (last_ccc == 0 && kept - 1 == starter))) {
            uint32_t composite = compose_pair(items[starter], c);
            if (composite != 0) {
                items[starter] = composite;
                continue;
            }
        }
        if (ccc == 0) starter = kept;
        last_ccc = ccc;
        items[kept++] = c;
    }
    return kept;
}

/* ---------- nfkc ---------- */

static void append_bytes(char *output, int *segment_start, int *segment_end, int capacity, int *produced,
                         const char *bytes, int count, int start, int end) {
    for (int i = 0; i < count; i++, (*produced)++) {
        if (*produced < capacity) {
            output[*produced] = bytes[i];
            segment_start[*produced] = start;
            segment_end[*produced] = end;
        }
    }
}

/* ICU's fold (the tests' reference, CICUReference) converts a segment into at most 64 UTF-16
 * units and folds it into at most 256; a longer one (thousands of combining marks) is kept as
 * it is. The same limits here give the same bytes. */
enum { SEGMENT_UNITS = 64, FOLDED_UNITS = 256 };

static int utf16_units(const uint32_t *items, int count) {
    int units = 0;
    for (int i = 0; i < count; i++) units += items[i] > 0xFFFF ? 2 : 1;
    return units;
}

int tb_portable_nfkc_fold(const char *input, int length, char *output, int *segment_start, int *segment_end,
                          int capacity) {
    if (length < 0) return -1;
    const uint8_t *bytes = (const uint8_t *)input;
    int produced = 0, index = 0;
    code_points folded;
    code_points_init(&folded);
    while (index < length) {
        /* ASCII followed by ASCII (or the end) is a segment of its own that only lower-cases. */
        if (bytes[index] < 0x80 && (index + 1 == length || bytes[index + 1] < 0x80)) {
            char lowered = (char)(bytes[index] >= 'A' && bytes[index] <= 'Z' ? bytes[index] | 0x20 : bytes[index]);
            append_bytes(output, segment_start, segment_end, capacity, &produced, &lowered, 1, index, index + 1);
            index++;
            continue;
        }
        int start = index, end = index;
        int32_t first = next_code_point(bytes, &end, length);
        if (first < 0) {
            append_bytes(output, segment_start, segment_end, capacity, &produced, input + start, end - start, start,
                         end);
            index = end;
            continue;
        }
        /* A code point that folds to itself, before one that starts a segment of its own (or the
         * end): copied through (most text of a language without case). */
        if (is_nfkc_stable(first)) {
            int next = end;
            int32_t c = end < length ? next_code_point(bytes, &next, length) : -1;
            if (end == length || c < 0x80 || is_nfkc_stable(c)) {
                append_bytes(output, segment_start, segment_end, capacity, &produced, input + start, end - start,
                             start, end);
                index = end;
                continue;
            }
        }
        /* A segment runs to the next code point with a boundary before it (ASCII has one). */
        int units = first > 0xFFFF ? 2 : 1;
        while (end < length) {
            int next = end;
            int32_t c = next_code_point(bytes, &next, length);
            if (c < 0x80 || !(record_for(c)->flags & NO_NFKC_CF_BOUNDARY_BEFORE)) break;
            units += c > 0xFFFF ? 2 : 1;
            end = next;
        }
        /* A segment of one code point: its folding, from the table. */
        if (end - start == utf8_length((uint32_t)first)) {
            uint16_t offset = record_for(first)->nfkc_alone;
            if (offset == 0)
                append_bytes(output, segment_start, segment_end, capacity, &produced, input + start, end - start,
                             start, end);
            else
                append_bytes(output, segment_start, segment_end, capacity, &produced,
                             (const char *)&tb_utf8_pool[offset + 1], tb_utf8_pool[offset], start, end);
            index = end;
            continue;
        }
        if (units > SEGMENT_UNITS) {
            append_bytes(output, segment_start, segment_end, capacity, &produced, input + start, end - start, start,
                         end);
            index = end;
            continue;
        }
        folded.count = 0;
        for (int i = start; i < end;) {
            int32_t c = next_code_point(bytes, &i, end);
            if (!append_mapping(&folded, (uint32_t)c, record_for(c)->nfkc)) {
                code_points_free(&folded);
                return -1;
            }
        }
        reorder(folded.items, folded.count);
        folded.count = compose(folded.items, folded.count);
        if (utf16_units(folded.items, folded.count) > FOLDED_UNITS) {
            append_bytes(output, segment_start, segment_end, capacity, &produced, input + start, end - start, start,
                         end);
        } else {
            for (int i = 0; i < folded.count; i++) {
                char utf8[4];
                int n = write_utf8(folded.items[i], utf8);
                append_bytes(output, segment_start, segment_end, capacity, &produced, utf8, n, start, end);
            }
        }
        index = end;
    }
    code_points_free(&folded);
    return produced;
}

int tb_portable_nfkc_is_folded(const char *input, int length) {
    if (length < 0) return 0;
    const uint8_t *bytes = (const uint8_t *)input;
    int index = 0;
    while (index < length) {
        /* ASCII folds to itself but for A-Z. */
        if (bytes[index] < 0x80) {
            if ((uint8_t)(bytes[index] - 'A') < 26) return 0;
            index++;
            continue;
        }
        int32_t c = next_code_point(bytes, &index, length);
        if (c < 0 || !is_nfkc_stable(c)) return 0;
    }
    return 1;
}

/* ---------- latinascii ---------- */

/* Whether Σ at `index` ends a word (Unicode's Final_Sigma): a cased letter before it and none
 * after it, case-ignorable code points skipped on both sides, as ICU's root lower-casing reads. */
static int is_final_sigma(const uint32_t *items, int count, int index) {
    int before = 0;
    for (int i = index - 1; i >= 0; i--) {
        uint8_t flags = record_for((int32_t)items[i])->flags;
        if (flags & CASE_IGNORABLE) continue;
        before = (flags & CASED) != 0;
        break;
    }
    if (!before) return 0;
    for (int i = index + 1; i < count; i++) {
        uint8_t flags = record_for((int32_t)items[i])->flags;
        if (flags & CASE_IGNORABLE) continue;
        return !(flags & CASED);
    }
    return 1;
}

int tb_portable_latin_ascii(const char *input, int length, char *output, int capacity) {
    if (length < 0) return -1;
    const uint8_t *bytes = (const uint8_t *)input;
    /* A token made only of code points flagged LATIN_ASCII_ALONE (most tokens, in every script but
     * for Σ and marks that compose) becomes their table results side by side: one pass, the code
     * points it keeps copied a run at a time. The flag holds for a whole token only: U+0BC6 is
     * alone, yet composes with a U+0BBE after it, which is not; so at the first code point that is
     * not alone, what this pass wrote is dropped and the whole token takes the full path. */
    int produced = 0, alone = 1, kept_from = 0;
    for (int index = 0; index < length;) {
        int start = index;
        int32_t c = bytes[index] < 0x80 ? bytes[index++] : next_code_point(bytes, &index, length);
        if (c < 0) return -1;
        if (c <= 0xFFFF && (tb_latin_ascii_kept_bmp[c >> 6] >> (c & 63) & 1)) continue;
        const tb_code_point_record *record = record_for(c);
        if (!(record->flags & LATIN_ASCII_ALONE)) {
            alone = 0;
            break;
        }
        if (record->latin_ascii == 0) continue;
        int kept = start - kept_from, mapped = tb_utf8_pool[record->latin_ascii];
        if (produced + kept + mapped <= capacity) {
            memcpy(output + produced, input + kept_from, (size_t)kept);
            memcpy(output + produced + kept, &tb_utf8_pool[record->latin_ascii + 1], (size_t)mapped);
        }
        produced += kept + mapped;
        kept_from = index;
    }
    if (alone) {
        if (produced + length - kept_from <= capacity)
            memcpy(output + produced, input + kept_from, (size_t)(length - kept_from));
        return produced + length - kept_from;
    }
    code_points text, mapped;
    code_points_init(&text);
    code_points_init(&mapped);
    int result = 0;
    /* NFD; [:Nonspacing Mark:] Remove; NFC */
    for (int index = 0; index < length;) {
        int32_t c = next_code_point(bytes, &index, length);
        if (c < 0) {
            result = -1;
            goto done;
        }
        if (!append_mapping(&text, (uint32_t)c, record_for(c)->strip)) {
            result = -2;
            goto done;
        }
    }
    reorder(text.items, text.count);
    text.count = compose(text.items, text.count);
    /* Latin-ASCII, code point by code point */
    for (int i = 0; i < text.count; i++) {
        if (!append_mapping(&mapped, text.items[i], record_for((int32_t)text.items[i])->ascii)) {
            result = -2;
            goto done;
        }
    }
    /* Lower, with Σ's final form */
    text.count = 0;
    for (int i = 0; i < mapped.count; i++) {
        uint32_t c = mapped.items[i];
        int ok = c == 0x03A3 && is_final_sigma(mapped.items, mapped.count, i)
                     ? append_mapping(&text, 0x03C2, 0)
                     : append_mapping(&text, c, record_for((int32_t)c)->lower);
        if (!ok) {
            result = -2;
            goto done;
        }
    }
    for (int i = 0; i < text.count; i++) {
        int n = utf8_length(text.items[i]);
        if (result + n <= capacity) write_utf8(text.items[i], output + result);
        result += n;
    }
done:
    code_points_free(&text);
    code_points_free(&mapped);
    return result;
}
