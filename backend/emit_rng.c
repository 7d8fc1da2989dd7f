/* emit_rng.c - the draws (_rng functions, generated quantities and
 * transformed data only: no reverse step).  The draws of scalars are the
 * generic draw route of emit_call.c, elementwise over container
 * arguments (em_draw_value); the draws that take or give whole vectors
 * and matrices (categorical, multinomial, dirichlet, the multivariate
 * normals and Student-t, Wishart, LKJ, ...) are this file's rows
 * (emit_call_table.c), each a value only. */
#include <string.h>

#include "emit.h"

#define A(...) arena_printf(em->a, __VA_ARGS__)

/* categorical_rng, categorical_logit_rng: one int */
static bool categorical_rng_value(Emit *em, const MirExpr *e, Opnd *out)
{
    if (e->nargs != 1)
        return false;
    Opnd th = em_value(em, e->args[0]);
    const char *t = em_fresh(em, "t");
    em_line(em, "int %s = rt_%s(rt_argn(%s, NULL, %s, false), rng, "
            "err);", t, e->fn, th.val, th.n);
    em_line(em, "if (%s < 0) return -1;", t);
    *out = em_scalar(t, NULL, true);
    return true;
}

/* ordered_logistic_rng, ordered_probit_rng of one linear predictor */
static bool ordered_rng_value(Emit *em, const MirExpr *e, Opnd *out)
{
    if (e->nargs != 2 || em_is_container_type(e->args[0]->type))
        return false;
    Opnd eta = em_value(em, e->args[0]), c = em_value(em, e->args[1]);
    const char *t = em_fresh(em, "t");
    em_line(em, "int %s = rt_%s(%s, rt_argn(%s, NULL, %s, false), "
            "rng, err);", t, e->fn, eta.val, c.val, c.n);
    em_line(em, "if (%s < 0) return -1;", t);
    *out = em_scalar(t, NULL, true);
    return true;
}

static bool dirichlet_rng_value(Emit *em, const MirExpr *e, Opnd *out)
{
    if (e->nargs != 1)
        return false;
    Opnd al = em_value(em, e->args[0]);
    Opnd o = em_new_container(em, al.n, al.n, "1", false);
    em_line(em, "if (rt_dirichlet_rng(%s, %s, rng, %s, err)) "
            "return -1;", al.val, al.n, o.val);
    *out = o;
    return true;
}

/* multi_normal_rng, multi_normal_cholesky_rng: one K-vector, or one per
 * vector of an array of locations; Sigma (or L) fixes K */
static bool multi_normal_rng_value(Emit *em, const MirExpr *e, Opnd *out)
{
    if (e->nargs != 2)
        return false;
    const char *fn = e->fn;
    Opnd mu = em_value(em, e->args[0]), S_ = em_value(em, e->args[1]);
    bool many = e->args[0]->type->kind == TY_ARRAY;
    const char *K = many ? mu.cols : mu.n, *N = many ? mu.rows : "1";
    Opnd o = em_new_container(em, mu.n, many ? N : K, many ? K : "1",
                              false);
    em_line(em, "if (rt_ne(%s, %s)) return rt_error(err, \"%%s: size "
            "of location parameter (%%d) and rows of covariance "
            "parameter (%%d) must match in size\", %s, (int)(%s), "
            "(int)(%s));", K, S_.rows, em_c_string(em->a, fn), K,
            S_.rows);
    em_line(em, "for (int i = 0; i < %s; i++)", N);
    if (fn[12] == 'r')   /* multi_normal_rng */
        em_line(em, "    if (rt_multi_normal_rng(%s + i * (%s), %s, "
                "%s, rng, %s + i * (%s), rt_scratch_doubles(&S->"
                "scratch, (size_t)(%s) * (%s)), err)) return -1;",
                mu.val, K, S_.val, K, o.val, K, K, K);
    else
        em_line(em, "    if (rt_multi_normal_cholesky_rng(%s + i * "
                "(%s), %s, %s, rng, %s + i * (%s), err)) return -1;",
                mu.val, K, S_.val, K, o.val, K);
    *out = o;
    return true;
}

/* multinomial_rng, multinomial_logit_rng, dirichlet_multinomial_rng */
static bool multinomial_rng_value(Emit *em, const MirExpr *e, Opnd *out)
{
    if (e->nargs != 2)
        return false;
    Opnd th = em_value(em, e->args[0]), N = em_value(em, e->args[1]);
    Opnd o = em_new_container(em, th.n, th.n, "1", true);
    em_line(em, "if (rt_%s(rt_argn(%s, NULL, %s, false), %s, %s, rng, "
            "err)) return -1;", e->fn, th.val, th.n, N.val, o.val);
    *out = o;
    return true;
}

/* multi_student_t_rng, multi_student_t_cholesky_rng: one K-vector, or
 * one per vector of an array of locations (each with its own draw of the
 * scale mixture) */
static bool multi_student_t_rng_value(Emit *em, const MirExpr *e, Opnd *out)
{
    if (e->nargs != 3)
        return false;
    const char *fn = e->fn;
    Opnd nu = em_value(em, e->args[0]), mu = em_value(em, e->args[1]);
    Opnd S_ = em_value(em, e->args[2]);
    bool many = e->args[1]->type->kind == TY_ARRAY;
    const char *K = many ? mu.cols : mu.n, *N = many ? mu.rows : "1";
    Opnd o = em_new_container(em, mu.n, many ? N : K, many ? K : "1",
                              false);
    em_line(em, "if (rt_ne(%s, %s)) return rt_error(err, \"%%s: size "
            "of location parameter (%%d) and rows of scale parameter "
            "(%%d) must match in size\", %s, (int)(%s), (int)(%s));",
            K, S_.rows, em_c_string(em->a, fn), K, S_.rows);
    em_line(em, "for (int i = 0; i < %s; i++)", N);
    if (strcmp(fn, "multi_student_t_rng") == 0)
        em_line(em, "    if (rt_multi_student_t_rng(%s, %s + i * (%s), "
                "%s, %s, rng, %s + i * (%s), rt_scratch_doubles(&S->"
                "scratch, (size_t)(%s) * (%s)), err)) return -1;",
                nu.val, mu.val, K, S_.val, K, o.val, K, K, K);
    else
        em_line(em, "    if (rt_multi_student_t_cholesky_rng(%s, %s + "
                "i * (%s), %s, %s, rng, %s + i * (%s), err)) "
                "return -1;", nu.val, mu.val, K, S_.val, K, o.val, K);
    *out = o;
    return true;
}

/* wishart_rng, inv_wishart_rng and their _cholesky forms */
static bool wishart_rng_value(Emit *em, const MirExpr *e, Opnd *out)
{
    if (e->nargs != 2)
        return false;
    const char *fn = e->fn;
    Opnd nu = em_value(em, e->args[0]), S_ = em_value(em, e->args[1]);
    Opnd o = em_new_container(em, S_.n, S_.rows, S_.rows, false);
    bool work = strcmp(fn, "wishart_cholesky_rng") != 0;
    em_line(em, "if (rt_%s(%s, %s, %s, rng, %s%s, err)) return -1;",
            fn, nu.val, S_.val, S_.rows, o.val,
            work ? A(", rt_scratch_doubles(&S->scratch, (size_t)2 * "
                     "(%s))", S_.n) : "");
    *out = o;
    return true;
}

/* lkj_corr_cholesky_rng, and lkj_corr_rng as L L^T of its draw */
static bool lkj_rng_value(Emit *em, const MirExpr *e, Opnd *out)
{
    Opnd K = em_value(em, e->args[0]), eta = em_value(em, e->args[1]);
    const char *n = A("(%s) * (%s)", K.val, K.val);
    Opnd o = em_new_container(em, n, K.val, K.val, false);
    em_line(em, "if (rt_lkj_corr_cholesky_rng(%s, %s, rng, %s, err)) "
            "return -1;", K.val, eta.val, o.val);
    if (strcmp(e->fn, "lkj_corr_rng") == 0) {
        Opnd c = em_new_container(em, n, K.val, K.val, false);
        em_line(em, "rt_multiply_lower_tri_self_transpose(%s, %s, %s, "
                "%s);", o.val, K.val, K.val, c.val);
        *out = c;
        return true;
    }
    *out = o;
    return true;
}

/* ------------------------------------------------- the generic route */

/* Draws of vectors without a row for their argument kinds: refused by
 * name rather than drawn elementwise. */
static const char *const vector_rngs[] = {
    "categorical_rng", "categorical_logit_rng", "multinomial_rng",
    "multinomial_logit_rng", "dirichlet_rng", "multi_normal_rng",
    "multi_normal_cholesky_rng", "ordered_logistic_rng",
    "ordered_probit_rng", "lkj_corr_rng", "lkj_corr_cholesky_rng", NULL};

bool em_draw_value(Emit *em, const MirExpr *e, Opnd *out)
{
    const char *fn = e->fn;
    if (!name_has_suffix(fn, "_rng"))
        return false;
    if (em_in_list(vector_rngs, fn))
        em_unsupported(em, "the function %s yet", fn);
    Opnd *ops = arena_alloc(em->a, sizeof *ops * (size_t)(e->nargs + 1));
    const char *args = "", *n = NULL;
    for (int i = 0; i < e->nargs; i++) {
        ops[i] = em_value(em, e->args[i]);
        if (ops[i].container)
            n = ops[i].n;
    }
    for (int i = 0; i < e->nargs; i++)
        args = A("%s%s, ", args, n ? em_elem(em, ops[i]) : ops[i].val);
    /* an int draw fails as a negative value, except a draw of
     * discrete_range, which may be negative: INT_MIN then */
    const char *int_bad = strcmp(fn, "discrete_range_rng") == 0
        ? "== (-2147483647 - 1)" : "< 0";
    bool is_int = ty_base(e->type)->kind == TY_INT;
    em_require_runtime(em, A("rt_%s", fn), fn);
    const char *call = A("rt_%s(%srng, err)", fn, args);
    if (!n) {
        const char *t = em_fresh(em, "t");
        em_line(em, "%s %s = %s;", is_int ? "int" : "double", t, call);
        em_line(em, "if (%s) return -1;", is_int ? A("%s %s", t, int_bad)
                                                 : A("isnan(%s)", t));
        *out = em_scalar(t, NULL, is_int);
        return true;
    }
    Opnd o = em_new_container(em, n, n, "1", is_int);
    em_line(em, "for (int k = 0; k < %s; k++) {", n);
    em_line(em, "    %s[k] = %s;", o.val, call);
    em_line(em, "    if (%s) return -1;", is_int
            ? A("%s[k] %s", o.val, int_bad) : A("isnan(%s[k])", o.val));
    em_line(em, "}");
    *out = o;
    return true;
}

/* ------------------------------------------------------------- rows */

static const EmCallRule rows[] = {
    {"categorical_logit_rng", categorical_rng_value, NULL},
    {"categorical_rng", categorical_rng_value, NULL},
    {"dirichlet_multinomial_rng", multinomial_rng_value, NULL},
    {"dirichlet_rng", dirichlet_rng_value, NULL},
    {"inv_wishart_cholesky_rng", wishart_rng_value, NULL},
    {"inv_wishart_rng", wishart_rng_value, NULL},
    {"lkj_corr_cholesky_rng", lkj_rng_value, NULL},
    {"lkj_corr_rng", lkj_rng_value, NULL},
    {"multi_normal_cholesky_rng", multi_normal_rng_value, NULL},
    {"multi_normal_rng", multi_normal_rng_value, NULL},
    {"multi_student_t_cholesky_rng", multi_student_t_rng_value, NULL},
    {"multi_student_t_rng", multi_student_t_rng_value, NULL},
    {"multinomial_logit_rng", multinomial_rng_value, NULL},
    {"multinomial_rng", multinomial_rng_value, NULL},
    {"ordered_logistic_rng", ordered_rng_value, NULL},
    {"ordered_probit_rng", ordered_rng_value, NULL},
    {"wishart_cholesky_rng", wishart_rng_value, NULL},
    {"wishart_rng", wishart_rng_value, NULL},
};

const EmCallRules em_rng_rules = EM_CALL_RULES(rows);
