/* vectorize_loops.c - a loop of one density increment becomes one
 * vectorized increment (stanc3's newest pass):
 *
 *   for (n in 1:N) target += D(a1, ..., ak);
 *     ->  if (N >= 1) target += D(a1', ..., ak');
 *
 * when the loop's body holds nothing but that statement (a `~` lowers to
 * it), D is a library _lpdf/_lupdf/_lpmf/_lupmf, and every argument is
 * either loop-invariant (it does not read n; it is evaluated once instead
 * of N times, so it must not draw, print or touch target) or exactly x[n]
 * for a variable x of one dimension declared with size N (so x[1:N] is x:
 * ai' = x), at least one argument being of the second kind (a density of
 * invariants only would be added N times, not once).  N is an int literal
 * or a data variable (its value cannot change between x's declaration
 * and the loop).  The library must have a signature of D for the new
 * argument types (the signature table, frontend/sigs.h), returning real.
 * The guard keeps an empty loop from evaluating the invariant arguments
 * (a literal N >= 1 needs none).
 *
 * The sum is computed in another order: the tolerance is relative.
 *
 * requires: nothing.  invalidates: the effect and AD caches. */
#include <string.h>

#include "passes.h"
#include "sigs.h"

typedef struct Vec {
    MirProgram *p;
    Arena *a;
    bool changed;
} Vec;

static bool ends_with(const char *s, const char *suffix)
{
    size_t n = strlen(s), m = strlen(suffix);
    return n > m && strcmp(s + n - m, suffix) == 0;
}

static bool density(const MirExpr *e)
{
    return e->kind == MX_CALL && e->fn_kind == FNK_STANLIB
        && (ends_with(e->fn, "_lpdf") || ends_with(e->fn, "_lupdf")
            || ends_with(e->fn, "_lpmf") || ends_with(e->fn, "_lupmf"));
}

typedef struct Reads {
    VarId var;
    bool found;
} Reads;

static bool find_var(MirExpr *e, void *ctx)
{
    Reads *r = ctx;
    if (e->kind == MX_VAR && e->var == r->var)
        r->found = true;
    return !r->found;
}

static bool reads(MirExpr *e, VarId v)
{
    Reads r = {v, false};
    MirVisitor vis = {.expr = find_var, .ctx = &r};
    mir_visit_expr(e, &vis);
    return r.found;
}

/* The same immutable size: equal literals, or one data variable. */
static bool same_size(const MirProgram *p, const MirExpr *x, const MirExpr *y)
{
    if (!x || !y)
        return false;
    if (x->kind == MX_INT && y->kind == MX_INT)
        return x->ival == y->ival;
    if (x->kind == MX_VAR && y->kind == MX_VAR && x->var == y->var
        && x->var >= 0) {
        MirVarKind k = p->vars[x->var].kind;
        return k == MV_DATA || k == MV_TDATA;
    }
    return false;
}

/* x when e is x[n] with x of one dimension of size hi, else NULL. */
static MirExpr *whole(const MirProgram *p, const MirExpr *e, VarId n,
                      const MirExpr *hi)
{
    if (e->kind != MX_INDEXED || e->nindices != 1
        || e->indices[0].kind != IDX_SINGLE || !e->indices[0].lo
        || e->indices[0].lo->kind != MX_VAR || e->indices[0].lo->var != n)
        return NULL;
    MirExpr *x = e->args[0];
    if (x->kind != MX_VAR || x->var < 0)
        return NULL;
    const MirSized *z = &p->vars[x->var].sized;
    TypeKind k = z->type->kind;
    if (k == TY_ARRAY && z->type->dims == 1 && z->ndims == 1
        && ty_is_scalar(z->type->elem) && z->type->elem->kind != TY_COMPLEX)
        return same_size(p, z->dims[0], hi) ? x : NULL;
    if ((k == TY_VECTOR || k == TY_ROW_VECTOR) && z->nsizes == 1)
        return same_size(p, z->size[0], hi) ? x : NULL;
    return NULL;
}

static MirStmt *only_statement(MirStmt *s)
{
    while (s && (s->kind == MS_BLOCK || s->kind == MS_SLIST)) {
        if (s->nstmts != 1)
            return NULL;
        s = s->stmts[0];
    }
    return s;
}

static MirStmt *vectorize(MirStmt *s, void *ctx)
{
    Vec *v = ctx;
    MirProgram *p = v->p;
    if (s->kind != MS_FOR || s->lo->kind != MX_INT || s->lo->ival != 1
        || !(s->hi->kind == MX_INT || same_size(p, s->hi, s->hi)))
        return s;
    MirStmt *t = only_statement(s->body);
    if (!t || t->kind != MS_TARGET_PE || !density(t->rhs))
        return s;
    MirExpr *call = t->rhs;
    int n = call->nargs;
    MirExpr **args = arena_alloc(v->a, sizeof(MirExpr *) * (size_t)(n + 1));
    const Type **types = arena_alloc(v->a, sizeof(Type *) * (size_t)(n + 1));
    AdLevel *ads = arena_alloc(v->a, sizeof(AdLevel) * (size_t)(n + 1));
    int indexed = 0;
    for (int i = 0; i < n; i++) {
        MirExpr *a = call->args[i];
        MirExpr *x = whole(p, a, s->var, s->hi);
        if (x) {
            args[i] = mir_var(p, x->var);
            indexed++;
        } else if (!reads(a, s->var)
                   && !(mir_expr_effect(a) & (EFF_RNG | EFF_PRINTS
                                              | EFF_TARGET))) {
            args[i] = a;
        } else {
            return s;
        }
        types[i] = args[i]->type;
        ads[i] = args[i]->ad;
    }
    if (indexed == 0)
        return s;
    const Type *ret = NULL;
    int bad = -1;
    if (sig_resolve(sig_table(), v->a, call->fn, n, types, ads, &ret, &bad)
            != SIG_MATCH || !ret || ret->kind != TY_REAL)
        return s;
    MirExpr *vec = mir_new_expr(v->a, MX_CALL, TY(REAL), call->span);
    *vec = *call;
    vec->args = args;
    MirStmt *inc = mir_new_stmt(v->a, MS_TARGET_PE, t->span);
    inc->rhs = vec;
    v->changed = true;
    if (s->hi->kind == MX_INT && s->hi->ival >= 1)
        return inc;
    MirExpr *guard = mir_new_expr(v->a, MX_CALL, TY(INT), s->span);
    guard->fn_kind = FNK_STANLIB;
    guard->fn = ast_op_name(OP_GEQ, false);
    guard->op = OP_GEQ;
    guard->args = arena_alloc(v->a, sizeof(MirExpr *) * 3);
    guard->args[0] = mir_clone_expr(v->a, s->hi);
    guard->args[1] = mir_int(v->a, 1);
    guard->nargs = 2;
    MirStmt *g = mir_new_stmt(v->a, MS_IF, s->span);
    g->cond = guard;
    g->body = inc;
    return g;
}

bool pass_vectorize_loops(MirProgram *p, PassCtx *ctx)
{
    Vec v = {.p = p, .a = ctx->a};
    MirRewriter r = {.stmt = vectorize, .ctx = &v, .p = p};
    mir_rewrite_program(p, &r);
    return v.changed;
}
