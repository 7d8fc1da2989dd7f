/* test_rt_ode_solvers.c - the solvers of rt_ode_solve beyond ode_rk45
 * (rt_ode.h): ode_ckrk (GSL rkck), ode_adams (msadams) and ode_bdf
 * (msbdf): closed-form solutions at tight tolerances; sensitivities of a
 * nonlinear system against central differences of the solver itself;
 * Robertson's stiff chemical kinetics, which ode_bdf solves within a
 * max_num_steps that ode_rk45 exceeds (steps, never wall-clock time),
 * with and without a vjp (the Jacobian then comes from differences of f);
 * Stan's messages under each function's name; errors raised by f. */
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

#define MAXT 16

static const RtOdeMethod methods[] = {RT_ODE_CKRK, RT_ODE_ADAMS, RT_ODE_BDF};
static const char *const names[] = {"ode_ckrk", "ode_adams", "ode_bdf"};
#define NMETHODS 3

typedef struct Ctx {
    double theta[4];
    double fail_after;  /* f fails once t exceeds it */
    long calls;         /* f calls */
} Ctx;

/* The harmonic oscillator y1' = y2, y2' = -omega^2 y1, theta = (omega). */
static int osc_f(void *ctx, double t, const double *y, double *dydt,
                 RtError *err)
{
    Ctx *c = ctx;
    c->calls++;
    if (t > c->fail_after)
        return rt_error(err, "my_ode: cannot evaluate at t = %g", t);
    double om = c->theta[0];
    dydt[0] = y[1];
    dydt[1] = -om * om * y[0];
    return 0;
}

/* Robertson's chemical kinetics (H. H. Robertson, 1966; Hairer and
 * Wanner, Solving ODEs II, IV.1): rate constants theta = (0.04, 1e4,
 * 3e7); eigenvalues down to about -1e4 make explicit methods take steps
 * of about 1e-3 over times of 1e4. */
static int rober_f(void *ctx, double t, const double *y, double *dydt,
                   RtError *err)
{
    (void)t, (void)err;
    Ctx *c = ctx;
    const double *k = c->theta;
    c->calls++;
    dydt[0] = -k[0] * y[0] + k[1] * y[1] * y[2];
    dydt[1] = k[0] * y[0] - k[1] * y[1] * y[2] - k[2] * y[1] * y[1];
    dydt[2] = k[2] * y[1] * y[1];
    return 0;
}

static int rober_vjp(void *ctx, double t, const double *y, const double *w,
                     double *gy, double *gtheta, RtError *err)
{
    (void)t, (void)err;
    const double *k = ((const Ctx *)ctx)->theta;
    gy[0] += -k[0] * w[0] + k[0] * w[1];
    gy[1] += k[1] * y[2] * w[0] + (-k[1] * y[2] - 2 * k[2] * y[1]) * w[1]
        + 2 * k[2] * y[1] * w[2];
    gy[2] += k[1] * y[1] * w[0] - k[1] * y[1] * w[1];
    gtheta[0] += -y[0] * w[0] + y[0] * w[1];
    gtheta[1] += y[1] * y[2] * (w[0] - w[1]);
    gtheta[2] += y[1] * y[1] * (w[2] - w[1]);
    return 0;
}

/* ------------------------------------------------------ closed forms */

/* y(t) = (cos om t, -om sin om t) from (1, 0), at tolerances 1e-10: each
 * method within 1e-7 at every output time, and the sensitivity to omega
 * (d/d om cos(om t) = -t sin(om t)) too. */
static void test_oscillator(void **state)
{
    (void)state;
    for (int mi = 0; mi < NMETHODS; mi++) {
        Ctx c = {.theta = {1.7}, .fail_after = INFINITY};
        RtOdeSystem sys = {2, 1, osc_f, osc_vjp, &c};
        double y0[2] = {1, 0}, ts[4] = {0.5, 1, 2, 5};
        double y[8], sens[4 * 2 * 3];
        RtError err = {.msg = ""};
        assert_int_equal(rt_ode_solve(methods[mi], names[mi], &sys, y0, 0,
                                      ts, 4, 1e-10, 1e-10, 100000000, y,
                                      sens, &err), 0);
        for (int k = 0; k < 4; k++) {
            double om = 1.7, t = ts[k];
            double want = cos(om * t), dwant = -t * sin(om * t);
            if (fabs(y[2 * k] - want) > 1e-7
                || fabs(sens[k * 6 + 2] - dwant) > 1e-6)
                fail_msg("%s at t = %g: y %.12g (want %.12g), dy/dom %.12g "
                         "(want %.12g)", names[mi], t, y[2 * k], want,
                         sens[k * 6 + 2], dwant);
            /* dy1/dy0_1 = cos(om t) */
            assert_true(fabs(sens[k * 6 + 0] - want) < 1e-6);
        }
        /* the same values without sensitivities */
        double yv[8];
        assert_int_equal(rt_ode_solve(methods[mi], names[mi], &sys, y0, 0,
                                      ts, 4, 1e-10, 1e-10, 100000000, yv,
                                      NULL, &err), 0);
        for (int k = 0; k < 8; k++)
            assert_true(fabs(yv[k] - y[k]) < 1e-7);
    }
}

/* Lotka-Volterra sensitivities against central differences of the
 * solver's own values, each method at tolerances 1e-10. */
static void test_lotka_volterra_sensitivities(void **state)
{
    (void)state;
    const double theta[4] = {1.1, 0.4, 0.9, 0.3};
    double y0[2] = {2, 1.5}, ts[3] = {1, 3, 6};
    for (int mi = 0; mi < NMETHODS; mi++) {
        Ctx c;
        memcpy(c.theta, theta, sizeof theta);
        RtOdeSystem sys = {2, 4, lv_f, lv_vjp, &c};
        double y[6], sens[3 * 2 * 6];
        RtError err = {.msg = ""};
        assert_int_equal(rt_ode_solve(methods[mi], names[mi], &sys, y0, 0,
                                      ts, 3, 1e-10, 1e-10, 100000000, y,
                                      sens, &err), 0);
        for (int j = 0; j < 6; j++) {
            double h = 1e-5, up[6], down[6];
            double y0h[2] = {y0[0], y0[1]};
            for (int s = 0; s < 2; s++) {
                double d = s == 0 ? h : -h;
                memcpy(c.theta, theta, sizeof theta);
                y0h[0] = y0[0];
                y0h[1] = y0[1];
                if (j < 2)
                    y0h[j] += d;
                else
                    c.theta[j - 2] += d;
                assert_int_equal(rt_ode_solve(methods[mi], names[mi], &sys,
                                              y0h, 0, ts, 3, 1e-12, 1e-12,
                                              100000000, s == 0 ? up : down,
                                              NULL, &err), 0);
            }
            memcpy(c.theta, theta, sizeof theta);
            for (int k = 0; k < 3; k++)
                for (int i = 0; i < 2; i++) {
                    double fd = (up[2 * k + i] - down[2 * k + i]) / (2 * h);
                    double got = sens[k * 12 + i * 6 + j];
                    if (fabs(fd - got) > 1e-5 * fmax(1, fabs(fd)))
                        fail_msg("%s: dy%d(t=%g)/dx%d %.10g, differences "
                                 "%.10g", names[mi], i + 1, ts[k], j + 1,
                                 got, fd);
                }
        }
    }
}

/* ---------------------------------------------------------- stiffness */

/* Robertson from (1, 0, 0) to t = 4e4 with output times a decade apart:
 * ode_bdf_tol at 1e-8 needs at most 120 steps per output time (199 with
 * sensitivities), where the explicit and Adams methods' stability limits
 * keep them beyond 500 (ode_rk45 needs 31869 between t = 4 and 40): they
 * fail with Stan's message.  ode_bdf's values conserve mass and agree
 * with ode_rk45 at tight tolerances at t = 0.4, 4 and 40. */
static void test_robertson_stiff(void **state)
{
    (void)state;
    Ctx c = {.theta = {0.04, 1e4, 3e7}};
    RtOdeSystem sys = {3, 3, rober_f, rober_vjp, &c};
    double y0[3] = {1, 0, 0};
    double ts[6] = {0.4, 4, 40, 400, 4000, 40000};
    double y[18], sens[6 * 3 * 6];
    RtError err = {.msg = ""};
    long limit = 500;

    assert_int_equal(rt_ode_solve(RT_ODE_BDF, "ode_bdf_tol", &sys, y0, 0, ts,
                                  6, 1e-8, 1e-8, limit, y, NULL, &err), 0);
    for (int k = 0; k < 6; k++)
        assert_true(fabs(y[3 * k] + y[3 * k + 1] + y[3 * k + 2] - 1) < 1e-6);
    /* with sensitivities too */
    double ys[18];
    assert_int_equal(rt_ode_solve(RT_ODE_BDF, "ode_bdf_tol", &sys, y0, 0, ts,
                                  6, 1e-8, 1e-8, limit, ys, sens, &err), 0);
    for (int k = 0; k < 18; k++)
        assert_true(fabs(ys[k] - y[k]) < 1e-5 * fmax(fabs(y[k]), 1e-4));

    err.msg[0] = 0;
    assert_int_equal(rt_ode_solve(RT_ODE_RK45, "ode_rk45_tol", &sys, y0, 0,
                                  ts, 6, 1e-8, 1e-8, limit, y, NULL, &err),
                     -1);
    assert_string_equal(err.msg, "ode_rk45_tol:  Failed to integrate to "
                        "next output time (4) in less than "
                        "max_num_steps steps");
    assert_int_equal(rt_ode_solve(RT_ODE_CKRK, "ode_ckrk_tol", &sys, y0, 0,
                                  ts, 6, 1e-8, 1e-8, limit, y, NULL, &err),
                     -1);
    assert_string_equal(err.msg, "ode_ckrk_tol:  Failed to integrate to "
                        "next output time (4) in less than "
                        "max_num_steps steps");
    assert_int_equal(rt_ode_solve(RT_ODE_ADAMS, "ode_adams_tol", &sys, y0, 0,
                                  ts, 6, 1e-8, 1e-8, limit, y, NULL, &err),
                     -1);
    assert_non_null(strstr(err.msg, "ode_adams_tol:  Failed to integrate "
                           "to next output time ("));

    /* against ode_rk45 where it is cheap enough */
    double yb[9], yr[9];
    assert_int_equal(rt_ode_solve(RT_ODE_BDF, "ode_bdf", &sys, y0, 0, ts, 3,
                                  1e-10, 1e-10, 100000000, yb, NULL, &err),
                     0);
    assert_int_equal(rt_ode_solve(RT_ODE_RK45, "ode_rk45", &sys, y0, 0, ts, 3,
                                  1e-10, 1e-10, 100000000, yr, NULL, &err),
                     0);
    for (int k = 0; k < 9; k++)
        if (fabs(yb[k] - yr[k]) > 1e-6 * fmax(fabs(yr[k]), 1e-3))
            fail_msg("Robertson component %d: bdf %.10g, rk45 %.10g", k,
                     yb[k], yr[k]);
}

/* Without a vjp (a right-hand side whose reverse is not compiled) the
 * Jacobian comes from differences of f: the same values within the
 * tolerances, in as few steps. */
static void test_bdf_without_vjp(void **state)
{
    (void)state;
    Ctx c = {.theta = {0.04, 1e4, 3e7}};
    RtOdeSystem with = {3, 3, rober_f, rober_vjp, &c};
    RtOdeSystem without = {3, 3, rober_f, NULL, &c};
    double y0[3] = {1, 0, 0}, ts[4] = {0.4, 40, 4000, 40000};
    double a[12], b[12];
    RtError err = {.msg = ""};
    assert_int_equal(rt_ode_solve(RT_ODE_BDF, "ode_bdf", &with, y0, 0, ts, 4,
                                  1e-10, 1e-10, 2000, a, NULL, &err), 0);
    assert_int_equal(rt_ode_solve(RT_ODE_BDF, "ode_bdf", &without, y0, 0, ts,
                                  4, 1e-10, 1e-10, 2000, b, NULL, &err), 0);
    for (int k = 0; k < 12; k++)
        assert_true(fabs(a[k] - b[k]) < 1e-6 * fmax(fabs(a[k]), 1e-4));
    /* sensitivities need the vjp */
    double sens[4 * 3 * 6];
    assert_int_equal(rt_ode_solve(RT_ODE_BDF, "ode_bdf", &without, y0, 0, ts,
                                  4, 1e-10, 1e-10, 2000, b, sens, &err), -1);
    assert_string_equal(err.msg, "ode_bdf: sensitivities need the system's "
                        "vjp");
}

/* ------------------------------------------------------------ messages */

static void expect_message(RtOdeMethod method, const char *fn,
                           const double *y0, double t0, const double *ts,
                           int nts, double rtol, double atol, long steps,
                           const char *want)
{
    Ctx c = {.theta = {1.0}, .fail_after = INFINITY};
    RtOdeSystem sys = {2, 1, osc_f, osc_vjp, &c};
    double y[2 * MAXT];
    RtError err = {.msg = ""};
    assert_int_equal(rt_ode_solve(method, fn, &sys, y0, t0, ts, nts, rtol,
                                  atol, steps, y, NULL, &err), -1);
    assert_string_equal(err.msg, want);
}

/* Stan's argument checks under each solver's name: a bad initial time,
 * unsorted or non-finite times, a non-finite initial state, bad
 * tolerances, max_num_steps exceeded. */
static void test_messages(void **state)
{
    (void)state;
    const char *const fns[] = {"ode_ckrk_tol", "ode_adams_tol", "ode_bdf",
                               "integrate_ode_bdf"};
    const RtOdeMethod ms[] = {RT_ODE_CKRK, RT_ODE_ADAMS, RT_ODE_BDF,
                              RT_ODE_BDF};
    double y0[2] = {1, 0}, bad_y0[2] = {1, NAN};
    double ts[3] = {1, 2, 3}, unsorted[3] = {1, 3, 2};
    double inf_ts[2] = {1, INFINITY}, many[MAXT];
    for (int k = 0; k < MAXT; k++)
        many[k] = 100.0 * (k + 1);
    char want[256];
    for (int i = 0; i < 4; i++) {
        const char *fn = fns[i];
        snprintf(want, sizeof want, "%s: initial time is 2, but must be "
                 "less than 1.000000", fn);
        expect_message(ms[i], fn, y0, 2, ts, 3, 1e-6, 1e-6, 1000, want);
        snprintf(want, sizeof want, "%s: initial time is 1, but must be "
                 "less than 1.000000", fn);
        expect_message(ms[i], fn, y0, 1, ts, 3, 1e-6, 1e-6, 1000, want);
        snprintf(want, sizeof want, "%s: times is not a valid sorted "
                 "vector. The element at 3 is 2, but should be greater than "
                 "or equal to the previous element, 3", fn);
        expect_message(ms[i], fn, y0, 0, unsorted, 3, 1e-6, 1e-6, 1000,
                       want);
        snprintf(want, sizeof want, "%s: times[2] is inf, but must be "
                 "finite!", fn);
        expect_message(ms[i], fn, y0, 0, inf_ts, 2, 1e-6, 1e-6, 1000, want);
        snprintf(want, sizeof want, "%s: initial state[2] is nan, but must "
                 "be finite!", fn);
        expect_message(ms[i], fn, bad_y0, 0, ts, 3, 1e-6, 1e-6, 1000, want);
        snprintf(want, sizeof want, "%s: relative_tolerance is -1, but must "
                 "be positive finite!", fn);
        expect_message(ms[i], fn, y0, 0, ts, 3, -1, 1e-6, 1000, want);
        snprintf(want, sizeof want, "%s: absolute_tolerance is inf, but "
                 "must be positive finite!", fn);
        expect_message(ms[i], fn, y0, 0, ts, 3, 1e-6, INFINITY, 1000, want);
        snprintf(want, sizeof want, "%s: max_num_steps is 0, but must be "
                 "positive!", fn);
        expect_message(ms[i], fn, y0, 0, ts, 3, 1e-6, 1e-6, 0, want);
        snprintf(want, sizeof want, "%s:  Failed to integrate to next "
                 "output time (100) in less than max_num_steps steps", fn);
        expect_message(ms[i], fn, y0, 0, many, MAXT, 1e-8, 1e-8, 10, want);
    }
}

/* An error raised by f reaches the caller as f wrote it; an output time
 * equal to the previous one repeats its values. */
static void test_f_error_and_repeated_times(void **state)
{
    (void)state;
    for (int mi = 0; mi < NMETHODS; mi++) {
        Ctx c = {.theta = {1.0}, .fail_after = 1.5};
        RtOdeSystem sys = {2, 1, osc_f, osc_vjp, &c};
        double y0[2] = {1, 0}, ts[3] = {1, 1, 2}, y[6];
        RtError err = {.msg = ""};
        assert_int_equal(rt_ode_solve(methods[mi], names[mi], &sys, y0, 0,
                                      ts, 3, 1e-8, 1e-8, 100000, y, NULL,
                                      &err), -1);
        assert_non_null(strstr(err.msg, "my_ode: cannot evaluate at t = "));
        c.fail_after = INFINITY;
        assert_int_equal(rt_ode_solve(methods[mi], names[mi], &sys, y0, 0,
                                      ts, 3, 1e-8, 1e-8, 100000, y, NULL,
                                      &err), 0);
        assert_true(y[0] == y[2] && y[1] == y[3]);
        assert_true(fabs(y[4] - cos(2.0)) < 1e-6);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_oscillator),
        cmocka_unit_test(test_lotka_volterra_sensitivities),
        cmocka_unit_test(test_robertson_stiff),
        cmocka_unit_test(test_bdf_without_vjp),
        cmocka_unit_test(test_messages),
        cmocka_unit_test(test_f_error_and_repeated_times),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
