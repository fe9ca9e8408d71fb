#include "MeCabReferenceLoop.h"
#include <mecab.h>

/* One tagger for the benchmark process, opened in setup outside the timed region. */
static mecab_t *tagger = 0;

int tb_mecab_reference_open(void) {
    if (tagger == 0) tagger = mecab_new2("");
    return tagger ? 0 : -1;
}

long tb_mecab_reference_count(const char *bytes, const long *ends, long count) {
    long morphemes = 0;
    long start = 0;
    for (long i = 0; i < count; i++) {
        const mecab_node_t *node = mecab_sparse_tonode2(tagger, bytes + start, (size_t)(ends[i] - start));
        if (node == 0) return -1;
        for (; node; node = node->next) {
            if (node->stat != MECAB_BOS_NODE && node->stat != MECAB_EOS_NODE) morphemes++;
        }
        start = ends[i];
    }
    return morphemes;
}
