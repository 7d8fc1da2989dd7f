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
    DfWord **on, **step;
} VarDeps;

/* The dependence of every variable of p, in the arena a: of values and
 * if/while conditions, or (full) also of indices and loop bounds. */
VarDeps *vdep_build(Arena *a, const MirProgram *p, bool full);
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

/* contexts.c: whether each variable of log_prob depends on data
 * (CTXD_DATA) and on parameters (CTXD_PARAM), through the values assigned
 * only; linear in the program. */
enum { CTXD_DATA = 1, CTXD_PARAM = 2 };
typedef struct CtxDeps {
    const MirProgram *p;
    unsigned char *flags;   /* per VarId */
} CtxDeps;
CtxDeps *ctxd_build(Arena *a, const MirProgram *p);
/* The bits of what e reads (values, not indices). */
unsigned ctxd_expr(const CtxDeps *d, const MirExpr *e);

#endif
