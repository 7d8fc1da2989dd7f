/* test_rt_dae.c - dae and dae_tol's solver (rt_dae.h): a linear index-1
 * DAE with a closed-form solution and sensitivities; Robertson's chemical
 * kinetics as a DAE with the conservation law as its algebraic equation,
 * against published reference values, with and without a vjp, and its
 * sensitivities against central differences of the solver itself; Stan's
 * argument checks; the failures (max_num_steps, a singular iteration
 * matrix, a residual that turns NaN, an error raised by the residual)
 * end with a message, never a crash or a hang. */
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
#include "rt_dae.h"

typedef struct Ctx {
    double theta[3];
    double nan_after;    /* the residual is NaN once t exceeds it */
    double fail_after;   /* the residual raises an error once t exceeds it */
    long calls;
} Ctx;

/* The oscillator as an implicit DAE: y1' = y2, y2' = -om^2 y1 and the
 * algebraic y3 = y1 + y2; y(0) = (1, 0, 1) gives y1 = cos(om t), y2 =
 * -om sin(om t).  theta = (om). */
static int osc_res(void *ctx, double t, const double *y, const double *yp,
                   double *r, RtError *err)
{
    Ctx *c = ctx;
    c->calls++;
    if (t > c->fail_after)
        return rt_error(err, "my_residual: cannot evaluate at t = %g", t);
    double om = c->theta[0];
    r[0] = yp[0] - y[1];
    r[1] = yp[1] + om * om * y[0];
    r[2] = y[2] - y[0] - y[1];
    if (t > c->nan_after)
        r[1] = NAN;
    return 0;
}

static int osc_vjp(void *ctx, double t, const double *y, const double *yp,
                   const double *w, double *gy, double *gyp, double *gth,
                   RtError *err)
{
    (void)t, (void)yp, (void)err;
    Ctx *c = ctx;
    double om = c->theta[0];
    gy[0] += w[1] * om * om - w[2];
    gy[1] += -w[0] - w[2];
    gy[2] += w[2];
    gyp[0] += w[0];
    gyp[1] += w[1];
    gth[0] += w[1] * 2 * om * y[0];
    return 0;
}

/* Robertson's chemical kinetics written as an index-1 DAE (the SUNDIALS
 * IDA example idaRoberts_dns; Hairer and Wanner, Solving ODEs II, IV.1):
 *   y1' = -k1 y1 + k2 y2 y3,  y2' = k1 y1 - k2 y2 y3 - k3 y2^2,
 *   0 = y1 + y2 + y3 - 1,     theta = (k1, k2, k3) = (0.04, 1e4, 3e7). */
static int rober_res(void *ctx, double t, const double *y, const double *yp,
                     double *r, RtError *err)
{
    (void)t, (void)err;
    Ctx *c = ctx;
    const double *k = c->theta;
    c->calls++;
    r[0] = yp[0] + k[0] * y[0] - k[1] * y[1] * y[2];
    r[1] = yp[1] - k[0] * y[0] + k[1] * y[1] * y[2] + k[2] * y[1] * y[1];
    r[2] = y[0] + y[1] + y[2] - 1;
    return 0;
}

static int rober_vjp(void *ctx, double t, const double *y, const double *yp,
                     const double *w, double *gy, double *gyp, double *gth,
                     RtError *err)
{
    (void)t, (void)yp, (void)err;
    Ctx *c = ctx;
    const double *k = c->theta;
    gy[0] += w[0] * k[0] - w[1] * k[0] + w[2];
    gy[1] += -w[0] * k[1] * y[2] + w[1] * (k[1] * y[2] + 2 * k[2] * y[1])
             + w[2];
    gy[2] += -w[0] * k[1] * y[1] + w[1] * k[1] * y[1] + w[2];
    gyp[0] += w[0];
    gyp[1] += w[1];
    gth[0] += (w[0] - w[1]) * y[0];
    gth[1] += (w[1] - w[0]) * y[1] * y[2];
    gth[2] += w[1] * y[1] * y[1];
    return 0;
}

/* Consistent initial values of Robertson's DAE: y = (1, 0, 0), y' =
 * (-k1, k1, 0). */
static const double rober_y0[3] = {1, 0, 0};
static const double rober_yp0[3] = {-0.04, 0.04, 0};

static void test_linear_closed_form(void **state)
{
    (void)state;
    Ctx c = {.theta = {2.0}, .nan_after = INFINITY, .fail_after = INFINITY};
    RtDaeSystem sys = {3, 1, osc_res, osc_vjp, &c};
    double om = c.theta[0];
    const double y0[3] = {1, 0, 1}, yp0[3] = {0, -om * om, 0};
    const double ts[4] = {0.5, 1.0, 1.0, 3.0};
    int m = 2 * 3 + 1;
    double y[12], sens[4 * 3 * 7];
    RtError err = {.msg = ""};
    assert_int_equal(rt_dae_solve("dae", &sys, y0, 3, yp0, 3, 0, ts, 4,
                                  1e-10, 1e-10, 100000, y, sens, &err), 0);
    for (int k = 0; k < 4; k++) {
        double t = ts[k], co = cos(om * t), si = sin(om * t);
        const double *yk = y + 3 * k, *s = sens + (size_t)k * 3 * m;
        /* the global error of local errors below 1e-10 over some 300
         * steps of an undamped oscillator */
        assert_true(fabs(yk[0] - co) < 1e-7);
        assert_true(fabs(yk[1] + om * si) < 1e-7);
        assert_true(fabs(yk[2] - co + om * si) < 1e-7);
        /* d/dy0_1: (cos, -om sin); d/dy0_2 (y2(0) = v): (sin / om, cos);
         * y3's initial value and yp0 do not matter */
        assert_true(fabs(s[0 * m + 0] - co) < 1e-7);
        assert_true(fabs(s[1 * m + 0] + om * si) < 1e-7);
        assert_true(fabs(s[0 * m + 1] - si / om) < 1e-7);
        assert_true(fabs(s[1 * m + 1] - co) < 1e-7);
        for (int i = 0; i < 3; i++) {
            assert_true(fabs(s[i * m + 2]) < 1e-12);
            for (int j = 3; j < 6; j++)
                assert_true(fabs(s[i * m + j]) < 1e-12);
        }
        /* d/dom: y1 = cos(om t): -t sin; y2 = -om sin(om t):
         * -sin - om t cos */
        assert_true(fabs(s[0 * m + 6] + t * si) < 1e-6);
        assert_true(fabs(s[1 * m + 6] + si + om * t * co) < 1e-6);
        assert_true(fabs(s[2 * m + 6] - s[0 * m + 6] - s[1 * m + 6]) < 1e-9);
    }
    /* the repeated output time gives the same values */
    assert_memory_equal(y + 3, y + 6, 3 * sizeof(double));
}

/* Reference values at t = 40 (Hairer and Wanner's, as reproduced in the
 * DASSL/IDA literature: y1 = 0.7158270687, y2 = 9.185534764e-6, y3 =
 * 0.2841637457) and at t = 0.4 (IDA's idaRoberts_dns output, five
 * digits: 9.8517e-01, 3.3864e-05, 1.4794e-02). */
static void check_robertson(const double *y)
{
    assert_true(fabs(y[0] - 9.8517e-01) < 1e-5);
    assert_true(fabs(y[1] - 3.3864e-05) < 1e-9);
    assert_true(fabs(y[2] - 1.4794e-02) < 1e-6);
    assert_true(fabs(y[3] - 0.7158270687) / 0.7158270687 < 1e-7);
    assert_true(fabs(y[4] - 9.185534764e-6) / 9.185534764e-6 < 1e-6);
    assert_true(fabs(y[5] - 0.2841637457) / 0.2841637457 < 1e-7);
    for (int k = 0; k < 2; k++)
        assert_true(fabs(y[3 * k] + y[3 * k + 1] + y[3 * k + 2] - 1) < 1e-12);
}

static void test_robertson(void **state)
{
    (void)state;
    Ctx c = {.theta = {0.04, 1e4, 3e7}, .nan_after = INFINITY,
             .fail_after = INFINITY};
    const double ts[2] = {0.4, 40};
    double y[6];
    RtError err = {.msg = ""};
    RtDaeSystem sys = {3, 3, rober_res, rober_vjp, &c};
    assert_int_equal(rt_dae_solve("dae", &sys, rober_y0, 3, rober_yp0, 3, 0,
                                  ts, 2, 1e-10, 1e-10, 100000, y, NULL, &err),
                     0);
    check_robertson(y);
    /* stiff: far fewer residual calls than an explicit method's steps */
    long with_vjp = c.calls;
    assert_true(with_vjp < 20000);
    /* without a vjp the Jacobian comes from differences of the residual */
    RtDaeSystem fd = {3, 0, rober_res, NULL, &c};
    memset(y, 0, sizeof y);
    assert_int_equal(rt_dae_solve("dae", &fd, rober_y0, 3, rober_yp0, 3, 0,
                                  ts, 2, 1e-10, 1e-10, 100000, y, NULL, &err),
                     0);
    check_robertson(y);
    /* at tolerances near rounding, Newton's corrections reach the
     * rounding level of y before the test at a fraction of the tolerance:
     * the iteration stops there (it failed to converge at 1e-12) */
    const double t40[1] = {40};
    assert_int_equal(rt_dae_solve("dae_tol", &sys, rober_y0, 3, rober_yp0, 3,
                                  0, t40, 1, 1e-13, 1e-13, 1000000, y, NULL,
                                  &err), 0);
    assert_true(fabs(y[0] - 0.7158270687) < 1e-9);
    assert_true(fabs(y[1] - 9.185534764e-6) < 1e-14);
    /* but not sensitivities */
    double sens[2 * 3 * 6];
    assert_int_equal(rt_dae_solve("dae", &fd, rober_y0, 3, rober_yp0, 3, 0,
                                  ts, 2, 1e-10, 1e-10, 100000, y, sens, &err),
                     -1);
    assert_string_equal(err.msg, "dae: sensitivities need the residual's "
                        "vector-Jacobian product");
}

/* Robertson's sensitivities at t = 40 with respect to y0 (the
 * differential components) and the rate constants, against central
 * differences of the solver at tolerances 1e-12. */
static void test_robertson_sensitivities(void **state)
{
    (void)state;
    Ctx c = {.theta = {0.04, 1e4, 3e7}, .nan_after = INFINITY,
             .fail_after = INFINITY};
    RtDaeSystem sys = {3, 3, rober_res, rober_vjp, &c};
    const double ts[1] = {40};
    int m = 9;
    double y[3], sens[27];
    RtError err = {.msg = ""};
    assert_int_equal(rt_dae_solve("dae", &sys, rober_y0, 3, rober_yp0, 3, 0,
                                  ts, 1, 1e-12, 1e-12, 1000000, y, sens, &err),
                     0);
    for (int j = 0; j < 5; j++) {
        /* columns: y0_1 (consistently: y0_3 moves the other way), k1, k2,
         * k3; not y0_2, whose effect (about 6e-6) is below what central
         * differences of a solution known to 1e-12 resolve with steps
         * that stay linear (y2 is about 3e-5) */
        if (j == 1)
            continue;
        double base[3], yp[2][3], yy[2][3];
        Ctx cc = c;
        for (int s = 0; s < 2; s++) {
            double sign = s == 0 ? 1 : -1;
            memcpy(base, rober_y0, sizeof base);
            cc = c;
            double rel = 1e-5, hstep;
            if (j < 2) {
                hstep = rel;
                base[j] += sign * hstep;
                base[2] -= sign * hstep;
            } else {
                hstep = rel * c.theta[j - 2];
                cc.theta[j - 2] += sign * hstep;
            }
            RtDaeSystem ss = {3, 3, rober_res, rober_vjp, &cc};
            memcpy(yp[s], rober_yp0, sizeof yp[s]);
            assert_int_equal(rt_dae_solve("dae", &ss, base, 3, yp[s], 3, 0,
                                          ts, 1, 1e-12, 1e-12, 1000000,
                                          yy[s], NULL, &err), 0);
            if (s == 1) {
                for (int i = 0; i < 3; i++) {
                    double fdv = (yy[0][i] - yy[1][i]) / (2 * hstep);
                    double an = j < 2 ? sens[i * m + j] - sens[i * m + 2]
                                      : sens[i * m + 6 + (j - 2)];
                    double scale = fabs(fdv) + 1e-12 / hstep;
                    if (!(fabs(an - fdv) <= 1e-4 * scale))
                        print_message("column %d state %d: %g vs %g\n", j,
                                      i, an, fdv);
                    assert_true(fabs(an - fdv) <= 1e-4 * scale);
                }
            }
        }
    }
    /* the derivative columns of yp0 are 0 */
    for (int i = 0; i < 3; i++)
        for (int j = 3; j < 6; j++)
            assert_true(sens[i * m + j] == 0);
}

static void test_checks(void **state)
{
    (void)state;
    Ctx c = {.theta = {2.0}, .nan_after = INFINITY, .fail_after = INFINITY};
    RtDaeSystem sys = {3, 1, osc_res, osc_vjp, &c};
    const double y0[3] = {1, 0, 1}, yp0[3] = {0, -4, 0};
    const double bad[3] = {0, NAN, 0};
    double ts[2] = {1, 2}, unsorted[2] = {2, 1}, y[6];
    RtError err = {.msg = ""};
    assert_int_equal(rt_dae_solve("dae", &sys, bad, 3, yp0, 3, 0, ts, 2,
                                  1e-8, 1e-8, 100, y, NULL, &err), -1);
    assert_string_equal(err.msg, "dae: initial state[2] is nan, but must be "
                        "finite!");
    assert_int_equal(rt_dae_solve("dae_tol", &sys, y0, 3, bad, 3, 0, ts, 2,
                                  1e-8, 1e-8, 100, y, NULL, &err), -1);
    assert_string_equal(err.msg, "dae_tol: initial state derivative[2] is "
                        "nan, but must be finite!");
    assert_int_equal(rt_dae_solve("dae", &sys, y0, 3, yp0, 2, 0, ts, 2,
                                  1e-8, 1e-8, 100, y, NULL, &err), -1);
    assert_string_equal(err.msg, "dae: size of initial state (3) and size of "
                        "initial state derivative (2) must match in size");
    assert_int_equal(rt_dae_solve("dae", &sys, y0, 3, yp0, 3, 0, unsorted, 2,
                                  1e-8, 1e-8, 100, y, NULL, &err), -1);
    assert_string_equal(err.msg, "dae: times is not a valid sorted vector. "
                        "The element at 2 is 1, but should be greater than "
                        "or equal to the previous element, 2");
    assert_int_equal(rt_dae_solve("dae", &sys, y0, 3, yp0, 3, 1, ts, 2,
                                  1e-8, 1e-8, 100, y, NULL, &err), -1);
    assert_string_equal(err.msg, "dae: initial time is 1, but must be less "
                        "than 1.000000");
    assert_int_equal(rt_dae_solve("dae_tol", &sys, y0, 3, yp0, 3, 0, ts, 2,
                                  -1, 1e-8, 100, y, NULL, &err), -1);
    assert_string_equal(err.msg, "dae_tol: relative_tolerance is -1, but must "
                        "be positive finite!");
    assert_int_equal(rt_dae_solve("dae_tol", &sys, y0, 3, yp0, 3, 0, ts, 2,
                                  1e-8, 0, 100, y, NULL, &err), -1);
    assert_string_equal(err.msg, "dae_tol: absolute_tolerance is 0, but must "
                        "be positive finite!");
    assert_int_equal(rt_dae_solve("dae_tol", &sys, y0, 3, yp0, 3, 0, ts, 2,
                                  1e-8, 1e-8, 0, y, NULL, &err), -1);
    assert_string_equal(err.msg, "dae_tol: max_num_steps is 0, but must be "
                        "positive!");
    /* the sensitivities' size, which emitted code allocates, is checked */
    int m = 0;
    assert_int_equal(rt_dae_sensitivity_columns(4, 3, 2, &m, &err), 0);
    assert_int_equal(m, 8);
    assert_int_equal(rt_dae_sensitivity_columns(1 << 20, 1 << 20, 5, &m,
                                                &err), -1);
    assert_string_equal(err.msg, "an intermediate result is too large: "
                        "1048576 x 2097157 elements, more than the "
                        "limit of 2147483647");
    assert_int_equal(rt_dae_sensitivity_columns(1, 1 << 30, 1 << 30, &m,
                                                &err), -1);
    const double theta[2] = {1, INFINITY};
    assert_int_equal(rt_dae_check_finite(theta, 2, &err), -1);
    assert_string_equal(err.msg, "dae: DAE parameters and data[2] is inf, but "
                        "must be finite!");
    assert_int_equal(rt_dae_check_finite(theta, 1, &err), 0);
}

/* A residual whose iteration matrix is singular at every step: F =
 * (y1 + y2 - 1, y1 + y2 - 1) has equal rows (an ill-posed system). */
static int singular_res(void *ctx, double t, const double *y,
                        const double *yp, double *r, RtError *err)
{
    (void)ctx, (void)t, (void)yp, (void)err;
    r[0] = y[0] + y[1] - 1;
    r[1] = y[0] + y[1] - 1;
    return 0;
}

static int singular_vjp(void *ctx, double t, const double *y,
                        const double *yp, const double *w, double *gy,
                        double *gyp, double *gth, RtError *err)
{
    (void)ctx, (void)t, (void)y, (void)yp, (void)gyp, (void)gth, (void)err;
    gy[0] += w[0] + w[1];
    gy[1] += w[0] + w[1];
    return 0;
}

static void test_failures(void **state)
{
    (void)state;
    Ctx c = {.theta = {0.04, 1e4, 3e7}, .nan_after = INFINITY,
             .fail_after = INFINITY};
    RtDaeSystem rober = {3, 3, rober_res, rober_vjp, &c};
    const double far[1] = {4e10};
    double y[6];
    RtError err = {.msg = ""};
    assert_int_equal(rt_dae_solve("dae_tol", &rober, rober_y0, 3, rober_yp0, 3,
                                  0, far, 1, 1e-10, 1e-10, 50, y, NULL, &err),
                     -1);
    assert_non_null(strstr(err.msg, "dae_tol: IDASolve failed with error "
                           "flag -1: The solver took mxstep internal steps "
                           "but could not reach tout. (50 steps from t = "));
    assert_non_null(strstr(err.msg, "did not reach the output time 4e+10)"));

    const double y2[2] = {0.5, 0.5}, yp2[2] = {0, 0}, ts[1] = {1};
    RtDaeSystem sing = {2, 0, singular_res, singular_vjp, NULL};
    assert_int_equal(rt_dae_solve("dae", &sing, y2, 2, yp2, 2, 0, ts, 1,
                                  1e-8, 1e-8, 1000, y, NULL, &err), -1);
    assert_string_equal(err.msg, "dae: IDASolve failed with error flag -4: "
                        "Convergence test failures occurred too many times "
                        "during one internal time step or minimum step size "
                        "was reached. (at t = 0: the iteration matrix dF/dy "
                        "+ c dF/dy' is singular)");
    /* the same through differences of the residual */
    sing.vjp = NULL;
    assert_int_equal(rt_dae_solve("dae", &sing, y2, 2, yp2, 2, 0, ts, 1,
                                  1e-8, 1e-8, 1000, y, NULL, &err), -1);
    assert_non_null(strstr(err.msg, "flag -4"));

    Ctx nan = {.theta = {2.0}, .nan_after = 0.5, .fail_after = INFINITY};
    RtDaeSystem osc = {3, 1, osc_res, osc_vjp, &nan};
    const double y0[3] = {1, 0, 1}, yp0[3] = {0, -4, 0}, ts2[2] = {0.25, 1};
    assert_int_equal(rt_dae_solve("dae", &osc, y0, 3, yp0, 3, 0, ts2, 2,
                                  1e-8, 1e-8, 1000, y, NULL, &err), -1);
    assert_non_null(strstr(err.msg, "dae: IDASolve failed with error flag -9: "
                           "The user-provided residual function repeatedly "
                           "returned a recoverable error flag, but the solver "
                           "was unable to recover. (at t = 0.5"));
    assert_non_null(strstr(err.msg, ": the residual is not finite)"));

    Ctx fail = {.theta = {2.0}, .nan_after = INFINITY, .fail_after = 0.5};
    osc.ctx = &fail;
    assert_int_equal(rt_dae_solve("dae", &osc, y0, 3, yp0, 3, 0, ts2, 2,
                                  1e-8, 1e-8, 1000, y, NULL, &err), -1);
    assert_string_equal(strstr(err.msg, "my_residual") ? "found" : err.msg,
                        "found");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_linear_closed_form),
        cmocka_unit_test(test_robertson),
        cmocka_unit_test(test_robertson_sensitivities),
        cmocka_unit_test(test_checks),
        cmocka_unit_test(test_failures),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
