/* effects.c - what a call may do besides computing its value, from one
 * table: compiler internals by mir.def, library functions by their names'
 * suffixes (Reference Manual: _rng draws from the RNG, _lp touches target;
 * every other library function is pure apart from rejecting its bad
 * arguments, which the passes treat as part of evaluating the value). */
#include <string.h>

#include "mir.h"

static const struct {
    const char *name;
    MirEffect effect;
} internals[] = {
#define INTERNAL(k, s, e) [k] = {s, e},
#include "mir.def"
#undef INTERNAL
};

MirEffect mir_internal_effect(MirInternal fn)
{
    return internals[fn].effect;
}

const char *mir_internal_name(MirInternal fn)
{
    return internals[fn].name;
}

static bool ends_with(const char *s, const char *suffix)
{
    size_t n = strlen(s), m = strlen(suffix);
    return n > m && strcmp(s + n - m, suffix) == 0;
}

MirEffect mir_library_effect(const char *name)
{
    if (ends_with(name, "_rng"))
        return EFF_RNG;
    if (ends_with(name, "_lp") || strcmp(name, "target") == 0)
        return EFF_TARGET;
    return EFF_PURE;
}
