#include "CUnicode61Words.h"

#include <stdlib.h>
#include <string.h>

/* Slots 0x000–0x7FF hold U+0000–U+07FF, slots 0x800–0x8FF hold U+1E00–U+1EFF. */
enum { TWO_BYTE_LIMIT = 0x800, EXTENDED_FIRST = 0x1E00, SLOT_COUNT = 0x900 };

struct tb_u61_table {
    /* For each byte, what an ASCII token char folds to; 0 for every other byte (a separator, a
     * byte of 0x80 or more), so that the loop over ASCII words does one load per byte. */
    uint8_t byte_fold[256];
    uint8_t kind[SLOT_COUNT];
    uint8_t fold_length[SLOT_COUNT];
    uint8_t fold[SLOT_COUNT][4];
};

tb_u61_table *tb_u61_table_create(void) {
    tb_u61_table *table = calloc(1, sizeof *table);
    if (table != NULL) memset(table->kind, TB_U61_UNKNOWN, sizeof table->kind);
    return table;
}

void tb_u61_table_free(tb_u61_table *table) { free(table); }

static int slot_of(uint32_t code_point) {
    if (code_point < TWO_BYTE_LIMIT) return (int)code_point;
    if (code_point >= EXTENDED_FIRST && code_point < EXTENDED_FIRST + 0x100)
        return (int)(TWO_BYTE_LIMIT + code_point - EXTENDED_FIRST);
    return -1;
}

int tb_u61_table_covers(uint32_t code_point) { return slot_of(code_point) >= 0; }

void tb_u61_table_set(tb_u61_table *table, uint32_t code_point, int kind, const unsigned char *fold,
                      int fold_length) {
    int slot = slot_of(code_point);
    if (slot < 0 || kind < TB_U61_SEPARATOR || kind > TB_U61_UNKNOWN || fold_length < 0 || fold_length > 4) return;
    /* The ASCII loop below copies one byte per ASCII token char and knows no other ASCII kind. */
    if (code_point < 0x80 && !(kind == TB_U61_SEPARATOR || (kind == TB_U61_TOKEN && fold_length == 1 && fold[0] != 0))) {
        kind = TB_U61_UNKNOWN;
    }
    if (code_point < 0x80) table->byte_fold[code_point] = kind == TB_U61_TOKEN ? fold[0] : 0;
    table->kind[slot] = (uint8_t)kind;
    table->fold_length[slot] = (uint8_t)fold_length;
    memset(table->fold[slot], 0, 4);
    if (fold_length > 0) memcpy(table->fold[slot], fold, (size_t)fold_length);
}

static int is_continuation(unsigned char byte) { return (byte & 0xC0) == 0x80; }

/* Reads the code point at text[i] into its slot; returns its length in bytes, or 0 when the
 * table has no slot for it or the bytes are not a well-formed sequence. unicode61 reads every
 * continuation byte after a lead byte as part of one character, so a character followed by a
 * stray continuation byte is not that character to it: the stray byte then reads as 0 here, and
 * the whole segment goes to unicode61. */
static int read_slot(const unsigned char *text, int32_t count, int32_t i, int *slot) {
    unsigned char lead = text[i];
    if (lead >= 0xC2 && lead <= 0xDF) {
        if (i + 1 >= count || !is_continuation(text[i + 1])) return 0;
        *slot = ((lead & 0x1F) << 6) | (text[i + 1] & 0x3F);
        return 2;
    }
    if (lead == 0xE1) {
        if (i + 2 >= count || text[i + 1] < 0xB8 || text[i + 1] > 0xBB || !is_continuation(text[i + 2])) return 0;
        *slot = TWO_BYTE_LIMIT + (((text[i + 1] - 0xB8) << 6) | (text[i + 2] & 0x3F));
        return 3;
    }
    return 0;
}

/* Opens token number `word_count` at byte `start`; 0 when `words` is full. */
static int start_word(tb_u61_word *words, int32_t word_count, int32_t word_capacity, int32_t start,
                      int32_t folded_count) {
    if (word_count == word_capacity) return 0;
    words[word_count].start = start;
    words[word_count].folded_start = folded_count;
    return 1;
}

int32_t tb_u61_scan(const tb_u61_table *table, const unsigned char *text, int32_t count, int32_t *position,
                    tb_u61_word *words, int32_t word_capacity, unsigned char *folded, int32_t folded_capacity,
                    int32_t *other_end) {
    const uint8_t *kind = table->kind;
    int32_t i = *position;
    int32_t word_count = 0;
    int32_t folded_count = 0;
    *other_end = -1;
    for (;;) {
        while (i < count && text[i] < 0x80 && kind[text[i]] == TB_U61_SEPARATOR) i++;
        if (i >= count) {
            *position = count;
            return word_count;
        }
        const int32_t segment = i;
        const int32_t words_before = word_count;
        const int32_t folded_before = folded_count;
        int in_token = 0;
        int fits = 1;
        int known = 1;
        while (i < count) {
            unsigned char byte = text[i];
            if (byte < 0x80) {
                if (kind[byte] == TB_U61_SEPARATOR) break;
                if (kind[byte] != TB_U61_TOKEN) {
                    known = 0;
                    break;
                }
                if (!in_token && !(in_token = start_word(words, word_count, word_capacity, i, folded_count))) {
                    fits = 0;
                    break;
                }
                /* A run of ASCII token chars: one byte each, folded by the table. */
                const uint8_t *byte_fold = table->byte_fold;
                int32_t limit = i + (folded_capacity - folded_count);
                if (limit > count) limit = count;
                unsigned char *out = folded + folded_count;
                unsigned char folded_byte;
                while (i < limit && (folded_byte = byte_fold[text[i]]) != 0) {
                    *out++ = folded_byte;
                    i++;
                }
                folded_count = (int32_t)(out - folded);
                words[word_count].end = i;
                if (i == limit && limit < count && byte_fold[text[i]] != 0) {
                    fits = 0;
                    break;
                }
                continue;
            }
            int slot = 0;
            int length = read_slot(text, count, i, &slot);
            int what = length == 0 ? TB_U61_UNKNOWN : kind[slot];
            if (what == TB_U61_TOKEN || (what == TB_U61_CONTINUES && in_token)) {
                if (!in_token && !(in_token = start_word(words, word_count, word_capacity, i, folded_count))) {
                    fits = 0;
                    break;
                }
                /* Four bytes copied whatever the fold's length: one store, not a call to memcpy. */
                if (folded_count + 4 > folded_capacity) {
                    fits = 0;
                    break;
                }
                memcpy(folded + folded_count, table->fold[slot], 4);
                folded_count += table->fold_length[slot];
                i += length;
                words[word_count].end = i;
            } else if (what == TB_U61_SEPARATOR || what == TB_U61_CONTINUES) {
                if (in_token) {
                    words[word_count].folded_length = folded_count - words[word_count].folded_start;
                    word_count++;
                    in_token = 0;
                }
                i += length;
            } else {
                known = 0;
                break;
            }
        }
        if (known && fits) {
            if (in_token) {
                words[word_count].folded_length = folded_count - words[word_count].folded_start;
                word_count++;
            }
            continue;
        }
        word_count = words_before;
        folded_count = folded_before;
        *position = segment;
        if (known && words_before > 0) return word_count;
        /* unicode61 takes the segment: it ends at the next separator below 0x80. */
        i = segment;
        while (i < count) {
            if (i - segment >= TB_U61_LONG_SEGMENT) {
                i = count;
                break;
            }
            /* Eight bytes at a time over text without ASCII (Chinese, Thai…). */
            uint64_t eight;
            if (i + 8 <= count && (memcpy(&eight, text + i, 8), (eight & 0x8080808080808080ULL) == 0x8080808080808080ULL)) {
                i += 8;
                continue;
            }
            if (text[i] < 0x80 && kind[text[i]] == TB_U61_SEPARATOR) break;
            i++;
        }
        *other_end = i;
        return word_count;
    }
}
