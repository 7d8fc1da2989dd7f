/* partial_eval.c - partial evaluation: constant operators fold (fold.c,
 * exactly as the emitted C computes them), and library expressions become
 * faster or numerically better forms with the same value: log(1 - x) ->
 * log1m(x), log(1 + exp(x)) -> log1p_exp(x), x * y + z -> fma(x, y, z),
 * the GLM forms of a density at a linear predictor (bernoulli_logit(y |
 * X * beta + alpha) -> bernoulli_logit_glm(y | X, alpha, beta), as
 * stanc3 fuses them), ... one row of pe_rules each (partial_eval.h).
 *
 * Every row is checked numerically over random arguments and the domain
 * edges (tests/unit/test_partial_eval.c): where the original is finite the
 * two sides agree within the pass's tolerance (passes.def), where the
 * original overflows the replacement is the exact value, and the two sides
 * reject (and give NaN) at the same arguments.  A row applies only when
 * every operator it matches computes in real (an int operator rejects on
 * overflow: fusing it would hide that), every hole is a scalar, its domain
 * condition is proved, and the library has the replacement's signature for
 * the argument types with the original's result type (sig_resolve).
 *
 * requires: nothing
 * invalidates: nothing beyond what mir_refresh recomputes */
#include <math.h>
#include <string.h>

#include "fold.h"
#include "partial_eval.h"
#include "passes.h"
#include "sigs.h"

/* ------------------------------------------------------------ the rules */

#define HOLE(n) (&(const PePattern){.kind = PE_HOLE, .hole = (n)})
#define HOLE_OF(n, s) (&(const PePattern){.kind = PE_HOLE, .hole = (n), \
                                           .shape = (s)})
#define LIT(v) (&(const PePattern){.kind = PE_LIT, .lit = (v)})
#define CALL1(f, a) (&(const PePattern){.kind = PE_CALL, .fn = (f), \
                                        .args = {(a)}, .nargs = 1})
#define CALL2(f, a, b) (&(const PePattern){.kind = PE_CALL, .fn = (f), \
                                           .args = {(a), (b)}, .nargs = 2})
#define CALL3(f, a, b, c) (&(const PePattern){.kind = PE_CALL, .fn = (f), \
                                              .args = {(a), (b), (c)}, \
                                              .nargs = 3})

/* The GLMs (stanc3's Partial_evaluator): a density of the outcome y (hole
 * 0) at the linear predictor X * beta + alpha (matrix X: hole 1, vector
 * beta: hole 2, scalar alpha: hole 3, either order, or no alpha) becomes
 * the GLM, which forms the predictor one row at a time (likewise
 * neg_binomial_2_log, and ordered_logistic at X * beta).  The sizes reject
 * alike (X * beta: beta's size is X's columns, as the GLM checks; an
 * outcome of size 1, or a predictor of size 1 from a one-row X, is
 * broadcast by both), a vector alpha is not fused (the GLM broadcasts one
 * of size 1, the addition rejects it), and the finiteness condition is
 * PE_FINITE_PREDICTOR's. */
#define GLM_XB CALL2("multiply", HOLE_OF(1, PS_MATRIX), HOLE_OF(2, PS_VECTOR))
#define GLM_Y HOLE_OF(0, PS_ANY)
#define GLM_ROWS2(d, g)                                                     \
    {d "(y | X * beta + alpha) -> " g "(y | X, alpha, beta)",               \
     CALL2(d, GLM_Y, CALL2("add", GLM_XB, HOLE(3))),                        \
     g, 4, {0, 1, 3, 2}, PE_FINITE_PREDICTOR},                              \
    {d "(y | alpha + X * beta) -> " g "(y | X, alpha, beta)",               \
     CALL2(d, GLM_Y, CALL2("add", HOLE(3), GLM_XB)),                        \
     g, 4, {0, 1, 3, 2}, PE_FINITE_PREDICTOR},                              \
    {d "(y | X * beta) -> " g "(y | X, 0, beta)",                           \
     CALL2(d, GLM_Y, GLM_XB),                                               \
     g, 4, {0, 1, PE_ZERO, 2}, PE_FINITE_PREDICTOR}
#define GLM_ROWS3(d, g, s, dom)                                             \
    {d "(y | X * beta + alpha, " s ") -> " g "(y | X, alpha, beta, " s ")", \
     CALL3(d, GLM_Y, CALL2("add", GLM_XB, HOLE(3)), HOLE(4)),               \
     g, 5, {0, 1, 3, 2, 4}, dom},                                           \
    {d "(y | alpha + X * beta, " s ") -> " g "(y | X, alpha, beta, " s ")", \
     CALL3(d, GLM_Y, CALL2("add", HOLE(3), GLM_XB), HOLE(4)),               \
     g, 5, {0, 1, 3, 2, 4}, dom},                                           \
    {d "(y | X * beta, " s ") -> " g "(y | X, 0, beta, " s ")",             \
     CALL3(d, GLM_Y, GLM_XB, HOLE(4)),                                      \
     g, 5, {0, 1, PE_ZERO, 2, 4}, dom}
/* ordered_logistic has no intercept (the cutpoints c, hole 4, are) */
#define GLM_ROW_ORDERED(d, g)                                               \
    {d "(y | X * beta, c) -> " g "(y | X, beta, c)",                        \
     CALL3(d, GLM_Y, GLM_XB, HOLE_OF(4, PS_VECTOR)),                        \
     g, 4, {0, 1, 2, 4}, PE_FINITE_PREDICTOR}

const PeRule pe_rules[] = {
    {"log(1 - inv_logit(x)) -> log1m_inv_logit(x)",
     CALL1("log", CALL2("subtract", LIT(1), CALL1("inv_logit", HOLE(0)))),
     "log1m_inv_logit", 1, {0}, PE_ANY},
    {"log(inv_logit(x)) -> log_inv_logit(x)",
     CALL1("log", CALL1("inv_logit", HOLE(0))),
     "log_inv_logit", 1, {0}, PE_ANY},
    {"log(1 + exp(x)) -> log1p_exp(x)",
     CALL1("log", CALL2("add", LIT(1), CALL1("exp", HOLE(0)))),
     "log1p_exp", 1, {0}, PE_ANY},
    {"log(exp(x) + 1) -> log1p_exp(x)",
     CALL1("log", CALL2("add", CALL1("exp", HOLE(0)), LIT(1))),
     "log1p_exp", 1, {0}, PE_ANY},
    {"log(1 - exp(x)) -> log1m_exp(x)",
     CALL1("log", CALL2("subtract", LIT(1), CALL1("exp", HOLE(0)))),
     "log1m_exp", 1, {0}, PE_AT_MOST_0},
    {"log(exp(x) + exp(y)) -> log_sum_exp(x, y)",
     CALL1("log", CALL2("add", CALL1("exp", HOLE(0)), CALL1("exp", HOLE(1)))),
     "log_sum_exp", 2, {0, 1}, PE_ANY},
    {"log(1 - x) -> log1m(x)",
     CALL1("log", CALL2("subtract", LIT(1), HOLE(0))),
     "log1m", 1, {0}, PE_AT_MOST_1},
    {"log(1 + x) -> log1p(x)",
     CALL1("log", CALL2("add", LIT(1), HOLE(0))),
     "log1p", 1, {0}, PE_AT_LEAST_M1},
    {"log(x + 1) -> log1p(x)",
     CALL1("log", CALL2("add", HOLE(0), LIT(1))),
     "log1p", 1, {0}, PE_AT_LEAST_M1},
    {"exp(x) - 1 -> expm1(x)",
     CALL2("subtract", CALL1("exp", HOLE(0)), LIT(1)),
     "expm1", 1, {0}, PE_ANY},
    /* the logit and log parameterizations of the discrete densities (not
     * binomial_logit: it rejects an infinite x, where binomial of
     * inv_logit(x) does not -- test_partial_eval shows it) */
    {"bernoulli_lpmf(n | inv_logit(x)) -> bernoulli_logit_lpmf(n | x)",
     CALL2("bernoulli_lpmf", HOLE(0), CALL1("inv_logit", HOLE(1))),
     "bernoulli_logit_lpmf", 2, {0, 1}, PE_ANY},
    {"bernoulli_lupmf(n | inv_logit(x)) -> bernoulli_logit_lupmf(n | x)",
     CALL2("bernoulli_lupmf", HOLE(0), CALL1("inv_logit", HOLE(1))),
     "bernoulli_logit_lupmf", 2, {0, 1}, PE_ANY},
    {"poisson_lpmf(n | exp(x)) -> poisson_log_lpmf(n | x)",
     CALL2("poisson_lpmf", HOLE(0), CALL1("exp", HOLE(1))),
     "poisson_log_lpmf", 2, {0, 1}, PE_ANY},
    {"poisson_lupmf(n | exp(x)) -> poisson_log_lupmf(n | x)",
     CALL2("poisson_lupmf", HOLE(0), CALL1("exp", HOLE(1))),
     "poisson_log_lupmf", 2, {0, 1}, PE_ANY},
    {"x * y + z -> fma(x, y, z)",
     CALL2("add", CALL2("multiply", HOLE(0), HOLE(1)), HOLE(2)),
     "fma", 3, {0, 1, 2}, PE_ANY},
    {"z + x * y -> fma(x, y, z)",
     CALL2("add", HOLE(2), CALL2("multiply", HOLE(0), HOLE(1))),
     "fma", 3, {0, 1, 2}, PE_ANY},
    GLM_ROWS2("bernoulli_logit_lpmf", "bernoulli_logit_glm_lpmf"),
    GLM_ROWS2("bernoulli_logit_lupmf", "bernoulli_logit_glm_lupmf"),
    GLM_ROWS2("poisson_log_lpmf", "poisson_log_glm_lpmf"),
    GLM_ROWS2("poisson_log_lupmf", "poisson_log_glm_lupmf"),
    GLM_ROWS3("normal_lpdf", "normal_id_glm_lpdf", "sigma",
              PE_FINITE_PREDICTOR_NORMAL),
    GLM_ROWS3("normal_lupdf", "normal_id_glm_lupdf", "sigma",
              PE_FINITE_PREDICTOR_NORMAL),
    /* the precision is checked alike (positive, finite) by both */
    GLM_ROWS3("neg_binomial_2_log_lpmf", "neg_binomial_2_log_glm_lpmf", "phi",
              PE_FINITE_PREDICTOR),
    GLM_ROWS3("neg_binomial_2_log_lupmf", "neg_binomial_2_log_glm_lupmf",
              "phi", PE_FINITE_PREDICTOR),
    GLM_ROW_ORDERED("ordered_logistic_lpmf", "ordered_logistic_glm_lpmf"),
    GLM_ROW_ORDERED("ordered_logistic_lupmf", "ordered_logistic_glm_lupmf"),
    {NULL, NULL, NULL, 0, {0}, PE_ANY}
};

/* ------------------------------------------------------------- matching */

static bool shape_matches(PeShape s, const Type *t)
{
    switch (s) {
    case PS_SCALAR: return fold_is_scalar(t);
    case PS_MATRIX: return t && t->kind == TY_MATRIX;
    case PS_VECTOR: return t && t->kind == TY_VECTOR;
    case PS_ANY: return t != NULL;
    }
    return false;
}

static bool match(const PePattern *pat, MirExpr *e, MirExpr **holes)
{
    switch (pat->kind) {
    case PE_HOLE:
        if (!shape_matches(pat->shape, e->type))
            return false;
        if (holes[pat->hole])
            return false;    /* every hole appears once in a pattern */
        holes[pat->hole] = e;
        return true;
    case PE_LIT: {
        FoldValue v;
        if (!fold_value(e, &v))
            return false;
        return (v.is_int ? (double)v.i : v.r) == pat->lit;
    }
    case PE_CALL:
        /* real operators only (an int one rejects on overflow): of real
         * or vector result */
        if (e->kind != MX_CALL || e->fn_kind != FNK_STANLIB
            || e->nargs != pat->nargs || strcmp(e->fn, pat->fn) != 0
            || !e->type
            || (e->type->kind != TY_REAL && e->type->kind != TY_VECTOR))
            return false;
        for (int i = 0; i < pat->nargs; i++)
            if (!match(pat->args[i], e->args[i], holes))
                return false;
        return true;
    }
    return false;
}

/* ---------------------------------------------------------------- ranges */

typedef struct Range {
    double lo, hi;
} Range;

static Range bound_value(const MirExpr *e, double otherwise)
{
    FoldValue v;
    if (e && fold_value(e, &v)) {
        double x = v.is_int ? (double)v.i : v.r;
        return (Range){x, x};
    }
    return (Range){otherwise, otherwise};
}

/* Whether t holds ints or reals (a scalar, vector, matrix or an array of
 * them): a bound on a variable of type t bounds every element. */
static bool elementwise(const Type *t)
{
    if (!t)
        return false;
    switch (ty_base(t)->kind) {
    case TY_INT: case TY_REAL: case TY_VECTOR: case TY_ROW_VECTOR:
    case TY_MATRIX:
        return true;
    default:
        return false;
    }
}

/* What is proved about the value of e, or of every element of e: a
 * literal, a function of known range, a data or parameter variable with
 * literal bounds (data are checked when read and never assigned again;
 * parameters are constrained), any int (finite). */
static Range range(const MirProgram *p, const MirExpr *e)
{
    Range all = {-INFINITY, INFINITY};
    FoldValue v;
    if (fold_value(e, &v)) {
        double x = v.is_int ? (double)v.i : v.r;
        return (Range){x, x};
    }
    if (e->kind == MX_PROMOTE)
        return range(p, e->args[0]);
    if (e->kind == MX_CALL && e->fn_kind == FNK_STANLIB && e->nargs == 1
        && e->op == OP_NONE) {
        if (!strcmp(e->fn, "inv_logit") || !strcmp(e->fn, "Phi")
            || !strcmp(e->fn, "Phi_approx"))
            return (Range){0, 1};
        if (!strcmp(e->fn, "exp") || !strcmp(e->fn, "square"))
            return (Range){0, INFINITY};
    }
    if (e->type && elementwise(e->type) && ty_base(e->type)->kind == TY_INT)
        all = (Range){-2147483648.0, 2147483647.0};
    if (e->kind == MX_VAR && e->var >= 0 && elementwise(e->type)) {
        const MirVar *x = &p->vars[e->var];
        if (x->kind != MV_DATA && x->kind != MV_PARAM)
            return all;
        const MirSized *z = &x->sized;
        Range r = all;
        if (z->tr == TR_LOWER || z->tr == TR_LOWER_UPPER)
            r.lo = bound_value(z->tr_a, -INFINITY).lo;
        if (z->tr == TR_UPPER || z->tr == TR_LOWER_UPPER)
            r.hi = bound_value(z->tr_b, INFINITY).hi;
        if (isnan(r.lo) || isnan(r.hi))
            return all;
        return (Range){fmax(r.lo, all.lo), fmin(r.hi, all.hi)};
    }
    return all;
}

static double magnitude(Range r)
{
    return fmax(fabs(r.lo), fabs(r.hi));
}

/* PE_FINITE_PREDICTOR: X (hole 1), beta (hole 2) and alpha (hole 3, or
 * none: 0) finite, and no predictor of up to 2^31 terms can overflow.
 * And none of them may fail or have an effect: the GLM evaluates alpha
 * before beta and before the size check of X * beta, the original after
 * (X * beta + alpha) or before X (alpha + X * beta). */
static bool finite_predictor(const MirProgram *p, MirExpr **holes)
{
    for (int h = 1; h <= 3; h++)
        if (fold_may_fail(holes[h]))
            return false;
    double x = magnitude(range(p, holes[1])), b = magnitude(range(p, holes[2]));
    double a = holes[3] ? magnitude(range(p, holes[3])) : 0;
    return isfinite(x) && isfinite(b) && isfinite(a)
        && x * b * 0x1p31 + a < PE_PREDICTOR_LIMIT;
}

static bool in_domain(const MirProgram *p, const PeRule *rule,
                      MirExpr **holes)
{
    switch (rule->domain) {
    case PE_ANY:
        return true;
    case PE_AT_MOST_0:
        return range(p, holes[0]).hi <= 0;
    case PE_AT_MOST_1:
        return range(p, holes[0]).hi <= 1;
    case PE_AT_LEAST_M1:
        return range(p, holes[0]).lo >= -1;
    case PE_FINITE_PREDICTOR:
        return finite_predictor(p, holes);
    case PE_FINITE_PREDICTOR_NORMAL:
        return finite_predictor(p, holes)
            && isfinite(magnitude(range(p, holes[0])))
            && range(p, holes[4]).lo > 0 && isfinite(range(p, holes[4]).hi);
    }
    return false;
}

/* ------------------------------------------------------------ rewriting */

typedef struct Pe {
    MirProgram *p;
    Arena *a;
    bool changed;
} Pe;

/* The replacement call, if the library has it for these argument types
 * with e's result type. */
static MirExpr *replace(Pe *pe, const PeRule *rule, MirExpr *e,
                        MirExpr **holes)
{
    const Type *types[PE_MAX_HOLES];
    AdLevel ads[PE_MAX_HOLES];
    MirExpr **args = arena_alloc(pe->a, sizeof(MirExpr *) * PE_MAX_HOLES);
    for (int i = 0; i < rule->nto; i++) {
        if (rule->to_holes[i] == PE_ZERO) {
            args[i] = fold_literal(pe->a, (FoldValue){.is_int = false, .r = 0},
                                   ty_basic(TY_REAL));
            args[i]->span = e->span;
            args[i]->ad = AD_DATA;
        } else {
            args[i] = holes[rule->to_holes[i]];
        }
        types[i] = args[i]->type;
        ads[i] = args[i]->ad;
    }
    const Type *ret = NULL;
    int bad = -1;
    if (sig_resolve(sig_table(), pe->a, rule->to, rule->nto, types, ads, &ret,
                    &bad) != SIG_MATCH || !ret || !ty_equal(ret, e->type))
        return NULL;
    MirExpr *m = mir_new_expr(pe->a, MX_CALL, e->type, e->span);
    m->fn_kind = FNK_STANLIB;
    m->fn = rule->to;
    m->args = args;
    m->nargs = rule->nto;
    m->ad = e->ad;
    m->effect = mir_library_effect(rule->to);
    return m;
}

static MirExpr *pe_expr(MirExpr *e, void *ctx)
{
    Pe *pe = ctx;
    MirExpr *f = fold_expr(pe->a, e);
    if (f) {
        pe->changed = true;
        return f;
    }
    if (e->kind != MX_CALL || e->fn_kind != FNK_STANLIB)
        return e;
    for (const PeRule *rule = pe_rules; rule->name; rule++) {
        MirExpr *holes[PE_MAX_HOLES] = {NULL};
        if (!match(rule->from, e, holes) || !in_domain(pe->p, rule, holes))
            continue;
        MirExpr *m = replace(pe, rule, e, holes);
        if (m) {
            pe->changed = true;
            return m;
        }
    }
    return e;
}

bool pass_partial_eval(MirProgram *p, PassCtx *ctx)
{
    Pe pe = {.p = p, .a = ctx->a};
    MirRewriter r = {.expr = pe_expr, .ctx = &pe, .p = p, .decl_sizes = true};
    mir_rewrite_program(p, &r);
    return pe.changed;
}
