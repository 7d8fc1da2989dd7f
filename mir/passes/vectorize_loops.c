/* vectorize_loops.c - a loop of density increments becomes one vectorized
 * increment per statement (stanc3's newest pass):
 *
 *   for (n in lo:hi) { target += D1(a1, ..., ak); target += D2(...); }
 *     ->  if (lo <= hi) { target += D1(a1', ..., ak'); target += D2(...); }
 *
 * in log_prob, when the body holds nothing but such increments (a `~`
 * lowers to one), each D a library _lpdf/_lupdf/_lpmf/_lupmf, and lo and
 * hi linear int forms (vectorize.h: variables, literals, +, -, * by a
 * literal, size()): they have no effect and are evaluated again for the
 * guard and the slices.  A literal non-empty range needs no guard; the
 * guard keeps an empty loop from evaluating anything.  Each argument is
 *
 *   - loop-invariant: a scalar that does not read n and neither draws,
 *     prints nor touches target (the body assigns nothing else, so it has
 *     one value in every iteration); it is evaluated once;
 *   - or elementwise in n: its only uses of n are indexings x[n + c]
 *     (c a linear form without n) of a one-dimensional x (vector,
 *     row_vector, array of real or int) and gathers x[g[n + c]], combined
 *     by +, -, *, /, unary minus and elementwise library functions of one
 *     argument (exp, log, inv_logit, square, ...) whose value is real, with
 *     invariant scalars.  x[n + c] becomes x[(lo + c):(hi + c)], or x when
 *     that is x's whole range; g[n + c] likewise; in arithmetic an array
 *     becomes to_vector(...) and * / between two containers become .* ./.
 *
 * At least one argument of each increment is elementwise (a density of
 * invariants only would be added hi - lo + 1 times, not once), every
 * invariant is a scalar (a container argument of a scalar density means
 * something else once the others are vectors), and the library must have
 * a signature of D for the new argument types returning real.
 *
 * Rejections keep their class.  Every slice and gather is proved inside
 * its container (from literals, declared sizes and the declared bounds of
 * the data: g of array[N] int<lower=1, upper=J> gathers from a vector[J]),
 * so no vectorized index fails and all slices have one length.  What may
 * still fail in the vectorized form fails with a domain error (the
 * densities, an elementwise function with a domain check), as the loop's
 * iteration would; an invariant that may fail (a user function, an index)
 * is allowed only where nothing that may fail is evaluated before it, so
 * that it rejects first in both forms.
 *
 * The sum is computed in another order: the tolerance is relative.
 *
 * requires: nothing.  invalidates: the effect and AD caches. */
#include <string.h>

#include "fold.h"
#include "passes.h"
#include "sigs.h"
#include "vectorize.h"

/* One loop being vectorized. */
typedef struct Vec {
    MirProgram *p;
    Arena *a;
    VarId n;              /* the loop variable */
    VecLin lo, hi;        /* the bounds */
    bool may_have_failed; /* something evaluated so far may reject */
    bool changed;
} Vec;

static bool density(const MirExpr *e)
{
    return e->kind == MX_CALL && e->fn_kind == FNK_STANLIB
        && (name_has_suffix(e->fn, "_lpdf") || name_has_suffix(e->fn, "_lupdf")
            || name_has_suffix(e->fn, "_lpmf") || name_has_suffix(e->fn, "_lupmf"));
}

/* The elementwise library functions of one argument that map a container
 * to a container of the same shape (Stan's vectorized unary functions). */
static bool elementwise(const char *fn)
{
    static const char *const names[] = {
        "exp", "log", "log1p", "log1m", "expm1", "exp2", "log2", "log10",
        "inv_logit", "logit", "log_inv_logit", "log1m_inv_logit",
        "log1p_exp", "log1m_exp", "inv_cloglog", "square", "sqrt", "cbrt",
        "inv", "inv_sqrt", "inv_square", "fabs", "abs", "sin", "cos", "tan",
        "asin", "acos", "atan", "sinh", "cosh", "tanh", "asinh", "acosh",
        "atanh", "Phi", "Phi_approx", "inv_Phi", "erf", "erfc", "lgamma",
        "tgamma", "digamma", "trigamma",
    };
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (strcmp(names[i], fn) == 0)
            return true;
    return false;
}

static bool is_container(const Type *t)
{
    return t->kind == TY_VECTOR || t->kind == TY_ROW_VECTOR
        || t->kind == TY_ARRAY;
}

static bool real_valued(const Type *t)
{
    return t->kind == TY_REAL || t->kind == TY_VECTOR
        || t->kind == TY_ROW_VECTOR
        || (t->kind == TY_ARRAY && t->dims == 1 && t->elem->kind == TY_REAL);
}

/* A library call fn(args) typed by the signature table (NULL when no
 * signature accepts the arguments or the result is not a real or a real
 * container). */
static MirExpr *lib_call(Vec *v, const char *fn, Op op, bool prefix,
                         int nargs, MirExpr **args, Span span)
{
    const Type *types[2];
    AdLevel ads[2];
    for (int i = 0; i < nargs; i++) {
        types[i] = args[i]->type;
        ads[i] = args[i]->ad;
    }
    const Type *ret = NULL;
    int bad = -1;
    if (sig_resolve(sig_table(), v->a, fn, nargs, types, ads, &ret, &bad)
            != SIG_MATCH || !ret || !real_valued(ret))
        return NULL;
    MirExpr *e = mir_new_expr(v->a, MX_CALL, ret, span);
    e->fn_kind = FNK_STANLIB;
    e->fn = fn;
    e->op = op;
    e->prefix = prefix;
    e->args = arena_alloc(v->a, sizeof(MirExpr *) * (size_t)nargs);
    memcpy(e->args, args, sizeof(MirExpr *) * (size_t)nargs);
    e->nargs = nargs;
    e->ad = mir_expr_ad(v->p, e, AD_AUTODIFF);
    return e;
}

/* ------------------------------------------------------------- indexing */

/* The offset c when idx is n + c (c not reading n). */
static bool offset(Vec *v, const MirExpr *idx, VecLin *c)
{
    VecLin l;
    long long coef;
    if (!vec_lin(v->p, idx, &l))
        return false;
    *c = vec_lin_without(&l, v->n, &coef);
    return coef == 1 && !vec_lin_reads(c, v->n);
}

/* x[(lo + c):(hi + c)], proved inside x, or x itself when that is its
 * whole range; NULL when not proved. */
static MirExpr *slice(Vec *v, VarId x, const VecLin *c, Span span)
{
    MirProgram *p = v->p;
    VecLin size, first = v->lo, last = v->hi, over;
    long long min, max, k;
    if (!vec_lin_size(p, x, &size) || !vec_lin_add(&first, c, 1)
        || !vec_lin_add(&last, c, 1))
        return NULL;
    over = last;
    if (!vec_lin_add(&over, &size, -1))
        return NULL;
    /* first >= 1 and last <= size(x): with first <= last (the guard)
     * every index of the loop is inside x */
    if (!vec_lin_min(p, &first, &min) || min < 1
        || !vec_lin_fixed(p, &over) || !vec_lin_max(p, &over, &max)
        || max > 0)
        return NULL;
    if (vec_lin_const(&first, &k) && k == 1 && vec_lin_const(&over, &k)
        && k == 0)
        return mir_var(p, x);
    MirExpr *e = mir_new_expr(v->a, MX_INDEXED, p->vars[x].sized.type, span);
    e->args = arena_alloc(v->a, sizeof(MirExpr *));
    e->args[0] = mir_var(p, x);
    e->nargs = 1;
    e->indices = arena_alloc(v->a, sizeof(MirIndex));
    e->indices[0].kind = IDX_BETWEEN;
    e->indices[0].lo = vec_lin_expr(p, &first);
    e->indices[0].hi = vec_lin_expr(p, &last);
    e->nindices = 1;
    e->ad = e->args[0]->ad;
    return e;
}

static VarId single_var_index(const MirExpr *e, MirExpr **idx)
{
    if (e->kind != MX_INDEXED || e->nindices != 1
        || e->indices[0].kind != IDX_SINGLE || !e->indices[0].lo
        || e->args[0]->kind != MX_VAR || e->args[0]->var < 0)
        return -1;
    *idx = e->indices[0].lo;
    return e->args[0]->var;
}

/* x[n + c] as a slice, x[g[n + c]] as x[g-slice] with g's declared bounds
 * inside x; NULL otherwise. */
static MirExpr *vector_index(Vec *v, const MirExpr *e)
{
    MirProgram *p = v->p;
    MirExpr *idx, *inner;
    VecLin c, size, lower, upper, over;
    long long min, max;
    VarId x = single_var_index(e, &idx);
    if (x < 0)
        return NULL;
    if (offset(v, idx, &c))
        return slice(v, x, &c, e->span);
    VarId g = single_var_index(idx, &inner);
    if (g < 0 || !offset(v, inner, &c) || !vec_lin_size(p, x, &size)
        || !vec_int_bounds(p, g, &lower, &upper))
        return NULL;
    over = upper;
    if (!vec_lin_min(p, &lower, &min) || min < 1
        || !vec_lin_add(&over, &size, -1) || !vec_lin_max(p, &over, &max)
        || max > 0)
        return NULL;
    MirExpr *gs = slice(v, g, &c, idx->span);
    if (!gs)
        return NULL;
    MirExpr *out = mir_new_expr(v->a, MX_INDEXED, p->vars[x].sized.type,
                                e->span);
    out->args = arena_alloc(v->a, sizeof(MirExpr *));
    out->args[0] = mir_var(p, x);
    out->nargs = 1;
    out->indices = arena_alloc(v->a, sizeof(MirIndex));
    out->indices[0].kind = IDX_MULTI;
    out->indices[0].lo = gs;
    out->nindices = 1;
    out->ad = out->args[0]->ad;
    return out;
}

/* ----------------------------------------------------------- arguments */

/* An invariant scalar: kept as it is.  It is evaluated once, where the
 * loop evaluated it first. */
static MirExpr *invariant(Vec *v, MirExpr *e)
{
    if (!fold_is_scalar(e->type)
        || (mir_expr_effect(e) & (EFF_RNG | EFF_PRINTS | EFF_TARGET)))
        return NULL;
    if (fold_may_fail(e)) {
        /* the loop's first iteration evaluates it before anything of a
         * later iteration: it must reject first here too */
        if (v->may_have_failed)
            return NULL;
    }
    return e;
}

static MirExpr *vectorize_expr(Vec *v, MirExpr *e, bool arith);

static MirExpr *to_vector(Vec *v, MirExpr *e)
{
    if (e->type->kind != TY_ARRAY)
        return e;
    return lib_call(v, "to_vector", OP_NONE, false, 1, &e, e->span);
}

/* An operator or elementwise function of the elementwise expression e
 * (a real scalar in the loop), its operands vectorized. */
static MirExpr *vectorize_call(Vec *v, MirExpr *e)
{
    if (e->fn_kind != FNK_STANLIB || e->type->kind != TY_REAL
        || e->nargs < 1 || e->nargs > 2)
        return NULL;
    bool unary = e->nargs == 1;
    if (unary ? !((e->op == OP_NEG && e->prefix)
                  || (e->op == OP_NONE && elementwise(e->fn)))
              : !(e->op == OP_ADD || e->op == OP_SUB || e->op == OP_MUL
                  || e->op == OP_DIV))
        return NULL;
    MirExpr *args[2];
    for (int i = 0; i < e->nargs; i++)
        if (!(args[i] = vectorize_expr(v, e->args[i], true)))
            return NULL;
    Op op = e->op;
    if (!unary && is_container(args[0]->type)
        && is_container(args[1]->type))
        op = op == OP_MUL ? OP_EMUL : op == OP_DIV ? OP_EDIV : op;
    /* a scalar over a container is ./, as lowering writes it */
    if (!unary && op == OP_DIV && !is_container(args[0]->type)
        && is_container(args[1]->type))
        op = OP_EDIV;
    const char *fn = op == OP_NONE ? e->fn : ast_op_name(op, e->prefix);
    MirExpr *out = lib_call(v, fn, op, e->prefix, e->nargs, args, e->span);
    if (!out || !is_container(out->type)
        || (unary && out->type->kind != args[0]->type->kind))
        return NULL;
    /* elementwise, it fails where one element of the loop's would: with a
     * domain error, after its operands */
    if (e->effect & EFF_REJECTS)
        v->may_have_failed = true;
    return out;
}

/* e vectorized over the loop's range: a container holding e's value of
 * every iteration in order (arith: a vector or row vector, for
 * arithmetic), or an invariant scalar; NULL when e has another shape. */
static MirExpr *vectorize_expr(Vec *v, MirExpr *e, bool arith)
{
    if (!fold_reads(e, v->n))
        return invariant(v, e);
    MirExpr *out = NULL;
    switch (e->kind) {
    case MX_INDEXED:
        if (!fold_is_scalar(e->type) || e->type->kind == TY_COMPLEX)
            return NULL;
        out = vector_index(v, e);
        break;
    case MX_PROMOTE:
        /* int to real: to_vector of the int container */
        if (e->type->kind != TY_REAL)
            return NULL;
        out = vectorize_expr(v, e->args[0], true);
        break;
    case MX_CALL:
        out = vectorize_call(v, e);
        break;
    default:      /* n itself, a ternary, ... */
        return NULL;
    }
    if (!out || !is_container(out->type))
        return NULL;
    return arith ? to_vector(v, out) : out;
}

/* --------------------------------------------------------------- loops */

/* The increments of the loop's body, in order, into out (room for max);
 * their number, or -1 when the body holds anything else. */
static int increments(MirStmt *s, MirStmt **out, int n, int max)
{
    if (s->kind == MS_BLOCK || s->kind == MS_SLIST) {
        for (int i = 0; i < s->nstmts && n >= 0; i++)
            n = increments(s->stmts[i], out, n, max);
        return n;
    }
    if (s->kind != MS_TARGET_PE || !density(s->rhs) || n == max)
        return -1;
    out[n] = s;
    return n + 1;
}

/* The vectorized increment of one statement, or NULL. */
static MirStmt *vectorize_increment(Vec *v, MirStmt *t)
{
    MirExpr *call = t->rhs;
    int n = call->nargs;
    MirExpr **args = arena_alloc(v->a, sizeof(MirExpr *) * (size_t)(n + 1));
    const Type **types = arena_alloc(v->a, sizeof(Type *) * (size_t)(n + 1));
    AdLevel *ads = arena_alloc(v->a, sizeof(AdLevel) * (size_t)(n + 1));
    int elementwise_args = 0;
    for (int i = 0; i < n; i++) {
        if (!(args[i] = vectorize_expr(v, call->args[i], false)))
            return NULL;
        if (is_container(args[i]->type))
            elementwise_args++;
        types[i] = args[i]->type;
        ads[i] = args[i]->ad;
    }
    const Type *ret = NULL;
    int bad = -1;
    if (elementwise_args == 0
        || sig_resolve(sig_table(), v->a, call->fn, n, types, ads, &ret, &bad)
            != SIG_MATCH || !ret || ret->kind != TY_REAL)
        return NULL;
    v->may_have_failed = true;      /* the density checks its arguments */
    MirExpr *vec = mir_new_expr(v->a, MX_CALL, TY(REAL), call->span);
    *vec = *call;
    vec->args = args;
    MirStmt *inc = mir_new_stmt(v->a, MS_TARGET_PE, t->span);
    inc->rhs = vec;
    return inc;
}

#define MAX_INCREMENTS 64

static MirStmt *vectorize(MirStmt *s, void *ctx)
{
    Vec *v = ctx;
    MirProgram *p = v->p;
    if (s->kind != MS_FOR || !vec_lin(p, s->lo, &v->lo)
        || !vec_lin(p, s->hi, &v->hi))
        return s;
    long long lo, hi;
    bool literal = vec_lin_const(&v->lo, &lo) && vec_lin_const(&v->hi, &hi);
    if (literal && lo > hi)
        return s;           /* runs nothing: dce's */
    MirStmt *incs[MAX_INCREMENTS];
    int ninc = increments(s->body, incs, 0, MAX_INCREMENTS);
    if (ninc <= 0)
        return s;
    v->n = s->var;
    v->may_have_failed = false;
    MirStmt **out = arena_alloc(v->a, sizeof(MirStmt *) * (size_t)ninc);
    for (int i = 0; i < ninc; i++)
        if (!(out[i] = vectorize_increment(v, incs[i])))
            return s;
    v->changed = true;
    MirStmt *body = ninc == 1 ? out[0] : mir_block(v->a, MS_BLOCK, ninc, out);
    if (literal)
        return body;
    MirExpr *guard = mir_new_expr(v->a, MX_CALL, TY(INT), s->span);
    guard->fn_kind = FNK_STANLIB;
    guard->fn = ast_op_name(OP_LEQ, false);
    guard->op = OP_LEQ;
    guard->args = arena_alloc(v->a, sizeof(MirExpr *) * 2);
    guard->args[0] = mir_clone_expr(v->a, s->lo);
    guard->args[1] = mir_clone_expr(v->a, s->hi);
    guard->nargs = 2;
    MirStmt *g = mir_new_stmt(v->a, MS_IF, s->span);
    g->cond = guard;
    g->body = body;
    return g;
}

bool pass_vectorize_loops(MirProgram *p, PassCtx *ctx)
{
    Vec v = {.p = p, .a = ctx->a};
    MirRewriter r = {.stmt = vectorize, .ctx = &v, .p = p};
    /* only log_prob holds target increments (an _lp function's are left
     * alone: its arguments have no declared sizes to prove slices by) */
    p->log_prob = mir_rewrite_stmt(p->log_prob, &r);
    return v.changed;
}
