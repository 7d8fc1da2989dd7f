/* test_rt_yule_wiener.c - runtime/dist_yule_simon.c and runtime/
 * dist_wiener.c (Stan Functions Reference 2.38: "Yule-Simon
 * distribution", "Wiener First Passage Time Distribution").  Values
 * against closed forms and sums of the mass function; the Wiener density
 * against its total mass and the probability of the upper boundary
 * (1 - exp(-2 delta alpha beta)) / (1 - exp(-2 delta alpha)); partials
 * against central differences in both of Navarro & Fuss's series; Stan's
 * messages; draws' mean within 5 standard errors. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>
#include <math.h>
#include <string.h>

#include "pplrt.h"

#define CLOSE(a, b, tol) assert_true(fabs((a) - (b)) <= (tol) * (1 + fabs(b)))

/* A function of np reals p, adding adj * its partials into g (g NULL: the
 * value alone). */
typedef double (*Fn)(const double *p, double *g, double adj);

/* Every partial against a central difference (relative tol). */
static void check_grad(Fn f, const double *p0, int np, double tol,
                       const char *what)
{
    double p[8], g[8] = {0};
    memcpy(p, p0, (size_t)np * sizeof *p);
    double v = f(p, g, 1.5), v0 = f(p, NULL, 1.5);
    if (!isfinite(v) || v != v0)
        fail_msg("%s: value %.17g, without gradient %.17g", what, v, v0);
    for (int j = 0; j < np; j++) {
        double h = 1e-6 * (1 + fabs(p0[j]));
        p[j] = p0[j] + h;
        double up = f(p, NULL, 1.5);
        p[j] = p0[j] - h;
        double down = f(p, NULL, 1.5);
        p[j] = p0[j];
        double fd = 1.5 * (up - down) / (2 * h);
        if (fabs(fd - g[j]) > tol * (1 + fabs(fd)))
            fail_msg("%s: partial %d: analytic %.12g, difference %.12g",
                     what, j, g[j], fd);
    }
}

/* ------------------------------------------------------- yule_simon */

static double ys_lpmf(int n, double a)
{
    RtError err;
    return rt_yule_simon_lpmf(rt_iarg1(&n), rt_arg1(&a, NULL, false),
                              false, 1, &err);
}

static void test_yule_simon_values(void **state)
{
    (void)state;
    RtError err;
    /* p(1) = alpha / (alpha + 1); P(N > 1) = 1 / (alpha + 1) */
    CLOSE(ys_lpmf(1, 3), log(0.75), 1e-14);
    double a = 2.5, cum = 0;
    for (int n = 1; n <= 40; n++) {
        cum += exp(ys_lpmf(n, a));
        RtArg A = rt_arg1(&a, NULL, false);
        CLOSE(rt_yule_simon_cdf(rt_iarg1(&n), A, 1, &err), cum, 1e-12);
        CLOSE(rt_yule_simon_lcdf(rt_iarg1(&n), A, 1, &err), log(cum),
              1e-12);
        CLOSE(rt_yule_simon_lccdf(rt_iarg1(&n), A, 1, &err),
              log1p(-cum), 1e-9);
    }
    /* below the support: cdf 0, lccdf 0 */
    int zero = 0;
    RtArg A = rt_arg1(&a, NULL, false);
    assert_true(rt_yule_simon_cdf(rt_iarg1(&zero), A, 1, &err) == 0);
    assert_true(rt_yule_simon_lccdf(rt_iarg1(&zero), A, 1, &err) == 0);
    /* propto with a data shape drops everything */
    int n = 3;
    assert_true(rt_yule_simon_lpmf(rt_iarg1(&n), A, true, 1, &err) == 0);
}

static int ys_ns[3] = {1, 4, 2};

static double ys_lpmf_v(const double *p, double *g, double adj)
{
    RtError err;
    return rt_yule_simon_lpmf(rt_iarg(ys_ns, 3), rt_argn(p, g, 3, true), true,
                              adj, &err);
}

static double ys_cdf_v(const double *p, double *g, double adj)
{
    RtError err;
    return rt_yule_simon_cdf(rt_iarg(ys_ns, 3), rt_argn(p, g, 3, true), adj,
                             &err);
}

static double ys_lcdf_1(const double *p, double *g, double adj)
{
    RtError err;
    return rt_yule_simon_lcdf(rt_iarg(ys_ns, 3), rt_arg1(p, g, true), adj,
                              &err);
}

static double ys_lccdf_v(const double *p, double *g, double adj)
{
    RtError err;
    return rt_yule_simon_lccdf(rt_iarg(ys_ns, 3), rt_argn(p, g, 3, true),
                               adj, &err);
}

static void test_yule_simon_gradients(void **state)
{
    (void)state;
    const double p[3] = {0.7, 2.0, 5.5};
    check_grad(ys_lpmf_v, p, 3, 1e-7, "yule_simon_lpmf");
    check_grad(ys_cdf_v, p, 3, 1e-7, "yule_simon_cdf");
    check_grad(ys_lcdf_1, p, 1, 1e-7, "yule_simon_lcdf");
    check_grad(ys_lccdf_v, p, 3, 1e-7, "yule_simon_lccdf");
}

static void test_yule_simon_errors(void **state)
{
    (void)state;
    RtError err;
    int n = 0;
    double a = 1;
    double v = rt_yule_simon_lpmf(rt_iarg1(&n), rt_arg1(&a, NULL, false),
                                  false, 1, &err);
    assert_true(isnan(v));
    assert_string_equal(err.msg, "yule_simon_lpmf: Random variable is 0, "
                        "but must be greater than or equal to 1");
    n = 2;
    a = -1;
    v = rt_yule_simon_lcdf(rt_iarg1(&n), rt_arg1(&a, NULL, false), 1, &err);
    assert_true(isnan(v));
    assert_string_equal(err.msg, "yule_simon_lcdf: Shape parameter is -1, "
                        "but must be positive finite!");
    RtRng *rng = rt_rng_new(11, 1);
    assert_int_equal(rt_yule_simon_rng(0, rng, &err), -1);
    rt_rng_free(rng);
}

/* mean alpha / (alpha - 1), variance alpha^2 / ((alpha - 1)^2 (alpha - 2)) */
static void test_yule_simon_rng(void **state)
{
    (void)state;
    RtError err;
    RtRng *rng = rt_rng_new(7, 1);
    double a = 4, sum = 0;
    int draws = 100000;
    for (int i = 0; i < draws; i++) {
        int k = rt_yule_simon_rng(a, rng, &err);
        assert_true(k >= 1);
        sum += k;
    }
    double mean = a / (a - 1);
    double sd = sqrt(a * a / ((a - 1) * (a - 1) * (a - 2)) / draws);
    assert_true(fabs(sum / draws - mean) < 5 * sd);
    rt_rng_free(rng);
}

/* ----------------------------------------------------------- wiener */

/* (y, alpha, tau, beta, delta[, sv]); sv < 0: the four-parameter form */
static double wiener(const double *p, double *g, double adj, bool five)
{
    RtError err;
    RtArg x[6];
    for (int i = 0; i < 6; i++)
        x[i] = rt_arg1(&p[i], g ? &g[i] : NULL, true);
    return five ? rt_wiener5_lpdf(x[0], x[1], x[2], x[3], x[4], x[5], false,
                                  adj, &err)
                : rt_wiener_lpdf(x[0], x[1], x[2], x[3], x[4], false, adj,
                                 &err);
}

static double wiener4_fn(const double *p, double *g, double adj)
{
    return wiener(p, g, adj, false);
}

static double wiener5_fn(const double *p, double *g, double adj)
{
    return wiener(p, g, adj, true);
}

/* The mass of both boundaries over y (midpoint rule) and of the upper. */
static void wiener_mass(double a, double beta, double delta, double sv,
                        double *both, double *upper)
{
    double h = 2e-4, tau = 0.2;
    *both = *upper = 0;
    for (double t = h / 2; t < 40; t += h) {
        double up[6] = {tau + t, a, tau, beta, delta, sv};
        double lo[6] = {tau + t, a, tau, 1 - beta, -delta, sv};
        double fu = exp(wiener(up, NULL, 1, true));
        *upper += h * fu;
        *both += h * (fu + exp(wiener(lo, NULL, 1, true)));
    }
}

static void test_wiener_values(void **state)
{
    (void)state;
    double both, upper;
    wiener_mass(1.2, 0.3, 1.5, 0, &both, &upper);
    CLOSE(both, 1.0, 1e-6);
    CLOSE(upper, (1 - exp(-2 * 1.5 * 1.2 * 0.3)) / (1 - exp(-2 * 1.5 * 1.2)),
          1e-6);
    wiener_mass(0.8, 0.7, -2, 0.8, &both, &upper);
    CLOSE(both, 1.0, 1e-6);
    /* var_delta = 0 is the four-parameter form; y <= tau has density 0 */
    double p[6] = {1.45, 2, 0.3, 0.5, 0.4, 0};
    CLOSE(wiener4_fn(p, NULL, 1), wiener5_fn(p, NULL, 1), 1e-14);
    p[0] = 0.3;
    assert_true(wiener4_fn(p, NULL, 1) == -INFINITY);
}

static void test_wiener_gradients(void **state)
{
    (void)state;
    /* u = (y - tau) / alpha^2 from 0.02 (small-time series) to 4 (large) */
    const double points[][6] = {
        {0.35, 1.5, 0.3, 0.4, 0.8, 0.5}, {1.0, 1.2, 0.2, 0.6, -0.5, 1.2},
        {2.5, 0.9, 0.1, 0.3, 1.5, 0.3}, {4.2, 1.0, 0.2, 0.8, 0.0, 0.0},
        {0.6, 2.0, 0.15, 0.55, 2.0, 0.7},
    };
    for (size_t i = 0; i < sizeof points / sizeof points[0]; i++) {
        check_grad(wiener4_fn, points[i], 5, 1e-6, "wiener_lpdf");
        check_grad(wiener5_fn, points[i], 6, 1e-6, "wiener_lpdf (5)");
    }
}

static void test_wiener_errors(void **state)
{
    (void)state;
    RtError err;
    double p[6] = {1.0, 1.0, 0.1, 1.0, 0.0, 0.0};
    RtArg x[6];
    for (int i = 0; i < 6; i++)
        x[i] = rt_arg1(&p[i], NULL, false);
    assert_true(isnan(rt_wiener_lpdf(x[0], x[1], x[2], x[3], x[4], false, 1,
                                     &err)));
    assert_string_equal(err.msg, "wiener_lpdf: A-priori bias is 1, but must "
                        "be in the interval (0, 1)");
    p[3] = 0.5;
    p[5] = -0.5;
    assert_true(isnan(rt_wiener5_lpdf(x[0], x[1], x[2], x[3], x[4], x[5],
                                      false, 1, &err)));
    assert_string_equal(err.msg, "wiener_lpdf: Inter-trial variability in "
                        "drift rate is -0.5, but must be nonnegative!");
    p[5] = 0;
    p[1] = 0;
    assert_true(isnan(rt_wiener_lpdf(x[0], x[1], x[2], x[3], x[4], false, 1,
                                     &err)));
    assert_string_equal(err.msg, "wiener_lpdf: Boundary separation is 0, but "
                        "must be positive finite!");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_yule_simon_values),
        cmocka_unit_test(test_yule_simon_gradients),
        cmocka_unit_test(test_yule_simon_errors),
        cmocka_unit_test(test_yule_simon_rng),
        cmocka_unit_test(test_wiener_values),
        cmocka_unit_test(test_wiener_gradients),
        cmocka_unit_test(test_wiener_errors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
