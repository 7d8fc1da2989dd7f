/* test_rt_dist_lkj.c - lkj_corr and lkj_corr_cholesky with their rngs
 * (dist_lkj.c): the densities against the LKJ normalizing constant,
 * every partial against central finite differences (y moved in
 * symmetric pairs), propto, Stan's messages, and the rngs' correlations
 * over 20000 draws within 5 standard errors (r_ij's marginal is 2 Beta(b,
 * b) - 1, b = eta - 1 + K / 2) and determinism for a seed. */
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
                expect_grad("lkj_corr_cholesky", i, g[i] - g0[i],
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
        expect_grad("lkj_corr eta", K * K, g[K * K] - g0[K * K],
                    fd(lkj_density, &cy, x, K * K, -1));
        for (int a = 0; a < K; a++)
            for (int b = 0; b < a; b++)
                expect_grad("lkj_corr y", a * K + b,
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

static void test_lkj_errors(void **state)
{
    (void)state;
    RtError err;
    double I2[4] = {1, 0, 0, 1};
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
    double out[4];
    assert_int_equal(rt_lkj_corr_rng(2, 0, NULL, out, NULL, &err), -1);
    assert_string_equal(err.msg, "lkj_corr_rng: Shape parameter is 0, but must "
                        "be positive!");
}

/* ------------------------------------------------------------------ rngs */

static void test_lkj_corr_cholesky_rng(void **state)
{
    (void)state;
    RtRng *rng = rt_rng_new(1234, 1);
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
    double La[9], Lb[9];
    RtRng *r_a = rt_rng_new(99, 2), *r_b = rt_rng_new(99, 2);
    rt_lkj_corr_cholesky_rng(3, 0.8, r_a, La, NULL);
    rt_lkj_corr_cholesky_rng(3, 0.8, r_b, Lb, NULL);
    assert_memory_equal(La, Lb, sizeof La);
    rt_rng_free(r_a);
    rt_rng_free(r_b);
}

static void test_lkj_corr_rng(void **state)
{
    (void)state;
    RtRng *rng = rt_rng_new(77, 1);
    int K = 4;
    double eta = 2.2, Y[16], r1 = 0, r2 = 0;
    for (int t = 0; t < NDRAW; t++) {
        assert_int_equal(rt_lkj_corr_rng(K, eta, rng, Y, NULL, NULL), 0);
        assert_int_equal(rt_check_corr_matrix("Y", Y, K, NULL), 0);
        r1 += Y[2 * K + 1] / NDRAW;
        r2 += Y[3 * K + 0] * Y[3 * K + 0] / NDRAW;
    }
    double v = 1 / (2 * eta + K - 1);
    expect_mean("lkj_corr r", r1, 0, sqrt(v));
    expect_mean("lkj_corr r^2", r2, v, sqrt(2 * v * v + 1e-3));
    rt_rng_free(rng);
}

int main(void)
{
    gsl_set_error_handler_off();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_lkj),
        cmocka_unit_test(test_lkj_errors),
        cmocka_unit_test(test_lkj_corr_cholesky_rng),
        cmocka_unit_test(test_lkj_corr_rng),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
