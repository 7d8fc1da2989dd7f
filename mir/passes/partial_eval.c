/* partial_eval.c - partial evaluation: constant operators fold (fold.c,
 * exactly as the emitted C computes them), and library expressions become
 * faster or numerically better forms with the same value: log(1 - x) ->
 * log1m(x), log(1 + exp(x)) -> log1p_exp(x), x * y + z -> fma(x, y, z),
 * ... one row of pe_rules each (partial_eval.h).
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
#define LIT(v) (&(const PePattern){.kind = PE_LIT, .lit = (v)})
#define CALL1(f, a) (&(const PePattern){.kind = PE_CALL, .fn = (f), \
                                        .args = {(a)}, .nargs = 1})
#define CALL2(f, a, b) (&(const PePattern){.kind = PE_CALL, .fn = (f), \
                                           .args = {(a), (b)}, .nargs = 2})
#define CALL3(f, a, b, c) (&(const PePattern){.kind = PE_CALL, .fn = (f), \
                                              .args = {(a), (b), (c)}, \
                                              .nargs = 3})

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
    {NULL, NULL, NULL, 0, {0}, PE_ANY}
};

/* ------------------------------------------------------------- matching */

static bool match(const PePattern *pat, MirExpr *e, MirExpr **holes)
{
    switch (pat->kind) {
    case PE_HOLE:
        if (!fold_is_scalar(e->type))
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
        /* real operators only: an int one rejects on overflow */
        if (e->kind != MX_CALL || e->fn_kind != FNK_STANLIB
            || e->nargs != pat->nargs || strcmp(e->fn, pat->fn) != 0
            || !e->type || e->type->kind != TY_REAL)
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

/* What is proved about the value of e: a literal, a function of known
 * range, a data or parameter variable with literal bounds (data are
 * checked when read and never assigned again; parameters are
 * constrained). */
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
    if (e->kind == MX_VAR && e->var >= 0 && fold_is_scalar(e->type)) {
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
        return r;
    }
    return all;
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
    const Type *types[3];
    AdLevel ads[3];
    MirExpr **args = arena_alloc(pe->a, sizeof(MirExpr *) * 3);
    for (int i = 0; i < rule->nto; i++) {
        args[i] = holes[rule->to_holes[i]];
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
        MirExpr *holes[3] = {NULL, NULL, NULL};
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
