#include "CReferenceLoop.h"

#include <sqlite3.h>
#include <stdlib.h>

struct tb_reference_loop {
    fts5_tokenizer methods;
    Fts5Tokenizer *instance;
};

static int count_token(void *context, int flags, const char *token, int token_length, int start, int end) {
    (void)flags; (void)token; (void)token_length; (void)start; (void)end;
    *(int64_t *)context += 1;
    return SQLITE_OK;
}

int tb_reference_loop_open(const void *fts5_api_pointer, const char *const *words, int word_count,
                           tb_reference_loop **out) {
    fts5_api *api = (fts5_api *)fts5_api_pointer;
    *out = NULL;
    if (api == NULL || word_count < 1) return SQLITE_MISUSE;
    tb_reference_loop *loop = calloc(1, sizeof *loop);
    if (loop == NULL) return SQLITE_NOMEM;
    void *user_data = NULL;
    int rc = api->xFindTokenizer(api, words[0], &user_data, &loop->methods);
    if (rc == SQLITE_OK) {
        rc = loop->methods.xCreate(user_data, (const char **)(words + 1), word_count - 1, &loop->instance);
    }
    if (rc != SQLITE_OK) {
        free(loop);
        return rc;
    }
    *out = loop;
    return SQLITE_OK;
}

int tb_reference_loop_run(tb_reference_loop *loop, int flags, const char *text,
                          const intptr_t *ends, intptr_t document_count, int64_t *token_count) {
    intptr_t start = 0;
    for (intptr_t i = 0; i < document_count; i++) {
        int rc = loop->methods.xTokenize(loop->instance, token_count, flags, text + start,
                                         (int)(ends[i] - start), count_token);
        if (rc != SQLITE_OK) return rc;
        start = ends[i];
    }
    return SQLITE_OK;
}

void tb_reference_loop_close(tb_reference_loop *loop) {
    if (loop == NULL) return;
    if (loop->instance != NULL) loop->methods.xDelete(loop->instance);
    free(loop);
}
