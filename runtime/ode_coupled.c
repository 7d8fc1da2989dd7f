/* ode_coupled.c - what every ODE solver shares: Stan's argument checks
 * (the checks of the times and controls the DAE solver (dae.c) shares)
 * and the right-hand side of the coupled system of the states and their
 * forward sensitivities (ode_internal.h). */
#include <math.h>
#include <string.h>

#include "ode_internal.h"

/* ------------------------------------------------------------ checks */

int rt_ode_check_times(const char *fn, double t0, const double *ts,
                       int nts, RtError *err)
{
    if (!isfinite(t0))
        return rt_error(err, "%s: initial time is %g, but must be finite!",
                        fn, t0);
    for (int k = 0; k < nts; k++)
        if (!isfinite(ts[k]))
            return rt_error(err, "%s: times[%d] is %g, but must be finite!",
                            fn, k + 1, ts[k]);
    return 0;
}

int rt_ode_check_controls(const char *fn, double t0, const double *ts,
                          int nts, double rtol, double atol,
                          long max_num_steps, RtError *err)
{
    if (nts <= 0)
        return rt_error(err, "%s: times has size 0, but must have a "
                        "non-zero size", fn);
    for (int k = 1; k < nts; k++)
        if (!(ts[k] >= ts[k - 1]))
            return rt_error(err, "%s: times is not a valid sorted vector. "
                            "The element at %d is %g, but should be greater "
                            "than or equal to the previous element, %g", fn,
                            k + 1, ts[k], ts[k - 1]);
    /* check_less prints the bound with std::to_string, hence %f */
    if (!(t0 < ts[0]))
        return rt_error(err, "%s: initial time is %g, but must be less than "
                        "%f", fn, t0, ts[0]);
    if (!(rtol > 0 && isfinite(rtol)))
        return rt_error(err, "%s: relative_tolerance is %g, but must be "
                        "positive finite!", fn, rtol);
    if (!(atol > 0 && isfinite(atol)))
        return rt_error(err, "%s: absolute_tolerance is %g, but must be "
                        "positive finite!", fn, atol);
    if (max_num_steps <= 0)
        return rt_error(err, "%s: max_num_steps is %ld, but must be "
                        "positive!", fn, max_num_steps);
    return 0;
}

int rt_ode_check_arguments(const char *fn, int n, const double *y0,
                           double t0, const double *ts, int nts,
                           double rtol, double atol, long max_num_steps,
                           RtError *err)
{
    for (int i = 0; i < n; i++)
        if (!isfinite(y0[i]))
            return rt_error(err, "%s: initial state[%d] is %g, but must be "
                            "finite!", fn, i + 1, y0[i]);
    if (rt_ode_check_times(fn, t0, ts, nts, err))
        return -1;
    if (n <= 0)
        return rt_error(err, "%s: initial state has size 0, but must have "
                        "a non-zero size", fn);
    return rt_ode_check_controls(fn, t0, ts, nts, rtol, atol, max_num_steps,
                                 err);
}

/* ---------------------------------------------------- coupled system */

size_t rt_ode_coupled_scratch(const RtOdeCoupled *c)
{
    size_t n = (size_t)c->n, p = (size_t)c->sys->p;
    return n + n * n + n * p;
}

void rt_ode_coupled_place(RtOdeCoupled *c, double *mem)
{
    size_t n = (size_t)c->n;
    c->unit = mem;
    c->jy = c->unit + n;
    c->jtheta = c->jy + n * n;
}

int rt_ode_jacobian(const RtOdeCoupled *c, double t, const double *y,
                    RtError *err)
{
    const RtOdeSystem *sys = c->sys;
    int n = c->n, p = sys->p;
    memset(c->jy, 0, sizeof *c->jy * (size_t)n * n);
    memset(c->jtheta, 0, sizeof *c->jtheta * (size_t)n * p);
    for (int i = 0; i < n; i++) {
        c->unit[i] = 1;
        int rc = sys->vjp(sys->ctx, t, y, c->unit, c->jy + (size_t)i * n,
                          c->jtheta + (size_t)i * p, err);
        c->unit[i] = 0;
        if (rc != 0)
            return -1;
    }
    return 0;
}

int rt_ode_coupled_rhs(const RtOdeCoupled *c, double t, const double *z,
                       double *dz, RtError *err)
{
    const RtOdeSystem *sys = c->sys;
    int n = c->n, m = c->m, p = sys->p;
    if (sys->f(sys->ctx, t, z, dz, err) != 0)
        return -1;
    if (m == 0)
        return 0;
    if (rt_ode_jacobian(c, t, z, err))
        return -1;
    const double *S = z + n;
    double *dS = dz + n;
    for (int i = 0; i < n; i++) {
        double *row = dS + (size_t)i * m;
        for (int j = 0; j < n; j++)
            row[j] = 0;
        for (int j = 0; j < p; j++)
            row[n + j] = c->jtheta[(size_t)i * p + j];
        for (int k = 0; k < n; k++) {
            double a = c->jy[(size_t)i * n + k];
            if (a == 0)
                continue;     /* Jacobians of ODE systems are often sparse */
            const double *Sk = S + (size_t)k * m;
            for (int j = 0; j < m; j++)
                row[j] += a * Sk[j];
        }
    }
    return 0;
}
