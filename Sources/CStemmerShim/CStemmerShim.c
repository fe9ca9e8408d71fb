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

int tb_stemmer_has_no_stemmable_letter(const char *word, int length) {
    const unsigned char *bytes = (const unsigned char *)word;
    if (length <= 0) return 0;
    for (int index = 0; index < length; index += 3) {
        /* Every code point of these scripts is three bytes long in UTF-8. */
        if (length - index < 3 || (bytes[index] & 0xF0) != 0xE0 || (bytes[index + 1] & 0xC0) != 0x80 ||
            (bytes[index + 2] & 0xC0) != 0x80)
            return 0;
        unsigned code = ((unsigned)(bytes[index] & 0x0F) << 12) | ((unsigned)(bytes[index + 1] & 0x3F) << 6) |
                        (unsigned)(bytes[index + 2] & 0x3F);
        int known = (code >= 0x0E01 && code <= 0x0E5B)     /* Thai */
                    || (code >= 0x3041 && code <= 0x3096)  /* hiragana */
                    || (code >= 0x30A1 && code <= 0x30FA)  /* katakana */
                    || (code >= 0x3400 && code <= 0x4DBF)  /* CJK extension A */
                    || (code >= 0x4E00 && code <= 0x9FFF)  /* CJK unified ideographs */
                    || (code >= 0xAC00 && code <= 0xD7A3); /* Hangul syllables */
        if (!known) return 0;
    }
    return 1;
}
