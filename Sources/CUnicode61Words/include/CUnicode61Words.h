#ifndef TOKENBENCH_CUNICODE61WORDS_H
#define TOKENBENCH_CUNICODE61WORDS_H

#include <stdint.h>

/// What FTS5's unicode61 does with one code point, as learnt from a unicode61 instance itself
/// (`Unicode61WordTable` in TokenBenchTokenizers probes it): the scanner below only replays it.
enum {
    /// Ends a token, and is not part of one.
    TB_U61_SEPARATOR = 0,
    /// Starts or continues a token.
    TB_U61_TOKEN = 1,
    /// Continues a token (a diacritic), and is skipped outside one.
    TB_U61_CONTINUES = 2,
    /// Not learnt: the text around it goes to unicode61.
    TB_U61_UNKNOWN = 3,
};

/// unicode61's behaviour for the code points of the Basic Multilingual Plane, learnt a block of
/// 256 code points at a time: every entry starts as TB_U61_UNKNOWN and every block as not
/// learnt. Blocks are learnt by one thread at a time (the caller's lock) while others scan:
/// a block's entries are written before it is marked learnt, and a scan reads them only after
/// it sees the mark.
typedef struct tb_u61_table tb_u61_table;

tb_u61_table *tb_u61_table_create(void);
void tb_u61_table_free(tb_u61_table *table);
/// Records `kind` and the bytes a token char folds to (at most 4; a longer fold, or a code
/// point outside the BMP, is ignored and stays unknown).
void tb_u61_table_set(tb_u61_table *table, uint32_t code_point, int kind, const unsigned char *fold,
                      int fold_length);
/// Marks block `block` (code points block × 256 to block × 256 + 255) learnt, after its entries
/// were set.
void tb_u61_table_mark_learnt(tb_u61_table *table, int32_t block);
int tb_u61_table_is_learnt(const tb_u61_table *table, int32_t block);
/// The kind recorded for `code_point` (TB_U61_UNKNOWN outside the BMP).
int tb_u61_table_kind(const tb_u61_table *table, uint32_t code_point);

enum { TB_U61_LONG_SEGMENT = 64 };

/// One token found by `tb_u61_scan`: its byte offsets in the text, its folded bytes in the
/// scan's `folded` buffer, and whether those are all ASCII with no capital A–Z (1) or not (0):
/// a wrapper whose work on such a token is nothing (a transform to lower-case ASCII) or less
/// (no NFC to check) learns it without reading the bytes again.
typedef struct {
    int32_t start;
    int32_t end;
    int32_t folded_start;
    int32_t folded_length;
    int32_t is_lowercase_ascii;
} tb_u61_word;

/// Finds unicode61's tokens in `text` from `*position`, as `table` says unicode61 makes them, one
/// segment at a time (a segment runs between two of the bytes below 0x80 that are separators:
/// unicode61 ends every token at such a byte, and no UTF-8 sequence runs across one). Writes up
/// to `word_capacity` tokens into `words` and their folded bytes into `folded`, and returns how
/// many. It stops at one of the places below; but where the segment it would stop in has a
/// separator that is not ASCII before that place (and no stray continuation byte after it, which
/// unicode61 would read as part of it), it stops right after the last such separator instead, the
/// segment's words before it included (`*position` = there, `*other_end` = -1: call again, after
/// learning `*unlearnt_block` if it is not -1):
/// - at the end of the text (`*position` = `count`, `*other_end` = -1, `*unlearnt_block` = -1);
/// - before a segment that does not fit in what is left of the buffers (`*position` = its start,
///   `*other_end` = -1: call again);
/// - before a segment with a character of a block not learnt yet (`*position` = its start,
///   `*unlearnt_block` = the block: learn it, then call again);
/// - before a segment it cannot tokenize itself (a code point unicode61 gave no clear answer
///   for, a character outside the BMP, a byte sequence that is not well-formed UTF-8, or a
///   segment larger than the empty buffers): `*position` = its start, `*other_end` = its end,
///   for unicode61 to tokenize; or `count` when the segment runs on for `TB_U61_LONG_SEGMENT`
///   bytes or more (emoji, text that is not UTF-8: not worth reading to its end first).
int32_t tb_u61_scan(const tb_u61_table *table, const unsigned char *text, int32_t count, int32_t *position,
                    tb_u61_word *words, int32_t word_capacity, unsigned char *folded, int32_t folded_capacity,
                    int32_t *other_end, int32_t *unlearnt_block);

/// The key of a word of at most 7 bytes in `tb_u61_words_outside`'s buckets: its bytes
/// (little-endian, zero-filled) and its length in the top byte. A word of 8 bytes or more gets
/// top byte 8, which no member has.
uint64_t tb_u61_short_word_key(const unsigned char *word, int32_t length);

/// Writes into `kept` the indices of those of `words` (`count` of them, their folded bytes in
/// `folded`, which has 8 bytes to read past the last one) whose key is in no place of its bucket:
/// `buckets` holds 2^`bucket_bits` buckets of four keys (`UINT64_MAX` where empty), a key's
/// bucket being the top `bucket_bits` bits of key × 0x9E3779B97F4A7C15. Returns how many. No
/// branch depends on a word (`stopwords` runs it: whether a word of running text is a stop
/// word cannot be predicted, and a wrong guess costs more than the lookup).
int32_t tb_u61_words_outside(const tb_u61_word *words, int32_t count, const unsigned char *folded,
                             const uint64_t *buckets, int32_t bucket_bits, int32_t *kept);

#endif
