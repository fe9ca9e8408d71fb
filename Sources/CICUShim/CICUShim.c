#include "CICUShim.h"
#include <unicode/uchar.h>
#include <unicode/uversion.h>

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
