/* contexts.c - what the contexts of the factors (analyses.h,
 * FgraphContext) are decided from: per variable of log_prob, whether its
 * value depends on data and whether on parameters, as two bits.  The
 * values assigned count, through local variables and transformed
 * parameters; neither the conditions the assignments are under (one-step-
 * unroll's `if (N >= 1)` must change nothing), nor indices, nor loop
 * bounds.  Data, transformed data and parameters are roots: a parameter's
 * reading depends on its sizes and bounds, which may be data.
 *
 * Flow-insensitive, like vardeps.c, but two bits per variable instead of
 * a set: linear in the program (times the few rounds to the fixpoint), so
 * that the backend, which classifies every program it emits, stays linear
 * on a program of 150,000 variables (tests/hostile/fe_big_program.sh). */
#include <string.h>

#include "vardeps.h"

static unsigned var_flags(const CtxDeps *d, VarId v)
{
    switch (d->p->vars[v].kind) {
    case MV_DATA:
    case MV_TDATA:
        return CTXD_DATA;
    case MV_PARAM:
        return CTXD_PARAM;
    default:
        return d->flags[v];
    }
}

unsigned ctxd_expr(const CtxDeps *d, const MirExpr *e)
{
    unsigned f = 0;
    while (e) {
        if (e->kind == MX_VAR && e->var >= 0)
            f |= var_flags(d, e->var);
        if (e->nargs == 0)
            break;
        /* the last operand by iteration: chains of + stay shallow */
        for (int i = 0; i < e->nargs - 1; i++)
            f |= ctxd_expr(d, e->args[i]);
        e = e->args[e->nargs - 1];
    }
    return f;
}

static bool walk(CtxDeps *d, const MirStmt *s)
{
    bool changed = false;
    for (; s; s = NULL) {
        if (s->kind == MS_ASSIGN && s->lhs.var >= 0) {
            unsigned now = d->flags[s->lhs.var];
            unsigned f = now | ctxd_expr(d, s->rhs);
            if (f != now) {
                d->flags[s->lhs.var] = (unsigned char)f;
                changed = true;
            }
        }
        changed |= walk(d, s->body);
        changed |= walk(d, s->else_body);
        for (int i = 0; i < s->nstmts; i++)
            changed |= walk(d, s->stmts[i]);
    }
    return changed;
}

CtxDeps *ctxd_build(Arena *a, const MirProgram *p)
{
    CtxDeps *d = NEW(a, CtxDeps);
    d->p = p;
    d->flags = arena_alloc(a, (size_t)p->nvars + 1);
    memset(d->flags, 0, (size_t)p->nvars + 1);
    while (walk(d, p->log_prob))
        ;
    return d;
}
