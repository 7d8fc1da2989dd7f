/* names.c - the suffixes of names (names.h). */
#include <string.h>

#include "names.h"

bool name_has_suffix(const char *name, const char *suffix)
{
    size_t n = strlen(name), m = strlen(suffix);
    return n > m && strcmp(name + n - m, suffix) == 0;
}
