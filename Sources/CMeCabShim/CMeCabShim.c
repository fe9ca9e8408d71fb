#include "CMeCabShim.h"
#include <mecab.h>
#include <stdint.h>
#include <stdio.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

struct tb_mecab {
    mecab_t *tagger;
    mecab_lattice_t *lattice;
};

/* Loaded models, one per dictionary directory, kept for the life of the process: loading maps
 * the dictionary files, and a tokenizer instance is created per FTS5 table and per connection. */
typedef struct loaded_model {
    char *dicdir;
    mecab_model_t *model;
    struct loaded_model *next;
} loaded_model;

static loaded_model *loaded_models = NULL;
static pthread_mutex_t loaded_models_lock = PTHREAD_MUTEX_INITIALIZER;

static void copy_error(const char *message, char *error, int error_capacity) {
    if (error_capacity <= 0) return;
    strncpy(error, message ? message : "unknown MeCab error", (size_t)error_capacity - 1);
    error[error_capacity - 1] = 0;
}

/* The model for `dicdir` ("" for mecabrc's), loaded on first use. Called with the lock held. */
static mecab_model_t *model_for(const char *dicdir, char *error, int error_capacity) {
    for (loaded_model *entry = loaded_models; entry; entry = entry->next) {
        if (strcmp(entry->dicdir, dicdir) == 0) return entry->model;
    }
    mecab_model_t *model;
    if (dicdir[0] == 0) {
        char *argv[] = {"mecab", NULL};
        model = mecab_model_new(1, argv);
    } else {
        /* An explicit dictionary needs no configuration file: /dev/null stands in for mecabrc.
         * Arguments go as argv, so a path with spaces stays one argument. */
        char *argv[] = {"mecab", "-r", "/dev/null", "-d", (char *)dicdir, NULL};
        model = mecab_model_new(5, argv);
    }
    if (model == NULL) {
        copy_error(mecab_strerror(NULL), error, error_capacity);
        return NULL;
    }
    loaded_model *entry = malloc(sizeof *entry);
    char *key = strdup(dicdir);
    if (entry == NULL || key == NULL) {
        free(entry);
        free(key);
        mecab_model_destroy(model);
        copy_error("out of memory", error, error_capacity);
        return NULL;
    }
    entry->dicdir = key;
    entry->model = model;
    entry->next = loaded_models;
    loaded_models = entry;
    return model;
}

tb_mecab *tb_mecab_open(const char *dicdir, char *error, int error_capacity) {
    pthread_mutex_lock(&loaded_models_lock);
    mecab_model_t *model = model_for(dicdir ? dicdir : "", error, error_capacity);
    pthread_mutex_unlock(&loaded_models_lock);
    if (model == NULL) return NULL;
    tb_mecab *result = calloc(1, sizeof *result);
    if (result == NULL) {
        copy_error("out of memory", error, error_capacity);
        return NULL;
    }
    result->tagger = mecab_model_new_tagger(model);
    result->lattice = mecab_model_new_lattice(model);
    if (result->tagger == NULL || result->lattice == NULL) {
        copy_error(mecab_strerror(NULL), error, error_capacity);
        tb_mecab_close(result);
        return NULL;
    }
    return result;
}

void tb_mecab_close(tb_mecab *mecab) {
    if (mecab == NULL) return;
    if (mecab->lattice) mecab_lattice_destroy(mecab->lattice);
    if (mecab->tagger) mecab_destroy(mecab->tagger);
    free(mecab);
}

/* MeCab refuses a sentence it finds too long ("too long sentence.", seen on 1 MB of text), and
 * its node lengths are 16-bit: long text is parsed in pieces of at most this many bytes. */
enum { MAX_PIECE = 32768 };

/* MeCab's time grows with the square of a run of characters it groups into one unknown word
 * (letters, digits, katakana…): at each position it scans to the end of the run. 1 MB of "a" did
 * not finish in two minutes. A run of one character class longer than this is cut. */
enum { MAX_RUN = 256 };

static int is_space(unsigned char byte) {
    return byte == ' ' || byte == '\t' || byte == '\n' || byte == '\r' || byte == '\v' || byte == '\f';
}

/* A coarse character class for the run limit, close to MeCab's char.def categories: ASCII
 * letters and digits, other ASCII, two-byte scripts (Latin, Greek, Cyrillic…), hiragana,
 * katakana, CJK ideographs, other three-byte characters, four-byte characters; 0 for white
 * space, which ends every run. `*length` gets the character's length in bytes. */
static int character_class(const unsigned char *bytes, int available, int *length) {
    unsigned char lead = bytes[0];
    if (lead < 0x80) {
        *length = 1;
        if (is_space(lead)) return 0;
        return ((lead | 0x20) >= 'a' && (lead | 0x20) <= 'z') || (lead >= '0' && lead <= '9') ? 1 : 2;
    }
    int size = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1;
    *length = size <= available ? size : 1;
    if (size == 2) return 3;
    if (size == 4) return 8;
    if (size != 3 || available < 3) return 9;
    unsigned code = ((unsigned)(lead & 0x0F) << 12) | ((unsigned)(bytes[1] & 0x3F) << 6) | (unsigned)(bytes[2] & 0x3F);
    if (code >= 0x3040 && code <= 0x309F) return 4;
    if ((code >= 0x30A0 && code <= 0x30FF) || (code >= 0x31F0 && code <= 0x31FF) || (code >= 0xFF66 && code <= 0xFF9F)) return 5;
    if (code >= 0x4E00 && code <= 0x9FFF) return 6;
    return 7;
}

/* `index` moved back to the start of the UTF-8 character it is in (never before `floor`). */
static int character_start(const char *text, int index, int floor) {
    while (index > floor && ((unsigned char)text[index] & 0xC0) == 0x80) index--;
    return index;
}

/* Where to end the piece that starts at `start`. First, no piece holds a run of one character
 * class longer than MAX_RUN bytes: such a run is cut after MAX_RUN bytes (at a character
 * boundary). Otherwise, in a window of MAX_PIECE bytes: after the last line break in its second
 * half, else after the last 。, else before the last space, else before the last character that
 * starts in the window. */
static int piece_end(const char *text, int length, int start) {
    int window_end = length - start <= MAX_PIECE ? length : start + MAX_PIECE;
    const unsigned char *bytes = (const unsigned char *)text;
    int run_start = start, run_class = -1;
    for (int i = start; i < window_end;) {
        int size;
        int class = character_class(bytes + i, length - i, &size);
        if (class != run_class || class == 0) {
            run_start = i;
            run_class = class;
        } else if (i + size - run_start > MAX_RUN) {
            return i > start ? i : i + size;
        }
        i += size;
    }
    if (window_end == length) return length;
    int limit = window_end;
    int floor = start + MAX_PIECE / 2;
    for (int i = limit; i > floor; i--) if (text[i - 1] == '\n') return i;
    for (int i = limit; i - 3 >= floor; i--) {
        if (bytes[i - 3] == 0xE3 && bytes[i - 2] == 0x80 && bytes[i - 1] == 0x82) return i;
    }
    for (int i = limit; i > floor; i--) if (text[i - 1] == ' ') return i - 1;
    int cut = character_start(text, limit, start + 1);
    return cut > start ? cut : limit;
}

/* The end of text[start..<end] without its trailing white space. MeCab overruns its lattice on a
 * sentence that ends in white space: parsing the text of a long document in pieces that ended
 * with a space corrupted the heap (seen on 600 kB of space-separated words), and a piece without
 * it parses the same, since white space makes no morpheme. */
static int trim_trailing_space(const char *text, int start, int end) {
    while (end > start) {
        unsigned char last = (unsigned char)text[end - 1];
        if (last == ' ' || last == '\t' || last == '\n' || last == '\r' || last == '\v' || last == '\f') {
            end--;
        } else if (end - start >= 3 && last == 0x80 && (unsigned char)text[end - 2] == 0x80 && (unsigned char)text[end - 3] == 0xE3) {
            end -= 3; /* U+3000 IDEOGRAPHIC SPACE */
        } else {
            break;
        }
    }
    return end;
}

/* Parses the text piece by piece; reports each morpheme to `callback`, or only counts them into
 * `*count` when `callback` is NULL (the limit loop: MeCab's own work and nothing else). */
static int walk_pieces(tb_mecab *mecab, const char *text, int length, tb_morpheme_callback callback, void *context,
                       int64_t *count) {
    if (length <= 0 || text == NULL) return 0;
    int result = 0;
    for (int start = 0; start < length && result == 0;) {
        int end = piece_end(text, length, start);
        int parsed_end = trim_trailing_space(text, start, end);
        const char *piece = text + start;
        if (parsed_end == start) {
            start = end;
            continue;
        }
        /* The lattice keeps a pointer to the text, not a copy: node surfaces point into it. */
        mecab_lattice_set_sentence2(mecab->lattice, piece, (size_t)(parsed_end - start));
        if (!mecab_parse_lattice(mecab->tagger, mecab->lattice)) {
            result = -1;
        } else {
            for (const mecab_node_t *node = mecab_lattice_get_bos_node(mecab->lattice); node; node = node->next) {
                if (node->stat == MECAB_BOS_NODE || node->stat == MECAB_EOS_NODE) continue;
                if (node->surface < piece || node->surface + node->length > text + parsed_end) continue;
                if (callback == NULL) {
                    (*count)++;
                    continue;
                }
                int surface_start = (int)(node->surface - text);
                /* The feature lies in the dictionary's mapping, which lives as long as the model. */
                result = callback(context, surface_start, surface_start + (int)node->length,
                                  node->feature ? node->feature : "");
                if (result != 0) break;
            }
        }
        /* Drop the lattice's pointer to the caller's text. */
        mecab_lattice_clear(mecab->lattice);
        start = end;
    }
    return result;
}

int tb_mecab_walk(tb_mecab *mecab, const char *text, int length, tb_morpheme_callback callback, void *context) {
    if (callback == NULL) return -1;
    return walk_pieces(mecab, text, length, callback, context, NULL);
}

int tb_mecab_count_morphemes(tb_mecab *mecab, const char *text, int length, int64_t *count) {
    return walk_pieces(mecab, text, length, NULL, NULL, count);
}

void tb_mecab_describe_dictionary(tb_mecab *mecab, char *buffer, int capacity) {
    if (capacity <= 0) return;
    const mecab_dictionary_info_t *info = mecab_dictionary_info(mecab->tagger);
    while (info && info->type != MECAB_SYS_DIC) info = info->next;
    if (info == NULL) {
        buffer[0] = 0;
        return;
    }
    snprintf(buffer, (size_t)capacity, "%s (version %u, %s)", info->filename, info->version, info->charset);
}

const char *tb_mecab_version(void) { return mecab_version(); }
