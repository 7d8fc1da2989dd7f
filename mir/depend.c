/* depend.c - which variables may hold a value computed from a source
 * (the parameters, for the AD levels): the least fixed point of "an
 * assignment whose right-hand side reads a source or a dependent
 * variable makes its left-hand side dependent", over the generic walker,
 * so loops (a value carried from one iteration to the next) are covered.
 * Only data flow counts: a value chosen by a branch on a parameter is
 * still a plain number on each path, which is what the AD levels need. */
#include <string.h>

#include "mir.h"

typedef struct Depend {
    MirDependSource source;
    void *ctx;
    bool *dep;
    bool hit;            /* the expression being read depends */
    bool changed;
} Depend;

static bool read_expr(MirExpr *e, void *ctx)
{
    Depend *d = ctx;
    if (d->hit)
        return false;
    if ((e->kind == MX_VAR && e->var >= 0 && d->dep[e->var])
        || d->source(e, d->ctx))
        d->hit = true;
    return !d->hit;
}

static bool depends(Depend *d, MirExpr *e)
{
    d->hit = false;
    MirVisitor v = {.expr = read_expr, .ctx = d};
    mir_visit_expr(e, &v);
    return d->hit;
}

static bool assign(MirStmt *s, void *ctx)
{
    Depend *d = ctx;
    if (s->kind == MS_ASSIGN && s->lhs.var >= 0 && !d->dep[s->lhs.var]
        && depends(d, s->rhs)) {
        d->dep[s->lhs.var] = true;
        d->changed = true;
    }
    return true;
}

void mir_depend(MirStmt *s, MirDependSource source, void *ctx, bool *dep)
{
    Depend d = {.source = source, .ctx = ctx, .dep = dep};
    MirVisitor v = {.stmt = assign, .ctx = &d};
    do {
        d.changed = false;
        mir_visit_stmt(s, &v);
    } while (d.changed);
}

bool mir_depend_expr(MirExpr *e, MirDependSource source, void *ctx,
                     const bool *dep)
{
    Depend d = {.source = source, .ctx = ctx, .dep = (bool *)dep};
    return depends(&d, e);
}
