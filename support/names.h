/* names.h - the suffixes of names: whether a function name ends in _lpdf,
 * _rng, _jacobian ..., or a file name in .stan.  One test for every layer
 * (seven private copies once disagreed on whether the suffix alone, with
 * nothing before it, counts). */
#ifndef PPL_NAMES_H
#define PPL_NAMES_H

#include <stdbool.h>

/* Whether name is a non-empty stem followed by suffix: "normal_lpdf" has
 * the suffix "_lpdf", "_lpdf" itself does not (there is no stem). */
bool name_has_suffix(const char *name, const char *suffix);

#endif
