/* emit_ode.c - Stan's ODE solvers through the runtime's rt_ode_solve
 * (rt_ode.h): ode_rk45, ode_ckrk, ode_adams, ode_bdf and their _tol forms,
 * the deprecated integrate_ode_rk45 / _bdf / _adams, with and without
 * their tolerances, and ode_adjoint_tol_ctl (its forward solve, with forward
 * sensitivities for the gradient: runtime/ode_adjoint.c).
 *
 * The solver calls back into the model for the right-hand side f(t, y,
 * ...) and, for the sensitivities (and ode_bdf's Jacobian), for the
 * vector-Jacobian products w^T df/dy and w^T df/dtheta.  Both callbacks
 * are emitted once per user function passed to an ODE solver: they unpack
 * the call's extra arguments from an OdeCtx and call the function's
 * primal C function, or its reverse function with w as the result's
 * adjoint.  The solver's parameters theta are the elements of the extra
 * arguments that f takes as real and not `data`, one after the other.
 *
 * The deprecated interface is the variadic one with three extra arguments
 * (theta, x_r, x_i) and its result array[,] real laid out as array[]
 * vector: f(t, y, theta, x_r, x_i) takes y as array[] real, which C sees
 * as the same pointer and length, so both interfaces share the callbacks
 * and the solver (an emission choice: the MIR keeps the call as written).
 * Int arguments where f or the solver takes real (an int initial time,
 * int output times, an int array for a real parameter) are converted.
 *
 * The value of a call is a solve without sensitivities; its reverse step
 * solves again with them (the reverse sweep recomputes values) and adds
 * adj^T dy(ts)/dy0 and adj^T dy(ts)/dtheta into the initial state's and
 * the extra arguments' adjoints.  Initial and output times that carry
 * derivatives are refused. */
#include <string.h>

#include "emit.h"

#define A(...) arena_printf(em->a, __VA_ARGS__)

#define ODE_MAX_ARGS 16

/* The solvers: the Stan function, the runtime's method, whether it is the
 * deprecated interface, whether it takes tolerances (the variadic _tol
 * forms; the deprecated ones take them when called with 10 arguments),
 * and Stan's default tolerances and max_num_steps.  ode_adjoint_tol_ctl
 * (adjoint) takes eleven controls, and its method is the one its
 * solver_forward argument names (rt_ode_adjoint_controls). */
typedef struct OdeForm {
    const char *name;
    const char *method;
    bool deprecated;
    bool tol;
    const char *defaults;
    bool adjoint;
} OdeForm;

#define NONSTIFF_DEFAULTS "1e-6, 1e-6, 1000000"
#define STIFF_DEFAULTS "1e-10, 1e-10, 100000000"

static const OdeForm ode_forms[] = {
    {"ode_rk45", "RT_ODE_RK45", false, false, NONSTIFF_DEFAULTS, false},
    {"ode_rk45_tol", "RT_ODE_RK45", false, true, NONSTIFF_DEFAULTS, false},
    {"ode_ckrk", "RT_ODE_CKRK", false, false, NONSTIFF_DEFAULTS, false},
    {"ode_ckrk_tol", "RT_ODE_CKRK", false, true, NONSTIFF_DEFAULTS, false},
    {"ode_adams", "RT_ODE_ADAMS", false, false, STIFF_DEFAULTS, false},
    {"ode_adams_tol", "RT_ODE_ADAMS", false, true, STIFF_DEFAULTS, false},
    {"ode_bdf", "RT_ODE_BDF", false, false, STIFF_DEFAULTS, false},
    {"ode_bdf_tol", "RT_ODE_BDF", false, true, STIFF_DEFAULTS, false},
    {"integrate_ode_rk45", "RT_ODE_RK45", true, false, NONSTIFF_DEFAULTS, false},
    {"integrate_ode_adams", "RT_ODE_ADAMS", true, false, STIFF_DEFAULTS, false},
    {"integrate_ode_bdf", "RT_ODE_BDF", true, false, STIFF_DEFAULTS, false},
    {"ode_adjoint_tol_ctl", NULL, false, true, NULL, true},
};

/* ode_adjoint_tol_ctl: the controls from argument 4, the extra arguments
 * from 15. */
#define ADJOINT_CONTROLS 4
#define ADJOINT_FIRST_EXTRA 15

static const OdeForm *ode_form(const MirExpr *e)
{
    if (!e || e->kind != MX_CALL || e->fn_kind != FNK_STANLIB)
        return NULL;
    for (size_t i = 0; i < sizeof ode_forms / sizeof *ode_forms; i++)
        if (strcmp(e->fn, ode_forms[i].name) == 0)
            return &ode_forms[i];
    return NULL;
}

static bool is_ode_call(const MirExpr *e)
{
    return ode_form(e) != NULL;
}

/* The arguments of a call: f, y0, t0, ts, then the extra arguments
 * [first, last) and, at tol, rel_tol, abs_tol, max_num_steps (tol < 0:
 * the defaults). */
typedef struct OdeArgs {
    int first, last, tol;
} OdeArgs;

static OdeArgs ode_args(const MirExpr *e)
{
    const OdeForm *form = ode_form(e);
    if (form->deprecated)
        return (OdeArgs){4, 7, e->nargs == 10 ? 7 : -1};
    if (form->adjoint)
        return (OdeArgs){ADJOINT_FIRST_EXTRA, e->nargs, ADJOINT_CONTROLS};
    if (form->tol)
        return (OdeArgs){7, e->nargs, 4};
    return (OdeArgs){4, e->nargs, -1};
}

/* The user function a call passes as its right-hand side. */
static int rhs_fun(Emit *em, const MirExpr *e)
{
    OdeArgs in = ode_args(e);
    int want = 2 + in.last - in.first;
    /* among overloads of the same arity, the one the forwarded
     * arguments fit (the typechecker chose it so) */
    return em_cb_fun(em, e, want, in.first, in.last - in.first, 2);
}

/* Whether f's extra parameter k (its parameter 2 + k) is in theta: real
 * and not `data` (the vjp writes its gradient there). */
static bool in_theta(const Emit *em, const MirFun *f, int k)
{
    const MirVar *var = &em->p->vars[f->params[2 + k]];
    return !em_is_int_var(var) && !f->data_only[2 + k];
}

/* ------------------------------------------------------------ callbacks */

static void emit_callbacks(Emit *em, int fi)
{
    const MirFun *f = &em->p->funs[fi];
    const char *name = A("f%d_%s", fi, f->name);
    em_line(em, "static int MAYBE_UNUSED ode_f%d(void *ctx, double t, "
            "const double *y, "
            "double *dydt, RtError *err)", fi);
    em_line(em, "{");
    em_line(em, "    OdeCtx *c = ctx;");
    em_line(em, "    double *r = NULL;");
    em_line(em, "    int rows = 0, cols = 0;");
    em_line(em, "    if (%s((const Model *)c->m, c->S, false, t, y, c->n%s, &r, "
            "&rows, &cols, NULL, err)) return -1;", name, em_cb_args(em, f, 2));
    em_line(em, "    if (rows * cols != c->n) return rt_error(err, \"%%s: the "
            "ODE function returns %%d states for an initial state of size "
            "%%d\", %s, rows * cols, c->n);", em_c_string(em->a, f->name));
    em_line(em, "    memcpy(dydt, r, sizeof(double) * (size_t)c->n);");
    em_line(em, "    return 0;");
    em_line(em, "}");
    if (!em->rev_why || em->rev_why[fi])
        return;
    /* w^T df/dy into gy, w^T df/dtheta into the slices of gtheta */
    /* t's adjoint (unless t is data) is not wanted */
    const char *grads = A("%s%s", f->data_only[0] ? ", gy"
                          : ", &(double){0}, gy", em_cb_grads(em, f, 2));
    em_line(em, "static int MAYBE_UNUSED ode_vjp%d(void *ctx, double t, "
            "const double *y, "
            "const double *w, double *gy, double *gtheta, RtError *err)", fi);
    em_line(em, "{");
    em_line(em, "    OdeCtx *c = ctx;");
    em_line(em, "    (void)gtheta;");
    em_line(em, "    return %s_rev((const Model *)c->m, c->S, false, t, y, "
            "c->n%s, w%s, NULL, err);", name, em_cb_args(em, f, 2), grads);
    em_line(em, "}");
}

void em_ode_callbacks(Emit *em)
{
    const MirProgram *p = em->p;
    bool *used = arena_alloc(em->a, sizeof(bool) * (size_t)(p->nfuns + 1));
    memset(used, 0, sizeof(bool) * (size_t)(p->nfuns + 1));
    em_mark_passed(em, is_ode_call, rhs_fun, used);
    bool any = false;
    for (int fi = 0; fi < p->nfuns; fi++)
        any = any || (used[fi] && !em->fun_why[fi]);
    if (!any)
        return;
    em_line(em, "/* what the ODE callbacks need: the model, its working "
            "memory, the extra arguments with their sizes, and where each "
            "real one's elements start in theta */");
    em_line(em, "typedef struct OdeCtx {");
    em_line(em, "    const void *m;");
    em_line(em, "    State *S;");
    em_line(em, "    int n;");
    em_line(em, "    const double *a[%d];", ODE_MAX_ARGS);
    em_line(em, "    const int *ia[%d];", ODE_MAX_ARGS);
    em_line(em, "    int len[%d], rows[%d], cols[%d], off[%d];", ODE_MAX_ARGS,
            ODE_MAX_ARGS, ODE_MAX_ARGS, ODE_MAX_ARGS);
    em_line(em, "    const int *dims[%d];", ODE_MAX_ARGS);
    em_line(em, "} OdeCtx;");
    em_line(em, "%s", "");
    for (int fi = 0; fi < p->nfuns; fi++)
        if (used[fi] && !em->fun_why[fi]) {
            emit_callbacks(em, fi);
            em_line(em, "%s", "");
        }
}

/* ------------------------------------------------------------- the call */

/* a as real values: an int scalar converts in C by itself, an int
 * container is copied into doubles. */
static Opnd as_real(Emit *em, Opnd a)
{
    if (!a.is_int)
        return a;
    if (!a.container) {
        a.val = A("(double)(%s)", a.val);
        a.is_int = false;
        return a;
    }
    Opnd r = em_new_container(em, a.n, a.rows, a.cols, false);
    em_line(em, "for (int k = 0; k < %s; k++) %s[k] = %s[k];", a.n, r.val,
            a.val);
    r.shape = a.shape;
    return r;
}

/* ode_adjoint_tol_ctl's controls, checked; *method and *tol get what the
 * forward solve runs with. */
static void adjoint_controls(Emit *em, const MirExpr *e, Opnd y0,
                             const char **method, const char **tol)
{
    Opnd c[11];
    for (int i = 0; i < 11; i++)
        c[i] = em_value(em, e->args[ADJOINT_CONTROLS + i]);
    const char *m = em_fresh(em, "method"), *atol = em_fresh(em, "atol");
    em_line(em, "RtOdeMethod %s; double %s;", m, atol);
    em_line(em, "if (rt_ode_adjoint_controls(%s, %s, &(RtOdeAdjointCtl){%s, "
            "%s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s}, &%s, &%s, err)) "
            "return -1;", em_c_string(em->a, e->fn), y0.n, c[0].val, c[1].val,
            c[1].n, c[2].val, c[3].val, c[3].n, c[4].val, c[5].val, c[6].val,
            c[7].val, c[8].val, c[9].val, c[10].val, m, atol);
    *method = m;
    *tol = A("%s, %s, %s", c[0].val, atol, c[6].val);
}

/* The solve: the context, then rt_ode_solve into the returned values
 * (and, with_sens, the sensitivities into *sens); *ntheta gets the
 * number of theta elements, extra the extra arguments' values. */
static Opnd solve(Emit *em, const MirExpr *e, bool with_sens,
                  const char **sens, const char **ntheta, Opnd *extra)
{
    const OdeForm *form = ode_form(e);
    OdeArgs in = ode_args(e);
    int fi = rhs_fun(em, e);
    if (fi < 0)
        em_unsupported(em, "%s with this function argument", e->fn);
    if (em->fun_why[fi])
        em_unsupported(em, "%s: %s", e->fn, em->fun_why[fi]);
    if (with_sens && em->rev_why[fi])
        em_unsupported(em, "derivatives of %s: %s", e->fn, em->rev_why[fi]);
    if (em_is_ad(em, e->args[2]) || em_is_ad(em, e->args[3]))
        em_unsupported(em, "%s with initial or output times that depend on "
                       "parameters", e->fn);
    int nextra = in.last - in.first;
    if (nextra > ODE_MAX_ARGS)
        em_unsupported(em, "%s with more than %d extra arguments", e->fn,
                       ODE_MAX_ARGS);
    const MirFun *f = &em->p->funs[fi];
    Opnd y0 = as_real(em, em_value(em, e->args[1]));
    Opnd t0 = as_real(em, em_value(em, e->args[2]));
    Opnd ts = as_real(em, em_value(em, e->args[3]));
    const char *c = em_fresh(em, "ode");
    em_line(em, "OdeCtx %s = {.m = m, .S = S, .n = %s};", c, y0.n);
    const char *off = "0";
    for (int i = 0; i < nextra; i++) {
        const MirVar *var = &em->p->vars[f->params[2 + i]];
        Opnd a = em_cb_value(em, var, e->args[in.first + i]);
        extra[i] = a;
        em_cb_set_arg(em, c, i, a, em_is_int_var(var), off);
        em_cb_fill_dims(em, c, i, var->sized.type, a);
        if (in_theta(em, f, i))
            off = A("%s + %s", off, em_cb_theta_len(em, a));
    }
    const char *p = em_fresh(em, "p");
    em_line(em, "int %s = %s;", p, off);
    /* ode_bdf's Jacobian comes from the vjp when there is one, also in a
     * value solve (else from differences of f) */
    bool stiff = form->adjoint || strcmp(form->method, "RT_ODE_BDF") == 0;
    bool vjp = with_sens || (stiff && em->rev_why && !em->rev_why[fi]);
    const char *sys = em_fresh(em, "sys");
    em_line(em, "RtOdeSystem %s = {%s, %s, ode_f%d, %s, &%s};", sys, y0.n, p,
            fi, vjp ? A("ode_vjp%d", fi) : "NULL", c);
    Opnd y = em_new_container(em, A("(%s) * (%s)", ts.n, y0.n), ts.n, y0.n,
                              false);
    const char *tol = form->defaults, *method = form->method;
    if (form->adjoint) {
        adjoint_controls(em, e, y0, &method, &tol);
    } else if (in.tol >= 0) {
        Opnd rtol = em_value(em, e->args[in.tol]);
        Opnd atol = em_value(em, e->args[in.tol + 1]);
        Opnd steps = em_value(em, e->args[in.tol + 2]);
        const char *n = steps.val;
        if (!steps.is_int)
            /* the deprecated solvers take max_num_steps as a real (1e3):
             * a long by truncation, as Stan's C++ converts it; NaN and
             * values past a long made 0 and the largest long's
             * neighbourhood, never an out-of-range conversion */
            n = A("((%s) > 0 ? ((%s) < 9.2e18 ? (long)(%s) : "
                  "(long)9.2e18) : 0L)", n, n, n);
        tol = A("%s, %s, %s", rtol.val, atol.val, n);
    }
    *sens = "NULL";
    if (with_sens) {
        *sens = em_fresh(em, "sens");
        em_line(em, "double *%s = rt_scratch_doubles(&S->scratch, (size_t)"
                "(%s) * (%s) * ((%s) + %s));", *sens, ts.n, y0.n, y0.n, p);
    }
    em_line(em, "if (rt_ode_solve(%s, %s, &%s, %s, %s, %s, %s, %s, %s, %s, "
            "err)) return -1;", method, em_c_string(em->a, e->fn), sys,
            y0.val, t0.val, ts.val, ts.n, tol, y.val, *sens);
    *ntheta = p;
    return y;
}

static bool ode_value(Emit *em, const MirExpr *e, Opnd *out)
{
    if (!is_ode_call(e))
        return false;
    const char *sens, *p;
    Opnd extra[ODE_MAX_ARGS];
    *out = solve(em, e, false, &sens, &p, extra);
    return true;
}

static bool ode_backprop(Emit *em, const MirExpr *e, const char *adj)
{
    if (!is_ode_call(e))
        return false;
    const char *sens, *p;
    Opnd extra[ODE_MAX_ARGS];
    Opnd y = solve(em, e, true, &sens, &p, extra);
    const char *n = y.cols, *nts = y.rows;
    /* g[j] = sum over outputs k and states i of adj * dy_i(t_k)/d(y0,
     * theta)_j */
    const char *g = em_fresh(em, "g");
    em_line(em, "double *%s = rt_scratch_doubles(&S->scratch, (size_t)((%s) "
            "+ %s));", g, n, p);
    em_line(em, "for (int k = 0; k < %s; k++)", nts);
    em_line(em, "    for (int i = 0; i < %s; i++)", n);
    em_line(em, "        for (int j = 0; j < (%s) + %s; j++)", n, p);
    em_line(em, "            %s[j] += %s[k * (%s) + i] * %s[((size_t)k * (%s) "
            "+ i) * ((%s) + %s) + j];", g, adj, n, sens, n, n, p);
    em_backprop(em, e->args[1], g);
    const MirFun *f = &em->p->funs[rhs_fun(em, e)];
    OdeArgs in = ode_args(e);
    const char *off = n;
    for (int i = 0; in.first + i < in.last; i++) {
        if (!in_theta(em, f, i))
            continue;
        Opnd a = extra[i];
        em_cb_backprop_arg(em, &em->p->vars[f->params[2 + i]],
                           e->args[in.first + i], a, g, off);
        off = A("%s + %s", off, em_cb_theta_len(em, a));
    }
    return true;
}

/* ------------------------------------------------------------- rows */

static const EmCallRule rows[] = {
    {"integrate_ode_adams", ode_value, ode_backprop},
    {"integrate_ode_bdf", ode_value, ode_backprop},
    {"integrate_ode_rk45", ode_value, ode_backprop},
    {"ode_adams", ode_value, ode_backprop},
    {"ode_adams_tol", ode_value, ode_backprop},
    {"ode_adjoint_tol_ctl", ode_value, ode_backprop},
    {"ode_bdf", ode_value, ode_backprop},
    {"ode_bdf_tol", ode_value, ode_backprop},
    {"ode_ckrk", ode_value, ode_backprop},
    {"ode_ckrk_tol", ode_value, ode_backprop},
    {"ode_rk45", ode_value, ode_backprop},
    {"ode_rk45_tol", ode_value, ode_backprop},
};

const EmCallRules em_ode_rules = EM_CALL_RULES(rows);
