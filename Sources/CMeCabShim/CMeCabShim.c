#include "CMeCabShim.h"
#include <mecab.h>
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

/* Where to end the piece that starts at `start`: after the last line break in the second half of
 * the window, else after the last 。, else after the last space, else before the last
 * character that starts in the window, so no character and, where possible, no word is cut. */
static int piece_end(const char *text, int length, int start) {
    if (length - start <= MAX_PIECE) return length;
    int limit = start + MAX_PIECE;
    int floor = start + MAX_PIECE / 2;
    for (int i = limit; i > floor; i--) if (text[i - 1] == '\n') return i;
    for (int i = limit; i - 3 >= floor; i--) {
        if ((unsigned char)text[i - 3] == 0xE3 && (unsigned char)text[i - 2] == 0x80 && (unsigned char)text[i - 1] == 0x82) return i;
    }
    for (int i = limit; i > floor; i--) if (text[i - 1] == ' ') return i;
    int i = limit;
    while (i > start + 1 && ((unsigned char)text[i] & 0xC0) == 0x80) i--;
    return i;
}

int tb_mecab_walk(tb_mecab *mecab, const char *text, int length, tb_morpheme_callback callback, void *context) {
    if (length <= 0 || text == NULL) return 0;
    int result = 0;
    for (int start = 0; start < length && result == 0;) {
        int end = piece_end(text, length, start);
        const char *piece = text + start;
        /* The lattice keeps a pointer to the text, not a copy: node surfaces point into it. */
        mecab_lattice_set_sentence2(mecab->lattice, piece, (size_t)(end - start));
        if (!mecab_parse_lattice(mecab->tagger, mecab->lattice)) {
            result = -1;
        } else {
            for (const mecab_node_t *node = mecab_lattice_get_bos_node(mecab->lattice); node; node = node->next) {
                if (node->stat == MECAB_BOS_NODE || node->stat == MECAB_EOS_NODE) continue;
                if (node->surface < piece || node->surface + node->length > text + end) continue;
                int surface_start = (int)(node->surface - text);
                const char *feature = node->feature ? node->feature : "";
                result = callback(context, surface_start, surface_start + (int)node->length, feature, (int)strlen(feature));
                if (result != 0) break;
            }
        }
        /* Drop the lattice's pointer to the caller's text. */
        mecab_lattice_clear(mecab->lattice);
        start = end;
    }
    return result;
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
