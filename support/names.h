/* names.h - the suffixes of names: whether a function name ends in _lpdf,
 * _rng, _jacobian ..., or a file name in .stan.  One test for every layer
 * (seven private copies once disagreed on whether the suffix alone, with
 * nothing before it, counts). */
#ifndef PPL_NAMES_H
#define PPL_NAMES_H

#include <stdbool.h>

#include "arena.h"

/* Whether name is a non-empty stem followed by suffix: "normal_lpdf" has
 * the suffix "_lpdf", "_lpdf" itself does not (there is no stem).  Every
 * name of at least one character has the empty suffix. */
bool name_has_suffix(const char *name, const char *suffix);

/* Whether name is a density's unnormalized form: a stem and _lupdf or
 * _lupmf. */
bool name_is_unnormalized(const char *name);

/* The name of the definition a call of `called` calls: foo_lupdf calls
 * foo_lpdf, foo_lupmf foo_lpmf; any other name itself (not copied). */
const char *name_definition(Arena *a, const char *called);

#endif
