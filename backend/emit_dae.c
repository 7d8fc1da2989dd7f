/* emit_dae.c - the DAE solvers dae and dae_tol through the runtime's
 * rt_dae_solve (rt_dae.h), a family of emit_callback.c.
 *
 * The solver calls back into the model for the residual F(t, y, y', ...)
 * (dae_res, the user function's C function) and for the vector-Jacobian
 * products w^T dF/dy, w^T dF/dy' and w^T dF/dtheta (dae_vjp, its reverse
 * function with w as the result's adjoint): n of them give the Newton
 * iteration's matrix, and at each step the Jacobians of the sensitivity
 * equations.  theta are the elements of the extra arguments the function
 * takes as real and not `data`, one after the other (emit_callback.c).
 *
 * The value of a call is a solve without sensitivities (its Newton
 * matrix from the vjp when the reverse function compiles, else from
 * differences of the residual); its reverse step solves again with them
 * (the reverse sweep recomputes values) and adds adj^T dy(ts)/d(yy0, yp0,
 * theta) into the adjoints of the initial state, its derivative and the
 * extra arguments.  The initial and output times are data by the
 * signature.  Before the solve, Stan's checks: the arguments
 * (rt_dae_check_arguments) and that every real extra argument is finite
 * ("DAE parameters and data", as Stan Math's dae_tol_impl). */
#include <string.h>

#include "emit.h"

#define A(...) arena_printf(em->a, __VA_ARGS__)

/* residual, yy0, yp0, t0, ts, then the extra arguments from `from`; the
 * tolerances (rtol, atol, max_num_steps) at `tol`, or Stan's defaults
 * (IDAS: 1e-10, 1e-10, 1e8) */
typedef struct DaeForm {
    const char *name;
    int from, tol;
} DaeForm;

static const DaeForm forms[] = {
    {"dae", 5, 0},
    {"dae_tol", 8, 5},
};

#define DAE_DEFAULTS "1e-10, 1e-10, 100000000L"

static const DaeForm *form_of(const MirExpr *e)
{
    if (!e || e->kind != MX_CALL || e->fn_kind != FNK_STANLIB)
        return NULL;
    for (size_t i = 0; i < sizeof forms / sizeof *forms; i++)
        if (strcmp(e->fn, forms[i].name) == 0)
            return &forms[i];
    return NULL;
}

bool em_dae_is_call(const MirExpr *e)
{
    return form_of(e) != NULL;
}

int em_dae_fun(Emit *em, const MirExpr *e)
{
    const DaeForm *form = form_of(e);
    if (!form)
        return -1;
    int nextra = e->nargs - form->from;
    return em_cb_fun(em, e, 3 + nextra, form->from, nextra, 3);
}

/* ------------------------------------------------------------ callbacks */

#define RES_PARAMS "void *ctx, double t, const double *y, const double *yp, " \
    "double *r, RtError *err"
#define VJP_PARAMS "void *ctx, double t, const double *y, const double *yp, " \
    "const double *w, double *gy, double *gyp, double *gtheta, RtError *err"

/* Why fi's vjp callback cannot work (NULL: it can): the function or its
 * reverse function does not compile, or it takes the states as data. */
static const char *vjp_why(Emit *em, int fi)
{
    const MirFun *f = &em->p->funs[fi];
    if (em->fun_why[fi])
        return em->fun_why[fi];
    if (em->rev_why && em->rev_why[fi])
        return em->rev_why[fi];
    if (f->data_only[1] || f->data_only[2])
        return A("the states of %s are data", f->name);
    return NULL;
}

void em_dae_declare(Emit *em, int fi)
{
    em_cb_declare(em, "dae_res", fi, RES_PARAMS);
    em_cb_declare(em, "dae_vjp", fi, VJP_PARAMS);
}

void em_dae_define(Emit *em, int fi)
{
    const MirFun *f = &em->p->funs[fi];
    if (em_cb_open(em, "dae_res", fi, RES_PARAMS, em->fun_why[fi])) {
        em_line(em, "    double *out = NULL;");
        em_line(em, "    int rows = 0, cols = 0;");
        em_cb_run_begin(em, fi, false);
        em_line(em, "    if (%s((const Model *)c->m, c->S, false, t, y, c->n, "
                "yp, c->n%s, &out, &rows, &cols, NULL, err)) return -1;",
                em_cb_cname(em, fi), em_cb_args(em, f, 3));
        em_line(em, "    int k = rows * cols;");
        em_line(em, "    if (k == c->n) memcpy(r, out, sizeof(double) * "
                "(size_t)k);");
        em_cb_run_end(em, fi, false, NULL);
        em_line(em, "    if (k != c->n) return rt_error(err, \"dae: the "
                "residual function %%s returns %%d values for a state of "
                "size %%d\", %s, k, c->n);", em_c_string(em->a, f->name));
        em_line(em, "    return 0;");
        em_line(em, "}");
    }
    if (!em_cb_open(em, "dae_vjp", fi, VJP_PARAMS, vjp_why(em, fi)))
        return;
    em_line(em, "    (void)gtheta;");
    em_cb_run_begin(em, fi, true);
    /* t's adjoint (unless t is data) is not wanted */
    em_line(em, "    int rc = %s_rev((const Model *)c->m, c->S, false, t, y, "
            "c->n, yp, c->n%s, w, %sgy, gyp%s, NULL, err);",
            em_cb_cname(em, fi), em_cb_args(em, f, 3),
            f->data_only[0] ? "" : "&(double){0}, ", em_cb_grads(em, f, 3));
    em_cb_run_end(em, fi, true, "rc");
}

/* ------------------------------------------------------------- the call */

/* Whether the vjp callback of fi works (see em_cb_no_rev). */
static bool has_vjp(Emit *em, int fi)
{
    const MirFun *f = &em->p->funs[fi];
    return !f->data_only[1] && !f->data_only[2] && !em_cb_no_rev(em, fi);
}

/* The solve into a new array of vectors: Stan's checks, the context, the
 * system, the call.  With with_sens the sensitivities go into *sens (an
 * n x m block per output time, m = 2n + p the C int variable *cols); *p
 * gets theta's length, extra the extra arguments' values. */
static Opnd solve(Emit *em, const MirExpr *e, bool with_sens,
                  const char **sens, const char **cols, const char **p,
                  Opnd *extra, int *fi_out)
{
    const DaeForm *form = form_of(e);
    int fi = em_dae_fun(em, e);
    em_cb_check_passed(em, e, em_dae_is_call, fi, "this function argument");
    if (with_sens && !has_vjp(em, fi))
        em_unsupported(em, "derivatives of %s: %s", e->fn, vjp_why(em, fi));
    *fi_out = fi;
    const char *fn = em_c_string(em->a, e->fn);
    Opnd yy0 = em_cb_doubles(em, em_value(em, e->args[1]));
    Opnd yp0 = em_cb_doubles(em, em_value(em, e->args[2]));
    Opnd t0 = em_cb_doubles(em, em_value(em, e->args[3]));
    Opnd ts = em_cb_doubles(em, em_value(em, e->args[4]));
    const char *tol = DAE_DEFAULTS;
    if (form->tol)
        tol = A("(double)(%s), (double)(%s), (long)(%s)",
                em_value(em, e->args[form->tol]).val,
                em_value(em, e->args[form->tol + 1]).val,
                em_value(em, e->args[form->tol + 2]).val);
    em_line(em, "if (rt_dae_check_arguments(%s, %s, %s, %s, %s, %s, %s, %s, "
            "%s, err)) return -1;", fn, yy0.val, yy0.n, yp0.val, yp0.n,
            t0.val, ts.val, ts.n, tol);
    const char *c = em_cb_fill(em, e, form->from, fi, 3, yy0.n, extra, p);
    /* Stan's check_finite of every extra argument (ints always are), as
     * the context holds it: doubles, a complex one's in pairs */
    int nextra = e->nargs - form->from;
    for (int i = 0; i < nextra; i++)
        if (!extra[i].is_int)
            em_line(em, "if (rt_dae_check_finite(%s.a[%d], %s, err)) "
                    "return -1;", c, i, em_cb_theta_len(em, extra[i]));
    const char *sys = em_fresh(em, "sys");
    em_line(em, "RtDaeSystem %s = {%s, %s, dae_res%d, %s, &%s};", sys,
            yy0.n, *p, fi, has_vjp(em, fi) ? A("dae_vjp%d", fi) : "NULL", c);
    Opnd y = em_new_container(em, A("(%s) * (%s)", ts.n, yy0.n), ts.n,
                              yy0.n, false);
    *sens = "NULL";
    if (with_sens) {
        *sens = em_fresh(em, "sens");
        *cols = em_fresh(em, "m");
        em_line(em, "int %s;", *cols);
        em_line(em, "if (rt_dae_sensitivity_columns(%s, %s, %s, &%s, err)) "
                "return -1;", ts.n, yy0.n, *p, *cols);
        em_line(em, "double *%s = rt_scratch_doubles(&S->scratch, (size_t)"
                "(%s) * (size_t)(%s) * (size_t)%s);", *sens, ts.n, yy0.n,
                *cols);
    }
    bool mute = with_sens && em_cb_prints(em, fi);
    const char *rc = em_fresh(em, "rc");
    if (mute)    /* the forward sweep printed this solve's prints */
        em_line(em, "rt_print_mute(1);");
    em_line(em, "int %s = rt_dae_solve(%s, &%s, %s, %s, %s, %s, %s, %s, %s, "
            "%s, %s, %s, err);", rc, fn, sys, yy0.val, yy0.n, yp0.val,
            yp0.n, t0.val, ts.val, ts.n, tol, y.val, *sens);
    if (mute)
        em_line(em, "rt_print_mute(-1);");
    em_line(em, "if (%s) return -1;", rc);
    return y;
}

static bool dae_value(Emit *em, const MirExpr *e, Opnd *out)
{
    if (!form_of(e))
        return false;
    const char *sens, *cols = NULL, *p;
    Opnd extra[32];
    int fi;
    *out = solve(em, e, false, &sens, &cols, &p, extra, &fi);
    return true;
}

static bool dae_backprop(Emit *em, const MirExpr *e, const char *adj)
{
    const DaeForm *form = form_of(e);
    if (!form)
        return false;
    const char *sens, *cols, *p;
    Opnd extra[32];
    int fi;
    Opnd y = solve(em, e, true, &sens, &cols, &p, extra, &fi);
    const char *n = y.cols, *nts = y.rows;
    /* g[j] = sum over outputs k and states i of adj * dy_i(t_k)/d(yy0,
     * yp0, theta)_j */
    const char *g = em_fresh(em, "g");
    em_line(em, "double *%s = rt_scratch_doubles(&S->scratch, (size_t)%s);",
            g, cols);
    em_line(em, "for (int k = 0; k < %s; k++)", nts);
    em_line(em, "    for (int i = 0; i < %s; i++)", n);
    em_line(em, "        for (int j = 0; j < %s; j++)", cols);
    em_line(em, "            %s[j] += %s[k * (%s) + i] * %s[((size_t)k * (%s) "
            "+ i) * %s + j];", g, adj, n, sens, n, cols);
    if (em_is_ad(em, e->args[1]))
        em_backprop(em, e->args[1], g);
    if (em_is_ad(em, e->args[2]))
        em_backprop(em, e->args[2], A("(%s + (%s))", g, n));
    em_cb_backprop(em, e, form->from, fi, 3, extra,
                   A("(%s + 2 * (%s))", g, n));
    return true;
}

static const EmCallRule rows[] = {
    {"dae", dae_value, dae_backprop},
    {"dae_tol", dae_value, dae_backprop},
};

const EmCallRules em_dae_rules = EM_CALL_RULES(rows);
