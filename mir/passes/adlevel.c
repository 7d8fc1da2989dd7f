/* adlevel.c - automatic-differentiation level optimization (stanc3's):
 * every local variable of log_prob whose value cannot depend on the
 * parameters is demoted to AD_DATA, so the C backend gives it no adjoint
 * and computes it, and every expression reading it, in plain doubles (it
 * reads MirVar.ad for the storage and, after the runner's mir_refresh,
 * MirExpr.ad for the code).
 *
 * Depends on the parameters: what mir_param_dependence (depend.c) says
 * -- a parameter read, target(), a call that may touch target (an _lp
 * function's value may come from it), and any variable assigned from
 * those, to the fixed point through loops.  Demoted: locals and compiler temporaries declared in log_prob
 * of real, complex, vector or matrix type (arrays of them too); not
 * parameters or transformed parameters (the model's outputs), not
 * tuples, not function bodies (their levels follow their arguments).
 *
 * requires: the effect caches (mir_refresh).  invalidates: the AD caches
 * of expressions (the runner refreshes them). */
#include "passes.h"

typedef struct Decls {
    MirProgram *p;
    bool *local;
} Decls;

static bool collect(MirStmt *s, void *ctx)
{
    Decls *d = ctx;
    if (s->kind == MS_DECL && s->var >= 0) {
        const MirVar *v = &d->p->vars[s->var];
        const Type *t = ty_base(v->sized.type);
        d->local[s->var] = (v->kind == MV_LOCAL || v->kind == MV_INTERNAL)
            && t->kind != TY_INT && t->kind != TY_TUPLE
            && t->kind != TY_STRING && v->ad == AD_AUTODIFF;
    }
    return true;
}

bool pass_adlevel(MirProgram *p, PassCtx *ctx)
{
    if (!p->log_prob)
        return false;
    size_t n = (size_t)p->nvars + 1;
    bool *local = arena_alloc(ctx->a, n);
    Decls d = {p, local};
    MirVisitor v = {.stmt = collect, .ctx = &d};
    mir_visit_stmt(p->log_prob, &v);
    MirDepends dep = mir_param_dependence(p, ctx->a);
    bool changed = false;
    for (int i = 0; i < p->nvars; i++)
        if (local[i] && !dep.var[i]) {
            p->vars[i].ad = AD_DATA;
            changed = true;
            if (ctx->log)
                fprintf(ctx->log, "adlevel: '%s' needs no derivatives\n",
                        p->vars[i].name);
        }
    return changed;
}
