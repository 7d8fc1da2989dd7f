/* names.c - the suffixes of names (names.h). */
#include <string.h>

#include "names.h"

bool name_has_suffix(const char *name, const char *suffix)
{
    size_t n = strlen(name), m = strlen(suffix);
    return n > m && strcmp(name + n - m, suffix) == 0;
}

bool name_is_unnormalized(const char *name)
{
    return name_has_suffix(name, "_lupdf") || name_has_suffix(name, "_lupmf");
}

const char *name_definition(Arena *a, const char *called)
{
    if (!name_is_unnormalized(called))
        return called;
    size_t n = strlen(called);
    return arena_printf(a, "%.*s_lp%cf", (int)(n - 6), called,
                        called[n - 2]);
}
