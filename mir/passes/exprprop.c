/* exprprop.c - expression propagation: after x = e, reads of x become e
 * for as long as neither x nor anything e reads is assigned again (stanc3
 * follows it with lazy code motion, which computes e once again where
 * that pays).
 *
 * Only scalar expressions with no effect are propagated: no RNG draw, no target
 * read, no print, no call of a user function (which may reject or be
 * heavy), nothing that reads the data or parameters through a compiler
 * internal.  An expression that may reject (an int overflow, an index) is
 * only ever evaluated again where x was read, after its first evaluation
 * with the same operands: if it rejects, it already has (and dce never
 * deletes the first evaluation of what may reject).
 *
 * requires: nothing (the propagation walks the structured code: prop.h)
 * invalidates: nothing beyond what mir_refresh recomputes */
#include "prop.h"

typedef struct Check {
    bool ok;
} Check;

static bool check(MirExpr *e, void *ctx)
{
    Check *c = ctx;
    /* rejecting is allowed: see above */
    if (e->kind == MX_CALL && ((e->effect & ~EFF_REJECTS) != EFF_PURE
                               || e->fn_kind != FNK_STANLIB))
        c->ok = false;
    if (e->kind == MX_VAR && e->var < 0)
        c->ok = false;   /* a function passed by name */
    return c->ok;
}

static MirExpr *expression(MirProgram *p, Arena *a, const MirVar *x,
                           MirExpr *rhs)
{
    (void)p;
    (void)a;
    /* scalars only: a container expression would be built again at every
     * use (and the backend takes some container calls only of variables,
     * e.g. to_matrix of an array) */
    if (!fold_is_scalar(x->sized.type) || !ty_equal(rhs->type, x->sized.type))
        return NULL;
    Check c = {.ok = true};
    MirVisitor v = {.expr = check, .ctx = &c};
    mir_visit_expr(rhs, &v);
    return c.ok ? rhs : NULL;
}

bool pass_exprprop(MirProgram *p, PassCtx *ctx)
{
    return prop_run(p, ctx, expression, false);
}
