/* test_rt_dist_cont_more.c - the continuous distributions pareto,
 * pareto_type_2, frechet, gumbel, rayleigh, loglogistic, inv_chi_square,
 * scaled_inv_chi_square, beta_proportion, skew_normal, exp_mod_normal,
 * skew_double_exponential and von_mises (rt_dist_cont.h) against
 * independent computations, with test_rt_dist_cont.c's table-driven
 * checks (rt_dist_harness.h).
 *
 * Every distribution is one row of a table and goes through the same
 * checks (a form Stan does not offer is NULL in the table and skipped):
 *   - lpdf values at five points against GSL's densities (gsl_ran_*_pdf
 *     of a transformed variable where GSL has the family) or the
 *     Functions Reference closed form; cdf values against gsl_cdf_* or
 *     adaptive quadrature of the density; lcdf = log(cdf), lccdf =
 *     log1m(cdf);
 *   - every partial of every form against central finite differences,
 *     scalar and vectorized, broadcasting both ways round;
 *   - propto drops exactly the distribution's constant; with one argument
 *     data, what it drops depends on that argument alone;
 *   - adjoints are added and scaled by adj; N = 0 gives 0 (cdf: 1);
 *   - rng: 20000 draws' mean and variance within 5 standard errors, the
 *     empirical cdf at three points likewise, the same draws per seed.
 * Then the domain errors with Stan's messages, and special cases: known
 * identities (skew_normal's cdf at alpha = 1 is Phi(z)^2, tau = 1/2 is
 * the Laplace, beta_proportion is beta), supports' edges, far tails and
 * the von Mises cdf at large kappa. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <gsl/gsl_cdf.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_integration.h>
#include <gsl/gsl_randist.h>
#include <gsl/gsl_sf_bessel.h>
#include <gsl/gsl_sf_erf.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "pplrt.h"
#include "rt_dist_cont.h"
#include "rt_dist_harness.h"

WRAP_ALL(pareto, a[0], a[1], a[2])
WRAP_ALL(pareto_type_2, a[0], a[1], a[2], a[3])
WRAP_ALL(frechet, a[0], a[1], a[2])
WRAP_ALL(gumbel, a[0], a[1], a[2])
WRAP_ALL(rayleigh, a[0], a[1])
WRAP_LPDF(loglogistic, a[0], a[1], a[2])
WRAP_FORM(loglogistic, cdf, a[0], a[1], a[2])
WRAP_ALL(inv_chi_square, a[0], a[1])
WRAP_ALL(scaled_inv_chi_square, a[0], a[1], a[2])
WRAP_LPDF(beta_proportion, a[0], a[1], a[2])
WRAP_FORM(beta_proportion, lcdf, a[0], a[1], a[2])
WRAP_FORM(beta_proportion, lccdf, a[0], a[1], a[2])
WRAP_ALL(skew_normal, a[0], a[1], a[2], a[3])
WRAP_ALL(exp_mod_normal, a[0], a[1], a[2], a[3])
WRAP_ALL(skew_double_exponential, a[0], a[1], a[2], a[3])
WRAP_ALL(von_mises, a[0], a[1], a[2])

/* ------------------------------------------------------- quadrature */

typedef struct Quad {
    double (*pdf)(const double *x);
    double x[4];
} Quad;

static double quad_f(double t, void *p)
{
    Quad *q = p;
    double x[4];
    memcpy(x, q->x, sizeof x);
    x[0] = t;
    return q->pdf(x);
}

/* The integral of pdf over [lo, hi] (lo may be -inf), split at the
 * optional kink. */
static double integrate(double (*pdf)(const double *x), const double *x,
                        double lo, double hi)
{
    gsl_set_error_handler_off();
    gsl_integration_workspace *w = gsl_integration_workspace_alloc(2000);
    Quad q = {pdf, {x[0], x[1], x[2], x[3]}};
    gsl_function F = {quad_f, &q};
    double r, e;
    if (isinf(lo))
        gsl_integration_qagil(&F, hi, 1e-16, 1e-13, 2000, w, &r, &e);
    else
        gsl_integration_qag(&F, lo, hi, 1e-16, 1e-13, 2000, 6, w, &r, &e);
    gsl_integration_workspace_free(w);
    return r;
}

/* ------------------------------------------- independent references */

static double ref_pareto(const double *x, bool cdf)
{
    return cdf ? gsl_cdf_pareto_P(x[0], x[2], x[1])
               : gsl_ran_pareto_pdf(x[0], x[2], x[1]);
}

/* Y - mu + lambda is Pareto(lambda, alpha) */
static double ref_pareto_type_2(const double *x, bool cdf)
{
    double u = x[0] - x[1] + x[2];
    return cdf ? gsl_cdf_pareto_P(u, x[3], x[2])
               : gsl_ran_pareto_pdf(u, x[3], x[2]);
}

/* 1 / Y is Weibull(shape alpha, scale 1 / sigma) */
static double ref_frechet(const double *x, bool cdf)
{
    double u = 1 / x[0];
    return cdf ? gsl_cdf_weibull_Q(u, 1 / x[2], x[1])
               : gsl_ran_weibull_pdf(u, 1 / x[2], x[1]) * u * u;
}

/* GSL's type-1 Gumbel with a = 1 / beta, b = exp(mu / beta) */
static double ref_gumbel(const double *x, bool cdf)
{
    double a = 1 / x[2], b = exp(x[1] / x[2]);
    return cdf ? gsl_cdf_gumbel1_P(x[0], a, b)
               : gsl_ran_gumbel1_pdf(x[0], a, b);
}

static double ref_rayleigh(const double *x, bool cdf)
{
    return cdf ? gsl_cdf_rayleigh_P(x[0], x[1])
               : gsl_ran_rayleigh_pdf(x[0], x[1]);
}

/* log Y is logistic(log alpha, 1 / beta) */
static double ref_loglogistic(const double *x, bool cdf)
{
    double u = log(x[0]) - log(x[1]);
    return cdf ? gsl_cdf_logistic_P(u, 1 / x[2])
               : gsl_ran_logistic_pdf(u, 1 / x[2]) / x[0];
}

/* 1 / Y is chi-square(nu) */
static double ref_inv_chi_square(const double *x, bool cdf)
{
    double u = 1 / x[0];
    return cdf ? gsl_cdf_chisq_Q(u, x[1])
               : gsl_ran_chisq_pdf(u, x[1]) * u * u;
}

/* nu s^2 / Y is chi-square(nu) */
static double ref_scaled_inv_chi_square(const double *x, bool cdf)
{
    double u = x[1] * x[2] * x[2] / x[0];
    return cdf ? gsl_cdf_chisq_Q(u, x[1])
               : gsl_ran_chisq_pdf(u, x[1]) * u / x[0];
}

static double ref_beta_proportion(const double *x, bool cdf)
{
    double a = x[1] * x[2], b = (1 - x[1]) * x[2];
    return cdf ? gsl_cdf_beta_P(x[0], a, b) : gsl_ran_beta_pdf(x[0], a, b);
}

/* 2 / omega phi(z) Phi(alpha z) */
static double skew_normal_pdf(const double *x)
{
    double z = (x[0] - x[1]) / x[2];
    return 2 / x[2] * gsl_ran_ugaussian_pdf(z) * gsl_cdf_ugaussian_P(x[3] * z);
}

static double ref_skew_normal(const double *x, bool cdf)
{
    return cdf ? integrate(skew_normal_pdf, x, -INFINITY, x[0])
               : skew_normal_pdf(x);
}

/* the Functions Reference's lambda/2 exp(lambda/2 (2 mu + lambda sigma^2
 * - 2y)) erfc((mu + lambda sigma^2 - y) / (sqrt 2 sigma)) */
static double exp_mod_normal_pdf(const double *x)
{
    double y = x[0], mu = x[1], s = x[2], l = x[3];
    /* in logs: the exponential overflows where the erfc underflows */
    return 0.5 * l * exp(0.5 * l * (2 * mu + l * s * s - 2 * y) +
                         gsl_sf_log_erfc((mu + l * s * s - y) /
                                         (M_SQRT2 * s)));
}

static double ref_exp_mod_normal(const double *x, bool cdf)
{
    return cdf ? integrate(exp_mod_normal_pdf, x, -INFINITY, x[0])
               : exp_mod_normal_pdf(x);
}

/* 2 tau (1 - tau) / sigma exp(-2/sigma [(1-tau) (mu-y) below, tau (y-mu)
 * above]) */
static double skew_double_exponential_pdf(const double *x)
{
    double y = x[0], mu = x[1], s = x[2], t = x[3];
    double k = y < mu ? (1 - t) * (mu - y) : t * (y - mu);
    return 2 * t * (1 - t) / s * exp(-2 / s * k);
}

static double ref_skew_double_exponential(const double *x, bool cdf)
{
    if (!cdf)
        return skew_double_exponential_pdf(x);
    double mu = x[1];
    if (x[0] <= mu)
        return integrate(skew_double_exponential_pdf, x, -INFINITY, x[0]);
    return integrate(skew_double_exponential_pdf, x, -INFINITY, mu) +
           integrate(skew_double_exponential_pdf, x, mu, x[0]);
}

static double von_mises_pdf(const double *x)
{
    return exp(x[2] * (cos(x[0] - x[1]) - 1)) /
           (2 * M_PI * gsl_sf_bessel_I0_scaled(x[2]));
}

static double ref_von_mises(const double *x, bool cdf)
{
    return cdf ? integrate(von_mises_pdf, x, -M_PI, x[0]) : von_mises_pdf(x);
}

/* ---------------------------------------------------------------- rngs */

WRAP_RNG2(pareto)
WRAP_RNG3(pareto_type_2)
WRAP_RNG2(frechet)
WRAP_RNG2(gumbel)
WRAP_RNG1(rayleigh)
WRAP_RNG2(loglogistic)
WRAP_RNG1(inv_chi_square)
WRAP_RNG2(scaled_inv_chi_square)
WRAP_RNG2(beta_proportion)
WRAP_RNG3(skew_normal)
WRAP_RNG3(exp_mod_normal)
WRAP_RNG3(skew_double_exponential)
WRAP_RNG2(von_mises)

/* ------------------------------------------- moments of the rng draws */

static void mom_pareto(const double *p, double *m, double *v)
{
    double ym = p[0], a = p[1];
    *m = a * ym / (a - 1);
    *v = ym * ym * a / ((a - 1) * (a - 1) * (a - 2));
}

static void mom_pareto_type_2(const double *p, double *m, double *v)
{
    double mu = p[0], l = p[1], a = p[2];
    *m = mu + l / (a - 1);
    *v = l * l * a / ((a - 1) * (a - 1) * (a - 2));
}

static void mom_frechet(const double *p, double *m, double *v)
{
    double a = p[0], s = p[1], g1 = tgamma(1 - 1 / a);
    *m = s * g1;
    *v = s * s * (tgamma(1 - 2 / a) - g1 * g1);
}

static void mom_gumbel(const double *p, double *m, double *v)
{
    *m = p[0] + p[1] * 0.57721566490153286061;
    *v = M_PI * M_PI * p[1] * p[1] / 6;
}

static void mom_rayleigh(const double *p, double *m, double *v)
{
    *m = p[0] * sqrt(M_PI / 2);
    *v = (4 - M_PI) / 2 * p[0] * p[0];
}

static void mom_loglogistic(const double *p, double *m, double *v)
{
    double a = p[0], b = M_PI / p[1];
    *m = a * b / sin(b);
    *v = a * a * (2 * b / sin(2 * b) - b * b / (sin(b) * sin(b)));
}

static void mom_inv_chi_square(const double *p, double *m, double *v)
{
    double nu = p[0];
    *m = 1 / (nu - 2);
    *v = 2 / ((nu - 2) * (nu - 2) * (nu - 4));
}

static void mom_scaled_inv_chi_square(const double *p, double *m, double *v)
{
    double nu = p[0], s2 = p[1] * p[1];
    *m = nu * s2 / (nu - 2);
    *v = 2 * nu * nu * s2 * s2 / ((nu - 2) * (nu - 2) * (nu - 4));
}

static void mom_beta_proportion(const double *p, double *m, double *v)
{
    *m = p[0];
    *v = p[0] * (1 - p[0]) / (p[1] + 1);
}

static void mom_skew_normal(const double *p, double *m, double *v)
{
    double d = p[2] / sqrt(1 + p[2] * p[2]);
    *m = p[0] + p[1] * d * sqrt(2 / M_PI);
    *v = p[1] * p[1] * (1 - 2 * d * d / M_PI);
}

static void mom_exp_mod_normal(const double *p, double *m, double *v)
{
    *m = p[0] + 1 / p[2];
    *v = p[1] * p[1] + 1 / (p[2] * p[2]);
}

static void mom_skew_double_exponential(const double *p, double *m,
                                        double *v)
{
    double s = p[1], t = p[2];
    double d = s * (1 - 2 * t) / (2 * t * (1 - t));
    double e2 = t * 2 * pow(s / (2 * (1 - t)), 2) +
                (1 - t) * 2 * pow(s / (2 * t), 2);
    *m = p[0] + d;
    *v = e2 - d * d;
}

static double vm_second_moment_f(const double *x)
{
    return x[0] * x[0] * von_mises_pdf(x);
}

/* the draws are centered at mu in [0, 2 pi) */
static void mom_von_mises(const double *p, double *m, double *v)
{
    double x[4] = {0, 0, p[1], 0};
    *m = p[0];
    *v = integrate(vm_second_moment_f, x, -M_PI, M_PI);
}

/* --------------------------------------------------------------- table */

static const Dist dists[] = {
    {"pareto", 3, ALL4(pareto),
     {{2.0, 1.0, 3.0}, {3.5, 0.7, 1.2}, {1.9, 0.9, 0.5}, {5.0, 0.4, 2.5},
      {1.2, 0.3, 4.0}},
     0, pareto_rng_w, {1.5, 9}, mom_pareto, false, 0, 0},
    {"pareto_type_2", 4, ALL4(pareto_type_2),
     {{0.5, 0.1, 1.2, 2.0}, {2.5, -0.5, 0.7, 1.5}, {1.1, 0.2, 2.0, 3.5},
      {0.3, -1.0, 0.5, 0.8}, {4.0, 0.0, 3.0, 5.0}},
     0, pareto_type_2_rng_w, {0.5, 2, 9}, mom_pareto_type_2, false, 0, 0},
    {"frechet", 3, ALL4(frechet),
     {{1.3, 2.0, 1.0}, {0.6, 3.5, 0.8}, {2.2, 1.2, 1.5}, {4.0, 5.0, 2.5},
      {0.9, 0.7, 0.4}},
     0, frechet_rng_w, {9, 2}, mom_frechet, false, 0, 0},
    {"gumbel", 3, ALL4(gumbel),
     {{0.3, 0.1, 1.2}, {-1.5, 0.4, 0.7}, {2.2, -0.3, 1.9}, {0.0, 1.0, 0.5},
      {4.1, 2.0, 3.0}},
     0, gumbel_rng_w, {1, 2}, mom_gumbel, false, 0, 0},
    {"rayleigh", 2, ALL4(rayleigh),
     {{0.3, 1.2}, {1.5, 0.7}, {2.2, 1.9}, {0.8, 0.5}, {4.1, 3.0}},
     0, rayleigh_rng_w, {1.5}, mom_rayleigh, false, 0, 0},
    {"loglogistic", 3, loglogistic_lpdf_w, NULL, NULL, loglogistic_cdf_w,
     ref_loglogistic,
     {{0.3, 1.2, 2.5}, {1.5, 0.7, 0.9}, {2.2, 1.9, 4.0}, {0.8, 0.5, 1.5},
      {4.1, 3.0, 3.0}},
     0, loglogistic_rng_w, {2, 8}, mom_loglogistic, false, 0, 0},
    {"inv_chi_square", 2, ALL4(inv_chi_square),
     {{0.3, 2.5}, {1.5, 0.7}, {0.2, 4.0}, {0.8, 1.5}, {4.1, 3.0}},
     0, inv_chi_square_rng_w, {12}, mom_inv_chi_square, false, 0, 0},
    {"scaled_inv_chi_square", 3, ALL4(scaled_inv_chi_square),
     {{0.3, 2.5, 0.6}, {1.5, 0.7, 1.1}, {0.2, 4.0, 0.3}, {0.8, 1.5, 0.9},
      {4.1, 3.0, 2.0}},
     0, scaled_inv_chi_square_rng_w, {12, 0.8}, mom_scaled_inv_chi_square,
     false, 0, 0},
    {"beta_proportion", 3, beta_proportion_lpdf_w, beta_proportion_lcdf_w,
     beta_proportion_lccdf_w, NULL, ref_beta_proportion,
     {{0.3, 0.4, 5.0}, {0.15, 0.2, 3.5}, {0.62, 0.7, 8.0}, {0.8, 0.6, 2.5},
      {0.45, 0.5, 10.0}},
     0, beta_proportion_rng_w, {0.3, 10}, mom_beta_proportion, false, 0, 0},
    {"skew_normal", 4, ALL4(skew_normal),
     {{0.3, 0.1, 1.2, 0.5}, {-1.5, 0.4, 0.7, -1.0}, {2.2, -0.3, 1.9, 0.5},
      {0.8, 1.0, 0.5, 2.0}, {4.1, 2.0, 3.0, -0.5}},
     0.91893853320467274178, skew_normal_rng_w, {1, 2, 3}, mom_skew_normal,
     false, 0, 0},
    {"exp_mod_normal", 4, ALL4(exp_mod_normal),
     {{0.3, 0.1, 1.2, 2.0}, {-1.5, 0.4, 0.7, 1.0}, {2.2, -0.3, 1.9, 0.5},
      {0.8, 1.0, 0.5, 4.0}, {4.1, 2.0, 3.0, 0.8}},
     0.69314718055994530942, exp_mod_normal_rng_w, {1, 0.5, 2},
     mom_exp_mod_normal, false, 0, 0},
    {"skew_double_exponential", 4, ALL4(skew_double_exponential),
     {{0.3, 0.1, 1.2, 0.3}, {-1.5, 0.4, 0.7, 0.6}, {2.2, -0.3, 1.9, 0.5},
      {0.2, 1.0, 0.5, 0.8}, {4.1, 2.0, 3.0, 0.1}},
     -0.69314718055994530942, skew_double_exponential_rng_w, {1, 2, 0.3},
     mom_skew_double_exponential, false, 0, 0},
    {"von_mises", 3, ALL4(von_mises),
     {{0.3, 0.1, 1.2}, {-1.5, 0.4, 0.7}, {2.2, -0.3, 1.9}, {0.0, 4.0, 0.5},
      {-2.8, -5.0, 3.0}},
     1.83787706640934548356, von_mises_rng_w, {1, 2}, mom_von_mises, true,
     0, 0},
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

    /* what goes with one parameter data, against the closed forms */
    double y = 1.7, a = 2.5, s = 0.8, nu = 3.5, mu = 0.3;
    RtArg Y = rt_arg1(&y, NULL, true), Yd = rt_arg1(&y, NULL, false);
    RtArg A = rt_arg1(&a, NULL, true), Ad = rt_arg1(&a, NULL, false);
    RtArg S = rt_arg1(&s, NULL, true), Sd = rt_arg1(&s, NULL, false);
    RtArg NU = rt_arg1(&nu, NULL, true), NUd = rt_arg1(&nu, NULL, false);
    RtArg MU = rt_arg1(&mu, NULL, true);
    /* frechet, y and alpha data: log alpha and -(alpha + 1) log y go */
    ASSERT_CLOSE(rt_frechet_lpdf(Yd, Ad, S, false, 1, NULL) -
                     rt_frechet_lpdf(Yd, Ad, S, true, 1, NULL),
                 log(a) - (a + 1) * log(y), 1e-13, "frechet propto, sigma ad");
    /* and with sigma data too, alpha ad: nothing goes */
    ASSERT_CLOSE(rt_frechet_lpdf(Yd, A, Sd, false, 1, NULL),
                 rt_frechet_lpdf(Yd, A, Sd, true, 1, NULL), 1e-15,
                 "frechet propto, alpha ad");
    /* rayleigh, y data: log y goes */
    ASSERT_CLOSE(rt_rayleigh_lpdf(Yd, S, false, 1, NULL) -
                     rt_rayleigh_lpdf(Yd, S, true, 1, NULL),
                 log(y), 1e-13, "rayleigh propto, y data");
    /* inv_chi_square, nu data: -nu/2 log 2 - lgamma(nu/2) goes */
    ASSERT_CLOSE(rt_inv_chi_square_lpdf(Y, NUd, false, 1, NULL) -
                     rt_inv_chi_square_lpdf(Y, NUd, true, 1, NULL),
                 -0.5 * nu * log(2) - lgamma(0.5 * nu), 1e-13,
                 "inv_chi_square propto, nu data");
    /* scaled_inv_chi_square, y data and s data: only nu's terms stay */
    ASSERT_CLOSE(rt_scaled_inv_chi_square_lpdf(Yd, NU, Sd, true, 1, NULL),
                 rt_scaled_inv_chi_square_lpdf(Yd, NU, Sd, false, 1, NULL),
                 1e-13, "scaled_inv_chi_square propto, nu ad");
    /* skew_double_exponential, sigma data: log 2 - log sigma go */
    double tau = 0.3;
    RtArg Td = rt_arg1(&tau, NULL, false);
    ASSERT_CLOSE(rt_skew_double_exponential_lpdf(Y, MU, Sd, Td, false, 1,
                                                 NULL) -
                     rt_skew_double_exponential_lpdf(Y, MU, Sd, Td, true, 1,
                                                     NULL),
                 log(2) - log(s) + log(tau) + log1p(-tau), 1e-13,
                 "skew_double_exponential propto, y and mu ad");
    /* von_mises, kappa data: log I0 goes with log 2 pi */
    double kappa = 1.3, yv = 0.4;
    RtArg Kd = rt_arg1(&kappa, NULL, false);
    RtArg YV = rt_arg1(&yv, NULL, true);
    ASSERT_CLOSE(rt_von_mises_lpdf(YV, MU, Kd, false, 1, NULL) -
                     rt_von_mises_lpdf(YV, MU, Kd, true, 1, NULL),
                 -log(2 * M_PI) - log(gsl_sf_bessel_I0(kappa)), 1e-13,
                 "von_mises propto, kappa data");
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
    rtd_check_rng(dists, NDISTS, 4321);
    /* von_mises draws lie in [m - pi, m + pi], m = mu reduced mod 2 pi */
    RtRng *r = rt_rng_new(7, 1);
    for (int i = 0; i < 1000; i++) {
        double v = rt_von_mises_rng(-5.0, 0.3, r, NULL);
        double m = -5.0 + 2 * M_PI;
        assert_true(v >= m - M_PI && v <= m + M_PI);
        v = rt_von_mises_rng(1.0, 1e-9, r, NULL);
        assert_true(v >= 1 - M_PI && v <= 1 + M_PI);
    }
    rt_rng_free(r);
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
    double y = 0.5, one = 1, zero = 0, neg = -1, inf = INFINITY, nan_ = NAN;
    double four = 4, big = 1.5, m2 = -2;
    double v3[3] = {1, 2, 3}, v2[2] = {1, 2}, yv[2] = {1, 0.5}, mu8 = 0.8;
    RtArg Y = rt_arg1(&y, NULL, true), ONE = rt_arg1(&one, NULL, true);
    RtArg Z = rt_arg1(&zero, NULL, true), NEG = rt_arg1(&neg, NULL, true);
    RtArg INF = rt_arg1(&inf, NULL, true), NAN_ = rt_arg1(&nan_, NULL, true);
    RtArg FOUR = rt_arg1(&four, NULL, true), BIG = rt_arg1(&big, NULL, true);
    RtArg M2 = rt_arg1(&m2, NULL, true), MU8 = rt_arg1(&mu8, NULL, true);

    expect_error(rt_pareto_lpdf(Y, Z, ONE, false, 1, &err), &err,
                 "pareto_lpdf: Scale parameter is 0, but must be positive "
                 "finite!");
    expect_error(rt_pareto_lcdf(NEG, ONE, ONE, 1, &err), &err,
                 "pareto_lcdf: Random variable is -1, but must be "
                 "nonnegative!");
    expect_error(rt_pareto_type_2_lpdf(Y, ONE, ONE, ONE, false, 1, &err),
                 &err,
                 "pareto_type_2_lpdf: Random variable is 0.5, but must be "
                 "greater than or equal to 1");
    expect_error(rt_pareto_type_2_lpdf(rt_argn(yv, NULL, 2, true), MU8, ONE,
                                       ONE, false, 1, &err),
                 &err,
                 "pareto_type_2_lpdf: Random variable[2] is 0.5, but must "
                 "be greater than or equal to 0.8");
    expect_error(rt_pareto_type_2_lcdf(NEG, M2, ONE, ONE, 1, &err), &err,
                 "pareto_type_2_lcdf: Random variable is -1, but must be "
                 "nonnegative!");
    expect_error(rt_pareto_type_2_cdf(Y, Z, ONE, NEG, 1, &err), &err,
                 "pareto_type_2_cdf: Shape parameter is -1, but must be "
                 "positive finite!");
    expect_error(rt_frechet_lpdf(Z, ONE, ONE, false, 1, &err), &err,
                 "frechet_lpdf: Random variable is 0, but must be "
                 "positive!");
    expect_error(rt_gumbel_lpdf(Y, Z, NEG, false, 1, &err), &err,
                 "gumbel_lpdf: Scale parameter is -1, but must be "
                 "positive!");
    expect_error(rt_gumbel_lccdf(Y, INF, ONE, 1, &err), &err,
                 "gumbel_lccdf: Location parameter is inf, but must be "
                 "finite!");
    /* rayleigh checks sigma first */
    expect_error(rt_rayleigh_lpdf(Z, NEG, false, 1, &err), &err,
                 "rayleigh_lpdf: Scale parameter is -1, but must be "
                 "positive!");
    expect_error(rt_rayleigh_lpdf(Z, ONE, false, 1, &err), &err,
                 "rayleigh_lpdf: Random variable is 0, but must be "
                 "positive!");
    expect_error(rt_loglogistic_lpdf(INF, ONE, ONE, false, 1, &err), &err,
                 "loglogistic_lpdf: Random variable is inf, but must be "
                 "positive finite!");
    expect_error(rt_loglogistic_cdf(Y, ONE, Z, 1, &err), &err,
                 "loglogistic_cdf: Shape parameter is 0, but must be "
                 "positive finite!");
    /* inv_chi_square checks nu first */
    expect_error(rt_inv_chi_square_lpdf(NAN_, NEG, false, 1, &err), &err,
                 "inv_chi_square_lpdf: Degrees of freedom parameter is -1, "
                 "but must be positive finite!");
    expect_error(rt_inv_chi_square_lcdf(NEG, ONE, 1, &err), &err,
                 "inv_chi_square_lcdf: Random variable is -1, but must be "
                 "nonnegative!");
    expect_error(rt_scaled_inv_chi_square_lcdf(Y, ONE, Z, 1, &err), &err,
                 "scaled_inv_chi_square_lcdf: Scale parameter is 0, but "
                 "must be positive finite!");
    expect_error(rt_beta_proportion_lpdf(Y, ONE, ONE, false, 1, &err), &err,
                 "beta_proportion_lpdf: Location parameter is 1, but must "
                 "be less than 1");
    expect_error(rt_beta_proportion_lpdf(Y, Z, ONE, false, 1, &err), &err,
                 "beta_proportion_lpdf: Location parameter is 0, but must "
                 "be positive!");
    expect_error(rt_beta_proportion_lcdf(BIG, Y, ONE, 1, &err), &err,
                 "beta_proportion_lcdf: Random variable is 1.5, but must be "
                 "in the interval [0, 1]");
    expect_error(rt_beta_proportion_lccdf(Y, Y, INF, 1, &err), &err,
                 "beta_proportion_lccdf: Precision parameter is inf, but "
                 "must be positive finite!");
    expect_error(rt_skew_normal_lpdf(Y, Z, ONE, INF, false, 1, &err), &err,
                 "skew_normal_lpdf: Shape parameter is inf, but must be "
                 "finite!");
    expect_error(rt_skew_normal_lpdf(rt_argn(v3, NULL, 3, true), Z, ONE,
                                     rt_argn(v2, NULL, 2, true), false, 1,
                                     &err),
                 &err,
                 "skew_normal_lpdf: Shape parameter has dimension = 2, "
                 "expecting dimension = 3; a function was called with "
                 "arguments of different scalar, array, vector, or matrix "
                 "types, and they were not consistently sized;  all "
                 "arguments must be scalars or multidimensional values of "
                 "the same shape.");
    /* a vector of one does not broadcast beside a vector of three (Stan's
     * check_consistent_sizes); the scalar of the same value does */
    expect_error(rt_skew_normal_lpdf(rt_argn(v3, NULL, 3, true), Z, ONE,
                                     rt_argn(v2, NULL, 1, true), false, 1,
                                     &err),
                 &err,
                 "skew_normal_lpdf: Shape parameter has dimension = 1, "
                 "expecting dimension = 3; a function was called with "
                 "arguments of different scalar, array, vector, or matrix "
                 "types, and they were not consistently sized;  all "
                 "arguments must be scalars or multidimensional values of "
                 "the same shape.");
    assert_true(isfinite(rt_skew_normal_lpdf(rt_argn(v3, NULL, 3, true), Z,
                                             ONE, rt_arg1(v2, NULL, true),
                                             false, 1, &err)));
    expect_error(rt_exp_mod_normal_lpdf(Y, Z, ONE, Z, false, 1, &err), &err,
                 "exp_mod_normal_lpdf: Inv_scale parameter is 0, but must "
                 "be positive finite!");
    expect_error(rt_skew_double_exponential_lcdf(Y, Z, ONE, BIG, 1, &err),
                 &err,
                 "skew_double_exponential_lcdf: Skewness parameter is 1.5, "
                 "but must be in the interval [0, 1]");
    expect_error(rt_von_mises_lpdf(Y, Z, NEG, false, 1, &err), &err,
                 "von_mises_lpdf: Scale parameter is -1, but must be "
                 "nonnegative!");
    expect_error(rt_von_mises_lpdf(Y, Z, INF, false, 1, &err), &err,
                 "von_mises_lpdf: Scale parameter is inf, but must be "
                 "finite!");
    expect_error(rt_von_mises_cdf(FOUR, Z, ONE, 1, &err), &err,
                 "von_mises_cdf: Random variable is 4, but must be in the "
                 "interval [-3.14159, 3.14159]");
    expect_error(rt_von_mises_lcdf(Y, Z, Z, 1, &err), &err,
                 "von_mises_lcdf: Scale parameter is 0, but must be "
                 "positive!");
    expect_error(rt_von_mises_lccdf(Y, NAN_, ONE, 1, &err), &err,
                 "von_mises_lccdf: Location parameter is nan, but must be "
                 "finite!");
    expect_error(rt_pareto_rng(0, 1, NULL, &err), &err,
                 "pareto_rng: Scale parameter is 0, but must be positive "
                 "finite!");
    expect_error(rt_pareto_type_2_rng(INFINITY, 1, 1, NULL, &err), &err,
                 "pareto_type_2_rng: Location parameter is inf, but must be "
                 "finite!");
    expect_error(rt_frechet_rng(-1, 1, NULL, &err), &err,
                 "frechet_rng: Shape parameter is -1, but must be positive "
                 "finite!");
    expect_error(rt_gumbel_rng(0, 0, NULL, &err), &err,
                 "gumbel_rng: Scale parameter is 0, but must be positive "
                 "finite!");
    expect_error(rt_rayleigh_rng(-2, NULL, &err), &err,
                 "rayleigh_rng: Scale parameter is -2, but must be positive "
                 "finite!");
    expect_error(rt_loglogistic_rng(1, 0, NULL, &err), &err,
                 "loglogistic_rng: Shape parameter is 0, but must be "
                 "positive finite!");
    expect_error(rt_inv_chi_square_rng(0, NULL, &err), &err,
                 "inv_chi_square_rng: Degrees of freedom parameter is 0, but "
                 "must be positive finite!");
    expect_error(rt_scaled_inv_chi_square_rng(1, -1, NULL, &err), &err,
                 "scaled_inv_chi_square_rng: Scale parameter is -1, but must "
                 "be positive finite!");
    expect_error(rt_beta_proportion_rng(1.2, 1, NULL, &err), &err,
                 "beta_proportion_rng: Location parameter is 1.2, but must "
                 "be less than 1");
    expect_error(rt_skew_normal_rng(0, 1, NAN, NULL, &err), &err,
                 "skew_normal_rng: Shape parameter is nan, but must be "
                 "finite!");
    expect_error(rt_exp_mod_normal_rng(0, 1, -1, NULL, &err), &err,
                 "exp_mod_normal_rng: Inv_scale parameter is -1, but must be "
                 "positive finite!");
    expect_error(rt_skew_double_exponential_rng(0, 1, 2, NULL, &err), &err,
                 "skew_double_exponential_rng: Skewness parameter is 2, but "
                 "must be in the interval [0, 1]");
    expect_error(rt_von_mises_rng(0, -1, NULL, &err), &err,
                 "von_mises_rng: Scale parameter is -1, but must be "
                 "nonnegative!");
    /* err may be NULL */
    assert_true(isnan(rt_pareto_lpdf(Y, Z, ONE, false, 1, NULL)));
}

static void test_support_edges(void **state)
{
    (void)state;
    double z = 0, one = 1, two = 2, half = 0.5, inf = INFINITY, y3 = 3;
    RtArg Z = rt_arg1(&z, NULL, true), ONE = rt_arg1(&one, NULL, true);
    RtArg TWO = rt_arg1(&two, NULL, true), HALF = rt_arg1(&half, NULL, true);
    RtArg INF = rt_arg1(&inf, NULL, true), Y3 = rt_arg1(&y3, NULL, true);
    /* outside the support: -inf, not an error */
    assert_true(rt_pareto_lpdf(HALF, ONE, TWO, false, 1, NULL) == -INFINITY);
    assert_true(rt_pareto_lcdf(HALF, ONE, TWO, 1, NULL) == -INFINITY);
    assert_true(rt_pareto_lccdf(HALF, ONE, TWO, 1, NULL) == 0);
    assert_true(rt_pareto_lcdf(INF, ONE, TWO, 1, NULL) == 0);
    assert_true(rt_pareto_lccdf(INF, ONE, TWO, 1, NULL) == -INFINITY);
    assert_true(rt_inv_chi_square_lpdf(Z, TWO, false, 1, NULL) ==
                -INFINITY);
    assert_true(rt_inv_chi_square_lcdf(Z, TWO, 1, NULL) == -INFINITY);
    assert_true(rt_scaled_inv_chi_square_cdf(Z, TWO, ONE, 1, NULL) == 0);
    assert_true(rt_loglogistic_cdf(Z, ONE, TWO, 1, NULL) == 0);
    assert_true(rt_rayleigh_lcdf(Z, ONE, 1, NULL) == -INFINITY);
    assert_true(rt_beta_proportion_lcdf(ONE, HALF, TWO, 1, NULL) == 0);
    assert_true(rt_beta_proportion_lccdf(Z, HALF, TWO, 1, NULL) == 0);
    /* at y == mu pareto_type_2's cdf is 0 */
    assert_true(rt_pareto_type_2_cdf(ONE, ONE, TWO, TWO, 1, NULL) == 0);
    ASSERT_CLOSE(rt_pareto_type_2_lpdf(ONE, ONE, TWO, TWO, false, 1, NULL),
                 log(2.0 / 2.0), 1e-15, "pareto_type_2(mu | mu, 2, 2)");
    /* far tails stay finite: gumbel lccdf(40) = log1m(exp(-exp(-40))) */
    double y40 = 40;
    ASSERT_CLOSE(rt_gumbel_lccdf(rt_arg1(&y40, NULL, true), Z, ONE, 1, NULL),
                 -40 - 0.5 * exp(-40), 1e-14, "gumbel_lccdf(40)");
    /* exp_mod_normal far tails: above, 1 - F ~ exp(v^2/2 - v z) (the
     * exponential's tail); below, the lcdf stays finite */
    double yh = 60, yl = -30, g = 0;
    double v = rt_exp_mod_normal_lccdf(rt_arg1(&yh, &g, true), Z, ONE, ONE,
                                       1, NULL);
    ASSERT_CLOSE(v, 0.5 - 60, 1e-12, "exp_mod_normal_lccdf(60)");
    ASSERT_CLOSE(g, -1, 1e-12, "d exp_mod_normal_lccdf(60)");
    v = rt_exp_mod_normal_lcdf(rt_arg1(&yl, NULL, true), Z, ONE, ONE, 1,
                               NULL);
    assert_true(isfinite(v) && v < -450);
    /* the skew normal at alpha = 1 has cdf Phi(z)^2; at alpha = 0 it is
     * the normal; the lccdf is the mirror image */
    double ys[4] = {-2.5, -0.3, 0.7, 3.1}, as[2] = {1, 0};
    for (int i = 0; i < 4; i++) {
        RtArg YI = rt_arg1(&ys[i], NULL, true);
        double P = gsl_cdf_ugaussian_P(ys[i]);
        ASSERT_CLOSE(rt_skew_normal_cdf(YI, Z, ONE, rt_arg1(&as[0], NULL,
                                                            true), 1, NULL),
                     P * P, 1e-15, "skew_normal_cdf alpha 1 at %g", ys[i]);
        ASSERT_CLOSE(rt_skew_normal_lcdf(YI, Z, ONE, rt_arg1(&as[1], NULL,
                                                             true), 1, NULL),
                     log(P), 1e-14, "skew_normal_lcdf alpha 0 at %g", ys[i]);
        double my = -ys[i], ma = -3.5, pa = 3.5;
        ASSERT_CLOSE(rt_skew_normal_lccdf(YI, Z, ONE,
                                          rt_arg1(&pa, NULL, true), 1, NULL),
                     rt_skew_normal_lcdf(rt_arg1(&my, NULL, true), Z, ONE,
                                         rt_arg1(&ma, NULL, true), 1, NULL),
                     1e-14, "skew_normal mirror at %g", ys[i]);
    }
    /* large |alpha| (Owen's T's a > 1 branch) against quadrature */
    double sx[3][4] = {{0.4, 0, 1, 25}, {-0.2, 0, 1, -12}, {1.3, 0.2, 0.8,
                                                          7}};
    for (int i = 0; i < 3; i++) {
        RtArg a[4];
        for (int j = 0; j < 4; j++)
            a[j] = rt_arg1(&sx[i][j], NULL, true);
        ASSERT_CLOSE(rt_skew_normal_cdf(a[0], a[1], a[2], a[3], 1, NULL),
                     ref_skew_normal(sx[i], true), 1e-12,
                     "skew_normal_cdf alpha %g", sx[i][3]);
    }
    /* tau = 1/2 is the Laplace with scale sigma */
    double ty = 0.7, tmu = -0.2, ts = 1.3;
    RtArg TY = rt_arg1(&ty, NULL, true), TMU = rt_arg1(&tmu, NULL, true);
    RtArg TS = rt_arg1(&ts, NULL, true);
    ASSERT_CLOSE(rt_skew_double_exponential_lpdf(TY, TMU, TS, HALF, false, 1,
                                                 NULL),
                 rt_double_exponential_lpdf(TY, TMU, TS, false, 1, NULL),
                 1e-15, "skew_double_exponential tau 1/2");
    ASSERT_CLOSE(rt_skew_double_exponential_lcdf(TY, TMU, TS, HALF, 1, NULL),
                 rt_double_exponential_lcdf(TY, TMU, TS, 1, NULL), 1e-15,
                 "skew_double_exponential_lcdf tau 1/2");
    /* and at y == mu its partial in y is 0 */
    double gy = 1;
    rt_skew_double_exponential_lpdf(rt_arg1(&tmu, &gy, true), TMU, TS, HALF,
                                    false, 1, NULL);
    assert_true(gy == 1);
    /* beta_proportion is the beta */
    double by = 0.35, bmu = 0.3, bk = 7;
    RtArg BY = rt_arg1(&by, NULL, true), BMU = rt_arg1(&bmu, NULL, true);
    RtArg BK = rt_arg1(&bk, NULL, true);
    double ba = bmu * bk, bb = (1 - bmu) * bk;
    RtArg BA = rt_arg1(&ba, NULL, true), BB = rt_arg1(&bb, NULL, true);
    ASSERT_CLOSE(rt_beta_proportion_lpdf(BY, BMU, BK, false, 1, NULL),
                 rt_beta_lpdf(BY, BA, BB, false, 1, NULL), 1e-14,
                 "beta_proportion = beta");
    ASSERT_CLOSE(rt_beta_proportion_lccdf(BY, BMU, BK, 1, NULL),
                 rt_beta_lccdf(BY, BA, BB, 1, NULL), 1e-14,
                 "beta_proportion_lccdf = beta_lccdf");
    /* von Mises: the ends of the support, kappa = 0, mu's period */
    double pi = M_PI, mpi = -M_PI, y1 = 1.1, mu1 = 0.4, mu2 = 0.4 - 6 * M_PI;
    RtArg PI = rt_arg1(&pi, NULL, true), MPI = rt_arg1(&mpi, NULL, true);
    RtArg Y1 = rt_arg1(&y1, NULL, true);
    assert_true(rt_von_mises_cdf(MPI, ONE, TWO, 1, NULL) == 0);
    assert_true(rt_von_mises_cdf(PI, ONE, TWO, 1, NULL) == 1);
    assert_true(rt_von_mises_lccdf(MPI, ONE, TWO, 1, NULL) == 0);
    ASSERT_CLOSE(rt_von_mises_lpdf(Y1, ONE, Z, false, 1, NULL),
                 -log(2 * M_PI), 1e-15, "von_mises kappa 0");
    ASSERT_CLOSE(rt_von_mises_cdf(Y1, rt_arg1(&mu1, NULL, true), TWO, 1,
                                  NULL),
                 rt_von_mises_cdf(Y1, rt_arg1(&mu2, NULL, true), TWO, 1,
                                  NULL),
                 1e-13, "von_mises_cdf mu's period");
    /* the cdf at large kappa (the long series and the normal
     * approximation) against quadrature, with the kappa partial */
    double kap[4] = {60, 3000, 9e4, 2e5};
    for (int i = 0; i < 4; i++) {
        double x[4] = {0.2 + 2 / sqrt(kap[i]), 0.2, kap[i], 0};
        double lo = fmax(-M_PI, 0.2 - 40 / sqrt(kap[i]));
        double F = integrate(von_mises_pdf, x, lo, x[0]);
        double gk = 0, h = 1e-5 * kap[i];
        RtArg a0 = rt_arg1(&x[0], NULL, true), a1 = rt_arg1(&x[1], NULL, true);
        double c = rt_von_mises_cdf(a0, a1, rt_arg1(&x[2], &gk, true), 1,
                                    NULL);
        ASSERT_CLOSE(c, F, 1e-11, "von_mises_cdf kappa %g", kap[i]);
        double kp = kap[i] + h, km = kap[i] - h;
        double fd = (rt_von_mises_cdf(a0, a1, rt_arg1(&kp, NULL, true), 1,
                                      NULL) -
                     rt_von_mises_cdf(a0, a1, rt_arg1(&km, NULL, true), 1,
                                      NULL)) / (2 * h);
        ASSERT_CLOSE(gk, fd, 1e-6, "d von_mises_cdf / d kappa at %g",
                     kap[i]);
    }
    (void)Y3;
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
