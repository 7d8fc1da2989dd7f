/* test_rt_dist_cont.c - libpplrt's continuous univariate distributions
 * (rt_dist_cont.h) against independent computations.
 *
 * Every distribution is one row of a table and goes through the same
 * checks:
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

#define NV 5            /* vector length of the vectorized calls */
#define NDRAWS 20000

typedef double (*LpdfFn)(const RtArg *a, bool propto, double adj,
                         RtError *err);
typedef double (*CdfFn)(const RtArg *a, double adj, RtError *err);

#define WRAP_CDFS(NAME, ...)                                                 \
    static double NAME##_lcdf_w(const RtArg *a, double adj, RtError *e)      \
    {                                                                        \
        return rt_##NAME##_lcdf(__VA_ARGS__, adj, e);                        \
    }                                                                        \
    static double NAME##_lccdf_w(const RtArg *a, double adj, RtError *e)     \
    {                                                                        \
        return rt_##NAME##_lccdf(__VA_ARGS__, adj, e);                       \
    }                                                                        \
    static double NAME##_cdf_w(const RtArg *a, double adj, RtError *e)       \
    {                                                                        \
        return rt_##NAME##_cdf(__VA_ARGS__, adj, e);                         \
    }                                                                        \
    static double NAME##_lpdf_w(const RtArg *a, bool p, double adj,          \
                                RtError *e)                                  \
    {                                                                        \
        return rt_##NAME##_lpdf(__VA_ARGS__, p, adj, e);                     \
    }

WRAP_CDFS(normal, a[0], a[1], a[2])
WRAP_CDFS(std_normal, a[0])
WRAP_CDFS(student_t, a[0], a[1], a[2], a[3])
WRAP_CDFS(cauchy, a[0], a[1], a[2])
WRAP_CDFS(double_exponential, a[0], a[1], a[2])
WRAP_CDFS(logistic, a[0], a[1], a[2])
WRAP_CDFS(lognormal, a[0], a[1], a[2])
WRAP_CDFS(exponential, a[0], a[1])
WRAP_CDFS(gamma, a[0], a[1], a[2])
WRAP_CDFS(inv_gamma, a[0], a[1], a[2])
WRAP_CDFS(weibull, a[0], a[1], a[2])
WRAP_CDFS(chi_square, a[0], a[1])
WRAP_CDFS(beta, a[0], a[1], a[2])
WRAP_CDFS(uniform, a[0], a[1], a[2])

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

typedef double (*RngFn)(const double *p, RtRng *rng, RtError *err);

static double normal_rng_w(const double *p, RtRng *r, RtError *e)
{
    return rt_normal_rng(p[0], p[1], r, e);
}
static double std_normal_rng_w(const double *p, RtRng *r, RtError *e)
{
    (void)p;
    return rt_std_normal_rng(r, e);
}
static double student_t_rng_w(const double *p, RtRng *r, RtError *e)
{
    return rt_student_t_rng(p[0], p[1], p[2], r, e);
}
static double cauchy_rng_w(const double *p, RtRng *r, RtError *e)
{
    return rt_cauchy_rng(p[0], p[1], r, e);
}
static double double_exponential_rng_w(const double *p, RtRng *r, RtError *e)
{
    return rt_double_exponential_rng(p[0], p[1], r, e);
}
static double logistic_rng_w(const double *p, RtRng *r, RtError *e)
{
    return rt_logistic_rng(p[0], p[1], r, e);
}
static double lognormal_rng_w(const double *p, RtRng *r, RtError *e)
{
    return rt_lognormal_rng(p[0], p[1], r, e);
}
static double exponential_rng_w(const double *p, RtRng *r, RtError *e)
{
    return rt_exponential_rng(p[0], r, e);
}
static double gamma_rng_w(const double *p, RtRng *r, RtError *e)
{
    return rt_gamma_rng(p[0], p[1], r, e);
}
static double inv_gamma_rng_w(const double *p, RtRng *r, RtError *e)
{
    return rt_inv_gamma_rng(p[0], p[1], r, e);
}
static double weibull_rng_w(const double *p, RtRng *r, RtError *e)
{
    return rt_weibull_rng(p[0], p[1], r, e);
}
static double chi_square_rng_w(const double *p, RtRng *r, RtError *e)
{
    return rt_chi_square_rng(p[0], r, e);
}
static double beta_rng_w(const double *p, RtRng *r, RtError *e)
{
    return rt_beta_rng(p[0], p[1], r, e);
}
static double uniform_rng_w(const double *p, RtRng *r, RtError *e)
{
    return rt_uniform_rng(p[0], p[1], r, e);
}

typedef struct Dist {
    const char *name;
    int k;                          /* arguments, y included */
    LpdfFn lpdf;
    CdfFn lcdf, lccdf, cdf;
    double (*ref)(const double *x, bool cdf);
    double pt[NV][4];               /* valid points (y, params) */
    double propto_const;            /* full - propto per term, all ad */
    RngFn rng;
    double rng_par[4];              /* params of the draws: pt order */
    double mean, var;               /* NAN: no moments (cauchy) */
} Dist;

#define FNS(N) N##_lpdf_w, N##_lcdf_w, N##_lccdf_w, N##_cdf_w, ref_##N

static const Dist dists[] = {
    {"normal", 3, FNS(normal),
     {{0.3, 0.1, 1.2}, {-1.5, 0.4, 0.7}, {2.2, -0.3, 1.9}, {0.0, 1.0, 0.5},
      {4.1, 2.0, 3.0}},
     0.91893853320467274178, normal_rng_w, {0, 1, 2}, 1, 4},
    {"std_normal", 1, FNS(std_normal),
     {{0.3}, {-1.5}, {2.2}, {0.01}, {-0.7}},
     0.91893853320467274178, std_normal_rng_w, {0}, 0, 1},
    {"student_t", 4, FNS(student_t),
     {{0.3, 3.5, 0.1, 1.2}, {-1.5, 1.2, 0.4, 0.7}, {2.2, 7.0, -0.3, 1.9},
      {0.05, 2.5, 1.0, 0.5}, {4.1, 12.0, 2.0, 3.0}},
     0.57236494292470008707, student_t_rng_w, {0, 10, 1, 2}, 1, 5},
    {"cauchy", 3, FNS(cauchy),
     {{0.3, 0.1, 1.2}, {-1.5, 0.4, 0.7}, {2.2, -0.3, 1.9}, {0.0, 1.0, 0.5},
      {4.1, 2.0, 3.0}},
     1.14472988584940017414, cauchy_rng_w, {0, 1, 2}, NAN, NAN},
    {"double_exponential", 3, FNS(double_exponential),
     {{0.3, 0.1, 1.2}, {-1.5, 0.4, 0.7}, {2.2, -0.3, 1.9}, {0.2, 1.0, 0.5},
      {4.1, 2.0, 3.0}},
     0.69314718055994530942, double_exponential_rng_w, {0, 1, 2}, 1, 8},
    {"logistic", 3, FNS(logistic),
     {{0.3, 0.1, 1.2}, {-1.5, 0.4, 0.7}, {2.2, -0.3, 1.9}, {0.0, 1.0, 0.5},
      {4.1, 2.0, 3.0}},
     0, logistic_rng_w, {0, 1, 2}, 1, 13.159472534785811},
    {"lognormal", 3, FNS(lognormal),
     {{0.3, 0.1, 1.2}, {1.5, 0.4, 0.7}, {2.2, -0.3, 1.9}, {0.8, 1.0, 0.5},
      {4.1, 2.0, 3.0}},
     0.91893853320467274178, lognormal_rng_w, {0, 0.5, 0.4},
     1.7860384307500734, 0.55045917457069},
    {"exponential", 2, FNS(exponential),
     {{0.3, 1.2}, {1.5, 0.7}, {2.2, 1.9}, {0.8, 0.5}, {4.1, 3.0}},
     0, exponential_rng_w, {0, 2}, 0.5, 0.25},
    {"gamma", 3, FNS(gamma),
     {{0.3, 2.5, 1.2}, {1.5, 0.7, 0.7}, {2.2, 4.0, 1.9}, {0.8, 1.5, 0.5},
      {4.1, 3.0, 3.0}},
     0, gamma_rng_w, {0, 3, 2}, 1.5, 0.75},
    {"inv_gamma", 3, FNS(inv_gamma),
     {{0.3, 2.5, 1.2}, {1.5, 0.7, 0.7}, {2.2, 4.0, 1.9}, {0.8, 1.5, 0.5},
      {4.1, 3.0, 3.0}},
     0, inv_gamma_rng_w, {0, 10, 3}, 1.0 / 3, 9.0 / 648},
    {"weibull", 3, FNS(weibull),
     {{0.3, 2.5, 1.2}, {1.5, 0.7, 0.7}, {2.2, 4.0, 1.9}, {0.8, 1.5, 0.5},
      {4.1, 3.0, 3.0}},
     0, weibull_rng_w, {0, 2, 3}, 2.6586807763582730,
     1.9314051255357826},
    {"chi_square", 2, FNS(chi_square),
     {{0.3, 2.5}, {1.5, 0.7}, {2.2, 4.0}, {0.8, 1.5}, {4.1, 3.0}},
     0, chi_square_rng_w, {0, 4}, 4, 8},
    {"beta", 3, FNS(beta),
     {{0.3, 2.5, 1.2}, {0.15, 0.7, 0.7}, {0.62, 4.0, 1.9}, {0.8, 1.5, 0.5},
      {0.45, 3.0, 3.0}},
     0, beta_rng_w, {0, 2, 3}, 0.4, 0.04},
    {"uniform", 3, FNS(uniform),
     {{0.3, -1.0, 2.0}, {1.5, -0.5, 2.5}, {0.2, 0.1, 1.9}, {0.8, -2.0, 1.5},
      {1.1, -1.5, 3.0}},
     0, uniform_rng_w, {0, -1, 3}, 1, 16.0 / 12},
};

#define NDISTS ((int)(sizeof dists / sizeof dists[0]))

/* ---------------------------------------------------------- argument set */

/* The arguments of one call: arg j has n[j] values (1 or NV). */
typedef struct Args {
    double x[4][NV], g[4][NV];
    int n[4];
    RtArg a[4];
} Args;

/* Point i's values; vec_mask bit j makes arg j a vector of the NV points'
 * values, otherwise a scalar with point `scalar_pt`'s value. */
static void args_fill(Args *A, const Dist *D, unsigned vec_mask,
                      int scalar_pt, bool with_g, bool ad)
{
    memset(A, 0, sizeof *A);
    for (int j = 0; j < D->k; j++) {
        A->n[j] = (vec_mask >> j) & 1 ? NV : 1;
        for (int i = 0; i < A->n[j]; i++)
            A->x[j][i] = D->pt[A->n[j] == 1 ? scalar_pt : i][j];
        A->a[j] = rt_argn(A->x[j], with_g ? A->g[j] : NULL, A->n[j], ad);
    }
}

static void args_no_g(Args *A, int k)
{
    for (int j = 0; j < k; j++)
        A->a[j].g = NULL;
}

static double rel_err(double got, double want)
{
    if (got == want)
        return 0;
    return fabs(got - want) / fmax(1, fabs(want));
}

#define ASSERT_CLOSE(got, want, tol, ...)                                    \
    do {                                                                     \
        double g_ = (got), w_ = (want);                                      \
        if (!(rel_err(g_, w_) <= (tol))) {                                   \
            print_error(__VA_ARGS__);                                        \
            print_error(": got %.17g, want %.17g\n", g_, w_);                \
            fail();                                                          \
        }                                                                    \
    } while (0)

typedef enum Kind { K_LPDF, K_LCDF, K_LCCDF, K_CDF } Kind;
static const char *kind_names[] = {"lpdf", "lcdf", "lccdf", "cdf"};

static double call(const Dist *D, Kind kind, Args *A, bool propto,
                   double adj, RtError *err)
{
    switch (kind) {
    case K_LPDF:
        return D->lpdf(A->a, propto, adj, err);
    case K_LCDF:
        return D->lcdf(A->a, adj, err);
    case K_LCCDF:
        return D->lccdf(A->a, adj, err);
    case K_CDF:
        return D->cdf(A->a, adj, err);
    }
    return NAN;
}

/* Every partial against central differences of the value. */
static void check_gradient(const Dist *D, Kind kind, unsigned vec_mask,
                           int scalar_pt, bool propto)
{
    Args A;
    RtError err = {.msg = ""};
    args_fill(&A, D, vec_mask, scalar_pt, true, true);
    double v = call(D, kind, &A, propto, 1, &err);
    assert_true(isfinite(v));
    args_no_g(&A, D->k);
    for (int j = 0; j < D->k; j++) {
        for (int i = 0; i < A.n[j]; i++) {
            double x0 = A.x[j][i], h = 1e-6 * fmax(1, fabs(x0));
            A.x[j][i] = x0 + h;
            double fp = call(D, kind, &A, propto, 1, &err);
            A.x[j][i] = x0 - h;
            double fm = call(D, kind, &A, propto, 1, &err);
            A.x[j][i] = x0;
            double fd = (fp - fm) / (2 * h);
            /* differences lose about 1e-10 of the value itself */
            double tol = 1e-6 + 1e-9 * fabs(v) / fmax(1, fabs(fd));
            ASSERT_CLOSE(A.g[j][i], fd, tol,
                         "%s_%s%s mask %u pt %d: d/d arg %d [%d]", D->name,
                         kind_names[kind], propto ? " propto" : "", vec_mask,
                         scalar_pt, j, i);
        }
    }
}

/* ----------------------------------------------------------------- tests */

static void test_values(void **state)
{
    (void)state;
    for (int d = 0; d < NDISTS; d++) {
        const Dist *D = &dists[d];
        for (int i = 0; i < NV; i++) {
            Args A;
            RtError err = {.msg = ""};
            args_fill(&A, D, 0, i, false, true);
            const double *x = D->pt[i];
            double f = D->ref(x, false), F = D->ref(x, true);
            ASSERT_CLOSE(call(D, K_LPDF, &A, false, 1, &err), log(f), 1e-11,
                         "%s_lpdf at point %d", D->name, i);
            ASSERT_CLOSE(call(D, K_CDF, &A, false, 1, &err), F, 1e-11,
                         "%s_cdf at point %d", D->name, i);
            ASSERT_CLOSE(call(D, K_LCDF, &A, false, 1, &err), log(F), 1e-11,
                         "%s_lcdf at point %d", D->name, i);
            ASSERT_CLOSE(call(D, K_LCCDF, &A, false, 1, &err), log1p(-F),
                         1e-11, "%s_lccdf at point %d", D->name, i);
        }
        /* vectorized: the sum of the scalar terms, the product of cdfs */
        Args A;
        RtError err = {.msg = ""};
        args_fill(&A, D, 0x5, 0, false, true);
        double want = 0, wantc = 1;
        for (int i = 0; i < NV; i++) {
            double x[4];
            for (int j = 0; j < D->k; j++)
                x[j] = A.x[j][A.n[j] == 1 ? 0 : i];
            want += log(D->ref(x, false));
            wantc *= D->ref(x, true);
        }
        ASSERT_CLOSE(call(D, K_LPDF, &A, false, 1, &err), want, 1e-11,
                     "%s_lpdf vectorized", D->name);
        ASSERT_CLOSE(call(D, K_CDF, &A, false, 1, &err), wantc, 1e-11,
                     "%s_cdf vectorized", D->name);
    }
}

static void test_gradients(void **state)
{
    (void)state;
    for (int d = 0; d < NDISTS; d++) {
        const Dist *D = &dists[d];
        for (int kind = K_LPDF; kind <= K_CDF; kind++) {
            for (int i = 0; i < NV; i++)
                check_gradient(D, (Kind)kind, 0, i, false);
            check_gradient(D, (Kind)kind, 0x5, 0, false);
            check_gradient(D, (Kind)kind, 0xA, 0, false);
            check_gradient(D, (Kind)kind, 0xF, 0, false);
        }
        check_gradient(D, K_LPDF, 0x5, 0, true);
    }
}

static void test_propto(void **state)
{
    (void)state;
    for (int d = 0; d < NDISTS; d++) {
        const Dist *D = &dists[d];
        Args A;
        RtError err = {.msg = ""};
        /* every argument ad: exactly the constant goes */
        args_fill(&A, D, 0x5, 0, false, true);
        double full = call(D, K_LPDF, &A, false, 1, &err);
        double prop = call(D, K_LPDF, &A, true, 1, &err);
        ASSERT_CLOSE(prop - full, NV * D->propto_const, 1e-12,
                     "%s propto, all ad", D->name);
        /* nothing ad: nothing is left */
        args_fill(&A, D, 0x5, 0, false, false);
        assert_true(call(D, K_LPDF, &A, true, 1, &err) == 0);
        /* one argument data: the dropped terms depend on it alone, so the
         * difference does not move when the others do */
        for (int j = 0; j < D->k && D->k > 1; j++) {
            args_fill(&A, D, 0x5, 0, false, true);
            A.a[j].ad = false;
            double diff1 = call(D, K_LPDF, &A, false, 1, &err) -
                           call(D, K_LPDF, &A, true, 1, &err);
            for (int m = 0; m < D->k; m++)
                if (m != j)
                    for (int i = 0; i < A.n[m]; i++)
                        A.x[m][i] = D->pt[(i + 2) % NV][m];
            double diff2 = call(D, K_LPDF, &A, false, 1, &err) -
                           call(D, K_LPDF, &A, true, 1, &err);
            ASSERT_CLOSE(diff1, diff2, 1e-12, "%s propto, arg %d data",
                         D->name, j);
        }
    }
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
    for (int d = 0; d < NDISTS; d++) {
        const Dist *D = &dists[d];
        for (int kind = K_LPDF; kind <= K_CDF; kind++) {
            Args A, B;
            RtError err = {.msg = ""};
            args_fill(&A, D, 0x5, 0, true, true);
            args_fill(&B, D, 0x5, 0, true, true);
            for (int j = 0; j < D->k; j++)
                for (int i = 0; i < NV; i++)
                    B.g[j][i] = 0.5 + j + 0.1 * i;
            double va = call(D, (Kind)kind, &A, false, 1, &err);
            double vb = call(D, (Kind)kind, &B, false, 2.5, &err);
            assert_true(va == vb);
            for (int j = 0; j < D->k; j++)
                for (int i = 0; i < A.n[j]; i++)
                    ASSERT_CLOSE(B.g[j][i], 0.5 + j + 0.1 * i + 2.5 * A.g[j][i],
                                 1e-13, "%s_%s accumulate", D->name,
                                 kind_names[kind]);
            /* and without adjoints the value is the same */
            args_no_g(&A, D->k);
            assert_true(call(D, (Kind)kind, &A, false, 1, &err) == va);
        }
    }
}

static void test_empty(void **state)
{
    (void)state;
    for (int d = 0; d < NDISTS; d++) {
        const Dist *D = &dists[d];
        Args A;
        RtError err = {.msg = ""};
        args_fill(&A, D, 0xF, 0, true, true);
        for (int j = 0; j < D->k; j++)
            A.a[j].n = 0;
        assert_true(call(D, K_LPDF, &A, false, 1, &err) == 0);
        assert_true(call(D, K_LCDF, &A, false, 1, &err) == 0);
        assert_true(call(D, K_LCCDF, &A, false, 1, &err) == 0);
        assert_true(call(D, K_CDF, &A, false, 1, &err) == 1);
        /* an empty y against scalar parameters too */
        args_fill(&A, D, 0x1, 0, true, true);
        A.a[0].n = 0;
        assert_true(call(D, K_LPDF, &A, false, 1, &err) == 0);
    }
}

static void test_rng(void **state)
{
    (void)state;
    for (int d = 0; d < NDISTS; d++) {
        const Dist *D = &dists[d];
        const double *p = D->rng_par + 1;      /* rng_par[0] is y's slot */
        RtRng *r1 = rt_rng_new(1234, 1), *r2 = rt_rng_new(1234, 1);
        RtError err = {.msg = ""};
        static double draws[NDRAWS];
        double sum = 0;
        for (int i = 0; i < NDRAWS; i++) {
            draws[i] = D->rng(p, r1, &err);
            assert_true(draws[i] == D->rng(p, r2, &err));
            sum += draws[i];
        }
        rt_rng_free(r1);
        rt_rng_free(r2);
        /* the empirical cdf at three points */
        double x[4] = {0, p[0], p[1], p[2]};
        double q[3] = {-0.5, 0.5, 1.5};
        for (int t = 0; t < 3; t++) {
            x[0] = D->mean == D->mean ? D->mean + q[t] * sqrt(D->var)
                                      : p[0] + q[t] * p[1];
            if (D == &dists[1])     /* std_normal's draws ignore p */
                x[0] = q[t];
            double F = D->ref(x, true), below = 0;
            for (int i = 0; i < NDRAWS; i++)
                below += draws[i] <= x[0];
            double se = sqrt(F * (1 - F) / NDRAWS);
            if (fabs(below / NDRAWS - F) > 5 * se + 1e-12) {
                print_error("%s_rng: P(Y <= %g) = %g, want %g\n", D->name,
                            x[0], below / NDRAWS, F);
                fail();
            }
        }
        if (D->mean != D->mean)
            continue;
        double mean = sum / NDRAWS, m2 = 0, m4 = 0;
        for (int i = 0; i < NDRAWS; i++) {
            double c = draws[i] - mean;
            m2 += c * c;
            m4 += c * c * c * c;
        }
        m2 /= NDRAWS - 1;
        m4 /= NDRAWS;
        double se_mean = sqrt(D->var / NDRAWS);
        double se_var = sqrt((m4 - m2 * m2) / NDRAWS);
        if (fabs(mean - D->mean) > 5 * se_mean ||
            fabs(m2 - D->var) > 5 * se_var) {
            print_error("%s_rng: mean %g var %g, want %g %g\n", D->name, mean,
                        m2, D->mean, D->var);
            fail();
        }
    }
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
