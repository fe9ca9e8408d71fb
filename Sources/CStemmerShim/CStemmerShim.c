#include "CStemmerShim.h"
#include <libstemmer.h>
#include <stdlib.h>

struct tb_stemmer {
    struct sb_stemmer *snowball;
};

tb_stemmer *tb_stemmer_open(const char *algorithm) {
    struct sb_stemmer *snowball = sb_stemmer_new(algorithm, "UTF_8");
    if (snowball == NULL) return NULL;
    tb_stemmer *result = malloc(sizeof *result);
    if (result == NULL) {
        sb_stemmer_delete(snowball);
        return NULL;
    }
    result->snowball = snowball;
    return result;
}

void tb_stemmer_close(tb_stemmer *stemmer) {
    if (stemmer == NULL) return;
    sb_stemmer_delete(stemmer->snowball);
    free(stemmer);
}

int tb_stemmer_stem(tb_stemmer *stemmer, const char *word, int length, const char **stem) {
    const sb_symbol *result = sb_stemmer_stem(stemmer->snowball, (const sb_symbol *)word, length);
    if (result == NULL) return -1;
    *stem = (const char *)result;
    return sb_stemmer_length(stemmer->snowball);
}

int tb_stemmer_algorithm_count(void) {
    int count = 0;
    for (const char **name = sb_stemmer_list(); *name; name++) count++;
    return count;
}

const char *tb_stemmer_algorithm_name(int index) {
    if (index < 0 || index >= tb_stemmer_algorithm_count()) return NULL;
    return sb_stemmer_list()[index];
}
