/* emit_fused.c - a vectorized density whose arguments are elementwise
 * expressions, as one loop: normal, bernoulli_logit and poisson_log.
 *
 * y ~ normal(a[g] + b * x, sigma) would otherwise compute the mean into a
 * temporary and give it an adjoint buffer, run the density's loop over
 * both, and take the buffer back through a[g] + b * x in a third loop.
 * Here one loop over k computes element k of every argument from its
 * leaves (the kernels of emit_elementwise.c: container variables, slices,
 * x[g], scalars evaluated once), the density's terms, and each element's
 * partials, added straight into the leaves' adjoints: a[g[k] - 1]'s, and
 * a scalar leaf's into one sum that goes into it once after the loop.
 * The loop has no exit but the range checks of x[g] leaves, and no
 * store but into adjoints: its sums stay in registers (and the model
 * flags allow the C compiler to reassociate them).
 *
 * Rejections stay those of the materializing code (em_density_general):
 * the leaves are evaluated and each tree's sizes checked in the same
 * order; the range checks of x[g] run inside the loop when nothing that
 * could fail comes after them in that order, else in a loop of their own
 * where the tree would have run them.  Arguments of different sizes, a
 * scale outside (0, inf) or a sum that is not finite run the
 * materializing code with the runtime's general function (which gives
 * Stan's messages), after taking back what the loop added. */
#include <string.h>

#include "emit.h"

#define A(...) arena_printf(em->a, __VA_ARGS__)

/* normal_lpdf and normal_lupdf of three operands of kernels, one of them
 * a tree or x[g] (with only plain containers, the inlined normal of
 * emit_call.c materializes nothing). */
static bool fusable_normal(const Emit *em, const MirExpr *e)
{
    if (e->kind != MX_CALL || e->fn_kind != FNK_STANLIB || e->nargs != 3
        || (strcmp(e->fn, "normal_lpdf") != 0
            && strcmp(e->fn, "normal_lupdf") != 0))
        return false;
    bool gains = false;
    for (int i = 0; i < 3; i++) {
        if (!em_kernel_operand(em, e->args[i]))
            return false;
        gains |= em_kernel_gains(em, e->args[i]);
    }
    return gains;
}

/* adj * x, without the product when adj is 1. */
static const char *times(Emit *em, const char *adj, const char *x)
{
    return strcmp(adj, "1.0") == 0 ? x : A("(%s) * %s", adj, x);
}

/* The three arguments of a fused normal. */
typedef struct Normal {
    const MirExpr *y, *mu, *sigma;
    EmKernel *k;
    const char *n;          /* the length of the loop */
    const char *inv;        /* 1 / sigma, when sigma is a scalar */
    bool sigma_vec, sigma_ad;
} Normal;

/* The body of the loop over k: z, and the partials of element k times
 * adj added down the trees with `sign` (-1: taking them back). */
static void normal_element(Emit *em, Normal *f, const char *adj,
                           const char *ok, const char *acc,
                           const char *logs, int sign)
{
    const char *y = em_kernel_elem(em, f->k, f->y);
    const char *mu = em_kernel_elem(em, f->k, f->mu);
    const char *inv = f->inv;
    if (f->sigma_vec) {
        em_line(em, "double sk = %s;", em_kernel_elem(em, f->k, f->sigma));
        em_line(em, "double inv = 1.0 / sk;");
        inv = "inv";
        if (sign > 0) {
            /* sigma <= 0, NaN or inf makes inv <= 0 or NaN */
            em_line(em, "%s &= inv > 0;", ok);
            if (f->sigma_ad)
                em_line(em, "%s += log(sk);", logs);
        }
    }
    em_line(em, "double z = (%s - %s) * %s;", y, mu, inv);
    if (sign > 0)
        em_line(em, "%s += z * z;", acc);
    bool loc = em_is_ad(em, f->y) || em_is_ad(em, f->mu);
    if (loc) {
        em_line(em, "double d = %s%s;", sign < 0 ? "-" : "",
                times(em, adj, A("(z * %s)", inv)));
        em_kernel_down(em, f->k, f->mu, "d");
        em_kernel_down(em, f->k, f->y, "(-d)");
    }
    if (f->sigma_vec && em_is_ad(em, f->sigma)) {
        em_line(em, "double ds = %s%s;", sign < 0 ? "-" : "",
                times(em, adj, A("((z * z - 1.0) * %s)", inv)));
        em_kernel_down(em, f->k, f->sigma, "ds");
    }
}

static void fused_normal(Emit *em, const MirExpr *e, const char *adj,
                         const char *t)
{
    Normal f = {e->args[0], e->args[1], e->args[2], em_kernel_new(em), NULL,
                NULL, false, e->args[2]->ad == AD_AUTODIFF};
    /* the leaves and the trees' own checks, in em_value's order */
    const char *len[3];
    int first[3], last[3];
    bool in_loop[3] = {false, false, false};
    for (int i = 0; i < 3; i++) {
        first[i] = em_kernel_nleaves(f.k);
        len[i] = em_kernel_add(em, f.k, e->args[i]);
        last[i] = em_kernel_nleaves(f.k);
        if (!em_kernel_has_index(f.k, first[i], last[i]))
            continue;
        in_loop[i] = true;
        for (int j = i + 1; j < 3; j++)
            in_loop[i] &= em_kernel_quiet(em, e->args[j]);
        if (!in_loop[i]) {
            em_line(em, "for (int k = 0; k < %s; k++) {", len[i]);
            em->indent++;
            em_kernel_check_indices(em, f.k, first[i], last[i]);
            em->indent--;
            em_line(em, "}");
        }
    }
    const char *same = "1";
    for (int i = 0; i < 3; i++)
        if (len[i]) {
            if (!f.n)
                f.n = A("(%s)", len[i]);
            else
                same = A("%s && !rt_ne(%s, %s)", same, len[i], f.n);
        }
    f.sigma_vec = len[2] != NULL;
    const char *ok = em_fresh(em, "ok");
    const char *acc = em_fresh(em, "acc"), *logs = em_fresh(em, "logs");
    em_line(em, "int %s = %s;", ok, same);
    em_line(em, "double %s = 0, %s = 0;", acc, logs);
    const char *sg = NULL;
    if (!f.sigma_vec) {
        sg = em_kernel_elem(em, f.k, f.sigma);
        f.inv = em_fresh(em, "inv");
        em_line(em, "double %s = 1.0 / %s;", f.inv, sg);
        em_line(em, "%s = %s && %s > 0;", ok, ok, f.inv);
    }
    em_kernel_sums(em, f.k);
    em->block_depth++;
    em_line(em, "if (%s) {", ok);
    em->indent++;
    em_line(em, "for (int k = 0; k < %s; k++) {", f.n);
    em->indent++;
    for (int i = 0; i < 3; i++)
        if (in_loop[i])
            em_kernel_check_indices(em, f.k, first[i], last[i]);
    normal_element(em, &f, adj, ok, acc, logs, 1);
    em->indent--;
    em_line(em, "}");
    em_line(em, "%s = %s && isfinite(%s);", ok, ok, acc);
    if (em_kernel_direct(em, f.k)) {
        /* the general call adds all the partials itself */
        em_line(em, "if (!%s) {", ok);
        em->indent++;
        em_line(em, "for (int k = 0; k < %s; k++) {", f.n);
        em->indent++;
        normal_element(em, &f, adj, ok, acc, logs, -1);
        em->indent--;
        em_line(em, "}");
        em->indent--;
        em_line(em, "}");
    }
    em->indent--;
    em_line(em, "}");
    em_line(em, "if (%s) {", ok);
    em->indent++;
    /* propto drops the constant always, log(sigma) when sigma is data,
     * everything when all is data */
    const char *dropped = strstr(e->fn, "_lupdf") ? "propto" : "false";
    if (!f.sigma_vec)
        em_line(em, "%s = %s * log(%s);", logs, f.n, sg);
    else if (!f.sigma_ad)
        em_line(em, "if (!%s) for (int k = 0; k < %s; k++) %s += log(%s);",
                dropped, f.n, logs, em_kernel_elem(em, f.k, f.sigma));
    em_line(em, "%s = -0.5 * %s%s - (%s ? 0.0 : %s * 0.91893853320467274178);",
            t, acc, f.sigma_ad ? A(" - %s", logs)
            : A(" - (%s ? 0.0 : %s)", dropped, logs), dropped, f.n);
    bool any_ad = false;
    for (int i = 0; i < 3; i++)
        any_ad |= em_is_ad(em, e->args[i]);
    if (!any_ad)
        em_line(em, "if (%s) %s = 0.0;", dropped, t);
    if (!f.sigma_vec && em_is_ad(em, f.sigma))
        em_kernel_down(em, f.k, f.sigma,
                       times(em, adj, A("((%s - (double)(%s)) * %s)", acc, f.n,
                                        f.inv)));
    em_kernel_finish(em, f.k);
    em->indent--;
    em_line(em, "} else {");
    em->indent++;
    em_density_general(em, e, adj, t);
    em->indent--;
    em_line(em, "}");
    em->block_depth--;
}

/* --------------------------------------------- one-parameter discrete */

/* bernoulli_logit and poisson_log of an int variate (evaluated first, as
 * the general call's arguments are) and a tree: per element, whether the
 * variate is in the support, the term and its derivative in the tree's
 * element (C expressions of nk, the variate, and a, the element). */
typedef struct Discrete {
    const char *name;
    const char *support, *term, *deriv;
    const char *constant;   /* a term of nk that propto drops, or NULL */
} Discrete;

static const Discrete discretes[] = {
    {"bernoulli_logit", "(unsigned)nk <= 1u",
     "(nk ? rt_log_inv_logit(a) : rt_log1m_inv_logit(a))",
     "(nk ? rt_inv_logit(-a) : -rt_inv_logit(a))", NULL},
    {"poisson_log", "nk >= 0", "((nk ? nk * a : 0) - exp(a))",
     "(nk - exp(a))", "rt_lgamma(nk + 1.0)"},
};

static const Discrete *discrete(const Emit *em, const MirExpr *e)
{
    if (e->kind != MX_CALL || e->fn_kind != FNK_STANLIB || e->nargs != 2)
        return NULL;
    const Type *n = e->args[0]->type;
    if (!(n->kind == TY_INT || (n->kind == TY_ARRAY && n->dims == 1
                                && n->elem->kind == TY_INT))
        || !em_kernel_gains(em, e->args[1]))
        return NULL;
    for (size_t i = 0; i < sizeof discretes / sizeof discretes[0]; i++) {
        size_t m = strlen(discretes[i].name);
        if (strncmp(e->fn, discretes[i].name, m) == 0
            && (strcmp(e->fn + m, "_lpmf") == 0
                || strcmp(e->fn + m, "_lupmf") == 0))
            return &discretes[i];
    }
    return NULL;
}

/* The loop body: the support test, the term, the partial (sign -1: taken
 * back). */
static void discrete_element(Emit *em, const Discrete *d, EmKernel *k,
                             const MirExpr *e, Opnd n, const char *adj,
                             const char *ok, const char *acc, int sign)
{
    em_line(em, "int nk = %s;", n.container ? A("%s[k]", n.val) : n.val);
    em_line(em, "double a = %s;", em_kernel_elem(em, k, e->args[1]));
    if (sign > 0) {
        em_line(em, "%s &= %s;", ok, d->support);
        em_line(em, "%s += %s;", acc, d->term);
    }
    em_line(em, "double d = %s%s;", sign < 0 ? "-" : "",
            times(em, adj, d->deriv));
    em_kernel_down(em, k, e->args[1], "d");
}

static void fused_discrete(Emit *em, const Discrete *d, const MirExpr *e,
                           const char *adj, const char *t)
{
    Opnd n = em_value(em, e->args[0]);
    EmKernel *k = em_kernel_new(em);
    const char *len = A("(%s)", em_kernel_add(em, k, e->args[1]));
    const char *ok = em_fresh(em, "ok"), *acc = em_fresh(em, "acc");
    em_line(em, "int %s = %s;", ok, n.container
            ? A("!rt_ne(%s, %s)", n.n, len) : "1");
    em_line(em, "double %s = 0;", acc);
    em_kernel_sums(em, k);
    em->block_depth++;
    em_line(em, "if (%s) {", ok);
    em->indent++;
    em_line(em, "for (int k = 0; k < %s; k++) {", len);
    em->indent++;
    em_kernel_check_indices(em, k, 0, em_kernel_nleaves(k));
    discrete_element(em, d, k, e, n, adj, ok, acc, 1);
    em->indent--;
    em_line(em, "}");
    /* a NaN or infinite term (a NaN or infinite parameter) is the
     * general function's to judge */
    em_line(em, "%s = %s && isfinite(%s);", ok, ok, acc);
    if (em_kernel_direct(em, k)) {
        em_line(em, "if (!%s) {", ok);
        em->indent++;
        em_line(em, "for (int k = 0; k < %s; k++) {", len);
        em->indent++;
        discrete_element(em, d, k, e, n, adj, ok, acc, -1);
        em->indent--;
        em_line(em, "}");
        em->indent--;
        em_line(em, "}");
    }
    em->indent--;
    em_line(em, "}");
    em_line(em, "if (%s) {", ok);
    em->indent++;
    em_line(em, "%s = %s;", t, acc);
    if (d->constant && !strstr(e->fn, "_lup")) {
        em_line(em, "for (int k = 0; k < %s; k++) {", len);
        em->indent++;
        em_line(em, "int nk = %s;", n.container ? A("%s[k]", n.val) : n.val);
        em_line(em, "%s -= %s;", t, d->constant);
        em->indent--;
        em_line(em, "}");
    }
    em_kernel_finish(em, k);
    em->indent--;
    em_line(em, "} else {");
    em->indent++;
    em_density_general(em, e, adj, t);
    em->indent--;
    em_line(em, "}");
    em->block_depth--;
}

bool em_fused_density(Emit *em, const MirExpr *e, const char *adj)
{
    const Discrete *d = discrete(em, e);
    if (!d && !fusable_normal(em, e))
        return false;
    const char *capture = em->capture;
    em->capture = NULL;   /* only the outermost call gives the value */
    const char *t = capture ? capture : em_fresh(em, "t");
    em_line(em, "double %s = 0;", t);
    if (d)
        fused_discrete(em, d, e, adj, t);
    else
        fused_normal(em, e, adj, t);
    if (capture)
        em->capture_checked = true;   /* the general call checks */
    else
        em_line(em, "(void)%s;", t);
    return true;
}
