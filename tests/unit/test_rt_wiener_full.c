/* test_rt_wiener_full.c - runtime/dist_wiener_full.c: the seven-parameter
 * Wiener density and the unnormalized log cdfs wiener_lcdf_unnorm /
 * wiener_lccdf_unnorm (Stan Functions Reference 2.38, "Wiener First
 * Passage Time Distribution").  Independent values:
 * - var_beta = var_tau = 0 is the five-parameter density (dist_wiener.c);
 * - the averages over the starting point and the non-decision time against
 *   a midpoint rule (Richardson-extrapolated) of the five-parameter
 *   density written here;
 * - the cdf and ccdf of four parameters against the Functions Reference's
 *   large-time series, F = P - exp(delta alpha (1 - beta) - delta^2 t / 2)
 *   F_l, summed here; F + ccdf = P, the probability of the upper boundary;
 * - the seven-parameter cdf against the time integral of the
 *   seven-parameter density, and its y-partial times the cdf against the
 *   density;
 * - the ccdf against the values the Stan Math tests took from R's WienR
 *   (stan-dev/math, test/unit/math/rev/prob/wiener_full_lccdf_test.cpp,
 *   "True values are computed in R using the R-package WienR");
 * - every partial against central differences; Stan's messages. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>
#include <math.h>
#include <string.h>

#include "pplrt.h"

#define CLOSE(a, b, tol) assert_true(fabs((a) - (b)) <= (tol) * (1 + fabs(b)))

enum { PDF7, CDF4, CCDF4, CDF7, CCDF7 };

/* One form at p = (y, alpha, tau, beta, delta, sv, sw, st0), adding adj
 * times its partials into g (g NULL: the value alone). */
static double call(int form, const double *p, double *g, double adj,
                   RtError *err)
{
    RtArg x[8];
    for (int i = 0; i < 8; i++)
        x[i] = rt_arg1(&p[i], g ? &g[i] : NULL, true);
    switch (form) {
    case PDF7:
        return rt_wiener7_lpdf(x[0], x[1], x[2], x[3], x[4], x[5], x[6],
                               x[7], false, adj, err);
    case CDF4:
        return rt_wiener_lcdf_unnorm(x[0], x[1], x[2], x[3], x[4], adj, err);
    case CCDF4:
        return rt_wiener_lccdf_unnorm(x[0], x[1], x[2], x[3], x[4], adj,
                                      err);
    case CDF7:
        return rt_wiener7_lcdf_unnorm(x[0], x[1], x[2], x[3], x[4], x[5],
                                      x[6], x[7], adj, err);
    default:
        return rt_wiener7_lccdf_unnorm(x[0], x[1], x[2], x[3], x[4], x[5],
                                       x[6], x[7], adj, err);
    }
}

static double val(int form, const double *p)
{
    RtError err;
    return call(form, p, NULL, 1, &err);
}

/* The five-parameter density at (y | alpha, tau, beta, delta, sv). */
static double dens5(double y, double a, double tau, double beta,
                    double delta, double sv)
{
    RtError err;
    double p[6] = {y, a, tau, beta, delta, sv};
    RtArg x[6];
    for (int i = 0; i < 6; i++)
        x[i] = rt_arg1(&p[i], NULL, false);
    return exp(rt_wiener5_lpdf(x[0], x[1], x[2], x[3], x[4], x[5], false, 1,
                               &err));
}

/* ------------------------------------------------------------ density */

static void test_reduces_to_five(void **state)
{
    (void)state;
    const double pts[][8] = {
        {1.0, 1.5, 0.2, 0.5, 0.8, 0.3, 0, 0},
        {0.35, 1.5, 0.3, 0.4, 0.8, 0.5, 0, 0},
        {4.2, 1.0, 0.2, 0.8, 0.0, 0.0, 0, 0},
    };
    for (size_t i = 0; i < sizeof pts / sizeof pts[0]; i++) {
        const double *p = pts[i];
        double g7[8] = {0}, g5[6] = {0};
        RtError err;
        double v7 = call(PDF7, p, g7, 1, &err);
        RtArg x[6];
        for (int j = 0; j < 6; j++)
            x[j] = rt_arg1(&p[j], &g5[j], true);
        double v5 = rt_wiener5_lpdf(x[0], x[1], x[2], x[3], x[4], x[5], false,
                                    1, &err);
        assert_true(v7 == v5);
        for (int j = 0; j < 6; j++)
            CLOSE(g7[j], g5[j], 1e-14);
        /* sw: the average over a symmetric interval is flat at 0; st0:
         * the one-sided derivative -1/2 d/dy */
        CLOSE(g7[6], 0.0, 1e-14);
        CLOSE(g7[7], -0.5 * g7[0], 1e-14);
    }
}

/* Midpoint rule with n cells over [lo, hi] of f(k), Richardson-combined
 * with 2n cells: error O(h^4) for a smooth integrand. */
typedef double (*Fn1)(const double *p, double x);

static double midpoint(Fn1 f, const double *p, double lo, double hi, int n)
{
    double s1 = 0, s2 = 0, h = (hi - lo) / n;
    for (int i = 0; i < n; i++)
        s1 += f(p, lo + (i + 0.5) * h);
    for (int i = 0; i < 2 * n; i++)
        s2 += f(p, lo + (i + 0.5) * h / 2);
    return (4 * s2 * h / 2 - s1 * h) / 3;
}

/* p5 at starting point beta' (p[3] unused) and tau' (p[2] unused): the
 * integrands of the averages */
static double over_beta(const double *p, double b)
{
    return dens5(p[0], p[1], p[2], b, p[4], p[5]);
}

static double over_tau(const double *p, double t)
{
    return dens5(p[0], p[1], t, p[3], p[4], p[5]);
}

/* both: the beta' average of the tau' average */
static double over_both(const double *p, double b)
{
    double q[8];
    memcpy(q, p, sizeof q);
    q[3] = b;
    double hi = fmin(q[2] + q[7], q[0]);
    return midpoint(over_tau, q, q[2], hi, 400) / q[7];
}

static void test_averages(void **state)
{
    (void)state;
    /* sw only, st0 only, both; y inside (tau, tau + st0) for the last */
    const double pts[][8] = {
        {1.0, 1.5, 0.2, 0.5, 0.8, 0.3, 0.3, 0},
        {1.0, 1.5, 0.2, 0.5, 0.8, 0.3, 0, 0.15},
        {0.8, 1.2, 0.1, 0.6, -0.5, 0.6, 0.4, 0.2},
        {0.35, 1.5, 0.2, 0.4, -0.8, 0.0, 0.3, 0.3},
    };
    for (size_t i = 0; i < sizeof pts / sizeof pts[0]; i++) {
        const double *p = pts[i];
        double want;
        double blo = p[3] - p[6] / 2, bhi = p[3] + p[6] / 2;
        if (p[7] == 0)
            want = midpoint(over_beta, p, blo, bhi, 400) / p[6];
        else if (p[6] == 0)
            want = midpoint(over_tau, p, p[2], fmin(p[2] + p[7], p[0]), 4000)
                   / p[7];
        else
            want = midpoint(over_both, p, blo, bhi, 100) / p[6];
        CLOSE(exp(val(PDF7, p)), want, 1e-8);
    }
}

/* ---------------------------------------------------------------- cdfs */

/* The Functions Reference's large-time cdf at the upper boundary:
 * P - exp(delta alpha (1 - beta) - delta^2 t / 2) F_l(t), F_l =
 * 2 pi / alpha^2 sum_k k sin(k pi (1 - beta)) / (delta^2 + (k pi /
 * alpha)^2) exp(-k^2 pi^2 t / (2 alpha^2)); *ccdf the subtracted part. */
static double series_cdf(double t, double a, double beta, double delta,
                         double *ccdf)
{
    double s = 0;
    for (int k = 1; k <= 4000; k++)
        s += k * sin(k * M_PI * (1 - beta))
             / (delta * delta + (k * M_PI / a) * (k * M_PI / a))
             * exp(-(double)k * k * M_PI * M_PI * t / (2 * a * a));
    *ccdf = exp(delta * a * (1 - beta) - delta * delta * t / 2) * 2 * M_PI
            / (a * a) * s;
    double P = delta == 0 ? beta
                          : (1 - exp(2 * delta * a * beta))
                                / (exp(-2 * delta * a * (1 - beta))
                                   - exp(2 * delta * a * beta));
    return P - *ccdf;
}

static void test_cdf_series(void **state)
{
    (void)state;
    const double pts[][8] = {
        {1.0, 1.5, 0.2, 0.5, 0.8}, {0.5, 1.0, 0.1, 0.3, -1.2},
        {3.0, 2.0, 0.3, 0.7, 0.0}, {2.2, 2.4, 0.0, 0.9, -4.9},
        {0.9, 0.8, 0.2, 0.45, 2.5},
    };
    for (size_t i = 0; i < sizeof pts / sizeof pts[0]; i++) {
        double p[8] = {0};
        memcpy(p, pts[i], 5 * sizeof *p);
        double ccdf, cdf = series_cdf(p[0] - p[2], p[1], p[3], p[4], &ccdf);
        CLOSE(val(CDF4, p), log(cdf), 1e-9);
        CLOSE(val(CCDF4, p), log(ccdf), 1e-9);
        /* with every variability 0 the seven-parameter form agrees */
        CLOSE(val(CDF7, p), log(cdf), 1e-9);
        CLOSE(val(CCDF7, p), log(ccdf), 1e-9);
        /* d/dy log F * F = the density */
        double g[8] = {0};
        RtError err;
        double l = call(CDF4, p, g, 1, &err);
        CLOSE(g[0] * exp(l), dens5(p[0], p[1], p[2], p[3], p[4], 0), 1e-9);
    }
}

/* The seven-parameter density at time s (p's y replaced). */
static double dens7_at(const double *p, double s)
{
    double q[8];
    memcpy(q, p, sizeof q);
    q[0] = s;
    return exp(val(PDF7, q));
}

static void test_cdf7(void **state)
{
    (void)state;
    const double pts[][8] = {
        {1.0, 1.5, 0.2, 0.5, 0.8, 0.3, 0.2, 0.1},
        {0.6, 1.2, 0.1, 0.6, -0.5, 0.6, 0.4, 0.2},
    };
    for (size_t i = 0; i < sizeof pts / sizeof pts[0]; i++) {
        const double *p = pts[i];
        /* F7(y) = int_tau^y f7(s) ds */
        double F = midpoint(dens7_at, p, p[2], p[0], 200);
        CLOSE(exp(val(CDF7, p)), F, 1e-7);
        double g[8] = {0};
        RtError err;
        double l = call(CDF7, p, g, 1, &err);
        CLOSE(g[0] * exp(l), exp(val(PDF7, p)), 1e-9);
        CLOSE(g[2], -g[0], 1e-14);
    }
    /* sv = 0: cdf + ccdf is the beta' average of P(beta') */
    double p[8] = {0.9, 1.3, 0.2, 0.45, 0.7, 0, 0.3, 0.1};
    double sum = exp(val(CDF7, p)) + exp(val(CCDF7, p)), P = 0;
    int n = 2000;
    for (int i = 0; i < n; i++) {
        double b = p[3] - p[6] / 2 + (i + 0.5) * p[6] / n, c;
        P += series_cdf(1e3, p[1], b, p[4], &c) / n;
    }
    CLOSE(sum, P, 1e-7);
}

static void test_wienr_values(void **state)
{
    (void)state;
    /* (y, a, t0, w, v, sv, sw, st0) and log ccdf from the Stan Math test;
     * its third point (2.2, 2.4, 0, 0.9, -4.9: -33.8123) is left out:
     * the Functions Reference's series gives -33.79560027782 there
     * (test_cdf_series), as this runtime does */
    const double pts[][9] = {
        {.2, 3, 0, .7, -1, 0, 0, 0, -1.92033254902358},
        {.3, 1.7, 0, .92, -7.3, 0, 0, 0, -13.5626831740558},
        {.1, 2, 0, .4, 2.5, 0, 0, 0, -0.0207304574971297},
        {2, 1.2, 0.2, 0.5, 1, 0.5, 0, 0, -7.08470781580343},
        {1.7, 1.5, 0.3, 0.3, 0.5, 0, 0.1, 0, -3.44486241813253},
        {3, 4, 0.1, 0.45, -0.7, 0, 0, 0.1, -4.18311596420185},
        {2.5, 1.5, 0.7, 0.6, 0.9, 0.7, 0.2, 0, -4.95366166391584},
        {3.7, 1.7, 1, 0.8, -1.4, 0.8, 0, 0.1, -7.23109216780916},
        {1.8, 6, 0.6, 0.35, 2, 0, 0.3, 0.1, -0.125273337362733},
        {.9, 1, .1, .4, .8, .4, .2, .2, -3.79815495569855},
        {1.5, 2.5, .2, .5, -1, .5, 0, .3, -2.96111699037856},
        {2, 2, .2, .6, -.9, .2, .2, .25, -4.14929265642466},
    };
    for (size_t i = 0; i < sizeof pts / sizeof pts[0]; i++)
        CLOSE(val(CCDF7, pts[i]), pts[i][8], 1e-8);
}

/* ----------------------------------------------------------- partials */

static void check_grad(int form, const double *p0, int np)
{
    double p[8], g[8] = {0};
    RtError err;
    memcpy(p, p0, sizeof p);
    double v = call(form, p, g, 1.5, &err);
    assert_true(isfinite(v));
    for (int j = 0; j < np; j++) {
        if (j >= 5 && p0[j] == 0)   /* one-sided at 0: checked above */
            continue;
        double h = 1e-6 * (1 + fabs(p0[j]));
        p[j] = p0[j] + h;
        double up = val(form, p);
        p[j] = p0[j] - h;
        double down = val(form, p);
        p[j] = p0[j];
        double fd = 1.5 * (up - down) / (2 * h);
        if (fabs(fd - g[j]) > 1e-6 * (1 + fabs(fd)))
            fail_msg("form %d: partial %d: analytic %.12g, difference %.12g",
                     form, j, g[j], fd);
    }
}

static void test_gradients(void **state)
{
    (void)state;
    const double pts[][8] = {
        {1.0, 1.5, 0.2, 0.5, 0.8, 0.3, 0.2, 0.1},
        {0.35, 1.5, 0.2, 0.4, -0.8, 0.0, 0.3, 0.3},
        {3.0, 1.0, 0.1, 0.6, 1.2, 0.5, 0.1, 0.05},
        {1.0, 1.5, 0.2, 0.5, 0.8, 0.3, 0.0, 0.1},
        {1.0, 1.5, 0.2, 0.5, 0.8, 0.3, 0.2, 0.0},
    };
    for (size_t i = 0; i < sizeof pts / sizeof pts[0]; i++) {
        check_grad(PDF7, pts[i], 8);
        check_grad(CDF7, pts[i], 8);
        check_grad(CCDF7, pts[i], 8);
        check_grad(CDF4, pts[i], 5);
        check_grad(CCDF4, pts[i], 5);
    }
}

/* ------------------------------------------------------------- errors */

static void expect_error(int form, const double *p, const char *msg)
{
    RtError err;
    assert_true(isnan(call(form, p, NULL, 1, &err)));
    assert_string_equal(err.msg, msg);
}

static void test_errors(void **state)
{
    (void)state;
    double p[8] = {0.2, 1.5, 0.2, 0.5, 0.8, 0.3, 0.2, 0.1};
    expect_error(PDF7, p, "wiener_lpdf: Random variable = 0.2, but must be "
                 "greater than nondecision time = 0.2");
    expect_error(CDF4, p, "wiener_lcdf_unnorm: Random variable = 0.2, but "
                 "must be greater than nondecision time = 0.2");
    p[0] = 1;
    p[3] = 0.3;
    p[6] = 0.8;
    expect_error(PDF7, p, "wiener_lpdf: Inter-trial variability in A-priori "
                 "bias = 0.8, but must be smaller than 2*(A-priori bias) = "
                 "0.6");
    p[3] = 0.6;
    p[6] = 0.85;
    expect_error(CCDF7, p, "wiener_lccdf_unnorm: Inter-trial variability in "
                 "A-priori bias = 0.85, but must be smaller than "
                 "2*(1-A-priori bias) = 0.8");
    p[6] = 1.5;
    expect_error(PDF7, p, "wiener_lpdf: Inter-trial variability in A-priori "
                 "bias is 1.5, but must be in the interval [0, 1]");
    p[6] = 0.2;
    p[7] = -0.1;
    expect_error(CDF7, p, "wiener_lcdf_unnorm: Inter-trial variability in "
                 "Nondecision time is -0.1, but must be nonnegative!");
    p[7] = 0.1;
    p[3] = 1;
    expect_error(CDF4, p, "wiener_lcdf_unnorm: A-priori bias is 1, but must "
                 "be in the interval (0, 1)");
    /* the tolerance */
    p[3] = 0.5;
    double tol = 0;
    RtArg x[8];
    RtError err;
    for (int i = 0; i < 8; i++)
        x[i] = rt_arg1(&p[i], NULL, false);
    assert_true(isnan(rt_wiener7_tol_lpdf(x[0], x[1], x[2], x[3], x[4], x[5],
                                          x[6], x[7],
                                          rt_arg1(&tol, NULL, false), false,
                                          1, &err)));
    assert_string_equal(err.msg, "wiener_lpdf: Precision of the derivatives "
                        "is 0, but must be positive finite!");
    tol = 1e-6;
    CLOSE(rt_wiener_tol_lcdf_unnorm(x[0], x[1], x[2], x[3], x[4],
                                    rt_arg1(&tol, NULL, false), 1, &err),
          val(CDF4, p), 1e-12);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_reduces_to_five),
        cmocka_unit_test(test_averages),
        cmocka_unit_test(test_cdf_series),
        cmocka_unit_test(test_cdf7),
        cmocka_unit_test(test_wienr_values),
        cmocka_unit_test(test_gradients),
        cmocka_unit_test(test_errors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
