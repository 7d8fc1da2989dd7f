/* test_rt_dist_multi.c - multivariate distributions (rt_dist_multi.h).
 *
 * multi_normal against a hand-written formula with GSL's Cholesky;
 * multi_normal_cholesky(y | mu, cholesky_decompose(Sigma)) against
 * multi_normal(y | mu, Sigma) in value and, through
 * rt_cholesky_decompose_adj, in the gradient w.r.t. Sigma; every partial
 * against central finite differences (buffers start non-zero); propto
 * dropping exactly Stan's terms; Stan's messages; rng moments over 20000
 * draws within 5 standard errors and determinism for a seed. */
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

#include <gsl/gsl_errno.h>
#include <gsl/gsl_linalg.h>

#include "pplrt.h"
#include "rt_test_util.h"
#include "rt_dist_multi.h"
#include "rt_linalg.h"

static const int SIZES[] = {1, 2, 3, 5};

static void fill_spd(TestRng *r, double *A, int n)
{
    double B[25];
    fill_normal(r, B, n * n);
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            double s = i == j ? 0.5 * n : 0;
            for (int k = 0; k < n; k++)
                s += B[i * n + k] * B[j * n + k];
            A[i * n + j] = s;
        }
}

static bool near(double got, double want, double tol)
{
    return fabs(got - want) <= tol * fmax(1, fabs(want));
}

static RtMat mat(const double *x, double *g, int rows, int cols, bool ad)
{
    RtMat m = {x, g, rows, cols, ad};
    return m;
}

/* --------------------------------------------------- finite differences */

/* A density of the flat vector x; the caller picks what x holds. */
typedef double (*Density)(const void *ctx, double *x);

/* Fourth-order central difference along x[i] (and x[j] with it). */
static double fd(Density f, const void *ctx, double *x, int i, int j)
{
    /* j moves with i; along the simplex pass j as -(j + 2) to move it
     * against i */
    double sign = 1;
    if (j < -1) {
        j = -j - 2;
        sign = -1;
    }
    double h = 1e-3 * fmax(1, fabs(x[i])), v[4];
    double xi = x[i], xj = j >= 0 ? x[j] : 0;
    static const double st[4] = {-2, -1, 1, 2};
    for (int s = 0; s < 4; s++) {
        x[i] = xi + st[s] * h;
        if (j >= 0)
            x[j] = xj + sign * st[s] * h;
        v[s] = f(ctx, x);
    }
    x[i] = xi;
    if (j >= 0)
        x[j] = xj;
    return (v[0] - 8 * v[1] + 8 * v[2] - v[3]) / (12 * h);
}

static void expect_grad(const char *what, double got, double want)
{
    if (!near(got, want, 1e-6)) {
        print_error("%s: %.12g, finite differences %.12g\n", what, got, want);
        fail();
    }
}

/* ----------------------------------------------------- multi_normal */

typedef struct MvnCtx {
    int K, Ny, Nmu;
    bool chol;                  /* x holds L, not Sigma */
} MvnCtx;

/* x = [y (Ny x K), mu (Nmu x K), Sigma or L (K x K)] */
static double mvn_density(const void *vctx, double *x)
{
    const MvnCtx *c = vctx;
    int K = c->K;
    const double *y = x, *mu = y + c->Ny * K, *S = mu + c->Nmu * K;
    RtMat my = mat(y, NULL, c->Ny, K, true), mm = mat(mu, NULL, c->Nmu, K, true);
    RtMat ms = mat(S, NULL, K, K, true);
    return c->chol ? rt_multi_normal_cholesky_lpdf(my, mm, ms, false, 1, NULL,
                                                   NULL)
                   : rt_multi_normal_lpdf(my, mm, ms, false, 1, NULL, NULL);
}

/* The formula, with GSL's Cholesky. */
static double mvn_reference(const double *y, const double *mu,
                            const double *Sigma, int K)
{
    double L[25], r[5];
    memcpy(L, Sigma, sizeof *L * (size_t)(K * K));
    gsl_matrix_view l = gsl_matrix_view_array(L, (size_t)K, (size_t)K);
    gsl_linalg_cholesky_decomp1(&l.matrix);
    for (int i = 0; i < K; i++)
        r[i] = y[i] - mu[i];
    gsl_vector_view rv = gsl_vector_view_array(r, (size_t)K);
    gsl_linalg_cholesky_svx(&l.matrix, &rv.vector);     /* r = Sigma^-1 r */
    double q = 0, ld = 0;
    for (int i = 0; i < K; i++) {
        q += (y[i] - mu[i]) * r[i];
        ld += 2 * log(gsl_matrix_get(&l.matrix, (size_t)i, (size_t)i));
    }
    return -0.5 * K * log(2 * M_PI) - 0.5 * ld - 0.5 * q;
}

static void test_multi_normal(void **state)
{
    (void)state;
    for (int s = 0; s < 4; s++)
        for (int shape = 0; shape < 3; shape++) {
            int K = SIZES[s];
            MvnCtx c = {K, shape == 0 ? 1 : 3, shape == 2 ? 3 : 1, false};
            TestRng r = {100u + (uint64_t)(s * 3 + shape)};
            int ny = c.Ny * K, nm = c.Nmu * K, nx = ny + nm + K * K;
            double x[80], g[80], g0[80], L[25], gL[25], gS2[25], work[200];
            fill_normal(&r, x, ny + nm);
            fill_spd(&r, x + ny + nm, K);
            double *S = x + ny + nm;
            /* value against the formula */
            double want = 0;
            for (int i = 0; i < 3; i++)
                if (i < c.Ny || i < c.Nmu)
                    want += mvn_reference(x + (c.Ny > 1 ? i * K : 0),
                                          x + ny + (c.Nmu > 1 ? i * K : 0), S, K);
            fill_normal(&r, g0, nx);
            memcpy(g, g0, sizeof g);
            double lp = rt_multi_normal_lpdf(
                mat(x, g, c.Ny, K, true), mat(x + ny, g + ny, c.Nmu, K, true),
                mat(S, g + ny + nm, K, K, true), false, 1, work, NULL);
            assert_true(near(lp, want, 1e-12));
            for (int i = 0; i < nx; i++)
                g[i] -= g0[i];
            for (int i = 0; i < ny + nm; i++)
                expect_grad("multi_normal y/mu", g[i], fd(mvn_density, &c, x, i, -1));
            for (int a = 0; a < K; a++)
                for (int b = 0; b <= a; b++) {
                    int i = ny + nm + a * K + b, j = ny + nm + b * K + a;
                    double got = a == b ? g[i] : g[i] + g[j];
                    expect_grad("multi_normal Sigma", got,
                                fd(mvn_density, &c, x, i, a == b ? -1 : j));
                }
            /* multi_normal_cholesky on chol(Sigma): the same value, and the
             * same Sigma gradient through cholesky_decompose_adj */
            assert_int_equal(rt_cholesky_decompose(S, K, L, NULL), 0);
            memset(gL, 0, sizeof gL);
            memset(gS2, 0, sizeof gS2);
            double lp2 = rt_multi_normal_cholesky_lpdf(
                mat(x, NULL, c.Ny, K, false), mat(x + ny, NULL, c.Nmu, K, false),
                mat(L, gL, K, K, true), false, 1, NULL, NULL);
            assert_true(near(lp2, lp, 1e-12));
            rt_cholesky_decompose_adj(S, L, gL, K, gS2, work);
            for (int i = 0; i < K * K; i++)
                assert_true(near(gS2[i], g[ny + nm + i], 1e-9));
            /* multi_normal_cholesky's own partials, L's upper part unused */
            MvnCtx cc = c;
            cc.chol = true;
            memcpy(x + ny + nm, L, sizeof *L * (size_t)(K * K));
            memcpy(g, g0, sizeof g);
            rt_multi_normal_cholesky_lpdf(
                mat(x, g, c.Ny, K, true), mat(x + ny, g + ny, c.Nmu, K, true),
                mat(x + ny + nm, g + ny + nm, K, K, true), false, 1, NULL, NULL);
            for (int i = 0; i < nx; i++)
                expect_grad("multi_normal_cholesky", g[i] - g0[i],
                            fd(mvn_density, &cc, x, i, -1));
        }
}

/* propto: -K/2 log(2 pi) always goes; log det only if Sigma is data. */
static void test_multi_normal_propto(void **state)
{
    (void)state;
    double y[2] = {0.3, -1}, mu[2] = {0.1, 0.2}, S[4] = {2, 0.3, 0.3, 1}, L[4];
    double c = -log(2 * M_PI), ld = log(2 - 0.09);
    double full = rt_multi_normal_lpdf(mat(y, NULL, 2, 1, false),
                                       mat(mu, NULL, 2, 1, false),
                                       mat(S, NULL, 2, 2, false), false, 1, NULL, NULL);
    double p_data = rt_multi_normal_lpdf(mat(y, NULL, 2, 1, true),
                                         mat(mu, NULL, 2, 1, false),
                                         mat(S, NULL, 2, 2, false), true, 1, NULL, NULL);
    double p_par = rt_multi_normal_lpdf(mat(y, NULL, 2, 1, false),
                                        mat(mu, NULL, 2, 1, false),
                                        mat(S, NULL, 2, 2, true), true, 1, NULL, NULL);
    double p_none = rt_multi_normal_lpdf(mat(y, NULL, 2, 1, false),
                                         mat(mu, NULL, 2, 1, false),
                                         mat(S, NULL, 2, 2, false), true, 1, NULL, NULL);
    assert_true(near(p_par, full - c, 1e-13));
    assert_true(near(p_data, full - c + 0.5 * ld, 1e-13));
    assert_true(near(p_none, 0, 0));
    rt_cholesky_decompose(S, 2, L, NULL);
    double pc = rt_multi_normal_cholesky_lpdf(mat(y, NULL, 2, 1, true),
                                              mat(mu, NULL, 2, 1, false),
                                              mat(L, NULL, 2, 2, false), true, 1,
                                              NULL, NULL);
    assert_true(near(pc, p_data, 1e-13));
}

/* ------------------------------------------------------------ dirichlet */

typedef struct DirCtx {
    int K;
} DirCtx;

static double dir_density(const void *vctx, double *x)
{
    const DirCtx *c = vctx;
    return rt_dirichlet_lpdf(mat(x, NULL, c->K, 1, true),
                             mat(x + c->K, NULL, c->K, 1, true), false, 1, NULL);
}

static void test_dirichlet(void **state)
{
    (void)state;
    for (int s = 1; s < 4; s++) {
        int K = SIZES[s];
        TestRng r = {7u + (uint64_t)s};
        double x[10], g[10], g0[10], sum = 0;
        for (int k = 0; k < K; k++)
            sum += (x[k] = 0.2 + rng_uniform(&r));
        for (int k = 0; k < K; k++) {
            x[k] /= sum;
            x[K + k] = 0.3 + 2 * rng_uniform(&r);
        }
        double want = 0, asum = 0;
        for (int k = 0; k < K; k++) {
            asum += x[K + k];
            want += (x[K + k] - 1) * log(x[k]) - lgamma(x[K + k]);
        }
        want += lgamma(asum);
        fill_normal(&r, g0, 2 * K);
        memcpy(g, g0, sizeof g);
        DirCtx c = {K};
        double lp = rt_dirichlet_lpdf(mat(x, g, K, 1, true),
                                      mat(x + K, g + K, K, 1, true), false, 1, NULL);
        assert_true(near(lp, want, 1e-12));
        /* theta moves on the simplex: along e_k - e_K */
        for (int k = 0; k < K - 1; k++)
            expect_grad("dirichlet theta",
                        (g[k] - g0[k]) - (g[K - 1] - g0[K - 1]),
                        fd(dir_density, &c, x, k, -(K - 1) - 2));
        for (int k = 0; k < K; k++)
            expect_grad("dirichlet alpha", g[K + k] - g0[K + k],
                        fd(dir_density, &c, x, K + k, -1));
        /* propto with theta a parameter drops only the lgamma terms; an
         * array of simplexes sums */
        double p = rt_dirichlet_lpdf(mat(x, NULL, K, 1, true),
                                     mat(x + K, NULL, K, 1, false), true, 1, NULL);
        double kern = want - lgamma(asum);
        for (int k = 0; k < K; k++)
            kern += lgamma(x[K + k]);
        assert_true(near(p, kern, 1e-12));
        double two[10];
        memcpy(two, x, sizeof *x * (size_t)K);
        memcpy(two + K, x, sizeof *x * (size_t)K);
        double lp2 = rt_dirichlet_lpdf(mat(two, NULL, 2, K, false),
                                       mat(x + K, NULL, 1, K, false), false, 1, NULL);
        assert_true(near(lp2, 2 * lp, 1e-12));
    }
}

/* ------------------------------------------------------------------ LKJ */

typedef struct LkjCtx {
    int K;
    bool chol;
} LkjCtx;

/* x = [L or y (K x K), eta] */
static double lkj_density(const void *vctx, double *x)
{
    const LkjCtx *c = vctx;
    int K = c->K;
    RtArg eta = rt_arg1(x + K * K, NULL, true);
    return c->chol ? rt_lkj_corr_cholesky_lpdf(mat(x, NULL, K, K, true), eta,
                                               false, 1, NULL)
                   : rt_lkj_corr_lpdf(mat(x, NULL, K, K, true), eta, false, 1,
                                      NULL, NULL);
}

/* A random correlation matrix and its Cholesky factor. */
static void random_corr(TestRng *r, int K, double *y, double *L)
{
    double S[25];
    fill_spd(r, S, K);
    for (int i = 0; i < K; i++)
        for (int j = 0; j < K; j++)
            y[i * K + j] = S[i * K + j] / sqrt(S[i * K + i] * S[j * K + j]);
    for (int i = 0; i < K; i++)
        y[i * K + i] = 1;
    assert_int_equal(rt_cholesky_decompose(y, K, L, NULL), 0);
}

static void test_lkj(void **state)
{
    (void)state;
    /* the constant: K = 2 integrates (1 - r^2)^(eta - 1) over (-1, 1);
     * K = 3, eta = 1 is the volume pi^2 / 2 of the 3 x 3 elliptope */
    double eta = 2.5, integral = 0;
    int n = 200000;
    for (int i = 0; i < n; i++) {
        double t = -1 + (i + 0.5) * 2.0 / n;
        integral += pow(1 - t * t, eta - 1) * 2.0 / n;
    }
    assert_true(near(rt_lkj_log_constant(eta, 2, NULL), -log(integral), 1e-8));
    assert_true(near(rt_lkj_log_constant(1, 3, NULL), -log(M_PI * M_PI / 2),
                     1e-13));
    for (int s = 0; s < 4; s++) {
        int K = SIZES[s];
        TestRng r = {300u + (uint64_t)s};
        double x[26], g[26], g0[26], y[25], L[25];
        random_corr(&r, K, y, L);
        double e = 0.5 + 2 * rng_uniform(&r);
        /* lkj_corr_cholesky: all of L's entries, and eta */
        LkjCtx c = {K, true};
        memcpy(x, L, sizeof *L * (size_t)(K * K));
        x[K * K] = e;
        fill_normal(&r, g0, K * K + 1);
        memcpy(g, g0, sizeof g);
        double lpc = rt_lkj_corr_cholesky_lpdf(mat(x, g, K, K, true),
                                               rt_arg1(x + K * K, g + K * K, true),
                                               false, 1, NULL);
        for (int i = 0; i < K * K + 1; i++)
            if (i == K * K || i % K <= i / K)
                expect_grad("lkj_corr_cholesky", g[i] - g0[i],
                            fd(lkj_density, &c, x, i, -1));
        /* lkj_corr on y = L L^T: the density of y, so lkj_corr_cholesky
         * minus the log Jacobian sum (K - i + 1) log L_ii of L -> L L^T */
        LkjCtx cy = {K, false};
        memcpy(x, y, sizeof *y * (size_t)(K * K));
        memcpy(g, g0, sizeof g);
        double lpy = rt_lkj_corr_lpdf(mat(x, g, K, K, true),
                                      rt_arg1(x + K * K, g + K * K, true), false,
                                      1, NULL, NULL);
        double jac = 0;
        for (int i = 1; i < K; i++)
            jac += (K - i - 1) * log(L[i * K + i]);
        assert_true(near(lpc, lpy + jac, 1e-10));
        expect_grad("lkj_corr eta", g[K * K] - g0[K * K],
                    fd(lkj_density, &cy, x, K * K, -1));
        for (int a = 0; a < K; a++)
            for (int b = 0; b < a; b++)
                expect_grad("lkj_corr y",
                            g[a * K + b] - g0[a * K + b] + g[b * K + a] - g0[b * K + a],
                            fd(lkj_density, &cy, x, a * K + b, b * K + a));
        /* propto: with eta data the constant goes; with both data, all */
        double p1 = rt_lkj_corr_cholesky_lpdf(mat(L, NULL, K, K, true),
                                              rt_arg1(&e, NULL, false), true, 1,
                                              NULL);
        assert_true(near(p1, lpc - rt_lkj_log_constant(e, K, NULL), 1e-12));
        double p0 = rt_lkj_corr_cholesky_lpdf(mat(L, NULL, K, K, false),
                                              rt_arg1(&e, NULL, false), true, 1,
                                              NULL);
        assert_true(p0 == 0);
    }
}

/* -------------------------------------------------------- domain errors */

static void test_domain_errors(void **state)
{
    (void)state;
    RtError err;
    double y[2] = {0, 0}, mu[3] = {0, 0, 0}, S[4] = {1, 0.5, 0.4, 1};
    double bad[4] = {1, 2, 2, 1}, I2[4] = {1, 0, 0, 1};
    double lp = rt_multi_normal_lpdf(mat(y, NULL, 2, 1, true),
                                     mat(mu, NULL, 3, 1, false),
                                     mat(I2, NULL, 2, 2, false), false, 1, NULL, &err);
    assert_true(isnan(lp));
    assert_string_equal(err.msg, "multi_normal_lpdf: Size of random variable (2) "
                        "and size of location parameter (3) must match in size");
    lp = rt_multi_normal_lpdf(mat(y, NULL, 2, 1, true), mat(mu, NULL, 2, 1, false),
                              mat(S, NULL, 2, 2, false), false, 1, NULL, &err);
    assert_true(isnan(lp));
    assert_string_equal(err.msg, "cholesky_decompose: m is not symmetric. "
                        "m[1,2] = 0.5, but m[2,1] = 0.4");
    lp = rt_multi_normal_lpdf(mat(y, NULL, 2, 1, true), mat(mu, NULL, 2, 1, false),
                              mat(bad, NULL, 2, 2, false), false, 1, NULL, &err);
    assert_true(isnan(lp));
    assert_string_equal(err.msg, "cholesky_decompose: Matrix m is not positive "
                        "definite");
    double muinf[2] = {INFINITY, 0};
    lp = rt_multi_normal_cholesky_lpdf(mat(y, NULL, 2, 1, true),
                                       mat(muinf, NULL, 2, 1, false),
                                       mat(I2, NULL, 2, 2, false), false, 1, NULL,
                                       &err);
    assert_true(isnan(lp));
    assert_string_equal(err.msg, "multi_normal_cholesky_lpdf: Location "
                        "parameter[1] is inf, but must be finite!");
    double th[3] = {0.2, 0.3, 0.5}, al[3] = {1, 0, 2}, th2[3] = {0.2, 0.3, 0.6};
    double ok[3] = {1, 1, 1};
    assert_true(isnan(rt_dirichlet_lpdf(mat(th, NULL, 3, 1, true),
                                        mat(al, NULL, 3, 1, false), false, 1, &err)));
    assert_string_equal(err.msg, "dirichlet_lpdf: prior sample sizes[2] is 0, "
                        "but must be positive finite!");
    assert_true(isnan(rt_dirichlet_lpdf(mat(th2, NULL, 3, 1, true),
                                        mat(ok, NULL, 3, 1, false), false, 1, &err)));
    assert_string_equal(err.msg, "dirichlet_lpdf: probabilities is not a valid "
                        "simplex. sum(probabilities) = 1.1, but should be 1");
    double e0 = 0;
    assert_true(isnan(rt_lkj_corr_cholesky_lpdf(mat(I2, NULL, 2, 2, true),
                                                rt_arg1(&e0, NULL, false), false,
                                                1, &err)));
    assert_string_equal(err.msg, "lkj_corr_cholesky_lpdf: Shape parameter is 0, "
                        "but must be positive finite!");
    double up[4] = {1, 0.5, 0, 1}, e1 = 1;
    assert_true(isnan(rt_lkj_corr_cholesky_lpdf(mat(up, NULL, 2, 2, true),
                                                rt_arg1(&e1, NULL, false), false,
                                                1, &err)));
    assert_string_equal(err.msg, "lkj_corr_cholesky_lpdf: Random variable is not "
                        "lower triangular; Random variable[1,2]=0.5");
    double out[2];
    assert_int_not_equal(rt_multi_normal_rng(mu, bad, 2, NULL, out, NULL, &err), 0);
    assert_true(isnan(out[0]));
    assert_int_not_equal(rt_dirichlet_rng(al, 3, NULL, th, &err), 0);
    assert_string_equal(err.msg, "dirichlet_rng: prior sample sizes[2] is 0, but "
                        "must be positive finite!");
}

/* ------------------------------------------------------------------ rngs */

#define NDRAW 20000

/* |mean - want| within 5 standard errors of sd / sqrt(NDRAW). */
static void expect_mean(const char *what, double mean, double want, double sd)
{
    if (!(fabs(mean - want) <= 5 * sd / sqrt(NDRAW))) {
        print_error("%s: mean %g, expected %g (sd %g)\n", what, mean, want, sd);
        fail();
    }
}

static void test_rngs(void **state)
{
    (void)state;
    RtRng *rng = rt_rng_new(1234, 1);
    /* multi_normal: means and covariances */
    double mu[3] = {1, -2, 0.5}, S[9] = {2, 0.6, -0.3, 0.6, 1, 0.2, -0.3, 0.2, 0.5};
    double m1[3] = {0}, m2[9] = {0}, d[4];
    for (int t = 0; t < NDRAW; t++) {
        assert_int_equal(rt_multi_normal_rng(mu, S, 3, rng, d, NULL, NULL), 0);
        for (int i = 0; i < 3; i++) {
            m1[i] += d[i] / NDRAW;
            for (int j = 0; j < 3; j++)
                m2[i * 3 + j] += (d[i] - mu[i]) * (d[j] - mu[j]) / NDRAW;
        }
    }
    for (int i = 0; i < 3; i++) {
        expect_mean("multi_normal mean", m1[i], mu[i], sqrt(S[i * 4]));
        for (int j = 0; j < 3; j++)
            expect_mean("multi_normal cov", m2[i * 3 + j], S[i * 3 + j],
                        sqrt(S[i * 4] * S[j * 4] + S[i * 3 + j] * S[i * 3 + j]));
    }
    /* dirichlet: E theta_k = alpha_k / a0, Var = a_k (a0 - a_k) / (a0^2 (a0 + 1)) */
    double al[4] = {0.5, 1, 2, 0.05}, a0 = 3.55, mt[4] = {0};
    for (int t = 0; t < NDRAW; t++) {
        assert_int_equal(rt_dirichlet_rng(al, 4, rng, d, NULL), 0);
        double s = 0;
        for (int k = 0; k < 4; k++) {
            assert_true(d[k] >= 0);
            s += d[k];
            mt[k] += d[k] / NDRAW;
        }
        assert_true(near(s, 1, 1e-12));
    }
    for (int k = 0; k < 4; k++)
        expect_mean("dirichlet", mt[k], al[k] / a0,
                    sqrt(al[k] * (a0 - al[k]) / (a0 * a0 * (a0 + 1))));
    /* lkj: r_ij's marginal is 2 Beta(b, b) - 1, b = eta - 1 + K / 2:
     * mean 0 and E r^2 = 1 / (2 eta + K - 1) */
    int K = 4;
    double eta = 1.7, L[16], r1 = 0, r2 = 0, Y[16];
    for (int t = 0; t < NDRAW; t++) {
        assert_int_equal(rt_lkj_corr_cholesky_rng(K, eta, rng, L, NULL), 0);
        rt_multiply_lower_tri_self_transpose(L, K, K, Y);
        for (int i = 0; i < K; i++)
            assert_true(near(Y[i * K + i], 1, 1e-12));
        r1 += Y[3 * K + 1] / NDRAW;
        r2 += Y[1 * K + 0] * Y[1 * K + 0] / NDRAW;
    }
    double v = 1 / (2 * eta + K - 1);
    expect_mean("lkj r", r1, 0, sqrt(v));
    expect_mean("lkj r^2", r2, v, sqrt(2 * v * v + 1e-3));
    rt_rng_free(rng);
    /* determinism: one seed, one stream */
    double a[3], b[3], La[9], Lb[9];
    RtRng *r_a = rt_rng_new(99, 2), *r_b = rt_rng_new(99, 2);
    rt_multi_normal_rng(mu, S, 3, r_a, a, NULL, NULL);
    rt_multi_normal_rng(mu, S, 3, r_b, b, NULL, NULL);
    assert_memory_equal(a, b, sizeof a);
    rt_lkj_corr_cholesky_rng(3, 0.8, r_a, La, NULL);
    rt_lkj_corr_cholesky_rng(3, 0.8, r_b, Lb, NULL);
    assert_memory_equal(La, Lb, sizeof La);
    rt_rng_free(r_a);
    rt_rng_free(r_b);
}

int main(void)
{
    gsl_set_error_handler_off();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_multi_normal),
        cmocka_unit_test(test_multi_normal_propto),
        cmocka_unit_test(test_dirichlet),
        cmocka_unit_test(test_lkj),
        cmocka_unit_test(test_domain_errors),
        cmocka_unit_test(test_rngs),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
