/* rt_ode_systems.h - test systems the ODE solver tests share, with their
 * vector-Jacobian products (rt_ode.h): ctx points to the test's context,
 * whose first member is the parameters theta (an array of doubles). */
#ifndef RT_ODE_SYSTEMS_H
#define RT_ODE_SYSTEMS_H

#include "pplrt.h"
#include "rt_ode.h"

/* The harmonic oscillator's vjp: y1' = y2, y2' = -omega^2 y1, theta =
 * (omega); its f is each test's own (they count calls differently). */
static int osc_vjp(void *ctx, double t, const double *y, const double *w,
                   double *gy, double *gtheta, RtError *err)
{
    (void)t, (void)err;
    double om = ((const double *)ctx)[0];
    gy[0] += -om * om * w[1];
    gy[1] += w[0];
    gtheta[0] += -2 * om * y[0] * w[1];
    return 0;
}

/* Lotka-Volterra: y1' = a y1 - b y1 y2, y2' = -c y2 + d y1 y2 */
static int lv_f(void *ctx, double t, const double *y, double *dydt,
                RtError *err)
{
    (void)t, (void)err;
    const double *th = ctx;
    dydt[0] = th[0] * y[0] - th[1] * y[0] * y[1];
    dydt[1] = -th[2] * y[1] + th[3] * y[0] * y[1];
    return 0;
}

static int lv_vjp(void *ctx, double t, const double *y, const double *w,
                  double *gy, double *gtheta, RtError *err)
{
    (void)t, (void)err;
    const double *th = ctx;
    gy[0] += w[0] * (th[0] - th[1] * y[1]) + w[1] * th[3] * y[1];
    gy[1] += -w[0] * th[1] * y[0] + w[1] * (-th[2] + th[3] * y[0]);
    gtheta[0] += w[0] * y[0];
    gtheta[1] += -w[0] * y[0] * y[1];
    gtheta[2] += -w[1] * y[1];
    gtheta[3] += w[1] * y[0] * y[1];
    return 0;
}

#endif
