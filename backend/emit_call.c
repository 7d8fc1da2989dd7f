/* emit_call.c - calls of library functions in the C backend: their values
 * (em_value_call) and their reverse steps (em_backprop_call).  A call goes
 * to the row of its name in the table of emit_call_table.c (each family
 * file holds its functions' rows); the generic routes here serve whole
 * classes of names after it: densities (to the runtime's value+partials
 * functions, normal inline), draws of scalars, reductions, and unary and
 * binary elementwise math.  User functions go to emit_fun.c.  Part of the
 * expression compiler in emit_expr.c; docs/backend.md, "Library calls". */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "emit.h"

#define A(...) arena_printf(em->a, __VA_ARGS__)

/* Every function the runtime declares, sorted (generated at build time). */
static const char *const runtime_functions[] = {
#include "rt_functions.h"
};

static int compare_names(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

static bool has_runtime(const char *rt);

void em_require_runtime(Emit *em, const char *rt, const char *stan)
{
    if (!has_runtime(rt))
        em_unsupported(em, "%s: the runtime has no %s yet", stan, rt);
}

/* The elementwise functions with a derivative rt_NAME_dx in the runtime. */
static const char *const unary_fns[] = {
    "exp", "log", "sqrt", "square", "inv", "inv_sqrt", "inv_square", "log1p",
    "log1m", "expm1", "inv_logit", "logit", "log_inv_logit",
    "log1m_inv_logit", "log1p_exp", "log1m_exp", "tanh", "sinh", "cosh",
    "sin", "cos", "tan", "asin", "acos", "atan", "lgamma", "digamma",
    "trigamma", "tgamma", "Phi", "Phi_approx", "fabs", "abs", "erf", "erfc",
    "cbrt", "exp2", "log2", "log10", "inv_cloglog", "step", "acosh", "asinh",
    "atanh", "floor", "ceil", "round", "trunc", "inv_Phi", "inv_erfc",
    "std_normal_qf", "std_normal_log_qf", "lambert_w0", "lambert_wm1", NULL
};

/* The binary scalar functions with rt_NAME_d in the runtime. */
static const char *const binary_fns[] = {
    "pow", "fmin", "fmax", "lbeta", "lchoose", "log_sum_exp", "log_diff_exp",
    "hypot", "fdim", "atan2", "lmultiply", "multiply_log",
    "log_modified_bessel_first_kind", "fmod", "beta", "gamma_p", "gamma_q",
    "owens_t", "log_inv_logit_diff", "log_falling_factorial",
    "log_rising_factorial", "binary_log_loss", "lmgamma",
    "bessel_first_kind", "bessel_second_kind", "modified_bessel_first_kind",
    "modified_bessel_second_kind", "falling_factorial", "rising_factorial",
    "ldexp", NULL
};

bool em_elementwise_unary(const char *fn)
{
    return em_in_list(unary_fns, fn);
}

bool em_binary_fn(const char *fn)
{
    return em_in_list(binary_fns, fn);
}

/* Whether a library call of scalars is a plain C expression that cannot
 * fail: whether it may reject is the MIR's effect class (mir/effects.c);
 * the lists above only say which calls have such an expression. */
bool em_cannot_fail_call(const MirExpr *e)
{
    if (e->kind != MX_CALL || e->fn_kind != FNK_STANLIB)
        return false;
    if (mir_library_call_effect(e) & EFF_REJECTS)
        return false;
    for (int i = 0; i < e->nargs; i++)
        if (em_is_container_type(e->args[i]->type))
            return false;
    return (e->nargs == 1 && (em_in_list(unary_fns, e->fn)
                              || strcmp(e->fn, "minus") == 0))
        || (e->nargs == 2 && em_in_list(binary_fns, e->fn));
}

bool em_in_list(const char *const *list, const char *name)
{
    for (int i = 0; list[i]; i++)
        if (strcmp(list[i], name) == 0)
            return true;
    return false;
}
/* --------------------------------------------------------------- calls */

/* A distribution's runtime name and whether the call drops constants:
 * normal_lupdf -> ("rt_normal_lpdf", propto). */
/* Overloads of one density name that differ in their number of arguments
 * reach runtime functions of their own: wiener_lpdf with 6 arguments (the
 * five-parameter form) is rt_wiener5_lpdf, with 8 rt_wiener7_lpdf. */
static const struct {
    const char *family;
    int nargs;
    const char *rt_family;
} arity_forms[] = {
    {"wiener", 6, "wiener5"}, {"wiener", 8, "wiener7"},
};

static bool density_call(Emit *em, const MirExpr *e, const char **rt,
                         int *propto)
{
    if (em_wiener_density(e, rt, propto))
        return true;
    const char *fn = e->fn;
    static const struct {
        const char *suffix, *rt_suffix;
        int propto;   /* -1: the function takes no propto */
    } forms[] = {
        {"_lupdf", "_lpdf", 1}, {"_lpdf", "_lpdf", 0},
        {"_lupmf", "_lpmf", 1}, {"_lpmf", "_lpmf", 0},
        {"_lcdf", "_lcdf", -1}, {"_lccdf", "_lccdf", -1},
        {"_cdf", "_cdf", -1},
    };
    size_t n = strlen(fn);
    for (size_t i = 0; i < sizeof forms / sizeof forms[0]; i++) {
        size_t m = strlen(forms[i].suffix);
        if (name_has_suffix(fn, forms[i].suffix)) {
            const char *family = A("%.*s", (int)(n - m), fn);
            for (size_t k = 0; k < sizeof arity_forms / sizeof arity_forms[0];
                 k++)
                if (arity_forms[k].nargs == e->nargs
                    && strcmp(arity_forms[k].family, family) == 0)
                    family = arity_forms[k].rt_family;
            *rt = A("rt_%s%s", family, forms[i].rt_suffix);
            *propto = forms[i].propto;
            em_require_runtime(em, *rt, fn);
            return true;
        }
    }
    return false;
}

static bool has_runtime(const char *rt)
{
    return bsearch(&rt, runtime_functions,
                   sizeof runtime_functions / sizeof runtime_functions[0],
                   sizeof runtime_functions[0], compare_names) != NULL;
}

/* Whether argument i of density fn is an integer in the runtime's
 * signature: the variate of a mass function (of its _lpmf and of its
 * cdfs: a family is discrete when the runtime has rt_FAMILY_lpmf), and
 * the number of trials of the binomials, every argument of
 * hypergeometric. */
static bool int_parameter(const char *fn, int i)
{
    if (i == 0) {
        static const char *const suffixes[] = {
            "_lupmf", "_lpmf", "_lupdf", "_lpdf", "_lccdf", "_lcdf", "_cdf"};
        size_t n = strlen(fn);
        for (size_t k = 0; k < sizeof suffixes / sizeof suffixes[0]; k++) {
            size_t m = strlen(suffixes[k]);
            if (name_has_suffix(fn, suffixes[k])) {
                /* no runtime name is this long: a longer one would be cut */
                char rt[256];
                if (n - m + sizeof "rt__lpmf" > sizeof rt)
                    return false;
                snprintf(rt, sizeof rt, "rt_%.*s_lpmf", (int)(n - m), fn);
                return has_runtime(rt);
            }
        }
        return false;
    }
    /* hypergeometric(n | N, a, b): every argument */
    if (strcmp(fn, "hypergeometric_lpmf") == 0
        || strcmp(fn, "hypergeometric_lupmf") == 0)
        return true;
    return i == 1 && (strncmp(fn, "binomial_", 9) == 0
                      || strncmp(fn, "binomial_logit_", 15) == 0
                      || strncmp(fn, "beta_binomial_", 14) == 0);
}

/* The runtime arguments of a density call: RtIArg for integer
 * parameters, RtArg (with adjoint buffers when `grads` is given) for
 * reals, an int promoted to real where the density takes a real. */
static const char *density_args(Emit *em, const MirExpr *e, Opnd *ops,
                                const char *const *grads)
{
    const char *args = "";
    for (int i = 0; i < e->nargs; i++) {
        Opnd o = ops[i];
        const char *arg;
        if (o.is_int && !int_parameter(e->fn, i)) {
            if (o.container) {
                Opnd d = em_new_container(em, o.n, o.rows, o.cols, false);
                em_line(em, "for (int k = 0; k < %s; k++) %s[k] = %s[k];",
                        o.n, d.val, o.val);
                o = d;
            }
            o.is_int = false;
        }
        if (o.is_int)
            arg = o.container ? A("rt_iarg(%s, %s)", o.val, o.n)
                              : A("rt_iarg1(&(int){%s})", o.val);
        else {
            const char *g = grads && grads[i] ? grads[i] : "NULL";
            if (o.container)
                arg = A("rt_argn(%s, %s, %s, %s)", o.val, g, o.n,
                        e->args[i]->ad == AD_AUTODIFF ? "true" : "false");
            else
                arg = A("rt_arg1(&(double){%s}, %s%s, %s)", o.val,
                        grads && grads[i] ? "&" : "", g,
                        e->args[i]->ad == AD_AUTODIFF ? "true" : "false");
        }
        args = A("%s%s%s", args, i ? ", " : "", arg);
    }
    return args;
}

/* Reductions of one real container to a scalar: Stan name, runtime
 * function, whether it takes an RtError. */
static const struct {
    const char *name, *rt;
    bool err;
} reductions[] = {
    {"sum", "rt_sum", false}, {"mean", "rt_mean", true},
    {"variance", "rt_variance", true}, {"sd", "rt_sd", true},
    {"prod", "rt_prod", false}, {"max", "rt_max", false},
    {"min", "rt_min", false}, {"log_sum_exp", "rt_log_sum_exp_vec", false},
    {"dot_self", "rt_dot_self", false}, {"norm1", "rt_norm1", false},
    {"norm2", "rt_norm2", false},
};

static int reduction(const MirExpr *e)
{
    if (e->nargs != 1 || !em_is_container_type(e->args[0]->type)
        || ty_base(e->args[0]->type)->kind == TY_INT)
        return -1;
    for (size_t i = 0; i < sizeof reductions / sizeof reductions[0]; i++)
        if (strcmp(reductions[i].name, e->fn) == 0)
            return (int)i;
    return -1;
}

/* An RtMat view of an operand (a vector is n x 1). */
const char *em_mat_view(Emit *em, Opnd o, const char *g, bool ad)
{
    return A("(RtMat){%s, %s, %s, %s, %s}", o.val, g ? g : "NULL", o.rows,
             o.cols, ad ? "true" : "false");
}

/* normal_lpdf inline, for scalars and vectors alike: the samplers' inner
 * loops are full of these, and the general vectorized runtime call costs
 * many times the arithmetic.  A first pass checks the arguments; then
 * opens `if (ordinary arguments) {` and the caller writes the general call
 * in the else branch (which also gives Stan's error messages). */
/* What the inlined location-scale densities of three scalars share:
 * their arguments as doubles; sigma's domain test, inverse and log;
 * z = (y - mu) / sigma;
 * and which terms propto drops. */
typedef struct LocScale {
    const char *sg, *sg_ok, *inv, *logs, *z;
    const char *dropped;
    bool sigma_ad, any_ad;
} LocScale;

static LocScale loc_scale(Emit *em, const MirExpr *e, const Opnd *ops,
                          int propto)
{
    LocScale l;
    const char *y = A("(double)(%s)", ops[0].val);
    const char *mu = A("(double)(%s)", ops[1].val);
    l.sg = A("(double)(%s)", ops[2].val);
    l.sg_ok = A("(%s > 0 && isfinite(%s))", l.sg, l.sg);
    l.inv = em_fresh(em, "inv");
    em_line(em, "double %s = 1.0 / %s;", l.inv, l.sg);
    l.logs = A("log(%s)", l.sg);
    /* z finite means y and mu are */
    l.z = em_fresh(em, "z");
    em_line(em, "double %s = (%s - %s) * %s;", l.z, y, mu, l.inv);
    /* propto drops the constant always, log(sigma) when sigma is data,
     * everything when all is data */
    l.dropped = propto ? "propto" : "false";
    l.sigma_ad = e->args[2]->ad == AD_AUTODIFF;
    l.any_ad = false;
    for (int i = 0; i < 3; i++)
        l.any_ad |= e->args[i]->ad == AD_AUTODIFF;
    return l;
}

/* t = kernel - log(sigma) - constant, with propto's drops. */
static void loc_scale_value(Emit *em, const LocScale *l, const char *t,
                            const char *kernel, const char *constant)
{
    em_line(em, "%s = %s%s%s;", t, kernel,
            l->sigma_ad ? A(" - %s", l->logs)
                        : A(" - (%s ? 0.0 : %s)", l->dropped, l->logs),
            A(" - (%s ? 0.0 : %s)", l->dropped, constant));
    if (!l->any_ad)
        em_line(em, "if (%s) %s = 0.0;", l->dropped, t);
}

/* normal_lpdf of three scalars: one test (z's and sigma's) guards the
 * ordinary case.  Leaves the `if (...) {` open for the general call, like
 * inline_normal. */
static void inline_normal_scalar(Emit *em, const MirExpr *e,
                                 const Opnd *ops, const char *const *g,
                                 const char *adj, int propto, const char *t)
{
    LocScale l = loc_scale(em, e, ops, propto);
    em_line(em, "if (%s && isfinite(%s)) {", l.sg_ok, l.z);
    em->indent++;
    loc_scale_value(em, &l, t, A("-0.5 * %s * %s", l.z, l.z),
                    "0.91893853320467274178");
    if (g[0])
        em_line(em, "%s += (%s) * (-%s * %s);", g[0], adj, l.z, l.inv);
    if (g[1])
        em_line(em, "%s += (%s) * (%s * %s);", g[1], adj, l.z, l.inv);
    if (g[2])
        em_line(em, "%s += (%s) * ((%s * %s - 1.0) * %s);", g[2], adj, l.z,
                l.z, l.inv);
    em->indent--;
}

/* cauchy_lpdf of three scalars: -log(pi) - log(sigma) - log1p(z^2). */
static void inline_cauchy_scalar(Emit *em, const MirExpr *e,
                                 const Opnd *ops, const char *const *g,
                                 const char *adj, int propto, const char *t)
{
    LocScale l = loc_scale(em, e, ops, propto);
    const char *q = em_fresh(em, "q");
    em_line(em, "double %s = 1.0 + %s * %s;", q, l.z, l.z);
    em_line(em, "if (%s && isfinite(%s)) {", l.sg_ok, l.z);
    em->indent++;
    loc_scale_value(em, &l, t, A("-log1p(%s * %s)", l.z, l.z),
                    "1.14472988584940017414");
    const char *d = em_fresh(em, "d");
    em_line(em, "double %s = 2.0 * %s * %s / %s;", d, l.z, l.inv, q);
    if (g[0])
        em_line(em, "%s += (%s) * (-%s);", g[0], adj, d);
    if (g[1])
        em_line(em, "%s += (%s) * %s;", g[1], adj, d);
    if (g[2])
        em_line(em, "%s += (%s) * ((%s * %s - 1.0) * %s / %s);", g[2], adj,
                l.z, l.z, l.inv, q);
    em->indent--;
}

static bool inline_normal(Emit *em, const MirExpr *e, const Opnd *ops,
                          const char *const *g, const char *adj, int propto,
                          const char *t)
{
    if ((strcmp(e->fn, "cauchy_lpdf") == 0
         || strcmp(e->fn, "cauchy_lupdf") == 0)
        && !ops[0].container && !ops[1].container && !ops[2].container
        && !ops[0].is_int) {
        inline_cauchy_scalar(em, e, ops, g, adj, propto, t);
        return true;
    }
    if (strcmp(e->fn, "normal_lpdf") != 0 && strcmp(e->fn, "normal_lupdf") != 0)
        return false;
    const char *n = NULL;
    for (int i = 0; i < 3; i++)
        if (ops[i].container && !n)
            n = ops[i].n;
    if (!n) {
        inline_normal_scalar(em, e, ops, g, adj, propto, t);
        return true;
    }
    /* one pass: the sum, the partials and the domain test together; a
     * size mismatch, a sigma outside (0, inf) or a non-finite z (so a
     * non-finite y or mu) sends the call to the general function, with
     * the partials cleared first */
    const char *ok = em_fresh(em, "ok");
    const char *same = "1";
    for (int i = 0; i < 3; i++)
        if (ops[i].container)
            same = A("%s && !rt_ne(%s, %s)", same, ops[i].n, n);
    em_line(em, "int %s = %s;", ok, same);
    /* the loops read every container at k < n: only when the sizes match
     * (a size-1 container beside a longer one is the general call's) */
    const char *sized = em_fresh(em, "sized");
    em_line(em, "const int %s = %s;", sized, ok);
    const char *y = A("(double)%s", em_elem(em, ops[0]));
    const char *mu = A("(double)%s", em_elem(em, ops[1]));
    const char *sg = A("(double)%s", em_elem(em, ops[2]));
    const char *dropped = propto ? "propto" : "false";
    bool sigma_ad = e->args[2]->ad == AD_AUTODIFF;
    bool any_ad = false;
    for (int i = 0; i < 3; i++)
        any_ad |= e->args[i]->ad == AD_AUTODIFF;
    const char *acc = em_fresh(em, "acc"), *logs = em_fresh(em, "logs");
    em_line(em, "double %s = 0, %s = 0;", acc, logs);
    const char *inv = NULL;
    if (!ops[2].container) {
        inv = em_fresh(em, "inv");
        em_line(em, "double %s = 1.0 / %s;", inv, sg);
        em_line(em, "%s = %s && %s > 0;", ok, ok, inv);
    }
    em_line(em, "if (%s) for (int k = 0; k < %s; k++) {", sized, n);
    em->indent++;
    if (ops[2].container) {
        em_line(em, "double inv = 1.0 / %s;", sg);
        /* sigma <= 0, NaN or inf makes inv <= 0 or NaN; a sigma so small
         * that inv is inf makes z, and so the sum, inf or NaN */
        em_line(em, "%s &= inv > 0;", ok);
        if (sigma_ad)
            em_line(em, "%s += log(%s);", logs, sg);
        inv = "inv";
    }
    em_line(em, "double z = (%s - %s) * %s;", y, mu, inv);
    em_line(em, "%s += z * z;", acc);
    const char *gs[3];
    for (int i = 0; i < 3; i++)
        gs[i] = g[i] ? (ops[i].container ? A("%s[k]", g[i]) : g[i]) : NULL;
    if (gs[0])
        em_line(em, "%s += (%s) * (-z * %s);", gs[0], adj, inv);
    if (gs[1])
        em_line(em, "%s += (%s) * (z * %s);", gs[1], adj, inv);
    if (gs[2])
        em_line(em, "%s += (%s) * ((z * z - 1.0) * %s);", gs[2], adj, inv);
    em->indent--;
    em_line(em, "}");
    em_line(em, "if (%s && isfinite(%s)) {", ok, acc);
    em->indent++;
    if (!ops[2].container)
        em_line(em, "%s = %s * log(%s);", logs, n, sg);
    else if (!sigma_ad)   /* data sigma: its logs only when kept */
        em_line(em, "if (!%s) for (int k = 0; k < %s; k++) %s += log(%s);",
                dropped, n, logs, sg);
    em_line(em, "%s = -0.5 * %s%s%s;", t, acc,
            sigma_ad ? A(" - %s", logs)
                     : A(" - (%s ? 0.0 : %s)", dropped, logs),
            A(" - (%s ? 0.0 : %s * 0.91893853320467274178)", dropped, n));
    if (!any_ad)   /* all data: under propto the whole term is constant */
        em_line(em, "if (%s) %s = 0.0;", dropped, t);
    em->indent--;
    /* the general call adds its own partials: take the fast path's back
     * (they may have gone straight into a variable's adjoint) */
    em_line(em, "} else {");
    em->indent++;
    bool undo = false;
    for (int i = 0; i < 3; i++)
        undo |= g[i] && ops[i].container;
    for (int i = 0; i < 3; i++)
        if (g[i] && !ops[i].container)
            em_line(em, "%s = 0;", g[i]);
    if (undo) {
        em_line(em, "if (%s) for (int k = 0; k < %s; k++) {", sized, n);
        em->indent++;
        em_line(em, "double inv = %s;", ops[2].container
                ? A("1.0 / %s", sg) : inv);
        em_line(em, "double z = (%s - %s) * inv;", y, mu);
        if (g[0] && ops[0].container)
            em_line(em, "%s -= (%s) * (-z * inv);", gs[0], adj);
        if (g[1] && ops[1].container)
            em_line(em, "%s -= (%s) * (z * inv);", gs[1], adj);
        if (g[2] && ops[2].container)
            em_line(em, "%s -= (%s) * ((z * z - 1.0) * inv);", gs[2], adj);
        em->indent--;
        em_line(em, "}");
    }
    em->indent--;
    em_line(em, "}");
    /* the caller's `} else {` follows: the general call */
    em_line(em, "if (%s && isfinite(%s)) {", ok, acc);
    return true;
}

/* The densities of vectors and matrices: their runtime function, the kind
 * of each argument (M: an RtMat view, A: an RtArg, I: an RtIArg), and the
 * function giving
 * the work memory they need for K = the rows of argument `work_arg`.  R
 * is an RtMat view of an array of vectors, and the entry applies only
 * when that argument is an array: the array-of-cut-point-vectors forms
 * of ordered_logistic and ordered_probit (their one-vector forms are
 * ordinary densities).  V is an RtMat view of a vector, and the entry
 * applies only when that argument is one (gaussian_dlm_obs with a vector
 * of observation variances; the entry for a matrix V follows it). */
static const struct {
    const char *name, *rt, *kinds, *work_fn;
    int work_arg;
} matrix_densities[] = {
    {"multi_normal_cholesky", "rt_multi_normal_cholesky_lpdf", "MMM",
     "rt_multi_normal_cholesky_work_size", 2},
    {"multi_normal", "rt_multi_normal_lpdf", "MMM",
     "rt_multi_normal_work_size", 2},
    {"dirichlet", "rt_dirichlet_lpdf", "MM", NULL, 0},
    {"lkj_corr_cholesky", "rt_lkj_corr_cholesky_lpdf", "MA", NULL, 0},
    {"lkj_corr", "rt_lkj_corr_lpdf", "MA", "rt_lkj_corr_work_size", 0},
    {"wishart_cholesky", "rt_wishart_cholesky_lpdf", "MAM",
     "rt_wishart_cholesky_work_size", 0},
    {"inv_wishart_cholesky", "rt_inv_wishart_cholesky_lpdf", "MAM",
     "rt_wishart_cholesky_work_size", 0},
    {"wishart", "rt_wishart_lpdf", "MAM", "rt_wishart_work_size", 0},
    {"inv_wishart", "rt_inv_wishart_lpdf", "MAM", "rt_wishart_work_size", 0},
    {"multi_student_t_cholesky", "rt_multi_student_t_cholesky_lpdf", "MAMM",
     "rt_multi_student_t_cholesky_work_size", 3},
    {"multi_student_t", "rt_multi_student_t_lpdf", "MAMM",
     "rt_multi_student_t_work_size", 3},
    {"multi_normal_prec", "rt_multi_normal_prec_lpdf", "MMM",
     "rt_multi_normal_prec_work_size", 2},
    {"normal_id_glm", "rt_normal_id_glm_lpdf", "AMAAA", NULL, 0},
    {"bernoulli_logit_glm", "rt_bernoulli_logit_glm_lpmf", "IMAA", NULL, 0},
    {"poisson_log_glm", "rt_poisson_log_glm_lpmf", "IMAA", NULL, 0},
    {"categorical_logit_glm", "rt_categorical_logit_glm_lpmf", "IMAM", NULL,
     0},
    {"binomial_logit_glm", "rt_binomial_logit_glm_lpmf", "IIMAA", NULL, 0},
    {"neg_binomial_2_log_glm", "rt_neg_binomial_2_log_glm_lpmf", "IMAAA",
     NULL, 0},
    {"ordered_logistic_glm", "rt_ordered_logistic_glm_lpmf", "IMAA", NULL,
     0},
    {"lkj_cov", "rt_lkj_cov_lpdf", "MAAA", "rt_lkj_cov_work_size", 0},
    {"multi_gp_cholesky", "rt_multi_gp_cholesky_lpdf", "MMA",
     "rt_multi_gp_work_size", 1},
    {"multi_gp", "rt_multi_gp_lpdf", "MMA", "rt_multi_gp_work_size", 1},
    {"gaussian_dlm_obs", "rt_gaussian_dlm_obs_vec_lpdf", "MMMVMMM", NULL, 0},
    {"gaussian_dlm_obs", "rt_gaussian_dlm_obs_lpdf", "MMMMMMM", NULL, 0},
    {"ordered_logistic", "rt_ordered_logistic_cuts_lpmf", "IAR", NULL, 0},
    {"ordered_probit", "rt_ordered_probit_cuts_lpmf", "IAR", NULL, 0},
};

/* Whether every argument of kind R is an array and every one of kind V
 * a vector. */
static bool kinds_match(const char *kinds, const MirExpr *e)
{
    for (int i = 0; kinds[i]; i++)
        if ((kinds[i] == 'R' && e->args[i]->type->kind != TY_ARRAY)
            || (kinds[i] == 'V' && e->args[i]->type->kind != TY_VECTOR))
            return false;
    return true;
}

static int matrix_density(const MirExpr *e)
{
    if (e->kind != MX_CALL || e->fn_kind != FNK_STANLIB)
        return 0;
    for (size_t i = 0; i < sizeof matrix_densities / sizeof matrix_densities[0];
         i++) {
        size_t n = strlen(matrix_densities[i].name);
        if (strncmp(e->fn, matrix_densities[i].name, n) == 0
            && (strcmp(e->fn + n, "_lpdf") == 0
                || strcmp(e->fn + n, "_lupdf") == 0
                || strcmp(e->fn + n, "_lpmf") == 0
                || strcmp(e->fn + n, "_lupmf") == 0)
            && (int)strlen(matrix_densities[i].kinds) == e->nargs
            && kinds_match(matrix_densities[i].kinds, e))
            return (int)i + 1;
    }
    return 0;
}

/* t = the density's value; with adj non-NULL, also its partials, added
 * into the arguments' adjoints (the reverse step, or a fused target +=). */
static void emit_matrix_density(Emit *em, const MirExpr *e, const char *adj,
                                const char *t)
{
    int d = matrix_density(e) - 1;
    const char *kinds = matrix_densities[d].kinds;
    Opnd ops[7];   /* gaussian_dlm_obs has the most arguments */
    const char *g[7] = {NULL, NULL, NULL, NULL, NULL, NULL, NULL};
    const char *args = "";
    for (int i = 0; i < e->nargs; i++) {
        ops[i] = em_value(em, e->args[i]);
        if (adj && em_is_ad(em, e->args[i]))
            g[i] = em_adj_buffer(em, ops[i]);
        bool ad = e->args[i]->ad == AD_AUTODIFF;
        if (kinds[i] != 'I' && ops[i].is_int && ops[i].container) {
            Opnd r = em_new_container(em, ops[i].n, ops[i].rows, ops[i].cols,
                                      false);
            em_line(em, "for (int k = 0; k < %s; k++) %s[k] = %s[k];",
                    ops[i].n, r.val, ops[i].val);
            ops[i] = r;
        }
        const char *a;
        if (kinds[i] == 'I') {
            a = ops[i].container ? A("rt_iarg(%s, %s)", ops[i].val, ops[i].n)
                                 : A("rt_iarg1(&(int){%s})", ops[i].val);
        } else if (kinds[i] == 'M' || kinds[i] == 'R' || kinds[i] == 'V') {
            if (!ops[i].container)
                em_unsupported(em, "%s with a scalar argument", e->fn);
            a = em_mat_view(em, ops[i], g[i], ad);
        } else if (ops[i].container) {
            a = A("rt_argn(%s, %s, %s, %s)", ops[i].val, g[i] ? g[i] : "NULL",
                  ops[i].n, ad ? "true" : "false");
        } else {
            a = A("rt_arg1(&(double){%s}, %s%s, %s)", ops[i].val,
                  g[i] ? "&" : "", g[i] ? g[i] : "NULL", ad ? "true" : "false");
        }
        args = A("%s%s, ", args, a);
    }
    const char *work = "";
    if (matrix_densities[d].work_fn)
        work = A("rt_scratch_doubles(&S->scratch, %s(%s)), ",
                 matrix_densities[d].work_fn,
                 ops[matrix_densities[d].work_arg].rows);
    em_line(em, "double %s = %s(%s%s, %s, %serr);", t, matrix_densities[d].rt,
            args, strstr(e->fn, "_lup") ? "propto" : "false",
            adj ? adj : "0.0", work);
    em_line(em, "if (isnan(%s)) return -1;", t);
    for (int i = 0; i < e->nargs; i++)
        if (g[i])
            em_backprop(em, e->args[i], ops[i].container ? g[i]
                        : A("%s", g[i]));
}

/* reduce_sum(f, x, grainsize, args...) is f(x, 1, size(x), args...): the
 * partial sums of one thread are the whole sum (the samplers are single
 * threaded).  The call, built once per expression. */
static const MirExpr *reduce_sum_call(Emit *em, const MirExpr *e)
{
    if (e->kind != MX_CALL || e->fn_kind != FNK_STANLIB || e->nargs < 3
        || (strcmp(e->fn, "reduce_sum") != 0
            && strcmp(e->fn, "reduce_sum_static") != 0)
        || e->args[0]->kind != MX_VAR || !e->args[0]->fn)
        return NULL;
    MirExpr *size = mir_new_expr(em->a, MX_CALL, TY(INT), e->span);
    size->fn_kind = FNK_STANLIB;
    size->fn = "size";
    size->args = arena_alloc(em->a, sizeof(MirExpr *));
    size->args[0] = e->args[1];
    size->nargs = 1;
    MirExpr *call = mir_new_expr(em->a, MX_CALL, e->type, e->span);
    call->fn_kind = FNK_USER;
    call->fn = e->args[0]->fn;
    call->ad = e->ad;
    call->nargs = e->nargs;
    call->args = arena_alloc(em->a, sizeof(MirExpr *) * (size_t)e->nargs);
    call->args[0] = e->args[1];
    call->args[1] = mir_int(em->a, 1);
    call->args[2] = size;
    for (int i = 3; i < e->nargs; i++)
        call->args[i] = e->args[i];
    return call;
}

static void density_partials(Emit *em, const MirExpr *e, const char *adj,
                             const char *t, int propto, const char *rt,
                             bool unchecked, bool inlined_ok)
{
    size_t n1 = (size_t)e->nargs + 1;
    Opnd *ops = arena_alloc(em->a, sizeof *ops * n1);
    const char **grads = arena_alloc(em->a, sizeof *grads * n1);
    bool *direct = arena_alloc(em->a, sizeof *direct * n1);
    for (int i = 0; i < e->nargs; i++) {
        ops[i] = em_value(em, e->args[i]);
        if (!em_is_ad(em, e->args[i]))
            continue;
        /* the density adds its partials: a variable's own adjoint
         * takes them directly (the inlined normal takes its own back
         * before falling back to the general call) */
        const MirExpr *x = e->args[i];
        if (x->kind == MX_VAR && x->var >= 0
            && em_var_has_adj(em, x->var) && ops[i].container) {
            grads[i] = em_var_adj(em, x->var);
            direct[i] = true;
        } else {
            grads[i] = em_adj_buffer(em, ops[i]);
        }
    }
    /* the general call gets scalar adjoints of its own, added after:
     * the addresses of the fast path's never escape */
    const char **cgrads = arena_alloc(em->a, sizeof *cgrads * n1);
    for (int i = 0; i < e->nargs; i++)
        cgrads[i] = grads[i] && !ops[i].container ? em_fresh(em, "gc")
                                                  : grads[i];
    const char *args = density_args(em, e, ops, cgrads);
    const char *call = A("%s(%s%s, %s, err)", rt, args,
                         propto < 0 ? "" : propto ? ", propto" : ", false",
                         adj);
    bool inlined = inlined_ok
        && inline_normal(em, e, ops, grads, adj, propto, t);
    if (inlined) {
        em_line(em, "} else {");
        em->indent++;
    }
    for (int i = 0; i < e->nargs; i++)
        if (cgrads[i] && cgrads[i] != grads[i])
            em_line(em, "double %s = 0;", cgrads[i]);
    em_line(em, "%s = %s;", t, call);
    for (int i = 0; i < e->nargs; i++)
        if (cgrads[i] && cgrads[i] != grads[i])
            em_line(em, "%s += %s;", grads[i], cgrads[i]);
    if (!unchecked)   /* NaN only from the general call: a rejection */
        em_line(em, "if (isnan(%s)) return -1;", t);
    if (inlined) {
        em->indent--;
        em_line(em, "}");
    }
    for (int i = 0; i < e->nargs; i++)
        if (grads[i] && !direct[i])
            em_backprop(em, e->args[i], grads[i]);
}

void em_density_general(Emit *em, const MirExpr *e, const char *adj,
                        const char *t)
{
    const char *rt;
    int propto;
    if (!density_call(em, e, &rt, &propto))
        em_unsupported(em, "the density %s", e->fn);
    density_partials(em, e, adj, t, propto, rt, false, false);
}

/* ------------------------------------------------------- generic routes */

/* The reductions of one real container (reductions[]), and sum of any
 * other kind (of ints: checked for overflow). */
static bool reduction_value(Emit *em, const MirExpr *e, Opnd *out)
{
    int red = reduction(e);
    if (red >= 0) {
        Opnd x = em_value(em, e->args[0]);
        const char *t = em_fresh(em, "t");
        em_line(em, "double %s = %s(rt_argn(%s, NULL, %s, false), 0.0%s);", t,
                reductions[red].rt, x.val, x.n,
                reductions[red].err ? ", err" : "");
        if (reductions[red].err)
            em_line(em, "if (isnan(%s)) return -1;", t);
        *out = em_scalar(t, NULL, false);
        return true;
    }
    if (strcmp(e->fn, "sum") != 0 || e->nargs != 1)
        return false;
    Opnd x = em_value(em, e->args[0]);
    const char *t = em_fresh(em, "t");
    if (x.is_int) {
        em_line(em, "int %s = 0;", t);
        em_line(em, "if (rt_int_sum(%s, %s, &%s, err)) return -1;", x.val,
                x.n, t);
        *out = em_scalar(t, NULL, true);
        return true;
    }
    em_line(em, "double %s = rt_sum(rt_argn(%s, NULL, %s, false), 0.0);",
            t, x.val, x.n);
    *out = em_scalar(t, NULL, false);
    return true;
}

static bool reduction_backprop(Emit *em, const MirExpr *e, const char *adj)
{
    int red = reduction(e);
    if (red >= 0) {
        const MirExpr *xe = e->args[0];
        Opnd x = em_value(em, xe);
        const char *g = em_adj_buffer(em, x);
        em_line(em, "(void)%s(rt_argn(%s, %s, %s, true), %s%s);",
                reductions[red].rt, x.val, g, x.n, adj,
                reductions[red].err ? ", err" : "");
        em_backprop(em, xe, g);
        return true;
    }
    if (strcmp(e->fn, "sum") != 0)
        return false;
    const MirExpr *xe = e->args[0];
    if (!em_is_ad(em, xe))
        return true;
    Opnd x = em_value(em, xe);
    const char *g = em_adj_buffer(em, x);
    em_line(em, "for (int k = 0; k < %s; k++) %s[k] += %s;", x.n, g, adj);
    em_backprop(em, xe, g);
    return true;
}

/* The densities: of vectors and matrices (matrix_densities[]), else the
 * runtime's rt_FAMILY_lpdf (density_call). */
static bool density_value(Emit *em, const MirExpr *e, Opnd *out)
{
    if (matrix_density(e)) {
        const char *t = em_fresh(em, "t");
        emit_matrix_density(em, e, NULL, t);
        *out = em_scalar(t, NULL, false);
        return true;
    }
    const char *rt;
    int propto;
    if (!density_call(em, e, &rt, &propto))
        return false;
    Opnd *ops = arena_alloc(em->a, sizeof *ops * (size_t)(e->nargs + 1));
    for (int i = 0; i < e->nargs; i++)
        ops[i] = em_value(em, e->args[i]);
    const char *t = em_fresh(em, "t");
    em_line(em, "double %s = %s(%s%s, 0.0, err);", t, rt,
            density_args(em, e, ops, NULL),
            propto < 0 ? "" : propto ? ", propto" : ", false");
    em_line(em, "if (isnan(%s)) return -1;", t);
    *out = em_scalar(t, NULL, false);
    return true;
}

static bool density_backprop(Emit *em, const MirExpr *e, const char *adj)
{
    if (matrix_density(e)) {
        const char *capture = em->capture;
        em->capture = NULL;
        const char *t = capture ? capture : em_fresh(em, "t");
        emit_matrix_density(em, e, adj, t);
        if (!capture)
            em_line(em, "(void)%s;", t);
        return true;
    }
    const char *rt;
    int propto;
    if (!density_call(em, e, &rt, &propto))
        return false;
    if (em_fused_density(em, e, adj))
        return true;
    const char *capture = em->capture;
    em->capture = NULL;   /* only the outermost call gives the value */
    const char *t = capture ? capture : em_fresh(em, "t");
    em_line(em, "double %s = 0;", t);
    density_partials(em, e, adj, t, propto, rt, !capture, true);
    if (capture)
        em->capture_checked = true;
    else
        em_line(em, "(void)%s;", t);
    return true;
}

/* The elementwise math of one argument (unary_fns[], and minus), of a
 * scalar or of each element of a container. */
static bool unary_value(Emit *em, const MirExpr *e, Opnd *out)
{
    const char *fn = e->fn;
    if (e->nargs != 1)
        return false;
    if (strcmp(fn, "minus") == 0) {
        Opnd x = em_value(em, e->args[0]);
        if (x.is_int)
            *out = em_int_checked(em, "neg", x);
        else if (!x.container)
            *out = em_scalar(A("(-%s)", x.val), NULL, x.is_int);
        else {
            Opnd o = em_new_container(em, x.n, x.rows, x.cols, x.is_int);
            em_line(em, "for (int k = 0; k < %s; k++) %s[k] = -%s[k];", x.n,
                    o.val, x.val);
            *out = o;
        }
        return true;
    }
    if (!em_in_list(unary_fns, fn))
        return false;
    Opnd x = em_value(em, e->args[0]);
    if (x.is_int && strcmp(fn, "abs") == 0) {
        *out = em_int_checked(em, "abs", x);
        return true;
    }
    if (!x.container) {
        *out = em_scalar(A("rt_%s(%s)", fn, x.val), NULL, false);
        return true;
    }
    Opnd o = em_new_container(em, x.n, x.rows, x.cols, false);
    em_line(em, "for (int k = 0; k < %s; k++) %s[k] = rt_%s(%s[k]);",
            x.n, o.val, fn, x.val);
    *out = o;
    return true;
}

static bool unary_backprop(Emit *em, const MirExpr *e, const char *adj)
{
    const char *fn = e->fn;
    if (e->nargs != 1
        || !(em_in_list(unary_fns, fn) || strcmp(fn, "minus") == 0))
        return false;
    const MirExpr *xe = e->args[0];
    if (!em_is_ad(em, xe))
        return true;
    Opnd x = em_value(em, xe);
    const char *g = em_adj_buffer(em, x);
    const char *d = strcmp(fn, "minus") == 0 ? "-1.0"
        : A("rt_%s_dx(%s, rt_%s(%s))", fn, em_elem(em, x), fn,
            em_elem(em, x));
    em_accumulate(em, x, x, g, adj, d);
    em_backprop(em, xe, g);
    return true;
}

/* The elementwise math of two arguments (binary_fns[]): of containers
 * emit_lib.c's loop (em_vector_binary_*), of two scalars a C expression
 * here, followed by Stan's domain check when the call may reject
 * (mir/effects.c). */
static bool binary_value(Emit *em, const MirExpr *e, Opnd *out)
{
    if (e->nargs != 2 || !em_in_list(binary_fns, e->fn))
        return false;
    Opnd x = em_value(em, e->args[0]), y = em_value(em, e->args[1]);
    if (x.container || y.container)
        em_unsupported(em, "%s on containers", e->fn);
    const char *v = A("rt_%s(%s, %s)", e->fn, x.val, y.val);
    if (!(mir_library_call_effect(e) & EFF_REJECTS)) {
        *out = em_scalar(v, NULL, false);
        return true;
    }
    /* Stan Math checks this one's arguments (lbeta(-1, 2) is an error,
     * not NaN): a NaN value asks rt_special_domain for the message */
    const char *t = em_fresh(em, "t");
    em_line(em, "double %s = %s;", t, v);
    em_domain_check(em, e->fn, t, A("(double)(%s), (double)(%s)", x.val,
                                    y.val), 2);
    *out = em_scalar(t, NULL, false);
    return true;
}

static bool binary_backprop(Emit *em, const MirExpr *e, const char *adj)
{
    const char *fn = e->fn;
    if (e->nargs != 2 || !em_in_list(binary_fns, fn))
        return false;
    Opnd x = em_value(em, e->args[0]), y = em_value(em, e->args[1]);
    const char *dx = em_fresh(em, "d"), *dy = em_fresh(em, "d");
    em_line(em, "double %s = 0, %s = 0;", dx, dy);
    em_line(em, "rt_%s_d(%s, %s, rt_%s(%s, %s), &%s, &%s);", fn, x.val,
            y.val, fn, x.val, y.val, dx, dy);
    if (em_is_ad(em, e->args[0]))
        em_backprop(em, e->args[0], A("(%s) * %s", adj, dx));
    if (em_is_ad(em, e->args[1]))
        em_backprop(em, e->args[1], A("(%s) * %s", adj, dy));
    return true;
}

const char *em_call_route(const char *name)
{
    static const char *const suffixes[] = {
        "_lupdf", "_lpdf", "_lupmf", "_lpmf", "_lcdf", "_lccdf", "_cdf",
        "_lcdf_unnorm", "_lccdf_unnorm", "_rng"};
    for (size_t i = 0; i < sizeof suffixes / sizeof suffixes[0]; i++) {
        if (name_has_suffix(name, suffixes[i]))
            return i + 1 < sizeof suffixes / sizeof suffixes[0] ? "density"
                                                                : "draw";
    }
    if (em_in_list(unary_fns, name) || strcmp(name, "minus") == 0)
        return "unary";
    if (em_in_list(binary_fns, name))
        return "binary";
    for (size_t i = 0; i < sizeof reductions / sizeof reductions[0]; i++)
        if (strcmp(reductions[i].name, name) == 0)
            return "reduction";
    if (strcmp(name, "reduce_sum") == 0
        || strcmp(name, "reduce_sum_static") == 0)
        return "reduce_sum";
    /* the operators under their function names (add, elt_multiply,
     * ...): emit_expr.c emits them from the MIR node's op */
    for (Op op = OP_OR; op <= OP_TRANSPOSE; op++)
        if (strcmp(ast_op_name(op, false), name) == 0
            || strcmp(ast_op_name(op, true), name) == 0)
            return "operator";
    if (em_gather_name(name))
        return "shape";
    if (em_complex_name(name))
        return "complex";
    return NULL;
}

/* ------------------------------------------------------------- dispatch */

/* A call: a user function (emit_fun.c); reduce_sum as the call of its
 * function on the whole slice; a gather (emit_shape.c: the shape
 * functions of matrices); a call on complex values (emit_complex.c);
 * then the row of its name (emit_call_table.c), and when there is none
 * or its row does not take these argument kinds, the generic routes:
 * binary elementwise math of containers, reductions, densities, draws,
 * unary and binary elementwise math.  Nothing else serves a call. */
Opnd em_value_call(Emit *em, const MirExpr *e)
{
    if (e->fn_kind == FNK_USER)
        return em_call_user(em, e);
    const MirExpr *rs = reduce_sum_call(em, e);
    if (rs)
        return em_call_user(em, rs);
    if (em_gather_call(e))
        return em_value_gather(em, e);
    Opnd out;
    if (em_complex_value(em, e, &out))
        return out;
    const EmCallRule *rule = em_call_rule(em, e->fn);
    if (rule && rule->value && rule->value(em, e, &out))
        return out;
    if (em_vector_binary_value(em, e, &out) || reduction_value(em, e, &out)
        || density_value(em, e, &out) || em_draw_value(em, e, &out)
        || unary_value(em, e, &out) || binary_value(em, e, &out))
        return out;
    em_unsupported(em, "the function %s", e->fn);
}

void em_backprop_call(Emit *em, const MirExpr *e, const char *adj)
{
    if (e->fn_kind == FNK_USER) {
        em_backprop_user(em, e, adj);
        return;
    }
    const MirExpr *rs = reduce_sum_call(em, e);
    if (rs) {
        em_backprop_user(em, rs, adj);
        return;
    }
    if (em_gather_call(e)) {
        em_backprop_gather(em, e, adj);
        return;
    }
    if (em_complex_call(e)) {
        if (!em_complex_backprop(em, e, adj))
            em_unsupported(em, "derivatives of %s (its argument or result "
                           "is complex, and it has no reverse rule)", e->fn);
        return;
    }
    const EmCallRule *rule = em_call_rule(em, e->fn);
    if (rule && rule->backprop && rule->backprop(em, e, adj))
        return;
    if (em_vector_binary_backprop(em, e, adj)
        || reduction_backprop(em, e, adj) || density_backprop(em, e, adj)
        || unary_backprop(em, e, adj) || binary_backprop(em, e, adj))
        return;
    em_unsupported(em, "derivatives of the function %s", e->fn);
}
