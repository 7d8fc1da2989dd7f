/* ode.c - ode_rk45 and ode_rk45_tol: the Dormand-Prince 5(4) pair with
 * adaptive step size and dense output, following what Stan Math runs --
 * Boost.odeint's integrate_times over make_dense_output(atol, rtol,
 * runge_kutta_dopri5) with a first step of 0.1 and a max_step_checker --
 * so that the steps taken, and therefore the results, are Stan's.  With
 * sensitivities the integrated state is Stan's coupled system: the n
 * states and the n x (n+p) sensitivity matrix, all under error control.
 *
 * Sections: the method's coefficients; one step and its error control;
 * dense output; the driver; rt_ode_solve, every solver's entry.  The
 * coupled right-hand side and Stan's argument checks are ode_coupled.c's. */
#include <float.h>
#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "ode_internal.h"

/* ------------------------------------------------------ coefficients */

/* The Dormand-Prince tableau (J. R. Dormand and P. J. Prince, "A family of
 * embedded Runge-Kutta formulae", J. Comp. Appl. Math. 6, 1980; Hairer,
 * Norsett and Wanner, Solving ODEs I, Table II.5.2).  Nodes c_i, stage
 * weights a_ij, the fifth-order weights b (the solution carried forward:
 * local extrapolation) and the fourth-order weights bhat that give the
 * error estimate dt * sum (b_i - bhat_i) k_i.  The seventh stage is f at
 * the new point (b_i = a_7i, "first same as last"), so it is the next
 * step's first stage.  b_2 = bhat_2 = 0. */
static const double C2 = 1.0 / 5, C3 = 3.0 / 10, C4 = 4.0 / 5, C5 = 8.0 / 9;

static const double A21 = 1.0 / 5;
static const double A31 = 3.0 / 40, A32 = 9.0 / 40;
static const double A41 = 44.0 / 45, A42 = -56.0 / 15, A43 = 32.0 / 9;
static const double A51 = 19372.0 / 6561, A52 = -25360.0 / 2187,
                    A53 = 64448.0 / 6561, A54 = -212.0 / 729;
static const double A61 = 9017.0 / 3168, A62 = -355.0 / 33,
                    A63 = 46732.0 / 5247, A64 = 49.0 / 176,
                    A65 = -5103.0 / 18656;

static const double B1 = 35.0 / 384, B3 = 500.0 / 1113, B4 = 125.0 / 192,
                    B5 = -2187.0 / 6784, B6 = 11.0 / 84;

static const double BHAT1 = 5179.0 / 57600, BHAT3 = 7571.0 / 16695,
                    BHAT4 = 393.0 / 640, BHAT5 = -92097.0 / 339200,
                    BHAT6 = 187.0 / 2100, BHAT7 = 1.0 / 40;

/* The controller: the error is that of the fourth-order formula (order 4
 * for shrinking, dt *= max(0.9 err^(-1/3), 0.2)); growth uses the method's
 * order 5 (dt *= 0.9 err^(-1/5), at most 5x, only when err < 0.5). */
#define ERROR_ORDER 4
#define STEPPER_ORDER 5

/* Stan's first trial step and Boost's limit on rejected tries per step. */
#define FIRST_STEP 0.1
#define MAX_TRIES 500

/* ------------------------------------------------- step and control */

/* The stepper between steps: (t, x, dxdt) is the current point; x_old,
 * dxdt_old the start of the last accepted step and k3..k6 its stages,
 * which the dense output needs; dt is the size of the next step to try. */
typedef struct Dopri {
    int size;
    double t, t_old, dt;
    double *x, *dxdt, *x_old, *dxdt_old;
    double *k2, *k3, *k4, *k5, *k6, *tmp, *xerr;
} Dopri;

/* One Dormand-Prince step of size dt from (t_old, x_old, dxdt_old) into
 * (x, dxdt), with the error estimate in xerr. */
static int rk_step(const RtOdeCoupled *c, Dopri *d, double dt, RtError *err)
{
    int N = d->size;
    double t = d->t_old;
    const double *x0 = d->x_old, *k1 = d->dxdt_old;
    double *tmp = d->tmp;
    for (int i = 0; i < N; i++)
        tmp[i] = x0[i] + dt * A21 * k1[i];
    if (rt_ode_coupled_rhs(c, t + C2 * dt, tmp, d->k2, err))
        return -1;
    for (int i = 0; i < N; i++)
        tmp[i] = x0[i] + dt * (A31 * k1[i] + A32 * d->k2[i]);
    if (rt_ode_coupled_rhs(c, t + C3 * dt, tmp, d->k3, err))
        return -1;
    for (int i = 0; i < N; i++)
        tmp[i] = x0[i] + dt * (A41 * k1[i] + A42 * d->k2[i]
                               + A43 * d->k3[i]);
    if (rt_ode_coupled_rhs(c, t + C4 * dt, tmp, d->k4, err))
        return -1;
    for (int i = 0; i < N; i++)
        tmp[i] = x0[i] + dt * (A51 * k1[i] + A52 * d->k2[i]
                               + A53 * d->k3[i] + A54 * d->k4[i]);
    if (rt_ode_coupled_rhs(c, t + C5 * dt, tmp, d->k5, err))
        return -1;
    for (int i = 0; i < N; i++)
        tmp[i] = x0[i] + dt * (A61 * k1[i] + A62 * d->k2[i]
                               + A63 * d->k3[i] + A64 * d->k4[i]
                               + A65 * d->k5[i]);
    if (rt_ode_coupled_rhs(c, t + dt, tmp, d->k6, err))
        return -1;
    for (int i = 0; i < N; i++)
        d->x[i] = x0[i] + dt * (B1 * k1[i] + B3 * d->k3[i] + B4 * d->k4[i]
                                + B5 * d->k5[i] + B6 * d->k6[i]);
    if (rt_ode_coupled_rhs(c, t + dt, d->x, d->dxdt, err))
        return -1;
    for (int i = 0; i < N; i++)
        d->xerr[i] = dt * ((B1 - BHAT1) * k1[i] + (B3 - BHAT3) * d->k3[i]
                           + (B4 - BHAT4) * d->k4[i]
                           + (B5 - BHAT5) * d->k5[i]
                           + (B6 - BHAT6) * d->k6[i] - BHAT7 * d->dxdt[i]);
    return 0;
}

/* The error relative to the tolerances, max_i |xerr_i| / (atol + rtol
 * (|x_old_i| + dt |dxdt_old_i|)), as Boost's default_error_checker.  A
 * NaN component drops out of the maximum as it does in Boost's norm_inf
 * (the NaN then reaches the output, where the caller rejects it). */
static double error_norm(const Dopri *d, double dt, double rtol, double atol)
{
    double worst = 0;
    for (int i = 0; i < d->size; i++) {
        double scale = atol + rtol * (fabs(d->x_old[i])
                                      + fabs(dt) * fabs(d->dxdt_old[i]));
        double e = fabs(d->xerr[i]) / scale;
        if (e > worst)
            worst = e;
    }
    return worst;
}

static void swap(double **a, double **b)
{
    double *t = *a;
    *a = *b;
    *b = t;
}

/* One accepted step from the current point, Boost's dense-output do_step:
 * try dt; if the error exceeds 1, shrink dt and try again, else accept and
 * perhaps grow dt for the next step. */
static int accepted_step(const RtOdeCoupled *c, Dopri *d, double rtol,
                         double atol, const char *fn, RtError *err)
{
    swap(&d->x, &d->x_old);
    swap(&d->dxdt, &d->dxdt_old);
    d->t_old = d->t;
    for (int tries = 0;; tries++) {
        double dt = d->dt;
        if (rk_step(c, d, dt, err))
            return -1;
        double e = error_norm(d, dt, rtol, atol);
        if (tries >= MAX_TRIES)
            return rt_error(err, "%s: Max number of iterations exceeded "
                            "(%d). A new step size was not found.", fn,
                            MAX_TRIES);
        if (e > 1) {
            d->dt = dt * fmax(0.9 * pow(e, -1.0 / (ERROR_ORDER - 1)), 0.2);
            continue;
        }
        d->t = d->t_old + dt;
        if (e < 0.5) {
            e = fmax(pow(5.0, -STEPPER_ORDER), e);
            d->dt = dt * 0.9 * pow(e, -1.0 / STEPPER_ORDER);
        }
        return 0;
    }
}

/* ------------------------------------------------------ dense output */

/* z(t) for t in [t_old, t] of the last step into out: Shampine's
 * fourth-order continuous extension of Dormand-Prince (Hairer, Norsett and
 * Wanner, Solving ODEs I, II.6), written as Boost writes it: a cubic
 * Hermite part through both ends and slopes plus a theta^2 (theta-1)^2
 * correction with weights X_i(theta). */
static void dense_output(const Dopri *d, double t, double *out)
{
    double h = d->t - d->t_old, th = (t - d->t_old) / h, th1 = th - 1;
    double x1 = 5 * (2558722523.0 - 31403016.0 * th) / 11282082432.0;
    double x3 = 100 * (882725551.0 - 15701508.0 * th) / 32700410799.0;
    double x4 = 25 * (443332067.0 - 31403016.0 * th) / 1880347072.0;
    double x5 = 32805 * (23143187.0 - 3489224.0 * th) / 199316789632.0;
    double x6 = 55 * (29972135.0 - 7076736.0 * th) / 822651844.0;
    double x7 = 10 * (7414447.0 - 829305.0 * th) / 29380423.0;
    double A = th * th * (3 - 2 * th), B = th * th * th1;
    double C = th * th * th1 * th1, D = th * th1 * th1;
    double w1 = A * B1 - C * x1 + D, w3 = A * B3 + C * x3;
    double w4 = A * B4 - C * x4, w5 = A * B5 + C * x5;
    double w6 = A * B6 - C * x6, w7 = B + C * x7;
    for (int i = 0; i < d->size; i++)
        out[i] = d->x_old[i] + h * (w1 * d->dxdt_old[i] + w3 * d->k3[i]
                                    + w4 * d->k4[i] + w5 * d->k5[i]
                                    + w6 * d->k6[i] + w7 * d->dxdt[i]);
}

/* ------------------------------------------------------------ driver */

/* Boost's less_eq_with_sign for forward time: a <= b up to an absolute
 * DBL_EPSILON, which decides whether an output time has been reached. */
static bool reached(double a, double b)
{
    return a - b <= DBL_EPSILON;
}

/* Write z at output k: the states into y_out, the sensitivity block (laid
 * out in z exactly as in sens) into sens. */
static void store_output(const RtOdeCoupled *c, const double *z, int k,
                         double *y_out, double *sens)
{
    size_t n = (size_t)c->n, block = n * (size_t)c->m;
    memcpy(y_out + (size_t)k * n, z, sizeof *z * n);
    if (sens)
        memcpy(sens + (size_t)k * block, z + n, sizeof *z * block);
}

/* Boost's integrate_times for a dense-output stepper with Stan's checker:
 * step freely; after each step emit every output time the step reached,
 * interpolated; only the step that would pass the last output time is
 * shortened to end on it.  max_num_steps bounds the steps since the last
 * output (the checker is reset at each one). */
static int integrate(const RtOdeCoupled *c, Dopri *d, const double *ts,
                     int nts, double rtol, double atol, long max_num_steps,
                     double *y_out, double *sens, const char *fn,
                     RtError *err)
{
    double last = ts[nts - 1];
    long steps = 0;
    bool stepped = false;
    int k = 0;
    if (rt_ode_coupled_rhs(c, d->t, d->x, d->dxdt, err))
        return -1;
    for (;;) {
        while (k < nts && reached(ts[k], d->t)) {
            if (stepped) {
                dense_output(d, ts[k], d->tmp);
                store_output(c, d->tmp, k, y_out, sens);
            } else {
                store_output(c, d->x, k, y_out, sens); /* ts[k] ~ t0 */
            }
            k++;
            steps = 0;
        }
        if (k == nts)
            return 0;
        if (steps++ >= max_num_steps)
            return rt_error(err, "%s:  Failed to integrate to next output "
                            "time (%g) in less than max_num_steps steps", fn,
                            ts[k]);
        if (!reached(d->t + d->dt, last))
            d->dt = last - d->t;
        if (accepted_step(c, d, rtol, atol, fn, err))
            return -1;
        stepped = true;
    }
}

static int ode_rk45(const char *fn, const RtOdeSystem *sys, const double *y0,
                    double t0, const double *ts, int nts, double rtol,
                    double atol, long max_num_steps, double *y_out,
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

    RtOdeCoupled c = {.sys = sys, .n = sys->n,
                      .m = sens ? sys->n + sys->p : 0};
    size_t n = (size_t)c.n, m = (size_t)c.m;
    size_t size = n + n * m;
    if (size > (size_t)1 << 30)
        return rt_error(err, "%s: the ODE system is too large (%zu "
                        "coupled states)", fn, size);
    c.size = (int)size;
    size_t scratch = m ? rt_ode_coupled_scratch(&c) : 0;
    double *mem = calloc(11 * size + scratch, sizeof *mem);
    if (!mem)
        return rt_fatal(err, "%s: out of memory", fn);

    Dopri d = {.size = c.size, .t = t0, .t_old = t0, .dt = FIRST_STEP};
    double **vectors[] = {&d.x, &d.dxdt, &d.x_old, &d.dxdt_old, &d.k2,
                          &d.k3, &d.k4, &d.k5, &d.k6, &d.tmp, &d.xerr};
    for (size_t i = 0; i < sizeof vectors / sizeof *vectors; i++)
        *vectors[i] = mem + i * size;
    if (m)
        rt_ode_coupled_place(&c, mem + 11 * size);

    /* z(t0) = [y0 | I | 0] */
    memcpy(d.x, y0, sizeof *y0 * n);
    for (size_t i = 0; i < n && m; i++)
        d.x[n + i * m + i] = 1;

    int rc = integrate(&c, &d, ts, nts, rtol, atol, max_num_steps, y_out,
                       sens, fn, err);
    free(mem);
    return rc;
}

int rt_ode_rk45(const RtOdeSystem *sys, const double *y0, double t0,
                const double *ts, int nts, double rtol, double atol,
                long max_num_steps, double *y_out, double *sens, RtError *err)
{
    return ode_rk45("ode_rk45", sys, y0, t0, ts, nts, rtol, atol,
                    max_num_steps, y_out, sens, err);
}

int rt_ode_rk45_tol(const RtOdeSystem *sys, const double *y0, double t0,
                    const double *ts, int nts, double rtol, double atol,
                    long max_num_steps, double *y_out, double *sens,
                    RtError *err)
{
    return ode_rk45("ode_rk45_tol", sys, y0, t0, ts, nts, rtol, atol,
                    max_num_steps, y_out, sens, err);
}

int rt_ode_solve(RtOdeMethod method, const char *fn, const RtOdeSystem *sys,
                 const double *y0, double t0, const double *ts, int nts,
                 double rtol, double atol, long max_num_steps, double *y_out,
                 double *sens, RtError *err)
{
    if (method == RT_ODE_RK45)
        return ode_rk45(fn, sys, y0, t0, ts, nts, rtol, atol, max_num_steps,
                        y_out, sens, err);
    return rt_ode_gsl(method, fn, sys, y0, t0, ts, nts, rtol, atol,
                      max_num_steps, y_out, sens, err);
}
