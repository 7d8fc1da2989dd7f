/* test_rt_dist_cont.c - libpplrt's continuous univariate distributions
 * (rt_dist_cont.h) against independent computations.
 *
 * Every distribution is one row of a table and goes through the same
 * checks (rt_dist_harness.h, shared with test_rt_dist_cont_more.c):
 *   - lpdf values at five points against the log of GSL's gsl_ran_*_pdf
 *     (or a closed form built on one), cdf values against gsl_cdf_*_P;
 *   - every partial of lpdf, lcdf, lccdf and cdf against central finite
 *     differences (1e-6 relative), for scalar calls and for vectorized
 *     calls broadcasting scalars against vectors of 5 both ways round;
 *   - propto: with every argument ad the value drops exactly the
 *     distribution's constant; with one argument data, what is dropped
 *     depends on that argument alone; with none ad it is 0;
 *   - adjoints are added (g starts non-zero) and scaled by adj;
 *   - N = 0 gives 0 (cdf: 1); lcdf = log(cdf), lccdf = log1m(cdf);
 *   - rng: 20000 draws' mean and variance within 5 standard errors, the
 *     empirical cdf at three points likewise, the same draws per seed.
 * Then the domain errors, with Stan's messages, and the edges of the
 * supports. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <gsl/gsl_cdf.h>
#include <gsl/gsl_randist.h>
#include <gsl/gsl_sf_gamma.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "pplrt.h"
#include "rt_dist_cont.h"
#include "rt_dist_harness.h"

WRAP_ALL(normal, a[0], a[1], a[2])
WRAP_ALL(std_normal, a[0])
WRAP_ALL(student_t, a[0], a[1], a[2], a[3])
WRAP_ALL(cauchy, a[0], a[1], a[2])
WRAP_ALL(double_exponential, a[0], a[1], a[2])
WRAP_ALL(logistic, a[0], a[1], a[2])
WRAP_ALL(lognormal, a[0], a[1], a[2])
WRAP_ALL(exponential, a[0], a[1])
WRAP_ALL(gamma, a[0], a[1], a[2])
WRAP_ALL(inv_gamma, a[0], a[1], a[2])
WRAP_ALL(weibull, a[0], a[1], a[2])
WRAP_ALL(chi_square, a[0], a[1])
WRAP_ALL(beta, a[0], a[1], a[2])
WRAP_ALL(uniform, a[0], a[1], a[2])

/* ------------------------------------------- independent references */

static double ref_normal(const double *x, bool cdf)
{
    return cdf ? gsl_cdf_gaussian_P(x[0] - x[1], x[2])
               : gsl_ran_gaussian_pdf(x[0] - x[1], x[2]);
}

static double ref_std_normal(const double *x, bool cdf)
{
    return cdf ? gsl_cdf_ugaussian_P(x[0]) : gsl_ran_ugaussian_pdf(x[0]);
}

static double ref_student_t(const double *x, bool cdf)
{
    double z = (x[0] - x[2]) / x[3];
    return cdf ? gsl_cdf_tdist_P(z, x[1]) : gsl_ran_tdist_pdf(z, x[1]) / x[3];
}

static double ref_cauchy(const double *x, bool cdf)
{
    return cdf ? gsl_cdf_cauchy_P(x[0] - x[1], x[2])
               : gsl_ran_cauchy_pdf(x[0] - x[1], x[2]);
}

static double ref_double_exponential(const double *x, bool cdf)
{
    return cdf ? gsl_cdf_laplace_P(x[0] - x[1], x[2])
               : gsl_ran_laplace_pdf(x[0] - x[1], x[2]);
}

static double ref_logistic(const double *x, bool cdf)
{
    return cdf ? gsl_cdf_logistic_P(x[0] - x[1], x[2])
               : gsl_ran_logistic_pdf(x[0] - x[1], x[2]);
}

static double ref_lognormal(const double *x, bool cdf)
{
    return cdf ? gsl_cdf_lognormal_P(x[0], x[1], x[2])
               : gsl_ran_lognormal_pdf(x[0], x[1], x[2]);
}

static double ref_exponential(const double *x, bool cdf)
{
    return cdf ? gsl_cdf_exponential_P(x[0], 1 / x[1])
               : gsl_ran_exponential_pdf(x[0], 1 / x[1]);
}

static double ref_gamma(const double *x, bool cdf)
{
    return cdf ? gsl_cdf_gamma_P(x[0], x[1], 1 / x[2])
               : gsl_ran_gamma_pdf(x[0], x[1], 1 / x[2]);
}

/* Y = 1 / X with X ~ gamma(alpha, rate beta) */
static double ref_inv_gamma(const double *x, bool cdf)
{
    double u = 1 / x[0];
    return cdf ? gsl_cdf_gamma_Q(u, x[1], 1 / x[2])
               : gsl_ran_gamma_pdf(u, x[1], 1 / x[2]) * u * u;
}

static double ref_weibull(const double *x, bool cdf)
{
    return cdf ? gsl_cdf_weibull_P(x[0], x[2], x[1])
               : gsl_ran_weibull_pdf(x[0], x[2], x[1]);
}

static double ref_chi_square(const double *x, bool cdf)
{
    return cdf ? gsl_cdf_chisq_P(x[0], x[1]) : gsl_ran_chisq_pdf(x[0], x[1]);
}

static double ref_beta(const double *x, bool cdf)
{
    return cdf ? gsl_cdf_beta_P(x[0], x[1], x[2])
               : gsl_ran_beta_pdf(x[0], x[1], x[2]);
}

static double ref_uniform(const double *x, bool cdf)
{
    return cdf ? gsl_cdf_flat_P(x[0], x[1], x[2])
               : gsl_ran_flat_pdf(x[0], x[1], x[2]);
}

/* --------------------------------------------------------------- table */

WRAP_RNG2(normal)
WRAP_RNG0(std_normal)
WRAP_RNG3(student_t)
WRAP_RNG2(cauchy)
WRAP_RNG2(double_exponential)
WRAP_RNG2(logistic)
WRAP_RNG2(lognormal)
WRAP_RNG1(exponential)
WRAP_RNG2(gamma)
WRAP_RNG2(inv_gamma)
WRAP_RNG2(weibull)
WRAP_RNG1(chi_square)
WRAP_RNG2(beta)
WRAP_RNG2(uniform)

static const Dist dists[] = {
    {"normal", 3, ALL4(normal),
     {{0.3, 0.1, 1.2}, {-1.5, 0.4, 0.7}, {2.2, -0.3, 1.9}, {0.0, 1.0, 0.5},
      {4.1, 2.0, 3.0}},
     0.91893853320467274178, normal_rng_w, {1, 2}, NULL, false, 1, 4},
    {"std_normal", 1, ALL4(std_normal),
     {{0.3}, {-1.5}, {2.2}, {0.01}, {-0.7}},
     0.91893853320467274178, std_normal_rng_w, {0}, NULL, false, 0, 1},
    {"student_t", 4, ALL4(student_t),
     {{0.3, 3.5, 0.1, 1.2}, {-1.5, 1.2, 0.4, 0.7}, {2.2, 7.0, -0.3, 1.9},
      {0.05, 2.5, 1.0, 0.5}, {4.1, 12.0, 2.0, 3.0}},
     0.57236494292470008707, student_t_rng_w, {10, 1, 2}, NULL, false, 1,
     5},
    {"cauchy", 3, ALL4(cauchy),
     {{0.3, 0.1, 1.2}, {-1.5, 0.4, 0.7}, {2.2, -0.3, 1.9}, {0.0, 1.0, 0.5},
      {4.1, 2.0, 3.0}},
     1.14472988584940017414, cauchy_rng_w, {1, 2}, NULL, false, NAN, NAN},
    {"double_exponential", 3, ALL4(double_exponential),
     {{0.3, 0.1, 1.2}, {-1.5, 0.4, 0.7}, {2.2, -0.3, 1.9}, {0.2, 1.0, 0.5},
      {4.1, 2.0, 3.0}},
     0.69314718055994530942, double_exponential_rng_w, {1, 2}, NULL, false,
     1, 8},
    {"logistic", 3, ALL4(logistic),
     {{0.3, 0.1, 1.2}, {-1.5, 0.4, 0.7}, {2.2, -0.3, 1.9}, {0.0, 1.0, 0.5},
      {4.1, 2.0, 3.0}},
     0, logistic_rng_w, {1, 2}, NULL, false, 1, 13.159472534785811},
    {"lognormal", 3, ALL4(lognormal),
     {{0.3, 0.1, 1.2}, {1.5, 0.4, 0.7}, {2.2, -0.3, 1.9}, {0.8, 1.0, 0.5},
      {4.1, 2.0, 3.0}},
     0.91893853320467274178, lognormal_rng_w, {0.5, 0.4},
     NULL, false, 1.7860384307500734, 0.55045917457069},
    {"exponential", 2, ALL4(exponential),
     {{0.3, 1.2}, {1.5, 0.7}, {2.2, 1.9}, {0.8, 0.5}, {4.1, 3.0}},
     0, exponential_rng_w, {2}, NULL, false, 0.5, 0.25},
    {"gamma", 3, ALL4(gamma),
     {{0.3, 2.5, 1.2}, {1.5, 0.7, 0.7}, {2.2, 4.0, 1.9}, {0.8, 1.5, 0.5},
      {4.1, 3.0, 3.0}},
     0, gamma_rng_w, {3, 2}, NULL, false, 1.5, 0.75},
    {"inv_gamma", 3, ALL4(inv_gamma),
     {{0.3, 2.5, 1.2}, {1.5, 0.7, 0.7}, {2.2, 4.0, 1.9}, {0.8, 1.5, 0.5},
      {4.1, 3.0, 3.0}},
     0, inv_gamma_rng_w, {10, 3}, NULL, false, 1.0 / 3, 9.0 / 648},
    {"weibull", 3, ALL4(weibull),
     {{0.3, 2.5, 1.2}, {1.5, 0.7, 0.7}, {2.2, 4.0, 1.9}, {0.8, 1.5, 0.5},
      {4.1, 3.0, 3.0}},
     0, weibull_rng_w, {2, 3}, NULL, false, 2.6586807763582730,
     1.9314051255357826},
    {"chi_square", 2, ALL4(chi_square),
     {{0.3, 2.5}, {1.5, 0.7}, {2.2, 4.0}, {0.8, 1.5}, {4.1, 3.0}},
     0, chi_square_rng_w, {4}, NULL, false, 4, 8},
    {"beta", 3, ALL4(beta),
     {{0.3, 2.5, 1.2}, {0.15, 0.7, 0.7}, {0.62, 4.0, 1.9}, {0.8, 1.5, 0.5},
      {0.45, 3.0, 3.0}},
     0, beta_rng_w, {2, 3}, NULL, false, 0.4, 0.04},
    {"uniform", 3, ALL4(uniform),
     {{0.3, -1.0, 2.0}, {1.5, -0.5, 2.5}, {0.2, 0.1, 1.9}, {0.8, -2.0, 1.5},
      {1.1, -1.5, 3.0}},
     0, uniform_rng_w, {-1, 3}, NULL, false, 1, 16.0 / 12},
};

#define NDISTS ((int)(sizeof dists / sizeof dists[0]))

/* ----------------------------------------------------------------- tests */

static void test_values(void **state)
{
    (void)state;
    rtd_check_values(dists, NDISTS);
}

static void test_gradients(void **state)
{
    (void)state;
    rtd_check_gradients(dists, NDISTS);
}

static void test_propto(void **state)
{
    (void)state;
    rtd_check_propto(dists, NDISTS);
    /* normal with sigma data: log(sigma) goes too */
    double y[NV] = {0.1, -0.2, 1.5, 2.0, 0.7}, mu = 0.3, sigma = 1.7;
    double full = rt_normal_lpdf(rt_argn(y, NULL, NV, true),
                                 rt_arg1(&mu, NULL, true),
                                 rt_arg1(&sigma, NULL, false), false, 1,
                                 NULL);
    double prop = rt_normal_lpdf(rt_argn(y, NULL, NV, true),
                                 rt_arg1(&mu, NULL, true),
                                 rt_arg1(&sigma, NULL, false), true, 1, NULL);
    ASSERT_CLOSE(prop - full, NV * (0.91893853320467274178 + log(sigma)),
                 1e-12, "normal propto, sigma data");
    /* gamma with y data: -beta y stays (beta ad), (alpha-1) log y stays */
    double gy = 1.3, ga = 2.5, gb = 0.7;
    double gfull = rt_gamma_lpdf(rt_arg1(&gy, NULL, false),
                                 rt_arg1(&ga, NULL, false),
                                 rt_arg1(&gb, NULL, true), false, 1, NULL);
    double gprop = rt_gamma_lpdf(rt_arg1(&gy, NULL, false),
                                 rt_arg1(&ga, NULL, false),
                                 rt_arg1(&gb, NULL, true), true, 1, NULL);
    ASSERT_CLOSE(gfull - gprop, -lgamma(ga) + (ga - 1) * log(gy), 1e-12,
                 "gamma propto, beta ad");
}

static void test_accumulate(void **state)
{
    (void)state;
    rtd_check_accumulate(dists, NDISTS);
}

static void test_empty(void **state)
{
    (void)state;
    rtd_check_empty(dists, NDISTS);
}

static void test_rng(void **state)
{
    (void)state;
    rtd_check_rng(dists, NDISTS, 1234);
}

/* -------------------------------------------------- errors and edges */

static void expect_error(double v, const RtError *err, const char *msg)
{
    if (!isnan(v) || strcmp(err->msg, msg) != 0) {
        print_error("got %g \"%s\", want NaN \"%s\"\n", v, err->msg, msg);
        fail();
    }
}

static void test_errors(void **state)
{
    (void)state;
    RtError err = {.msg = ""};
    double y = 0.5, mu = 0.1, s = 1.0, neg = -1, nan_ = NAN, inf = INFINITY;
    double v3[3] = {1, 2, 3}, v2[2] = {1, 2}, bad[3] = {1, 0, 2};
    RtArg Y = rt_arg1(&y, NULL, true), MU = rt_arg1(&mu, NULL, true);
    RtArg S = rt_arg1(&s, NULL, true), NEG = rt_arg1(&neg, NULL, true);
    RtArg NAN_ = rt_arg1(&nan_, NULL, true), INF = rt_arg1(&inf, NULL, true);

    expect_error(rt_normal_lpdf(Y, MU, NEG, false, 1, &err), &err,
                 "normal_lpdf: Scale parameter is -1, but must be positive!");
    expect_error(rt_normal_lpdf(NAN_, MU, S, false, 1, &err), &err,
                 "normal_lpdf: Random variable is nan, but must not be nan!");
    expect_error(rt_normal_lcdf(Y, INF, S, 1, &err), &err,
                 "normal_lcdf: Location parameter is inf, but must be "
                 "finite!");
    expect_error(rt_normal_lpdf(Y, MU, rt_argn(bad, NULL, 3, true), false, 1,
                                &err),
                 &err,
                 "normal_lpdf: Scale parameter[2] is 0, but must be "
                 "positive!");
    expect_error(rt_normal_lpdf(rt_argn(v3, NULL, 3, true), MU,
                                rt_argn(v2, NULL, 2, true), false, 1, &err),
                 &err,
                 "normal_lpdf: Scale parameter has dimension = 2, expecting "
                 "dimension = 3; a function was called with arguments of "
                 "different scalar, array, vector, or matrix types, and they "
                 "were not consistently sized;  all arguments must be "
                 "scalars or multidimensional values of the same shape.");
    expect_error(rt_student_t_lpdf(Y, INF, MU, S, false, 1, &err), &err,
                 "student_t_lpdf: Degrees of freedom parameter is inf, but "
                 "must be positive finite!");
    expect_error(rt_cauchy_cdf(Y, MU, INF, 1, &err), &err,
                 "cauchy_cdf: Scale parameter is inf, but must be positive "
                 "finite!");
    expect_error(rt_double_exponential_lpdf(INF, MU, S, false, 1, &err), &err,
                 "double_exponential_lpdf: Random variable is inf, but must "
                 "be finite!");
    expect_error(rt_lognormal_lpdf(NEG, MU, S, false, 1, &err), &err,
                 "lognormal_lpdf: Random variable is -1, but must be "
                 "nonnegative!");
    expect_error(rt_exponential_lpdf(Y, NEG, false, 1, &err), &err,
                 "exponential_lpdf: Inverse scale parameter is -1, but must "
                 "be positive finite!");
    expect_error(rt_gamma_lpdf(Y, NEG, S, false, 1, &err), &err,
                 "gamma_lpdf: Shape parameter is -1, but must be positive "
                 "finite!");
    expect_error(rt_gamma_lcdf(NEG, S, S, 1, &err), &err,
                 "gamma_lcdf: Random variable is -1, but must be "
                 "nonnegative!");
    expect_error(rt_inv_gamma_lpdf(Y, S, NEG, false, 1, &err), &err,
                 "inv_gamma_lpdf: Scale parameter is -1, but must be "
                 "positive finite!");
    expect_error(rt_weibull_lpdf(Y, S, NEG, false, 1, &err), &err,
                 "weibull_lpdf: Scale parameter is -1, but must be positive "
                 "finite!");
    expect_error(rt_chi_square_lpdf(NEG, S, false, 1, &err), &err,
                 "chi_square_lpdf: Random variable is -1, but must be "
                 "nonnegative!");
    double y15 = 1.5;
    expect_error(rt_beta_lpdf(rt_arg1(&y15, NULL, true), S, S, false, 1,
                              &err),
                 &err,
                 "beta_lpdf: Random variable is 1.5, but must be in the "
                 "interval [0, 1]");
    expect_error(rt_beta_lpdf(Y, S, NEG, false, 1, &err), &err,
                 "beta_lpdf: Second shape parameter is -1, but must be "
                 "positive finite!");
    expect_error(rt_uniform_lpdf(Y, S, MU, false, 1, &err), &err,
                 "uniform_lpdf: Upper bound parameter is 0.1, but must be "
                 "greater than 1");
    expect_error(rt_normal_rng(0, -1, NULL, &err), &err,
                 "normal_rng: Scale parameter is -1, but must be positive "
                 "finite!");
    expect_error(rt_gamma_rng(1, 0, NULL, &err), &err,
                 "gamma_rng: Inverse scale parameter is 0, but must be "
                 "positive finite!");
    expect_error(rt_uniform_rng(1, 1, NULL, &err), &err,
                 "uniform_rng: Upper bound parameter is 1, but must be "
                 "greater than 1");
    /* err may be NULL */
    assert_true(isnan(rt_normal_lpdf(Y, MU, NEG, false, 1, NULL)));
}

static void test_support_edges(void **state)
{
    (void)state;
    double m1 = -1, z = 0, one = 1, two = 2, half = 0.5, y3 = 3;
    RtArg M1 = rt_arg1(&m1, NULL, true), Z = rt_arg1(&z, NULL, true);
    RtArg ONE = rt_arg1(&one, NULL, true), TWO = rt_arg1(&two, NULL, true);
    RtArg HALF = rt_arg1(&half, NULL, true), Y3 = rt_arg1(&y3, NULL, true);
    /* outside the support: -inf, not an error */
    assert_true(rt_gamma_lpdf(M1, TWO, ONE, false, 1, NULL) == -INFINITY);
    assert_true(rt_inv_gamma_lpdf(Z, TWO, ONE, false, 1, NULL) == -INFINITY);
    assert_true(rt_weibull_lpdf(M1, TWO, ONE, false, 1, NULL) == -INFINITY);
    assert_true(rt_uniform_lpdf(Y3, Z, TWO, false, 1, NULL) == -INFINITY);
    assert_true(rt_uniform_lpdf(Y3, Z, TWO, true, 1, NULL) == -INFINITY);
    assert_true(rt_lognormal_lpdf(Z, Z, ONE, false, 1, NULL) == -INFINITY);
    /* at the boundary with shape 1 the density is finite */
    ASSERT_CLOSE(rt_gamma_lpdf(Z, ONE, TWO, false, 1, NULL), log(2), 1e-15,
                 "gamma(0 | 1, 2)");
    ASSERT_CLOSE(rt_beta_lpdf(Z, ONE, TWO, false, 1, NULL), log(2), 1e-15,
                 "beta(0 | 1, 2)");
    ASSERT_CLOSE(rt_exponential_lpdf(Z, TWO, false, 1, NULL), log(2), 1e-15,
                 "exponential(0 | 2)");
    /* cdfs at the edges of the support */
    assert_true(rt_gamma_cdf(Z, TWO, ONE, 1, NULL) == 0);
    assert_true(rt_gamma_lccdf(Z, TWO, ONE, 1, NULL) == 0);
    assert_true(rt_exponential_lcdf(Z, TWO, 1, NULL) == -INFINITY);
    assert_true(rt_beta_lcdf(ONE, TWO, HALF, 1, NULL) == 0);
    assert_true(rt_uniform_lcdf(Y3, Z, TWO, 1, NULL) == 0);
    assert_true(rt_uniform_lccdf(M1, Z, TWO, 1, NULL) == 0);
    /* far tails stay finite and accurate: log Phi(-40) and its slope from
     * the asymptotic series Phi(-t) = phi(t) / t * S, S = 1 - 1/t^2 +
     * 3/t^4 - 15/t^6 + 105/t^8 - ... */
    double t2 = 1600, S = 1 - 1 / t2 + 3 / (t2 * t2) - 15 / (t2 * t2 * t2) +
                          105 / (t2 * t2 * t2 * t2);
    double logphi = -800 - 0.91893853320467274178;
    double want = logphi - log(40) + log(S);
    double y40 = -40, g = 0;
    double v = rt_normal_lcdf(rt_arg1(&y40, &g, true), Z, ONE, 1, NULL);
    ASSERT_CLOSE(v, want, 1e-14, "normal_lcdf(-40)");
    ASSERT_CLOSE(g, 40 / S, 1e-11, "d normal_lcdf(-40)");
    double y40p = 40;
    v = rt_normal_lccdf(rt_arg1(&y40p, NULL, true), Z, ONE, 1, NULL);
    ASSERT_CLOSE(v, want, 1e-14, "normal_lccdf(40)");
    double yl = -30;
    v = rt_logistic_lcdf(rt_arg1(&yl, NULL, true), Z, ONE, 1, NULL);
    ASSERT_CLOSE(v, -30 - log1p(exp(-30)), 1e-15, "logistic_lcdf(-30)");
    double yc = -1e10;
    v = rt_cauchy_lcdf(rt_arg1(&yc, NULL, true), Z, ONE, 1, NULL);
    ASSERT_CLOSE(v, -log(M_PI * 1e10), 1e-12, "cauchy_lcdf(-1e10)");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_values),
        cmocka_unit_test(test_gradients),
        cmocka_unit_test(test_propto),
        cmocka_unit_test(test_accumulate),
        cmocka_unit_test(test_empty),
        cmocka_unit_test(test_rng),
        cmocka_unit_test(test_errors),
        cmocka_unit_test(test_support_edges),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
