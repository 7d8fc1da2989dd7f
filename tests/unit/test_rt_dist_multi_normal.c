/* test_rt_dist_multi_normal.c - multi_normal, multi_normal_cholesky and
 * multi_normal_prec with their rngs (dist_multi_normal.c).
 *
 * multi_normal against a hand-written formula with GSL's Cholesky;
 * multi_normal_cholesky(y | mu, cholesky_decompose(Sigma)) against
 * multi_normal(y | mu, Sigma) in value and, through
 * rt_cholesky_decompose_adj, in the gradient w.r.t. Sigma;
 * multi_normal_prec against multi_normal with Omega^-1; every partial
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
#include <gsl/gsl_sf_gamma.h>

#include "pplrt.h"
#include "rt_test_util.h"
#include "rt_checks.h"
#include "rt_dist_multi.h"
#include "rt_linalg.h"
#include "rt_dist_multi_test.h"

static const int SIZES[] = {1, 2, 3, 5};

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
                expect_grad("multi_normal y/mu", i, g[i], fd(mvn_density, &c, x, i, -1));
            for (int a = 0; a < K; a++)
                for (int b = 0; b <= a; b++) {
                    int i = ny + nm + a * K + b, j = ny + nm + b * K + a;
                    double got = a == b ? g[i] : g[i] + g[j];
                    expect_grad("multi_normal Sigma", i, got,
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
                expect_grad("multi_normal_cholesky", i, g[i] - g0[i],
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

/* --------------------------------------------------- multi_normal_prec */

typedef struct PrecCtx {
    int K, Ny, Nmu;
} PrecCtx;

static double prec_density(const void *vctx, double *x)
{
    const PrecCtx *c = vctx;
    int K = c->K;
    return rt_multi_normal_prec_lpdf(
        mat(x, NULL, c->Ny, K, true), mat(x + c->Ny * K, NULL, c->Nmu, K, true),
        mat(x + (c->Ny + c->Nmu) * K, NULL, K, K, true), false, 1, NULL, NULL);
}

static void test_multi_normal_prec(void **state)
{
    (void)state;
    for (int K = 1; K <= MAXK; K++)
        for (int shape = 0; shape < 3; shape++) {
            PrecCtx c = {K, shape == 0 ? 1 : 3, shape == 2 ? 3 : 1};
            TestRng r = {700u + (uint64_t)(3 * K + shape)};
            int ny = c.Ny * K, nm = c.Nmu * K, n = ny + nm + K * K;
            double x[MAXX + 8], g[MAXX + 8], g0[MAXX + 8], Sigma[MAXK * MAXK];
            double work[2 * MAXK * MAXK + 2 * MAXK];
            fill_normal(&r, x, ny + nm);
            double *Om = x + ny + nm;
            fill_spd(&r, Om, K);
            gsl_logdet(Om, K, Sigma);
            /* Sigma from GSL is symmetric up to rounding: make it exact */
            for (int a = 0; a < K; a++)
                for (int b = 0; b < a; b++)
                    Sigma[b * K + a] = Sigma[a * K + b];
            double want = rt_multi_normal_lpdf(
                mat(x, NULL, c.Ny, K, false), mat(x + ny, NULL, c.Nmu, K, false),
                mat(Sigma, NULL, K, K, false), false, 1, NULL, NULL);
            fill_normal(&r, g0, n);
            memcpy(g, g0, sizeof g);
            double lp = rt_multi_normal_prec_lpdf(
                mat(x, g, c.Ny, K, true), mat(x + ny, g + ny, c.Nmu, K, true),
                mat(Om, g + ny + nm, K, K, true), false, 1, work, NULL);
            assert_true(near(lp, want, 1e-11));
            added(g, g0, n);
            for (int i = 0; i < ny + nm; i++)
                expect_grad("multi_normal_prec y/mu", i, g[i],
                            fd(prec_density, &c, x, i, -1));
            expect_sym_grad("multi_normal_prec Omega", prec_density, &c, x, g,
                            ny + nm, K);
            /* propto: with Omega data, log det and log(2 pi) go */
            double p = rt_multi_normal_prec_lpdf(
                mat(x, NULL, c.Ny, K, true), mat(x + ny, NULL, c.Nmu, K, false),
                mat(Om, NULL, K, K, false), true, 1, work, NULL);
            int N = c.Ny > c.Nmu ? c.Ny : c.Nmu;
            double dropped = 0.5 * N * gsl_logdet(Om, K, NULL)
                             - 0.5 * N * K * log(2 * M_PI);
            assert_true(near(p, want - dropped, 1e-11));
            p = rt_multi_normal_prec_lpdf(
                mat(x, NULL, c.Ny, K, false), mat(x + ny, NULL, c.Nmu, K, false),
                mat(Om, NULL, K, K, true), true, 1, work, NULL);
            assert_true(near(p, want + 0.5 * N * K * log(2 * M_PI), 1e-11));
        }
}

/* -------------------------------------------------------- domain errors */

static void test_multi_normal_errors(void **state)
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
    assert_true(isnan(rt_multi_normal_prec_lpdf(mat(y, NULL, 2, 1, true),
                                                mat(y, NULL, 2, 1, true),
                                                mat(bad, NULL, 2, 2, false),
                                                false, 1, NULL, &err)));
    assert_string_equal(err.msg, "multi_normal_prec_lpdf: LDLT_Factor of "
                        "precision parameter is not positive definite.  last "
                        "conditional variance is -3.");
    double out[2];
    assert_int_not_equal(rt_multi_normal_rng(mu, bad, 2, NULL, out, NULL, &err), 0);
    assert_true(isnan(out[0]));
}

/* ------------------------------------------------------------------ rngs */

static void test_multi_normal_rngs(void **state)
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
    rt_rng_free(rng);
    /* determinism: one seed, one stream */
    double a[3], b[3];
    RtRng *r_a = rt_rng_new(99, 2), *r_b = rt_rng_new(99, 2);
    rt_multi_normal_rng(mu, S, 3, r_a, a, NULL, NULL);
    rt_multi_normal_rng(mu, S, 3, r_b, b, NULL, NULL);
    assert_memory_equal(a, b, sizeof a);
    rt_rng_free(r_a);
    rt_rng_free(r_b);
}

int main(void)
{
    gsl_set_error_handler_off();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_multi_normal),
        cmocka_unit_test(test_multi_normal_propto),
        cmocka_unit_test(test_multi_normal_prec),
        cmocka_unit_test(test_multi_normal_errors),
        cmocka_unit_test(test_multi_normal_rngs),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
