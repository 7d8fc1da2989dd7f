/* interp_ode.c - ode_rk45 and ode_rk45_tol in the MIR interpreter,
 * through the runtime's solver (runtime/rt_ode.h), as the O0 sampler
 * calls it (backend/emit_ode.c):
 *
 *   the value     a solve without sensitivities;
 *   the gradient  a solve again with forward sensitivities dy(ts)/d(y0,
 *                 theta), the outputs' adjoints multiplied into them.
 *
 * theta is the real extra arguments' elements one after the other (data
 * or not, as the sampler's), the tolerances those of the call (ode_rk45:
 * 1e-6, 1e-6, 1e6 steps).  The solver calls back for the right-hand side
 * f(t, y, ...), which the interpreter evaluates (the user function), and
 * for the vector-Jacobian products w^T df/dy and w^T df/dtheta, which
 * come from the interpreter's own backward pass over a recorded
 * evaluation of f with w as the returned value's adjoint (interp_grad.c)
 * -- not from the C backend.  The trace shows the call as one primitive
 * node; the solver's evaluations of f are not listed.
 *
 * Each evaluation of f runs in a scratch arena freed before the next, so
 * a solve's thousands of evaluations do not pile up in the interpreter's
 * arena; a recorded evaluation is kept until f is called at another
 * point, since the solver asks for n products (w = e_1 ... e_n) at the
 * point it has just evaluated.  Initial and output times that depend on
 * parameters are refused, as the sampler refuses them. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "interp_impl.h"

typedef struct OdeCtx {
    MirInterp *I;
    const MirExpr *where;   /* the call */
    const char *fn;         /* the right-hand side */
    const char *solver;     /* ode_rk45 or ode_rk45_tol */
    int n;                  /* states */
    int nargs;              /* f's arguments: t, y, the extras */
    IVal *args;
    int p;                  /* theta's size */
    long *off;              /* per extra argument: where its elements
                               start in theta; -1 for an int one */
    Arena scratch;          /* f's values; the recorded list */
    MirTrace *list;         /* recorded at (tr_t, tr_y), or NULL */
    double tr_t;
    double *tr_y;
    MirGradStats st;        /* the nested backward passes' counts */
} OdeCtx;

static bool is_ode(const char *fn)
{
    return fn && (!strcmp(fn, "ode_rk45") || !strcmp(fn, "ode_rk45_tol"));
}

/* f(t, y) into dydt; with record, its list kept for the products. */
static int eval_rhs(OdeCtx *c, double t, const double *y, bool record,
                    double *dydt, RtError *err)
{
    MirInterp *I = c->I;
    Arena *home = I->a;
    arena_free(&c->scratch);
    c->list = NULL;
    I->a = &c->scratch;
    IVal yv, out;
    int rc = iv_alloc(I->a, IV_VEC, c->n, 1, &yv, &I->err);
    if (rc == 0) {
        memcpy(yv.d, y, sizeof(double) * (size_t)c->n);
        c->args[0] = iv_real(t);
        c->args[1] = yv;
        rc = interp_call_fun(I, c->fn, c->args, c->nargs, c->where, &out,
                             record ? &c->list : NULL);
    }
    I->a = home;
    if (rc == 0 && (out.k != IV_VEC || out.rows != c->n))
        rc = rt_error(&I->err, "%s: the ODE function returns %ld states for "
                      "an initial state of size %d", c->fn,
                      out.k == IV_VEC ? (long)out.rows : iv_count(&out), c->n);
    if (rc) {
        if (err != &I->err)
            rt_error(err, "%s", I->err.msg);
        c->list = NULL;
        return -1;
    }
    memcpy(dydt, out.d, sizeof(double) * (size_t)c->n);
    if (record) {
        c->tr_t = t;
        memcpy(c->tr_y, y, sizeof(double) * (size_t)c->n);
    }
    return 0;
}

static int ode_f(void *ctx, double t, const double *y, double *dydt,
                 RtError *err)
{
    OdeCtx *c = ctx;
    /* with sensitivities the products at this point follow: record */
    return eval_rhs(c, t, y, c->tr_y != NULL, dydt, err);
}

static int ode_vjp(void *ctx, double t, const double *y, const double *w,
                   double *gy, double *gtheta, RtError *err)
{
    OdeCtx *c = ctx;
    MirInterp *I = c->I;
    if (!c->list || c->tr_t != t
        || memcmp(c->tr_y, y, sizeof(double) * (size_t)c->n)) {
        double *dydt = malloc(sizeof(double) * (size_t)(c->n + 1));
        int rc = dydt ? eval_rhs(c, t, y, true, dydt, err)
                      : rt_error(err, "%s", "out of memory");
        free(dydt);
        if (rc)
            return -1;
        if (!c->list)
            return rt_error(err, "%s: the right-hand side's list was not "
                            "recorded", c->solver);
    }
    int na = c->nargs;
    bool *act = calloc((size_t)na + 1, 1);
    double **adj = calloc((size_t)na + 1, sizeof(double *));
    long *m = calloc((size_t)na + 1, sizeof(long));
    if (!act || !adj || !m) {
        free(act);
        free(adj);
        free(m);
        return rt_error(err, "%s", "out of memory");
    }
    act[1] = true;
    adj[1] = gy;
    m[1] = c->n;
    for (int k = 2; k < na; k++)
        if (c->off[k - 2] >= 0) {
            act[k] = true;
            adj[k] = gtheta + c->off[k - 2];
            m[k] = iv_count(&c->args[k]);
        }
    Arena *home = I->a;
    I->a = &c->scratch;
    MirGradStats st = {.numeric_fns = ""};
    char why[512];
    int rc = interp_grad_list(I, c->list, act, na, w, adj, m, &st, why,
                              sizeof why);
    I->a = home;
    interp_grad_merge(home, &c->st, &st);
    free(act);
    free(adj);
    free(m);
    if (rc)
        return rt_error(err, "%s: the derivative of %s: %s", c->solver, c->fn,
                        why);
    return 0;
}

/* The call's context from its evaluated arguments; the output times
 * into *ts (*nts of them), the tolerances into tol[3]. */
static int setup(MirInterp *I, const MirExpr *e, IVal *vals, OdeCtx *c,
                 double **ts, int *nts, double *tol)
{
    int first = !strcmp(e->fn, "ode_rk45_tol") ? 7 : 4;
    *c = (OdeCtx){.I = I, .where = e, .solver = e->fn};
    if (e->nargs < first || vals[0].k != IV_FUN)
        return interp_unsupported(I, arena_printf(I->a, "%s with this "
                                                  "function argument", e->fn));
    c->fn = vals[0].s;
    if (vals[1].k != IV_VEC)
        return interp_fail(I, "%s: the initial state is not a vector", e->fn);
    c->n = vals[1].rows;
    const IVal *tv = &vals[3];
    if (tv->k != IV_ARRAY)
        return interp_fail(I, "%s: the output times are not an array", e->fn);
    *nts = tv->n;
    *ts = arena_alloc(I->a, sizeof(double) * (size_t)(tv->n + 1));
    iv_flatten(tv, *ts);
    tol[0] = 1e-6;
    tol[1] = 1e-6;
    tol[2] = 1e6;
    for (int k = 4; k < first; k++)
        tol[k - 4] = iv_num(&vals[k]);
    c->nargs = 2 + e->nargs - first;
    c->args = arena_alloc(I->a, sizeof(IVal) * (size_t)(c->nargs + 1));
    c->off = arena_alloc(I->a, sizeof(long) * (size_t)(c->nargs + 1));
    long p = 0;
    for (int k = 0; k < e->nargs - first; k++) {
        const IVal *a = &vals[first + k];
        const Type *t = e->args[first + k]->type;
        c->args[2 + k] = *a;
        /* int arguments (of any array depth) are not in theta */
        bool is_int = t ? ty_base(t)->kind == TY_INT : a->k == IV_INT;
        c->off[k] = is_int ? -1 : p;
        if (!is_int)
            p += iv_count(a);
    }
    if (p > INTERP_MAX_ELEMENTS)
        return interp_fail(I, "%s: too many parameters", e->fn);
    c->p = (int)p;
    return 0;
}

static int solve(OdeCtx *c, IVal *vals, const double *ts, int nts,
                 const double *tol, bool with_sens, double *y, double *sens)
{
    RtOdeSystem sys = {c->n, c->p, ode_f, with_sens ? ode_vjp : NULL, c};
    MirInterp *I = c->I;
    double t0 = iv_num(&vals[2]);
    bool tolf = !strcmp(c->solver, "ode_rk45_tol");
    long steps = (long)tol[2];
    return tolf ? rt_ode_rk45_tol(&sys, vals[1].d, t0, ts, nts, tol[0], tol[1],
                                  steps, y, sens, &I->err)
                : rt_ode_rk45(&sys, vals[1].d, t0, ts, nts, tol[0], tol[1],
                              steps, y, sens, &I->err);
}

int interp_ode_call(MirInterp *I, const MirExpr *e, IVal *vals, IVal *out)
{
    if (e->fn_kind != FNK_STANLIB || !is_ode(e->fn))
        return -3;
    OdeCtx c;
    double *ts, tol[3];
    int nts;
    if (setup(I, e, vals, &c, &ts, &nts, tol))
        return -1;
    if ((long)nts * c.n > INTERP_MAX_ELEMENTS)
        return interp_fail(I, "%s: the solution is too large for the "
                           "interpreter", e->fn);
    double *y = arena_alloc(I->a, sizeof(double) * (size_t)(nts * c.n + 1));
    int rc = solve(&c, vals, ts, nts, tol, false, y, NULL);
    arena_free(&c.scratch);
    if (rc)
        return -1;
    IVal r = {.k = IV_ARRAY, .n = nts};
    r.el = arena_alloc(I->a, sizeof(IVal) * (size_t)(nts + 1));
    for (int k = 0; k < nts; k++) {
        if (iv_alloc(I->a, IV_VEC, c.n, 1, &r.el[k], &I->err))
            return -1;
        memcpy(r.el[k].d, y + (size_t)k * c.n, sizeof(double) * (size_t)c.n);
    }
    *out = r;
    return 0;
}

int interp_ode_grad(MirInterp *I, const MirTraceVals *kv, const double *gout,
                    double **ga, MirGradStats *st)
{
    const MirExpr *e = kv->call;
    if (!kv->lib || !is_ode(kv->lib) || !e || e->kind != MX_CALL)
        return 1;
    if (ga[2] || ga[3])
        return rt_error(&I->err, "%s with initial or output times that "
                        "depend on parameters", e->fn);
    IVal *vals = (IVal *)kv->args;
    OdeCtx c;
    double *ts, tol[3];
    int nts;
    RtError saved = I->err;
    if (setup(I, e, vals, &c, &ts, &nts, tol))
        return -1;
    int n = c.n, m = n + c.p;
    size_t nsens = (size_t)nts * n * m;
    double *y = malloc(sizeof(double) * ((size_t)nts * n + 1));
    double *sens = malloc(sizeof(double) * (nsens + 1));
    double *g = calloc((size_t)m + 1, sizeof(double));
    c.tr_y = malloc(sizeof(double) * (size_t)(n + 1));
    c.st = (MirGradStats){.numeric_fns = ""};
    int rc = y && sens && g && c.tr_y ? 0
           : rt_error(&I->err, "%s", "out of memory");
    if (rc == 0)
        rc = solve(&c, vals, ts, nts, tol, true, y, sens);
    arena_free(&c.scratch);
    /* g_j = sum over outputs k and states i of adj * dy_i(t_k)/d(y0,
     * theta)_j, as the sampler's reverse step */
    for (int k = 0; k < nts && rc == 0; k++)
        for (int i = 0; i < n; i++)
            for (int j = 0; j < m; j++)
                g[j] += gout[(size_t)k * n + i]
                        * sens[((size_t)k * n + i) * m + j];
    if (rc == 0) {
        for (int j = 0; j < n && ga[1]; j++)
            ga[1][j] += g[j];
        int first = !strcmp(e->fn, "ode_rk45_tol") ? 7 : 4;
        for (int k = 0; k + 2 < c.nargs; k++) {
            if (c.off[k] < 0 || !ga[first + k])
                continue;
            long len = iv_count(&vals[first + k]);
            for (long q = 0; q < len; q++)
                ga[first + k][q] += g[n + c.off[k] + q];
        }
        I->err = saved;
    }
    /* the call counts as one primitive: differentiated numerically when
     * some primitive of the right-hand side was */
    if (c.st.numeric) {
        MirGradStats one = {.numeric = 1, .numeric_fns = c.st.numeric_fns};
        interp_grad_merge(I->a, st, &one);
    } else {
        st->closed++;
    }
    free(y);
    free(sens);
    free(g);
    free(c.tr_y);
    return rc ? -1 : 0;
}
