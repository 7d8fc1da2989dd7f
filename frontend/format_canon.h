/* format_canon.h - the rewrites of --canonicalize=deprecations that change
 * what --auto-format prints (internal to frontend/format*.c). */
#ifndef PPL_FORMAT_CANON_H
#define PPL_FORMAT_CANON_H

#include <stdbool.h>

#include "arena.h"
#include "frontend.h"

/* The items of a functions block without the forward declarations of
 * functions the block defines with the same signature; *out is allocated
 * in a.  Returns how many items are kept. */
int fmt_without_forward_decls(Arena *a, Stmt *const *items, int n,
                              Stmt ***out);

/* e where a condition or an operand of !, && or || is expected: a real e
 * compared with 0.0, in parentheses when `parens`; other expressions are
 * returned as they are.  New nodes are allocated in a. */
const Expr *fmt_real_as_condition(Arena *a, const Expr *e, bool parens);

#endif
