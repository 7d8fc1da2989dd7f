/* test_rt_ode.c - ode_rk45 (rt_ode.h): solutions and sensitivities against
 * closed forms (exponential decay, logistic growth, a harmonic oscillator)
 * at Stan's default tolerances and at tight ones, with the error printed
 * as a multiple of the tolerance; sensitivities of a nonlinear system
 * (Lotka-Volterra) against central differences of the solver itself;
 * Stan's own test values for ode_rk45_tol; then the argument checks,
 * max_num_steps, errors raised by f and vjp, NaN, and systems without
 * parameters or sensitivities. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "pplrt.h"
#include "rt_ode.h"
#include "rt_ode_systems.h"

#define MAXT 64         /* output times of one case */
#define MAXS 8          /* states */
#define MAXP 4          /* parameters */

/* --------------------------------------------------------- systems */

/* theta[] are the parameters; fail_after makes f (or vjp) fail once t
 * exceeds it; calls counts f calls. */
typedef struct Ctx {
    double theta[MAXP];
    double fail_after;
    bool fail_in_vjp;
    long calls;
} Ctx;

static int maybe_fail(const Ctx *c, double t, bool in_vjp, RtError *err)
{
    if (in_vjp == c->fail_in_vjp && t > c->fail_after)
        return rt_error(err, "my_ode: cannot evaluate at t = %g", t);
    return 0;
}

/* y' = -k y, theta = (k) */
static int decay_f(void *ctx, double t, const double *y, double *dydt,
                   RtError *err)
{
    Ctx *c = ctx;
    c->calls++;
    if (maybe_fail(c, t, false, err))
        return -1;
    dydt[0] = -c->theta[0] * y[0];
    return 0;
}

static int decay_vjp(void *ctx, double t, const double *y, const double *w,
                     double *gy, double *gtheta, RtError *err)
{
    Ctx *c = ctx;
    if (maybe_fail(c, t, true, err))
        return -1;
    gy[0] += -c->theta[0] * w[0];
    gtheta[0] += -y[0] * w[0];
    return 0;
}

/* y' = r y (1 - y / K), theta = (r, K) */
static int logistic_f(void *ctx, double t, const double *y, double *dydt,
                      RtError *err)
{
    (void)t, (void)err;
    const Ctx *c = ctx;
    double r = c->theta[0], K = c->theta[1];
    dydt[0] = r * y[0] * (1 - y[0] / K);
    return 0;
}

static int logistic_vjp(void *ctx, double t, const double *y,
                        const double *w, double *gy, double *gtheta,
                        RtError *err)
{
    (void)t, (void)err;
    const Ctx *c = ctx;
    double r = c->theta[0], K = c->theta[1];
    gy[0] += w[0] * r * (1 - 2 * y[0] / K);
    gtheta[0] += w[0] * y[0] * (1 - y[0] / K);
    gtheta[1] += w[0] * r * y[0] * y[0] / (K * K);
    return 0;
}

/* y1' = y2, y2' = -omega^2 y1, theta = (omega) */
static int osc_f(void *ctx, double t, const double *y, double *dydt,
                 RtError *err)
{
    (void)t, (void)err;
    const Ctx *c = ctx;
    double om = c->theta[0];
    dydt[0] = y[1];
    dydt[1] = -om * om * y[0];
    return 0;
}

/* ------------------------------------------------------ closed forms */

/* The solution and its sensitivities at time t (from t0): y[n] and
 * sens[n][n+p] as rt_ode_rk45 lays them out. */
typedef void (*Exact)(const double *theta, const double *y0, double t,
                      double *y, double *sens);

static void decay_exact(const double *th, const double *y0, double t,
                        double *y, double *sens)
{
    double e = exp(-th[0] * t);
    y[0] = y0[0] * e;
    sens[0] = e;
    sens[1] = -t * y0[0] * e;
}

static void logistic_exact(const double *th, const double *y0, double t,
                           double *y, double *sens)
{
    double r = th[0], K = th[1], a = y0[0], E = exp(r * t);
    double D = K + a * (E - 1);
    y[0] = K * a * E / D;
    sens[0] = K * K * E / (D * D);                  /* d/dy0 */
    sens[1] = K * a * t * E * (K - a) / (D * D);    /* d/dr */
    sens[2] = a * a * E * (E - 1) / (D * D);        /* d/dK */
}

static void osc_exact(const double *th, const double *y0, double t,
                      double *y, double *sens)
{
    double w = th[0], a = y0[0], b = y0[1];
    double s = sin(w * t), c = cos(w * t);
    y[0] = a * c + b * s / w;
    y[1] = -a * w * s + b * c;
    /* rows (y1, y2), columns (a, b, omega) */
    sens[0] = c;
    sens[1] = s / w;
    sens[2] = -a * t * s + b * (t * c / w - s / (w * w));
    sens[3] = -w * s;
    sens[4] = c;
    sens[5] = -a * s - a * w * t * c - b * t * s;
}

/* ----------------------------------------------------------- helpers */

typedef struct Case {
    const char *name;
    RtOdeSystem sys;
    Exact exact;
    double theta[MAXP];
    double y0[MAXS];
    double t0;
} Case;

/* The worst error of the solution and of the sensitivities over the
 * output times, each in units of (atol + rtol |exact|). */
static void worst_errors(const Case *cs, const double *ts, int nts,
                         const double *y, const double *sens, double rtol,
                         double atol, double *worst_y, double *worst_s)
{
    int n = cs->sys.n, m = n + cs->sys.p;
    double ye[MAXS], se[MAXS * (MAXS + MAXP)];
    *worst_y = *worst_s = 0;
    for (int k = 0; k < nts; k++) {
        cs->exact(cs->theta, cs->y0, ts[k] - cs->t0, ye, se);
        for (int i = 0; i < n; i++) {
            double e = fabs(y[k * n + i] - ye[i]) / (atol + rtol * fabs(ye[i]));
            *worst_y = fmax(*worst_y, e);
        }
        for (int q = 0; q < n * m; q++) {
            double e = fabs(sens[k * n * m + q] - se[q])
                       / (atol + rtol * fabs(se[q]));
            *worst_s = fmax(*worst_s, e);
        }
    }
}

static void check_case(Case *cs, double rtol, double atol, double limit_y,
                       double limit_s)
{
    Ctx ctx = {.fail_after = INFINITY};
    memcpy(ctx.theta, cs->theta, sizeof ctx.theta);
    cs->sys.ctx = &ctx;
    double ts[MAXT];
    int nts = 40;
    for (int k = 0; k < nts; k++)   /* uneven, with a repeated time */
        ts[k] = cs->t0 + 0.25 * (k + 1) + 0.01 * (k % 3);
    ts[7] = ts[6];
    int n = cs->sys.n, m = n + cs->sys.p;
    double y[MAXT * MAXS], sens[MAXT * MAXS * (MAXS + MAXP)];
    RtError err = {.msg = ""};
    if (rt_ode_rk45(&cs->sys, cs->y0, cs->t0, ts, nts, rtol, atol, 1000000,
                    y, sens, &err) != 0)
        fail_msg("%s: %s", cs->name, err.msg);
    double wy, ws;
    worst_errors(cs, ts, nts, y, sens, rtol, atol, &wy, &ws);
    print_message("%-9s tol %.0e: worst error %.3f x tol (states), %.3f x "
                  "tol (sensitivities)\n", cs->name, rtol, wy, ws);
    if (wy > limit_y || ws > limit_s)
        fail_msg("%s: errors %g, %g x tol exceed %g, %g", cs->name, wy, ws,
                 limit_y, limit_s);

    /* the states alone, without sensitivities, are as accurate (they are
     * a different integration: fewer components under error control) */
    double y2[MAXT * MAXS];
    assert_int_equal(rt_ode_rk45(&cs->sys, cs->y0, cs->t0, ts, nts, rtol,
                                 atol, 1000000, y2, NULL, &err), 0);
    double wy2 = 0, ye[MAXS], se[MAXS * (MAXS + MAXP)];
    for (int k = 0; k < nts; k++) {
        cs->exact(cs->theta, cs->y0, ts[k] - cs->t0, ye, se);
        for (int i = 0; i < n; i++)
            wy2 = fmax(wy2, fabs(y2[k * n + i] - ye[i])
                                / (atol + rtol * fabs(ye[i])));
    }
    print_message("%-9s tol %.0e: worst error %.3f x tol (states "
                  "integrated alone)\n", cs->name, rtol, wy2);
    if (wy2 > limit_y)
        fail_msg("%s without sensitivities: error %g x tol", cs->name, wy2);
    /* the repeated output time gives the same values */
    for (int q = 0; q < n * m; q++)
        assert_true(sens[7 * n * m + q] == sens[6 * n * m + q]);
}

static Case decay_case(void)
{
    Case c = {"decay", {1, 1, decay_f, decay_vjp, NULL}, decay_exact,
              {0.7}, {2.5}, 0.5};
    return c;
}

static Case logistic_case(void)
{
    Case c = {"logistic", {1, 2, logistic_f, logistic_vjp, NULL},
              logistic_exact, {1.3, 10}, {0.4}, -1};
    return c;
}

static Case osc_case(void)
{
    Case c = {"osc", {2, 1, osc_f, osc_vjp, NULL}, osc_exact, {2.0},
              {1.0, -0.5}, 0};
    return c;
}

/* ------------------------------------------------------------- tests */

/* Stan's defaults 1e-6 / 1e-6 and tight 1e-10: the global error, in
 * units of atol + rtol |y|, stays within a small multiple of 1.  (The
 * tolerances bound the error of each step, not the global error: logistic
 * growth at 1e-10 reaches about 10x, as Boost's solver does -- the steps
 * and values are Boost's to 1e-13.) */
static void test_closed_forms(void **state)
{
    (void)state;
    Case cases[] = {decay_case(), logistic_case(), osc_case()};
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        check_case(&cases[i], 1e-6, 1e-6, 20, 20);
        check_case(&cases[i], 1e-10, 1e-10, 20, 20);
    }
}

/* Sensitivities of Lotka-Volterra against central differences of the
 * solver (tolerance 1e-12, step 1e-5 relative: agreement to ~1e-6). */
static void test_against_differences(void **state)
{
    (void)state;
    Ctx ctx = {{1.5, 1.0, 3.0, 1.0}, INFINITY, false, 0};
    RtOdeSystem sys = {2, 4, lv_f, lv_vjp, &ctx};
    double y0[2] = {10, 5}, ts[5] = {0.5, 1, 2.5, 4, 6};
    int n = 2, m = 6, nts = 5;
    double y[10], sens[60], yp[10], ym[10];
    RtError err = {.msg = ""};
    const double tol = 1e-12;
    assert_int_equal(rt_ode_rk45_tol(&sys, y0, 0, ts, nts, tol, tol, 1000000,
                                     y, sens, &err), 0);
    double worst = 0;
    for (int j = 0; j < m; j++) {
        double *x = j < n ? &y0[j] : &ctx.theta[j - n], x0 = *x;
        double h = 1e-5 * fabs(x0);
        *x = x0 + h;
        assert_int_equal(rt_ode_rk45_tol(&sys, y0, 0, ts, nts, tol, tol,
                                         1000000, yp, NULL, &err), 0);
        *x = x0 - h;
        assert_int_equal(rt_ode_rk45_tol(&sys, y0, 0, ts, nts, tol, tol,
                                         1000000, ym, NULL, &err), 0);
        *x = x0;
        for (int k = 0; k < nts; k++)
            for (int i = 0; i < n; i++) {
                double fd = (yp[k * n + i] - ym[k * n + i]) / (2 * h);
                double got = sens[k * n * m + i * m + j];
                double rel = fabs(got - fd) / fmax(fabs(fd), 1);
                worst = fmax(worst, rel);
                if (rel > 1e-5)
                    fail_msg("d y%d(%g) / d x%d = %.10g, differences %.10g",
                             i + 1, ts[k], j + 1, got, fd);
            }
    }
    print_message("Lotka-Volterra: sensitivities agree with central "
                  "differences to %.1e\n", worst);
}

/* Stan Math's test StanMathOde_ode_rk45_tol.int_t0: y' = cos(a t),
 * y(0) = 0, a = 1.5, tolerances 1e-10 (EXPECT_FLOAT_EQ values). */
static int cos_f(void *ctx, double t, const double *y, double *dydt,
                 RtError *err)
{
    (void)y, (void)err;
    dydt[0] = cos(((const Ctx *)ctx)->theta[0] * t);
    return 0;
}

static void test_stan_values(void **state)
{
    (void)state;
    Ctx ctx = {{1.5}, INFINITY, false, 0};
    RtOdeSystem sys = {1, 0, cos_f, NULL, &ctx};
    double y0 = 0, ts[2] = {0.45, 1.1}, y[2];
    assert_int_equal(rt_ode_rk45_tol(&sys, &y0, 0, ts, 2, 1e-10, 1e-10,
                                     1000000, y, NULL, NULL), 0);
    assert_true(fabs(y[0] - 0.4165982112) < 1e-9);
    assert_true(fabs(y[1] - 0.66457668563) < 1e-9);
}

/* Output times close together and far apart, one step covering several:
 * the dense output is as accurate as the steps. */
static void test_dense_output(void **state)
{
    (void)state;
    Ctx ctx = {{0.7}, INFINITY, false, 0};
    RtOdeSystem sys = {1, 1, decay_f, decay_vjp, &ctx};
    double y0 = 1, ts[MAXT], y[MAXT], sens[2 * MAXT];
    for (int k = 0; k < MAXT; k++)
        ts[k] = 0.001 * (k + 1) + (k >= 32) * (5 + 0.1 * k);
    assert_int_equal(rt_ode_rk45(&sys, &y0, 0, ts, MAXT, 1e-8, 1e-8, 1000,
                                 y, sens, NULL), 0);
    for (int k = 0; k < MAXT; k++) {
        double e = exp(-0.7 * ts[k]);
        assert_true(fabs(y[k] - e) < 1e-7 * (1 + e));
        assert_true(fabs(sens[2 * k + 1] + ts[k] * e) < 1e-7);
    }
}

static void expect_error(const RtOdeSystem *sys, const double *y0,
                         double t0, const double *ts, int nts, double rtol,
                         double atol, long max_steps, const char *want)
{
    RtError err = {.msg = ""};
    double y[MAXT * MAXS];
    assert_int_equal(rt_ode_rk45(sys, y0, t0, ts, nts, rtol, atol,
                                 max_steps, y, NULL, &err), -1);
    assert_string_equal(err.msg, want);
}

static void test_argument_checks(void **state)
{
    (void)state;
    Ctx ctx = {{0.7}, INFINITY, false, 0};
    RtOdeSystem sys = {1, 1, decay_f, decay_vjp, &ctx};
    RtOdeSystem empty = {0, 0, decay_f, NULL, &ctx};
    double y0 = 1, bad = NAN, ts[3] = {1, 2, 3};
    double unsorted[3] = {1, 2, 1.5}, inf_ts[2] = {1, INFINITY};
    expect_error(&sys, &bad, 0, ts, 3, 1e-6, 1e-6, 100,
                 "ode_rk45: initial state[1] is nan, but must be finite!");
    expect_error(&sys, &y0, -INFINITY, ts, 3, 1e-6, 1e-6, 100,
                 "ode_rk45: initial time is -inf, but must be finite!");
    expect_error(&sys, &y0, 0, inf_ts, 2, 1e-6, 1e-6, 100,
                 "ode_rk45: times[2] is inf, but must be finite!");
    expect_error(&empty, &y0, 0, ts, 3, 1e-6, 1e-6, 100,
                 "ode_rk45: initial state has size 0, but must have a "
                 "non-zero size");
    expect_error(&sys, &y0, 0, ts, 0, 1e-6, 1e-6, 100,
                 "ode_rk45: times has size 0, but must have a non-zero "
                 "size");
    expect_error(&sys, &y0, 0, unsorted, 3, 1e-6, 1e-6, 100,
                 "ode_rk45: times is not a valid sorted vector. The element "
                 "at 3 is 1.5, but should be greater than or equal to the "
                 "previous element, 2");
    expect_error(&sys, &y0, 2, ts, 3, 1e-6, 1e-6, 100,
                 "ode_rk45: initial time is 2, but must be less than "
                 "1.000000");
    expect_error(&sys, &y0, 1, ts, 3, 1e-6, 1e-6, 100,
                 "ode_rk45: initial time is 1, but must be less than "
                 "1.000000");
    expect_error(&sys, &y0, 0, ts, 3, -1, 1e-6, 100,
                 "ode_rk45: relative_tolerance is -1, but must be positive "
                 "finite!");
    expect_error(&sys, &y0, 0, ts, 3, 1e-6, INFINITY, 100,
                 "ode_rk45: absolute_tolerance is inf, but must be positive "
                 "finite!");
    expect_error(&sys, &y0, 0, ts, 3, 1e-6, 0, 100,
                 "ode_rk45: absolute_tolerance is 0, but must be positive "
                 "finite!");
    expect_error(&sys, &y0, 0, ts, 3, 1e-6, 1e-6, 0,
                 "ode_rk45: max_num_steps is 0, but must be positive!");
    /* the _tol form names itself */
    RtError err = {.msg = ""};
    double y[3];
    assert_int_equal(rt_ode_rk45_tol(&sys, &y0, 5, ts, 3, 1e-6, 1e-6, 100,
                                     y, NULL, &err), -1);
    assert_string_equal(err.msg, "ode_rk45_tol: initial time is 5, but must "
                        "be less than 1.000000");
    /* sensitivities need a vjp */
    RtOdeSystem no_vjp = {1, 0, decay_f, NULL, &ctx};
    double sens[3];
    assert_int_equal(rt_ode_rk45(&no_vjp, &y0, 0, ts, 3, 1e-6, 1e-6, 100,
                                 y, sens, &err), -1);
    assert_string_equal(err.msg, "ode_rk45: sensitivities need the system's "
                        "vjp");
}

/* max_num_steps counts the steps since the last output time, as Boost's
 * max_step_checker that Stan passes: one step is too few to reach t = 10,
 * but plenty when every step reaches a new output time. */
static void test_max_num_steps(void **state)
{
    (void)state;
    Ctx ctx = {{0.7}, INFINITY, false, 0};
    RtOdeSystem sys = {1, 1, decay_f, decay_vjp, &ctx};
    double y0 = 1, far[2] = {0.05, 10}, dense[MAXT], y[MAXT];
    expect_error(&sys, &y0, 0, far, 2, 1e-6, 1e-6, 5,
                 "ode_rk45:  Failed to integrate to next output time (10) "
                 "in less than max_num_steps steps");
    for (int k = 0; k < MAXT; k++)
        dense[k] = 0.05 * (k + 1);
    assert_int_equal(rt_ode_rk45(&sys, &y0, 0, dense, MAXT, 1e-6, 1e-6, 1,
                                 y, NULL, NULL), 0);
    assert_true(fabs(y[MAXT - 1] - exp(-0.7 * dense[MAXT - 1])) < 1e-5);
    /* and enough steps reach t = 10 */
    assert_int_equal(rt_ode_rk45(&sys, &y0, 0, far, 2, 1e-6, 1e-6, 100, y,
                                 NULL, NULL), 0);
}

/* An error from f or vjp is the solver's error, its message untouched
 * (and under ASan: nothing leaks on the way out). */
static void test_failing_system(void **state)
{
    (void)state;
    Ctx ctx = {{0.7}, 1.0, false, 0};
    RtOdeSystem sys = {1, 1, decay_f, decay_vjp, &ctx};
    double y0 = 1, ts[2] = {0.5, 2}, y[2], sens[4];
    RtError err = {.msg = ""};
    assert_int_equal(rt_ode_rk45(&sys, &y0, 0, ts, 2, 1e-6, 1e-6, 1000, y,
                                 sens, &err), -1);
    assert_true(strncmp(err.msg, "my_ode: cannot evaluate at t = ", 31) == 0);
    ctx.fail_in_vjp = true;
    memset(&err, 0, sizeof err);
    assert_int_equal(rt_ode_rk45(&sys, &y0, 0, ts, 2, 1e-6, 1e-6, 1000, y,
                                 sens, &err), -1);
    assert_true(strncmp(err.msg, "my_ode: cannot evaluate at t = ", 31) == 0);
    /* without sensitivities vjp is never called */
    assert_int_equal(rt_ode_rk45(&sys, &y0, 0, ts, 2, 1e-6, 1e-6, 1000, y,
                                 NULL, &err), 0);
    assert_true(fabs(y[1] - exp(-1.4)) < 1e-5);
}

/* A NaN from f is not an error of the solver (Boost's error norm skips
 * NaN): it reaches the output and the caller rejects the draw. */
static int nan_f(void *ctx, double t, const double *y, double *dydt,
                 RtError *err)
{
    (void)ctx, (void)err;
    dydt[0] = t > 1 ? NAN : -y[0];
    return 0;
}

static void test_nan(void **state)
{
    (void)state;
    RtOdeSystem sys = {1, 0, nan_f, NULL, NULL};
    double y0 = 1, ts[2] = {0.5, 3}, y[2];
    assert_int_equal(rt_ode_rk45(&sys, &y0, 0, ts, 2, 1e-6, 1e-6, 1000, y,
                                 NULL, NULL), 0);
    assert_true(fabs(y[0] - exp(-0.5)) < 1e-5);
    assert_true(isnan(y[1]));
}

/* p == 0: no vjp and no sensitivities; with a vjp, the n x n block of
 * d y / d y0 alone. */
static int osc1_f(void *ctx, double t, const double *y, double *dydt,
                  RtError *err)
{
    (void)ctx, (void)t, (void)err;
    dydt[0] = y[1];
    dydt[1] = -y[0];
    return 0;
}

static int osc1_vjp(void *ctx, double t, const double *y, const double *w,
                    double *gy, double *gtheta, RtError *err)
{
    (void)ctx, (void)t, (void)y, (void)gtheta, (void)err;
    gy[0] += -w[1];
    gy[1] += w[0];
    return 0;
}

static void test_no_parameters(void **state)
{
    (void)state;
    RtOdeSystem sys = {2, 0, osc1_f, NULL, NULL};
    double y0[2] = {1, 0}, ts[3] = {1, 2, M_PI}, y[6], sens[12];
    assert_int_equal(rt_ode_rk45(&sys, y0, 0, ts, 3, 1e-8, 1e-8, 1000, y,
                                 NULL, NULL), 0);
    for (int k = 0; k < 3; k++) {
        assert_true(fabs(y[2 * k] - cos(ts[k])) < 1e-7);
        assert_true(fabs(y[2 * k + 1] + sin(ts[k])) < 1e-7);
    }
    sys.vjp = osc1_vjp;
    assert_int_equal(rt_ode_rk45(&sys, y0, 0, ts, 3, 1e-8, 1e-8, 1000, y,
                                 sens, NULL), 0);
    for (int k = 0; k < 3; k++) {
        double c = cos(ts[k]), s = sin(ts[k]), *S = sens + 4 * k;
        assert_true(fabs(S[0] - c) < 1e-7 && fabs(S[1] - s) < 1e-7);
        assert_true(fabs(S[2] + s) < 1e-7 && fabs(S[3] - c) < 1e-7);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_closed_forms),
        cmocka_unit_test(test_against_differences),
        cmocka_unit_test(test_stan_values),
        cmocka_unit_test(test_dense_output),
        cmocka_unit_test(test_argument_checks),
        cmocka_unit_test(test_max_num_steps),
        cmocka_unit_test(test_failing_system),
        cmocka_unit_test(test_nan),
        cmocka_unit_test(test_no_parameters),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
