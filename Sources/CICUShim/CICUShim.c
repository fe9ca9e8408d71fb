#include "CICUShim.h"
#include <unicode/uchar.h>
#include <unicode/uscript.h>
#include <unicode/uversion.h>
#include <string.h>

static void write_version(const UVersionInfo info, char *buffer, int capacity) {
    if (capacity < U_MAX_VERSION_STRING_LENGTH) {
        if (capacity > 0) buffer[0] = 0;
        return;
    }
    u_versionToString(info, buffer);
}

void tb_icu_version(char *buffer, int capacity) {
    UVersionInfo info;
    u_getVersion(info);
    write_version(info, buffer, capacity);
}

void tb_icu_unicode_version(char *buffer, int capacity) {
    UVersionInfo info;
    u_getUnicodeVersion(info);
    write_version(info, buffer, capacity);
}

int tb_script_name(int codepoint, char *buffer, int capacity) {
    UErrorCode status = U_ZERO_ERROR;
    UScriptCode script = uscript_getScript((UChar32)codepoint, &status);
    if (U_FAILURE(status)) return -1;
    const char *name = uscript_getName(script);
    if (name == NULL) return -1;
    int length = (int)strlen(name);
    if (length + 1 > capacity) return -1;
    memcpy(buffer, name, (size_t)length + 1);
    return length;
}
