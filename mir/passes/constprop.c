/* constprop.c - constant propagation: a read of a variable that holds a
 * known constant (an int or real literal, after folding) becomes that
 * literal, and operators on constants fold (fold.c: exactly as the emitted
 * C computes them; never where the program would reject).  Decl sizes are
 * uses too: `array[n] int a` with n = 100 becomes `array[100] int a`.
 *
 * requires: nothing (the propagation walks the structured code: prop.h)
 * invalidates: nothing beyond what mir_refresh recomputes */
#include "prop.h"

static MirExpr *constant(MirProgram *p, Arena *a, const MirVar *x,
                         MirExpr *rhs)
{
    (void)p;
    FoldValue v;
    if (!fold_is_scalar(x->sized.type) || !fold_value(rhs, &v))
        return NULL;
    return fold_literal(a, v, x->sized.type);
}

bool pass_constprop(MirProgram *p, PassCtx *ctx)
{
    return prop_run(p, ctx, constant, true);
}
