/* copyprop.c - copy propagation: after x = y (y a variable of x's type),
 * reads of x become reads of y for as long as neither is assigned again.
 * Nothing is evaluated that was not before: a read of y for a read of x.
 *
 * requires: nothing (the propagation walks the structured code: prop.h)
 * invalidates: nothing beyond what mir_refresh recomputes */
#include "prop.h"

static MirExpr *copy(MirProgram *p, Arena *a, const MirVar *x, MirExpr *rhs)
{
    (void)a;
    if (rhs->kind != MX_VAR || rhs->var < 0)
        return NULL;
    /* the same type: a copy into a real of an int stays a conversion */
    if (!ty_equal(p->vars[rhs->var].sized.type, x->sized.type))
        return NULL;
    return rhs;
}

bool pass_copyprop(MirProgram *p, PassCtx *ctx)
{
    return prop_run(p, ctx, copy, false);
}
