/* sigs.h - the Stan library's function signatures.
 *
 * The table itself is data: stanlib.def lists every library function (and
 * every operator under stanc3's function name: add, elt_multiply, ...) with
 * its signatures in a small type language; this module reads it once, indexes
 * it by name and resolves calls with promotion costs. */
#ifndef PPL_SIGS_H
#define PPL_SIGS_H

#include <stdbool.h>
#include <stdio.h>

#include "arena.h"
#include "types.h"

typedef struct SigTable SigTable;

/* The process-wide table, built on first use and immutable afterwards. */
const SigTable *sig_table(void);

typedef enum SigResult {
    SIG_MATCH,        /* *ret set */
    SIG_NO_NAME,      /* no library function of that name */
    SIG_MISMATCH,     /* the name exists, no signature accepts the arguments */
    SIG_AMBIGUOUS,    /* several signatures at the same lowest cost */
    SIG_DATA_ONLY     /* matched, but an argument that must be data is not;
                         *bad_arg is its 0-based position */
} SigResult;

/* Resolve a call of library function `name` with arguments of the given
 * types and AD levels.  Function-typed arguments (higher-order functions:
 * reduce_sum, map_rect, the ODE solvers, algebra solvers, integrate_1d, ...)
 * are checked against the shape the library expects.  On SIG_MATCH *ret is
 * the return type (TY_VOID for a void function). */
SigResult sig_resolve(const SigTable *t, Arena *a, const char *name,
                      int nargs, const Type *const *args, const AdLevel *ads,
                      const Type **ret, int *bad_arg);

/* The same, knowing the AD level of each item of tuple arguments:
 * item_ads[i] is NULL or tuple argument i's item levels (a tuple expression
 * knows them; a tuple variable has one level for all).  Items of tuples
 * that must be data (tuple(data real, ...)) and tuples forwarded to a
 * function's `data` parameters (tuple(...)) are checked item by item; on
 * SIG_DATA_ONLY *bad_item (if non-NULL) is the item, or -1. */
SigResult sig_resolve_items(const SigTable *t, Arena *a, const char *name,
                            int nargs, const Type *const *args,
                            const AdLevel *ads,
                            const AdLevel *const *item_ads,
                            const Type **ret, int *bad_arg, int *bad_item);

bool sig_has_name(const SigTable *t, const char *name);

/* Whether name is a library function whose function argument takes the
 * call's further arguments (`...` or tuple(...): reduce_sum, the ODE, DAE
 * and algebraic solvers, the embedded Laplace functions).  stanc3 checks
 * these calls by hand, so a user function may not overload them. */
bool sig_is_variadic(const SigTable *t, const char *name);

/* stanc3's explanation of a mismatch: the argument types found, then up to
 * five of the closest signatures, each with the reason it does not apply,
 * then "(Additional signatures omitted)" if there were more.  Returned as an
 * arena string with no trailing newline, ready to be the body of a semantic
 * error. */
char *sig_explain_mismatch(const SigTable *t, Arena *a, const char *name,
                           int nargs, const Type *const *args);
/* The same, knowing the arguments' AD levels (NULL: all data), so that a
 * signature that fails only on a data-only argument says so. */
char *sig_explain_mismatch_ad(const SigTable *t, Arena *a, const char *name,
                              int nargs, const Type *const *args,
                              const AdLevel *ads);

/* Iterate: call fn for every (name, signature text) in table order. */
void sig_foreach(const SigTable *t,
                 void (*fn)(void *ctx, const char *name, const char *sig),
                 void *ctx);

/* Write docs/library.md: every covered function with its signatures. */
void sig_write_markdown(const SigTable *t, FILE *out);

/* One line of stanlib.def: SECTION(title) sets `section` only; SIG(name,
 * ret, args) sets the other three, in the type language documented there. */
typedef struct SigSpec {
    const char *section;
    const char *name, *ret, *args;
} SigSpec;

/* Build a table from n spec lines in the arena (sig_table() does this once
 * for stanlib.def; tests use it for small tables).  NULL with *err set to
 * a message naming the line when one does not parse. */
const SigTable *sig_table_build(Arena *a, int n, const SigSpec *specs,
                                const char **err);

#endif
