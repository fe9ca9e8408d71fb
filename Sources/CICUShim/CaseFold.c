#include "CICUShim.h"
#include "UTF16Transform.h"
#include <unicode/uchar.h>
#include <unicode/ustring.h>

static int32_t fold_case(const void *context, const UChar *source, int32_t length, UChar *target, int32_t capacity,
                         UErrorCode *status) {
    uint32_t options = *(const uint32_t *)context;
    return u_strFoldCase(target, capacity, source, length, options, status);
}

int tb_casefold_utf8(const char *input, int length, int turkic, char *output, int capacity) {
    uint32_t options = turkic ? U_FOLD_CASE_EXCLUDE_SPECIAL_I : U_FOLD_CASE_DEFAULT;
    return tb_transform_utf8(fold_case, &options, 0, input, length, output, capacity);
}
