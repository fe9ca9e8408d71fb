#include "CUnicode61Words.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

enum { CODE_POINT_COUNT = 0x10000, BLOCK_COUNT = 0x100 };

/* One code point: its kind, its fold (zero-filled to four bytes, copied as one store) and
 * whether that fold is lower-case ASCII (every byte below 0x80 and none in A–Z). */
typedef struct {
    uint8_t kind;
    uint8_t fold_length;
    uint8_t fold[4];
    uint8_t fold_is_lowercase_ascii;
} entry;

struct tb_u61_table {
    /* For each byte, what an ASCII token char folds to; 0 for every other byte (a separator, a
     * byte of 0x80 or more), so that the loop over ASCII words does one load per byte. */
    uint8_t byte_fold[256];
    /* Whether some ASCII token char folds to A–Z (never for unicode61, which lower-cases them; a
     * table that said so would make the scan mark no ASCII word lower-case). */
    uint8_t ascii_folds_to_capital;
    /* Whether the ASCII token chars are exactly the letters and digits, A–Z folding to a–z: what
     * unicode61 does unless `tokenchars`, `separators` or `categories` change ASCII. The scan then
     * reads a run of ASCII eight bytes at a time (`fold_eight_ascii_bytes`). */
    uint8_t ascii_is_letters_and_digits;
    _Atomic uint8_t learnt[BLOCK_COUNT];
    entry entries[CODE_POINT_COUNT];
};

tb_u61_table *tb_u61_table_create(void) {
    tb_u61_table *table = calloc(1, sizeof *table);
    if (table == NULL) return NULL;
    for (int i = 0; i < CODE_POINT_COUNT; i++) table->entries[i].kind = TB_U61_UNKNOWN;
    return table;
}

void tb_u61_table_free(tb_u61_table *table) { free(table); }

void tb_u61_table_set(tb_u61_table *table, uint32_t code_point, int kind, const unsigned char *fold,
                      int fold_length) {
    if (code_point >= CODE_POINT_COUNT || kind < TB_U61_SEPARATOR || kind > TB_U61_UNKNOWN || fold_length < 0 ||
        fold_length > 4)
        return;
    /* The ASCII loop below copies one byte per ASCII token char and knows no other ASCII kind. */
    if (code_point < 0x80 && !(kind == TB_U61_SEPARATOR || (kind == TB_U61_TOKEN && fold_length == 1 && fold[0] != 0))) {
        kind = TB_U61_UNKNOWN;
    }
    int lowercase_ascii = 1;
    for (int i = 0; i < fold_length; i++) {
        if (fold[i] >= 0x80 || (fold[i] >= 'A' && fold[i] <= 'Z')) lowercase_ascii = 0;
    }
    if (code_point < 0x80) {
        table->byte_fold[code_point] = kind == TB_U61_TOKEN ? fold[0] : 0;
        if (kind == TB_U61_TOKEN && !lowercase_ascii) table->ascii_folds_to_capital = 1;
    }
    entry *e = &table->entries[code_point];
    e->kind = (uint8_t)kind;
    e->fold_length = (uint8_t)fold_length;
    memset(e->fold, 0, 4);
    if (fold_length > 0) memcpy(e->fold, fold, (size_t)fold_length);
    e->fold_is_lowercase_ascii = (uint8_t)lowercase_ascii;
}

static int ascii_is_letters_and_digits(const tb_u61_table *table) {
    for (int c = 0; c < 0x80; c++) {
        int expected = (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') ? c : (c >= 'A' && c <= 'Z') ? c + 0x20 : 0;
        if (table->byte_fold[c] != expected) return 0;
    }
    return 1;
}

void tb_u61_table_mark_learnt(tb_u61_table *table, int32_t block) {
    if (block == 0) table->ascii_is_letters_and_digits = (uint8_t)ascii_is_letters_and_digits(table);
    if (block >= 0 && block < BLOCK_COUNT) atomic_store_explicit(&table->learnt[block], 1, memory_order_release);
}

/* Eight bytes of text at once (little-endian: the first byte lowest): `*folded` gets each
 * letter or digit folded as unicode61 folds it (A–Z to a–z), and `*ends` the high bit of each
 * byte that is not an ASCII letter or digit (a separator, or a byte of 0x80 or more). Each range
 * test works on bytes below 0x80 with the high bit set or subtracted, so no byte borrows from
 * its neighbour. */
static inline void fold_eight_ascii_bytes(uint64_t bytes, uint64_t *folded, uint64_t *ends) {
    const uint64_t high = 0x8080808080808080ULL, ones = 0x0101010101010101ULL;
    const uint64_t low = bytes & ~high;
#define AT_LEAST(x, c) (((x) | high) - ones * (c))
#define AT_MOST(x, c) ((ones * ((c) | 0x80)) - (x))
    const uint64_t digit = AT_LEAST(low, '0') & AT_MOST(low, '9');
    const uint64_t lower = low | ones * 0x20;
    const uint64_t letter = AT_LEAST(lower, 'a') & AT_MOST(lower, 'z');
    const uint64_t capital = AT_LEAST(low, 'A') & AT_MOST(low, 'Z') & high;
#undef AT_LEAST
#undef AT_MOST
    *folded = low | capital >> 2;
    *ends = (~(digit | letter) | bytes) & high;
}

int tb_u61_table_is_learnt(const tb_u61_table *table, int32_t block) {
    return block >= 0 && block < BLOCK_COUNT &&
           atomic_load_explicit((_Atomic uint8_t *)&table->learnt[block], memory_order_acquire) != 0;
}

int tb_u61_table_kind(const tb_u61_table *table, uint32_t code_point) {
    return code_point < CODE_POINT_COUNT ? table->entries[code_point].kind : TB_U61_UNKNOWN;
}

static int is_continuation(unsigned char byte) { return (byte & 0xC0) == 0x80; }

/* Reads the character at text[i] (not ASCII) into `code_point`; returns its length in bytes, or
 * 0 when it is not a well-formed sequence of two or three bytes (four-byte characters are not
 * in the table). Overlong forms and surrogates are refused, and their segment goes to unicode61:
 * the table holds each code point under its shortest form, and unicode61 reads a surrogate as
 * U+FFFD. A
 * character followed by a stray continuation byte is a different one to unicode61, which reads
 * every continuation byte after a lead byte: the stray byte then reads as 0 here, and the whole
 * segment goes to unicode61. */
static int read_character(const unsigned char *text, int32_t count, int32_t i, uint32_t *code_point) {
    unsigned char lead = text[i];
    if (lead >= 0xC2 && lead <= 0xDF) {
        if (i + 1 >= count || !is_continuation(text[i + 1])) return 0;
        *code_point = ((uint32_t)(lead & 0x1F) << 6) | (text[i + 1] & 0x3F);
        return 2;
    }
    if (lead >= 0xE0 && lead <= 0xEF) {
        if (i + 2 >= count || !is_continuation(text[i + 1]) || !is_continuation(text[i + 2])) return 0;
        if (lead == 0xE0 && text[i + 1] < 0xA0) return 0;  /* overlong */
        if (lead == 0xED && text[i + 1] >= 0xA0) return 0; /* a surrogate */
        *code_point = ((uint32_t)(lead & 0x0F) << 12) | ((uint32_t)(text[i + 1] & 0x3F) << 6) | (text[i + 2] & 0x3F);
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
    words[word_count].is_lowercase_ascii = 1;
    return 1;
}

enum { FITS, FULL, OTHER, UNLEARNT };

int32_t tb_u61_scan(const tb_u61_table *table, const unsigned char *text, int32_t count, int32_t *position,
                    tb_u61_word *words, int32_t word_capacity, unsigned char *folded, int32_t folded_capacity,
                    int32_t *other_end, int32_t *unlearnt_block) {
    const uint8_t *byte_fold = table->byte_fold;
    int32_t i = *position;
    int32_t word_count = 0;
    int32_t folded_count = 0;
    *other_end = -1;
    *unlearnt_block = -1;
    for (;;) {
        /* A byte below 0x80 that does not fold is a separator (the table knows no other kind). */
        while (i < count && text[i] < 0x80 && byte_fold[text[i]] == 0) i++;
        if (i >= count) {
            *position = count;
            return word_count;
        }
        const int32_t segment = i;
        const int32_t words_before = word_count;
        const int32_t folded_before = folded_count;
        /* Where the scan may stop inside the segment when it cannot finish it: after its last
         * separator, with the words up to there (their folded bytes come before the rest). */
        int32_t resume = segment;
        int32_t words_at_resume = word_count;
        int in_token = 0;
        int outcome = FITS;
        while (i < count) {
            unsigned char byte = text[i];
            if (byte < 0x80) {
                if (byte_fold[byte] == 0) break;
                if (!in_token && !(in_token = start_word(words, word_count, word_capacity, i, folded_count))) {
                    outcome = FULL;
                    break;
                }
                /* A run of ASCII token chars: one byte each, folded by the table. */
                int32_t limit = i + (folded_capacity - folded_count);
                if (limit > count) limit = count;
                unsigned char *out = folded + folded_count;
                unsigned char folded_byte;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
                if (table->ascii_is_letters_and_digits) {
                    /* Eight bytes at a time while they stay within the text and the buffer; the
                     * first byte that ends the run ends it, and the loop below sees it too. */
                    while (i + 8 <= limit) {
                        uint64_t bytes, folded_bytes, ends;
                        memcpy(&bytes, text + i, 8);
                        fold_eight_ascii_bytes(bytes, &folded_bytes, &ends);
                        memcpy(out, &folded_bytes, 8);
                        if (ends != 0) {
                            const int run = __builtin_ctzll(ends) >> 3;
                            i += run;
                            out += run;
                            break;
                        }
                        i += 8;
                        out += 8;
                    }
                }
#endif
                while (i < limit && (folded_byte = byte_fold[text[i]]) != 0) {
                    *out++ = folded_byte;
                    i++;
                }
                folded_count = (int32_t)(out - folded);
                words[word_count].end = i;
                if (table->ascii_folds_to_capital) words[word_count].is_lowercase_ascii = 0;
                if (i == limit && limit < count && byte_fold[text[i]] != 0) {
                    outcome = FULL;
                    break;
                }
                continue;
            }
            uint32_t code_point = 0;
            int length = read_character(text, count, i, &code_point);
            if (length == 0) {
                outcome = OTHER;
                break;
            }
            if (!tb_u61_table_is_learnt(table, (int32_t)(code_point >> 8))) {
                *unlearnt_block = (int32_t)(code_point >> 8);
                outcome = UNLEARNT;
                break;
            }
            const entry *e = &table->entries[code_point];
            if (e->kind == TB_U61_TOKEN || (e->kind == TB_U61_CONTINUES && in_token)) {
                if (!in_token && !(in_token = start_word(words, word_count, word_capacity, i, folded_count))) {
                    outcome = FULL;
                    break;
                }
                /* Four bytes copied whatever the fold's length: one store, not a call to memcpy. */
                if (folded_count + 4 > folded_capacity) {
                    outcome = FULL;
                    break;
                }
                memcpy(folded + folded_count, e->fold, 4);
                folded_count += e->fold_length;
                i += length;
                words[word_count].end = i;
                words[word_count].is_lowercase_ascii &= e->fold_is_lowercase_ascii;
            } else if (e->kind == TB_U61_SEPARATOR || e->kind == TB_U61_CONTINUES) {
                if (in_token) {
                    words[word_count].folded_length = folded_count - words[word_count].folded_start;
                    word_count++;
                    in_token = 0;
                }
                i += length;
                /* unicode61 ends every token at a separator, and reads on from after it as this
                 * scan does, unless a stray continuation byte follows (which it reads as part of
                 * the separator's character). */
                if (e->kind == TB_U61_SEPARATOR && (i >= count || !is_continuation(text[i]))) {
                    resume = i;
                    words_at_resume = word_count;
                }
            } else {
                outcome = OTHER;
                break;
            }
        }
        if (outcome == FITS) {
            if (in_token) {
                words[word_count].folded_length = folded_count - words[word_count].folded_start;
                word_count++;
            }
            continue;
        }
        if (resume > segment) {
            /* The segment's words up to its last separator are unicode61's: stop after it. A
             * Chinese or Japanese paragraph, one segment between ASCII spaces, is longer than the
             * buffers; the rest of the segment is scanned by the next call. */
            *position = resume;
            return words_at_resume;
        }
        word_count = words_before;
        folded_count = folded_before;
        *position = segment;
        if (outcome == UNLEARNT || (outcome == FULL && words_before > 0)) return word_count;
        /* unicode61 takes the segment: it ends at the next separator below 0x80. */
        i = segment;
        while (i < count) {
            if (i - segment >= TB_U61_LONG_SEGMENT) {
                i = count;
                break;
            }
            if (text[i] < 0x80 && byte_fold[text[i]] == 0) break;
            i++;
        }
        *other_end = i;
        return word_count;
    }
}

/* Eight bytes from `word` (which has them), the first min(length, 7) kept, with the length (8
 * for any longer word) in the top byte. */
static inline uint64_t padded_word_key(const unsigned char *word, int32_t length) {
    uint64_t bytes;
    memcpy(&bytes, word, 8);
    uint64_t kept = (uint64_t)(length < 7 ? length : 7);
    uint64_t top = (uint64_t)(length < 8 ? length : 8);
    return (bytes & ((1ULL << (kept * 8)) - 1)) | top << 56;
}

uint64_t tb_u61_short_word_key(const unsigned char *word, int32_t length) {
    unsigned char padded[8] = {0};
    if (length > 0) memcpy(padded, word, (size_t)(length < 7 ? length : 7));
    return padded_word_key(padded, length);
}

/* clang's hint that a condition cannot be predicted, so that it stays a select; GCC has none. */
#if defined(__has_builtin)
#if __has_builtin(__builtin_unpredictable)
#define UNPREDICTABLE(x) __builtin_unpredictable(x)
#endif
#endif
#ifndef UNPREDICTABLE
#define UNPREDICTABLE(x) (x)
#endif

int32_t tb_u61_words_outside(const tb_u61_word *words, int32_t count, const unsigned char *folded,
                             const uint64_t *buckets, int32_t bucket_bits, int32_t *kept) {
    int32_t kept_count = 0;
    const unsigned shift = 64u - (unsigned)bucket_bits;
    for (int32_t i = 0; i < count; i++) {
        const uint64_t key = padded_word_key(folded + words[i].folded_start, words[i].folded_length);
        const uint64_t *bucket = buckets + ((key * 0x9E3779B97F4A7C15ULL) >> shift) * 4;
        const int held = (bucket[0] == key) | (bucket[1] == key) | (bucket[2] == key) | (bucket[3] == key);
        kept[kept_count] = i;
        kept_count += UNPREDICTABLE(!held);
    }
    return kept_count;
}
