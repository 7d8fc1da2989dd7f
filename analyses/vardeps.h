/* vardeps.h - analyses/ internal: variable dependence (vardeps.c), shared
 * by the factor graph and pedantic mode. */
#ifndef PPL_VARDEPS_H
#define PPL_VARDEPS_H

#include "mir.h"

/* on[v]: the variables v's value depends on (bitsets over VarIds);
 * step[v]: those its assignments read themselves (before the closure). */
typedef struct VarDeps {
    int nvars, nwords;
    bool full;          /* indices and loop bounds count (vardeps.c) */
    bool values;        /* the conditions around assignments do not */
    DfWord **on, **step;
} VarDeps;

/* The dependence of every variable of p, in the arena a: of values and
 * if/while conditions, or (full) also of indices and loop bounds. */
VarDeps *vdep_build(Arena *a, const MirProgram *p, bool full);
/* Of the values only: neither indices and loop bounds nor the conditions
 * a variable is assigned under. */
VarDeps *vdep_build_values(Arena *a, const MirProgram *p);
/* Add the variables e reads to set (with its index expressions' when
 * indices is set). */
void vdep_expr_vars(const MirExpr *e, DfWord *set, bool indices);
/* Add the variables e reads and everything they depend on to set. */
void vdep_reach(const VarDeps *d, const MirExpr *e, DfWord *set,
                bool indices);

/* Add the variables e reads, and those they depend on through variables
 * for which stop(v) is false, to set (values only). */
void vdep_reach_until(const VarDeps *d, const MirExpr *e, DfWord *set,
                      bool (*stop)(VarId v, const void *ctx),
                      const void *ctx);

#endif
