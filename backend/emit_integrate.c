/* emit_integrate.c - integrate_1d(f, a, b, theta, x_r, x_i
 * [, relative_tolerance]) through the runtime's rt_integrate_1d
 * (rt_integrate.h).
 *
 * The integrator calls back into the model for f(x, xc, theta, x_r, x_i)
 * and for its gradient with respect to theta (the callbacks itg_f and
 * itg_grad of each user function passed to integrate_1d, from the
 * function's C function and its reverse function with the result's
 * adjoint 1; emit_callback.c has the shared parts).  The value of a call
 * is one integral; its reverse step integrates each component of the
 * gradient (as Stan does) and, for bounds that carry derivatives, adds
 * -f(a) and f(b). */
#include <string.h>

#include "emit.h"

#define A(...) arena_printf(em->a, __VA_ARGS__)

/* f, a, b, then theta, x_r, x_i: the function's parameters 2.. */
#define FIRST_EXTRA 3

bool em_integrate_is_call(const MirExpr *e)
{
    return e && e->kind == MX_CALL && e->fn_kind == FNK_STANLIB
        && strcmp(e->fn, "integrate_1d") == 0
        && (e->nargs == 6 || e->nargs == 7);
}

int em_integrate_fun(Emit *em, const MirExpr *e)
{
    return em_integrate_is_call(e) ? em_cb_fun(em, e, 5, 3, 3, 2) : -1;
}

/* ------------------------------------------------------------ callbacks */

#define F_PARAMS "void *ctx, double x, double xc, double *fx, RtError *err"
#define GRAD_PARAMS "void *ctx, double x, double xc, double *gtheta, " \
    "RtError *err"

void em_integrate_declare(Emit *em, int fi)
{
    em_cb_declare(em, "itg_f", fi, F_PARAMS);
    em_cb_declare(em, "itg_grad", fi, GRAD_PARAMS);
}

void em_integrate_define(Emit *em, int fi)
{
    const MirFun *f = &em->p->funs[fi];
    if (em_cb_open(em, "itg_f", fi, F_PARAMS, em->fun_why[fi])) {
        em_cb_run_begin(em, fi, false);
        em_line(em, "    int rc = %s((const Model *)c->m, c->S, false, x, xc%s, "
                "fx, NULL, err);", em_cb_cname(em, fi), em_cb_args(em, f, 2));
        em_cb_run_end(em, fi, false, "rc");
    }
    const char *why = em->fun_why[fi] ? em->fun_why[fi] : em->rev_why[fi];
    if (!em_cb_open(em, "itg_grad", fi, GRAD_PARAMS, why))
        return;
    /* x's and xc's adjoints (unless they are data) are not wanted */
    const char *gxs = "";
    for (int i = 0; i < 2; i++)
        if (!f->data_only[i])
            gxs = A("%s, &(double){0}", gxs);
    em_cb_run_begin(em, fi, true);
    em_line(em, "    int rc = %s_rev((const Model *)c->m, c->S, false, x, xc%s, "
            "1.0%s%s, NULL, err);", em_cb_cname(em, fi), em_cb_args(em, f, 2),
            gxs, em_cb_grads(em, f, 2));
    em_cb_run_end(em, fi, true, "rc");
}

/* ------------------------------------------------------------- the call */

/* The integrand of a call: its context and RtIntegrand, named in
 * *integrand; the bounds and tolerance as C doubles. */
static void integrand(Emit *em, const MirExpr *e, bool with_grad,
                      const char **itg, Opnd *extra, int *fi_out,
                      const char **a, const char **b, const char **tol,
                      const char **p)
{
    int fi = em_integrate_fun(em, e);
    em_cb_check_passed(em, e, em_integrate_is_call, fi,
                       "this function argument");
    /* only bounds that carry derivatives need no gradient of f */
    bool theta_grad = false;
    for (int i = FIRST_EXTRA; i < FIRST_EXTRA + 3; i++)
        theta_grad = theta_grad || (with_grad && em_is_ad(em, e->args[i]));
    if (theta_grad && em_cb_no_rev(em, fi))
        em_unsupported(em, "derivatives of %s: %s", e->fn, em->rev_why[fi]);
    *fi_out = fi;
    *a = A("(double)(%s)", em_value(em, e->args[1]).val);
    *b = A("(double)(%s)", em_value(em, e->args[2]).val);
    *tol = e->nargs == 7 ? A("(double)(%s)", em_value(em, e->args[6]).val)
                         : "RT_INTEGRATE_1D_TOLERANCE";
    const char *c = em_cb_fill(em, e, FIRST_EXTRA, fi, 2, "0", extra, p);
    *itg = em_fresh(em, "itg");
    em_line(em, "RtIntegrand %s = {%s, itg_f%d, %s, &%s};", *itg,
            theta_grad ? *p : "0", fi,
            theta_grad ? A("itg_grad%d", fi) : "NULL", c);
}

static bool integrate_value(Emit *em, const MirExpr *e, Opnd *out)
{
    if (!em_integrate_is_call(e))
        return false;
    const char *itg, *a, *b, *tol, *p;
    Opnd extra[32];
    int fi;
    integrand(em, e, false, &itg, extra, &fi, &a, &b, &tol, &p);
    const char *t = em_fresh(em, "t");
    em_line(em, "double %s = 0;", t);
    em_line(em, "if (rt_integrate_1d(&%s, %s, %s, %s, &%s, err)) return -1;",
            itg, a, b, tol, t);
    *out = em_scalar(t, NULL, false);
    return true;
}

static bool integrate_backprop(Emit *em, const MirExpr *e, const char *adj)
{
    if (!em_integrate_is_call(e))
        return false;
    const char *itg, *a, *b, *tol, *p;
    Opnd extra[32];
    int fi;
    integrand(em, e, true, &itg, extra, &fi, &a, &b, &tol, &p);
    const char *g = em_fresh(em, "g"), *ga = em_fresh(em, "ga");
    const char *gb = em_fresh(em, "gb"), *rc = em_fresh(em, "rc");
    bool ad_a = em_is_ad(em, e->args[1]), ad_b = em_is_ad(em, e->args[2]);
    em_line(em, "double *%s = rt_scratch_doubles(&S->scratch, (size_t)(%s));",
            g, p);
    em_line(em, "double %s = 0, %s = 0;", ga, gb);
    bool mute = em_cb_prints(em, fi);
    if (mute)    /* the forward sweep printed the integrand's prints */
        em_line(em, "rt_print_mute(1);");
    em_line(em, "int %s = rt_integrate_1d_grad(&%s, %s, %s, %s, %s, %s, %s, "
            "err);", rc, itg, a, b, tol, g, ad_a ? A("&%s", ga) : "NULL",
            ad_b ? A("&%s", gb) : "NULL");
    if (mute)
        em_line(em, "rt_print_mute(-1);");
    em_line(em, "if (%s) return -1;", rc);
    em_line(em, "for (int k = 0; k < %s; k++) %s[k] *= %s;", p, g, adj);
    em_cb_backprop(em, e, FIRST_EXTRA, fi, 2, extra, g);
    if (ad_a)
        em_backprop(em, e->args[1], A("(%s) * %s", adj, ga));
    if (ad_b)
        em_backprop(em, e->args[2], A("(%s) * %s", adj, gb));
    return true;
}

/* ------------------------------------------------------------- rows */

static const EmCallRule rows[] = {
    {"integrate_1d", integrate_value, integrate_backprop},
};

const EmCallRules em_integrate_rules = EM_CALL_RULES(rows);
