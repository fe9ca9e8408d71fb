#ifndef TOKENBENCH_MECAB_REFERENCE_LOOP_H
#define TOKENBENCH_MECAB_REFERENCE_LOOP_H

// The limit `japanese` is measured against: a plain C loop that hands each document to MeCab's
// own parser and counts the morphemes, with no FTS5, no folding and no readings. No MeCab type
// crosses this header.

/// Opens a MeCab tagger on mecabrc's dictionary; 0 on success, -1 when MeCab cannot load it.
int tb_mecab_reference_open(void);

/// Parses `count` documents stored back to back in `bytes` (document i ends at `ends[i]`) with
/// mecab_sparse_tonode2 and returns the number of morphemes, or -1 when MeCab fails.
long tb_mecab_reference_count(const char *bytes, const long *ends, long count);

#endif
