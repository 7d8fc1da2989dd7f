/* test_rt_laplace.c - the embedded Laplace approximation with the
 * built-in likelihoods (rt_laplace.h).
 *
 * References computed here independently of laplace.c:
 * - one latent variable with Poisson counts: the mode of the log joint by
 *   bisection on its derivative, and Laplace's formula
 *   f(theta*) + log(2 pi / H) / 2 (H = -f''(theta*)); the true log
 *   marginal by the trapezoidal rule, which the approximation must come
 *   close to (its error shrinks with the number of counts);
 * - the gradient with respect to the covariance function's arguments
 *   (alpha, rho of gp_exp_quad_cov), the offsets m and the negative
 *   binomial's dispersion by central finite differences of the value, for
 *   each of the three likelihoods;
 * - the draws of laplace_latent_*_rng: mean and variance of many draws
 *   against the mode and (1/K + W)^-1 in one dimension.
 * Then the rejections of bad inputs, with their messages. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pplrt.h"

/* ---------------------------------------------------- one dimension */

static const int y1d[] = {3, 1, 4, 2, 5, 2};
static const int idx1d[] = {1, 1, 1, 1, 1, 1};
enum { NY1D = 6 };

/* log p(y | theta) + log normal(theta | 0, s2) and its derivative. */
static double log_joint_1d(double theta, double m, double s2, double *d1)
{
    double f = -0.5 * theta * theta / s2 - 0.5 * log(2 * M_PI * s2);
    double d = -theta / s2;
    for (int i = 0; i < NY1D; i++) {
        double x = theta + m;
        f += y1d[i] * x - exp(x) - lgamma(y1d[i] + 1.0);
        d += y1d[i] - exp(x);
    }
    if (d1)
        *d1 = d;
    return f;
}

static void test_poisson_one_dimension(void **state)
{
    (void)state;
    double s2 = 0.8, m = 0.2;
    /* the mode: the derivative decreases from + to - */
    double lo = -20, hi = 20;
    for (int k = 0; k < 200; k++) {
        double mid = 0.5 * (lo + hi), d;
        log_joint_1d(mid, m, s2, &d);
        if (d > 0)
            lo = mid;
        else
            hi = mid;
    }
    double mode = 0.5 * (lo + hi);
    double H = 1 / s2 + NY1D * exp(mode + m);
    double laplace = log_joint_1d(mode, m, s2, NULL)
        + 0.5 * log(2 * M_PI / H);

    RtLaplaceLikelihood lik = {RT_LAPLACE_POISSON_LOG, 1, NY1D, y1d, idx1d,
                               &m, 0};
    double K = s2, lml = 0;
    RtError err = {0};
    RtLaplaceOptions o = RT_LAPLACE_DEFAULTS(1);
    o.tol = 1e-14;
    assert_int_equal(rt_laplace_marginal("t", &lik, &K, &o, &lml, &err), 0);
    assert_true(fabs(lml - laplace) < 1e-9);

    /* the true log marginal, by the trapezoidal rule on [-12, 12] */
    int steps = 200000;
    double h = 24.0 / steps, sum = 0, peak = log_joint_1d(mode, m, s2, NULL);
    for (int k = 0; k <= steps; k++) {
        double t = -12 + k * h;
        double wgt = (k == 0 || k == steps) ? 0.5 : 1;
        sum += wgt * exp(log_joint_1d(t, m, s2, NULL) - peak);
    }
    double exact = peak + log(sum * h);
    /* Laplace's method is an approximation: with six counts its error
     * here is 3.6e-3 (measured); it must be small, not zero. */
    assert_true(fabs(lml - exact) < 5e-3);
    assert_true(fabs(lml - exact) > 1e-6);

    /* the initial guess does not change the answer */
    double theta0 = 1.5;
    o.theta0 = &theta0;
    double lml2 = 0;
    assert_int_equal(rt_laplace_marginal("t", &lik, &K, &o, &lml2, &err), 0);
    assert_true(fabs(lml2 - lml) < 1e-9);
}

static void test_latent_rng_one_dimension(void **state)
{
    (void)state;
    double s2 = 0.8, m = 0.2, K = s2;
    RtLaplaceLikelihood lik = {RT_LAPLACE_POISSON_LOG, 1, NY1D, y1d, idx1d,
                               &m, 0};
    RtLaplaceOptions o = RT_LAPLACE_DEFAULTS(1);
    o.tol = 1e-14;
    RtError err = {0};
    RtRng *rng = rt_rng_new(20261125, 1);
    assert_non_null(rng);
    int ndraws = 40000;
    double sum = 0, sumsq = 0;
    for (int k = 0; k < ndraws; k++) {
        double t;
        assert_int_equal(rt_laplace_latent_rng("t", &lik, &K, &o, rng, &t,
                                               &err), 0);
        sum += t;
        sumsq += t * t;
    }
    rt_rng_free(rng);
    double mean = sum / ndraws, var = sumsq / ndraws - mean * mean;
    /* the mode and the curvature there, as in the test above */
    double lo = -20, hi = 20;
    for (int k = 0; k < 200; k++) {
        double mid = 0.5 * (lo + hi), d;
        log_joint_1d(mid, m, s2, &d);
        if (d > 0)
            lo = mid;
        else
            hi = mid;
    }
    double mode = 0.5 * (lo + hi);
    double want_var = 1 / (1 / s2 + NY1D * exp(mode + m));
    /* 40000 draws: the mean's standard error is sqrt(var / 40000) */
    assert_true(fabs(mean - mode) < 4 * sqrt(want_var / ndraws));
    assert_true(fabs(var / want_var - 1) < 0.03);
}

/* ------------------------------------------------ gradients, n = 3 */

enum { N = 3, NY = 7, NPAR = 6 };   /* alpha, rho, m[3], eta */

static const double xs[N] = {0.0, 0.7, 1.9};
static const int ys[NY] = {2, 0, 5, 3, 1, 4, 6};
static const int yb[NY] = {1, 0, 1, 1, 0, 0, 1};
static const int gs[NY] = {1, 1, 2, 2, 3, 3, 3};

/* gp_exp_quad_cov(xs, alpha, rho) + 1e-6 I and its derivatives. */
static void kernel(double alpha, double rho, double *K, double *dKa,
                   double *dKr)
{
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) {
            double d2 = (xs[i] - xs[j]) * (xs[i] - xs[j]);
            double k = alpha * alpha * exp(-d2 / (2 * rho * rho));
            K[i * N + j] = k + (i == j ? 1e-6 : 0);
            if (dKa)
                dKa[i * N + j] = 2 * k / alpha;
            if (dKr)
                dKr[i * N + j] = k * d2 / (rho * rho * rho);
        }
}

static double value_at(RtLaplaceLik kind, const double *par)
{
    double K[N * N];
    kernel(par[0], par[1], K, NULL, NULL);
    RtLaplaceLikelihood lik = {kind, N, NY,
                               kind == RT_LAPLACE_BERNOULLI_LOGIT ? yb : ys,
                               gs, par + 2, par[5]};
    RtLaplaceOptions o = RT_LAPLACE_DEFAULTS(1);
    o.tol = 1e-15;
    double lml = 0;
    RtError err = {0};
    assert_int_equal(rt_laplace_marginal("t", &lik, K, &o, &lml, &err), 0);
    return lml;
}

static void check_gradient(RtLaplaceLik kind)
{
    double par[NPAR] = {1.3, 0.9, 0.1, -0.2, 0.3, 2.5};
    double K[N * N], dKa[N * N], dKr[N * N];
    kernel(par[0], par[1], K, dKa, dKr);
    RtLaplaceLikelihood lik = {kind, N, NY,
                               kind == RT_LAPLACE_BERNOULLI_LOGIT ? yb : ys,
                               gs, par + 2, par[5]};
    RtLaplaceOptions o = RT_LAPLACE_DEFAULTS(1);
    o.tol = 1e-15;
    double lml = 0, Kadj[N * N] = {0}, madj[N] = {0}, etaadj = 0;
    RtError err = {0};
    /* adj 2: the adjoints are scaled by it */
    assert_int_equal(rt_laplace_marginal_grad("t", &lik, K, &o, 2.0, &lml,
                                              Kadj, madj, &etaadj, &err), 0);
    assert_true(fabs(lml - value_at(kind, par)) < 1e-12);
    double grad[NPAR] = {0};
    for (int k = 0; k < N * N; k++) {
        grad[0] += 0.5 * Kadj[k] * dKa[k];
        grad[1] += 0.5 * Kadj[k] * dKr[k];
    }
    for (int j = 0; j < N; j++)
        grad[2 + j] = 0.5 * madj[j];
    grad[5] = 0.5 * etaadj;
    for (int p = 0; p < NPAR; p++) {
        if (p == 5 && kind != RT_LAPLACE_NEG_BINOMIAL_2_LOG)
            continue;
        double h = 1e-5, up[NPAR], dn[NPAR];
        memcpy(up, par, sizeof par);
        memcpy(dn, par, sizeof par);
        up[p] += h;
        dn[p] -= h;
        double fd = (value_at(kind, up) - value_at(kind, dn)) / (2 * h);
        if (fabs(fd - grad[p]) > 1e-6 * (1 + fabs(fd)))
            fail_msg("likelihood %d, parameter %d: closed form %.10g, "
                     "finite differences %.10g", (int)kind, p, grad[p], fd);
    }
}

static void test_gradient_poisson(void **state)
{
    (void)state;
    check_gradient(RT_LAPLACE_POISSON_LOG);
}

static void test_gradient_neg_binomial(void **state)
{
    (void)state;
    check_gradient(RT_LAPLACE_NEG_BINOMIAL_2_LOG);
}

static void test_gradient_bernoulli(void **state)
{
    (void)state;
    check_gradient(RT_LAPLACE_BERNOULLI_LOGIT);
}

/* ------------------------------------------ a user log likelihood */

/* normal_lpdf(z | theta, sigma) summed, sigma = phi[0]: the Laplace
 * approximation is exact for it, log p(z) = multi_normal_lpdf(z | 0,
 * K + sigma^2 I). */
static const double zs[N] = {0.4, -1.1, 0.8};

static int gauss_lik(void *ctx, const double *theta, double *lp,
                     double *g_theta, double *g_phi, RtError *err)
{
    (void)err;
    double sigma = *(const double *)ctx, s = 0, gsig = 0;
    for (int i = 0; i < N; i++) {
        double r = (zs[i] - theta[i]) / sigma;
        s += -0.5 * r * r - log(sigma) - 0.5 * log(2 * M_PI);
        if (g_theta)
            g_theta[i] += r / sigma;
        gsig += r * r / sigma - 1 / sigma;
    }
    if (g_phi)
        g_phi[0] += gsig;
    *lp = s;
    return 0;
}

/* multi_normal_lpdf(zs | 0, K + sigma^2 I) by a Cholesky factor written
 * here (Cholesky-Banachiewicz). */
static double gauss_exact(const double *K, double sigma)
{
    double A[N * N], L[N * N] = {0}, x[N];
    for (int k = 0; k < N * N; k++)
        A[k] = K[k] + (k % (N + 1) == 0 ? sigma * sigma : 0);
    for (int i = 0; i < N; i++)
        for (int j = 0; j <= i; j++) {
            double s = A[i * N + j];
            for (int k = 0; k < j; k++)
                s -= L[i * N + k] * L[j * N + k];
            L[i * N + j] = i == j ? sqrt(s) : s / L[j * N + j];
        }
    double q = 0, ld = 0;
    for (int i = 0; i < N; i++) {
        double s = zs[i];
        for (int k = 0; k < i; k++)
            s -= L[i * N + k] * x[k];
        x[i] = s / L[i * N + i];
        q += x[i] * x[i];
        ld += log(L[i * N + i]);
    }
    return -0.5 * q - ld - 0.5 * N * log(2 * M_PI);
}

/* Both Newton routes: the diagonal Hessian of block size 1 (B = I +
 * sW K sW) and a dense one (block size N: I + L'WL, K = LL'). */
static void check_user_gaussian(int block)
{
    double K[N * N], dKa[N * N], sigma = 0.7;
    kernel(1.3, 0.9, K, dKa, NULL);
    RtLaplaceUser u = {N, 1, gauss_lik, &sigma};
    RtLaplaceOptions o = RT_LAPLACE_DEFAULTS(block);
    o.tol = 1e-12;
    double lml = 0, Kadj[N * N] = {0}, sadj = 0;
    RtError err = {0};
    assert_int_equal(rt_laplace_marginal_user_grad("t", &u, K, &o, 1.0, &lml,
                                                   Kadj, &sadj, &err), 0);
    double exact = gauss_exact(K, sigma);
    if (fabs(lml - exact) > 1e-8)
        fail_msg("Laplace %.12g, multi_normal %.12g", lml, exact);
    /* gradients against finite differences of the exact value */
    double h = 1e-6, Ka[N * N], Kb[N * N], ga = 0;
    kernel(1.3 + h, 0.9, Ka, NULL, NULL);
    kernel(1.3 - h, 0.9, Kb, NULL, NULL);
    double fd_alpha = (gauss_exact(Ka, sigma) - gauss_exact(Kb, sigma))
        / (2 * h);
    for (int k = 0; k < N * N; k++)
        ga += Kadj[k] * dKa[k];
    double fd_sigma = (gauss_exact(K, sigma + h) - gauss_exact(K, sigma - h))
        / (2 * h);
    if (fabs(ga - fd_alpha) > 1e-5 * (1 + fabs(fd_alpha))
        || fabs(sadj - fd_sigma) > 1e-5 * (1 + fabs(fd_sigma)))
        fail_msg("alpha: %.10g vs %.10g; sigma: %.10g vs %.10g", ga,
                 fd_alpha, sadj, fd_sigma);
}

static void test_user_gaussian_is_exact(void **state)
{
    (void)state;
    check_user_gaussian(1);
    check_user_gaussian(N);
}

/* The Poisson likelihood as a user function, phi = m: the general route
 * must agree with the built-in one. */
static int poisson_lik(void *ctx, const double *theta, double *lp,
                       double *g_theta, double *g_phi, RtError *err)
{
    (void)err;
    const double *m = ctx;
    double s = 0;
    for (int i = 0; i < NY; i++) {
        int j = gs[i] - 1;
        double x = theta[j] + m[j];
        s += ys[i] * x - exp(x) - lgamma(ys[i] + 1.0);
        if (g_theta) {
            g_theta[j] += ys[i] - exp(x);
            g_phi[j] += ys[i] - exp(x);
        }
    }
    *lp = s;
    return 0;
}

static void test_user_matches_builtin(void **state)
{
    (void)state;
    double K[N * N], m[N] = {0.1, -0.2, 0.3};
    kernel(1.3, 0.9, K, NULL, NULL);
    RtLaplaceOptions o = RT_LAPLACE_DEFAULTS(1);
    o.tol = 1e-12;
    RtError err = {0};
    RtLaplaceLikelihood lik = {RT_LAPLACE_POISSON_LOG, N, NY, ys, gs, m, 0};
    double lml = 0, Kadj[N * N] = {0}, madj[N] = {0};
    assert_int_equal(rt_laplace_marginal_grad("t", &lik, K, &o, 1.0, &lml,
                                              Kadj, madj, NULL, &err), 0);
    RtLaplaceUser u = {N, N, poisson_lik, m};
    double ulml = 0, uK[N * N] = {0}, um[N] = {0};
    assert_int_equal(rt_laplace_marginal_user_grad("t", &u, K, &o, 1.0,
                                                   &ulml, uK, um, &err), 0);
    assert_true(fabs(ulml - lml) < 1e-8);
    for (int k = 0; k < N * N; k++)
        if (fabs(uK[k] - Kadj[k]) > 1e-5 * (1 + fabs(Kadj[k])))
            fail_msg("dZ/dK[%d]: user %.10g, built-in %.10g", k, uK[k],
                     Kadj[k]);
    for (int j = 0; j < N; j++)
        if (fabs(um[j] - madj[j]) > 1e-5 * (1 + fabs(madj[j])))
            fail_msg("dZ/dm[%d]: user %.10g, built-in %.10g", j, um[j],
                     madj[j]);
}

/* ------------------------------------------------------- rejections */

static void expect_error(const RtLaplaceLikelihood *lik, const double *K,
                         const RtLaplaceOptions *o, const char *text)
{
    RtError err = {0};
    double lml;
    assert_int_not_equal(rt_laplace_marginal("laplace_marginal_x", lik, K,
                                             o, &lml, &err), 0);
    if (!strstr(err.msg, text))
        fail_msg("message '%s' lacks '%s'", err.msg, text);
}

static void test_rejections(void **state)
{
    (void)state;
    double K[N * N], m[N] = {0, 0, 0};
    kernel(1.0, 1.0, K, NULL, NULL);
    RtLaplaceOptions o = RT_LAPLACE_DEFAULTS(1);
    int bad_idx[NY] = {1, 1, 2, 2, 3, 3, 4};
    RtLaplaceLikelihood lik = {RT_LAPLACE_POISSON_LOG, N, NY, ys, bad_idx,
                               m, 0};
    expect_error(&lik, K, &o, "y_index[7] is 4; it must be between 1 and 3");
    lik.y_index = gs;
    lik.kind = RT_LAPLACE_BERNOULLI_LOGIT;
    expect_error(&lik, K, &o, "y[1] is 2, but must be 0 or 1");
    lik.kind = RT_LAPLACE_NEG_BINOMIAL_2_LOG;
    lik.eta = -1;
    expect_error(&lik, K, &o, "the dispersion eta is -1");
    lik.kind = RT_LAPLACE_POISSON_LOG;
    o.max_steps = 1;
    o.tol = 1e-300;
    expect_error(&lik, K, &o, "did not converge in 1 steps");
    o = RT_LAPLACE_DEFAULTS(1);
    o.solver = 4;
    expect_error(&lik, K, &o, "the solver is 4, but must be 1, 2 or 3");
    o = RT_LAPLACE_DEFAULTS(0);
    expect_error(&lik, K, &o, "the hessian block size is 0");
    o = RT_LAPLACE_DEFAULTS(1);
    double notcov[N * N] = {1, 2, 0, 2, 1, 0, 0, 0, 1};
    expect_error(&lik, notcov, &o, "is not positive definite");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_poisson_one_dimension),
        cmocka_unit_test(test_latent_rng_one_dimension),
        cmocka_unit_test(test_gradient_poisson),
        cmocka_unit_test(test_gradient_neg_binomial),
        cmocka_unit_test(test_gradient_bernoulli),
        cmocka_unit_test(test_user_gaussian_is_exact),
        cmocka_unit_test(test_user_matches_builtin),
        cmocka_unit_test(test_rejections),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
