/* ode_gsl.c - ode_ckrk, ode_adams and ode_bdf (and their _tol forms, and
 * integrate_ode_adams / integrate_ode_bdf) through GSL's odeiv2 steppers:
 * rkck (Cash-Karp 5(4)), msadams (variable-order Adams) and msbdf
 * (variable-order BDF, stiff, with a Jacobian).  The integrated state is
 * the coupled system of ode_coupled.c, so the forward sensitivities come
 * out of the same solve as the states (rt_ode.h says what is controlled
 * and how).
 *
 * Sections: the system GSL sees (right-hand side, Jacobian); ode_ckrk's
 * step control; the multistep methods' first step; the driver. */
#include <float.h>
#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_errno.h>
#include <gsl/gsl_odeiv2.h>

#include "ode_internal.h"

/* Stan's first trial step of the Boost steppers (ode_ckrk's). */
#define CKRK_FIRST_STEP 0.1

/* The largest coupled system whose dense N x N Jacobian (and GSL's
 * iteration matrix beside it) ode_bdf builds. */
#define BDF_MAX_SIZE 8192

/* ------------------------------------------------- the system for GSL */

typedef struct GslOde {
    RtOdeCoupled c;
    RtError *err;
    bool failed;        /* f or vjp failed: err holds its message */
    double *f0, *f1, *yh; /* n each: forward differences without a vjp */
} GslOde;

/* A derivative that is not finite (an explicit method's trial step far
 * past its stability limit overflows) is refused, so that GSL halves the
 * step and tries again: GSL's error control would drop the NaN from its
 * maximum and accept the step.  A system whose derivative is not finite
 * at the solution itself then fails with the step size falling to
 * zero. */
static int gsl_rhs(double t, const double z[], double dz[], void *params)
{
    GslOde *g = params;
    if (rt_ode_coupled_rhs(&g->c, t, z, dz, g->err)) {
        g->failed = true;
        return GSL_EBADFUNC;    /* GSL gives up at once */
    }
    for (int i = 0; i < g->c.size; i++)
        if (!isfinite(dz[i]))
            return GSL_FAILURE;
    return GSL_SUCCESS;
}

/* df/dy into g->c.jy by forward differences of f: the systems whose
 * reverse function is not compiled (only a value solve wants them). */
static int forward_differences(GslOde *g, double t, const double *y)
{
    const RtOdeSystem *sys = g->c.sys;
    int n = g->c.n;
    if (sys->f(sys->ctx, t, y, g->f0, g->err))
        return -1;
    memcpy(g->yh, y, sizeof *y * (size_t)n);
    for (int k = 0; k < n; k++) {
        double h = sqrt(DBL_EPSILON) * fmax(fabs(y[k]), 1.0);
        g->yh[k] = y[k] + h;
        h = g->yh[k] - y[k];    /* the step the sum represents */
        int rc = sys->f(sys->ctx, t, g->yh, g->f1, g->err);
        g->yh[k] = y[k];
        if (rc)
            return -1;
        for (int i = 0; i < n; i++)
            g->c.jy[(size_t)i * n + k] = (g->f1[i] - g->f0[i]) / h;
    }
    return 0;
}

/* The coupled system's Jacobian for msbdf's Newton matrix: J_y in the
 * states' block and in each sensitivity column's; the dependence of
 * J_y S on y is left out (rt_ode.h).  msbdf does not read dfdt. */
static int gsl_jacobian(double t, const double z[], double *dfdz,
                        double dfdt[], void *params)
{
    GslOde *g = params;
    const RtOdeCoupled *c = &g->c;
    size_t n = (size_t)c->n, m = (size_t)c->m, N = (size_t)c->size;
    int rc = c->sys->vjp ? rt_ode_jacobian(c, t, z, g->err)
                         : forward_differences(g, t, z);
    if (rc) {
        g->failed = true;
        return GSL_EBADFUNC;
    }
    memset(dfdz, 0, sizeof *dfdz * N * N);
    memset(dfdt, 0, sizeof *dfdt * N);
    for (size_t i = 0; i < n; i++)
        for (size_t k = 0; k < n; k++) {
            double a = c->jy[i * n + k];
            dfdz[i * N + k] = a;
            for (size_t j = 0; j < m; j++)
                dfdz[(n + i * m + j) * N + n + k * m + j] = a;
        }
    return GSL_SUCCESS;
}

/* -------------------------------------------- ode_ckrk's step control */

/* Boost.odeint's controlled stepper, which Stan's ode_ckrk runs, as a
 * GSL control: the error of a step is max_i |err_i| / (atol + rtol (|x_i|
 * + dt |x'_i|)) at the step's START (GSL's own controls weigh by the end,
 * so a step that overflows to 1e89 passes its own test); above 1 the step
 * is retried with dt * max(0.9 err^(-1/3), 0.2), below 0.5 the next one
 * grows by 0.9 err^(-1/5) (err at least 5^-5): Cash-Karp's error order 4
 * and order 5, as ode.c's Dormand-Prince. */
typedef struct BoostControl {
    double eps_abs, eps_rel;
    const gsl_odeiv2_evolve *e;     /* its y0 and dydt_in: the start */
} BoostControl;

static void *boost_alloc(void)
{
    return calloc(1, sizeof(BoostControl));
}

static int boost_init(void *vstate, double eps_abs, double eps_rel,
                      double a_y, double a_dydt)
{
    (void)a_y, (void)a_dydt;
    BoostControl *b = vstate;
    b->eps_abs = eps_abs;
    b->eps_rel = eps_rel;
    return GSL_SUCCESS;
}

static int boost_hadjust(void *vstate, size_t dim, unsigned int ord,
                         const double y[], const double yerr[],
                         const double yp[], double *h)
{
    (void)ord, (void)y, (void)yp;
    const BoostControl *b = vstate;
    const double *x = b->e->y0, *dxdt = b->e->dydt_in;
    double dt = *h, worst = 0;
    for (size_t i = 0; i < dim; i++) {
        double e = fabs(yerr[i])
            / (b->eps_abs
               + b->eps_rel * (fabs(x[i]) + fabs(dt) * fabs(dxdt[i])));
        if (e > worst)
            worst = e;
    }
    if (worst > 1) {
        *h = dt * fmax(0.9 * pow(worst, -1.0 / 3), 0.2);
        return GSL_ODEIV_HADJ_DEC;
    }
    if (worst < 0.5) {
        *h = dt * 0.9 * pow(fmax(worst, pow(5.0, -5)), -1.0 / 5);
        return GSL_ODEIV_HADJ_INC;
    }
    return GSL_ODEIV_HADJ_NIL;
}

static int boost_errlevel(void *vstate, double y, double dydt, double h,
                          size_t ind, double *errlev)
{
    (void)ind;
    const BoostControl *b = vstate;
    *errlev = b->eps_abs + b->eps_rel * (fabs(y) + fabs(h) * fabs(dydt));
    return GSL_SUCCESS;
}

static int boost_set_driver(void *vstate, const gsl_odeiv2_driver *d)
{
    ((BoostControl *)vstate)->e = d->e;
    return GSL_SUCCESS;
}

static const gsl_odeiv2_control_type boost_control = {
    "boost", boost_alloc, boost_init, boost_hadjust, boost_errlevel,
    boost_set_driver, free
};

/* Replace the driver's control by Boost's. */
static int use_boost_control(gsl_odeiv2_driver *d, double atol, double rtol)
{
    gsl_odeiv2_control *c = gsl_odeiv2_control_alloc(&boost_control);
    if (!c)
        return -1;
    gsl_odeiv2_control_init(c, atol, rtol, 1, 1);
    gsl_odeiv2_control_set_driver(c, d);
    gsl_odeiv2_control_free(d->c);
    d->c = c;
    return 0;
}

/* ------------------------------------------------------ the first step */

/* The weighted root-mean-square norm of v (n entries) with the weights
 * atol + rtol |y_i|. */
static double wrms(const double *v, const double *y, int n, double rtol,
                   double atol)
{
    double s = 0;
    for (int i = 0; i < n; i++) {
        double r = v[i] / (atol + rtol * fabs(y[i]));
        s += r * r;
    }
    return sqrt(s / n);
}

/* The multistep methods' first trial step, by the starting-step rule of
 * Hairer, Norsett and Wanner (Solving ODEs I, II.4) for an order-1
 * start: h0 from the sizes of y0 and f(t0, y0), then h1 from an Euler
 * step's estimate of y'', the smaller of 100 h0 and h1, at most the
 * distance to the first output time.  (CVODES estimates its own; the
 * step controller corrects a poor guess either way.) */
static int first_step(GslOde *g, double t0, const double *y0, double t1,
                      double rtol, double atol, double *h)
{
    const RtOdeSystem *sys = g->c.sys;
    int n = g->c.n;
    if (sys->f(sys->ctx, t0, y0, g->f0, g->err))
        return -1;
    double d0 = wrms(y0, y0, n, rtol, atol);
    double d1 = wrms(g->f0, y0, n, rtol, atol);
    double h0 = d0 < 1e-5 || d1 < 1e-5 ? 1e-6 : 0.01 * d0 / d1;
    h0 = fmin(h0, t1 - t0);
    for (int i = 0; i < n; i++)
        g->yh[i] = y0[i] + h0 * g->f0[i];
    if (sys->f(sys->ctx, t0 + h0, g->yh, g->f1, g->err))
        return -1;
    for (int i = 0; i < n; i++)
        g->f1[i] = (g->f1[i] - g->f0[i]) / h0;
    double d2 = wrms(g->f1, y0, n, rtol, atol);
    double big = fmax(d1, d2);
    double h1 = big <= 1e-15 ? fmax(1e-6, h0 * 1e-3) : sqrt(0.01 / big);
    *h = fmin(fmin(100 * h0, h1), t1 - t0);
    if (!(*h > 0))
        *h = t1 - t0;
    return 0;
}

/* ------------------------------------------------------------ driver */

static const gsl_odeiv2_step_type *stepper(RtOdeMethod method)
{
    switch (method) {
    case RT_ODE_CKRK:
        return gsl_odeiv2_step_rkck;
    case RT_ODE_ADAMS:
        return gsl_odeiv2_step_msadams;
    default:
        return gsl_odeiv2_step_msbdf;
    }
}

/* From t0 to each output time in turn, every step shortened to end on it
 * at the last; z holds the coupled state. */
static int integrate(GslOde *g, gsl_odeiv2_driver *d,
                     const gsl_odeiv2_system *gs, double t0, double h,
                     double *z, const double *ts, int nts,
                     long max_num_steps, double *y_out, double *sens,
                     const char *fn)
{
    size_t n = (size_t)g->c.n, block = n * (size_t)g->c.m;
    double t = t0;
    for (int k = 0; k < nts; k++) {
        long steps = 0;
        while (t < ts[k]) {
            if (steps++ >= max_num_steps)
                return rt_error(g->err, "%s:  Failed to integrate to next "
                                "output time (%g) in less than "
                                "max_num_steps steps", fn, ts[k]);
            int s = gsl_odeiv2_evolve_apply(d->e, d->c, d->s, gs, &t, ts[k],
                                            &h, z);
            if (g->failed)
                return -1;
            if (s != GSL_SUCCESS)
                return rt_error(g->err, "%s: Failed to integrate to next "
                                "output time (%g): the step size fell to "
                                "zero at t = %g (GSL: %s)", fn, ts[k], t,
                                gsl_strerror(s));
        }
        memcpy(y_out + (size_t)k * n, z, sizeof *z * n);
        if (sens)
            memcpy(sens + (size_t)k * block, z + n, sizeof *z * block);
    }
    return 0;
}

int rt_ode_gsl(RtOdeMethod method, const char *fn, const RtOdeSystem *sys,
               const double *y0, double t0, const double *ts, int nts,
               double rtol, double atol, long max_num_steps, double *y_out,
               double *sens, RtError *err)
{
    if (rt_ode_check_arguments(fn, sys->n, y0, t0, ts, nts, rtol, atol,
                               max_num_steps, err))
        return -1;
    if (sys->p < 0 || !sys->f)
        return rt_error(err, "%s: invalid ODE system (p = %d, f %s)", fn,
                        sys->p, sys->f ? "set" : "NULL");
    if (sens && !sys->vjp)
        return rt_error(err, "%s: sensitivities need the system's vjp", fn);

    GslOde g = {.c = {.sys = sys, .n = sys->n,
                      .m = sens ? sys->n + sys->p : 0},
                .err = err};
    size_t n = (size_t)g.c.n, m = (size_t)g.c.m;
    size_t size = n + n * m;
    if ((size_t)sys->p > (size_t)1 << 20 || size > (size_t)1 << 30
        || (method == RT_ODE_BDF && size > BDF_MAX_SIZE))
        return rt_error(err, "%s: the ODE system is too large (%zu "
                        "coupled states)", fn, size);
    g.c.size = (int)size;
    size_t scratch = rt_ode_coupled_scratch(&g.c);
    double *mem = calloc(size + scratch + 3 * n, sizeof *mem);
    if (!mem)
        return rt_fatal(err, "%s: out of memory", fn);
    double *z = mem;
    rt_ode_coupled_place(&g.c, mem + size);
    g.f0 = mem + size + scratch;
    g.f1 = g.f0 + n;
    g.yh = g.f1 + n;

    /* z(t0) = [y0 | I | 0] */
    memcpy(z, y0, sizeof *y0 * n);
    for (size_t i = 0; i < n && m; i++)
        z[n + i * m + i] = 1;

    double h = CKRK_FIRST_STEP;
    if (method != RT_ODE_CKRK
        && first_step(&g, t0, y0, ts[0], rtol, atol, &h)) {
        free(mem);
        return -1;
    }
    gsl_odeiv2_system gs = {gsl_rhs,
                            method == RT_ODE_BDF ? gsl_jacobian : NULL,
                            size, &g};
    /* GSL's default handler aborts: its errors come back as status codes
     * here, and the handler is put back before returning */
    gsl_error_handler_t *handler = gsl_set_error_handler_off();
    gsl_odeiv2_driver *d =
        gsl_odeiv2_driver_alloc_y_new(&gs, stepper(method), h, atol, rtol);
    int rc;
    if (!d || (method == RT_ODE_CKRK && use_boost_control(d, atol, rtol)))
        rc = rt_fatal(err, "%s: out of memory", fn);
    else
        rc = integrate(&g, d, &gs, t0, h, z, ts, nts, max_num_steps, y_out,
                       sens, fn);
    if (d)
        gsl_odeiv2_driver_free(d);
    gsl_set_error_handler(handler);
    free(mem);
    return rc;
}
