/* test_rt_dist_wishart.c - wishart, inv_wishart and their Cholesky forms
 * with their rngs (dist_wishart.c).
 *
 * Values against formulas written here with GSL's Cholesky and lngamma
 * and against known special cases (K = 1 Wishart as a gamma, the
 * Cholesky forms as the plain density plus the log Jacobian of L -> L
 * L^T); every partial against fourth-order central differences
 * (symmetric matrices moved in pairs, Cholesky factors on their lower
 * triangle), with buffers starting non-zero and adj scaling; propto
 * dropping exactly Stan's terms; Stan's messages; rng moments over 20000
 * draws within 5 standard errors, and one seed giving one draw. */
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

/* ------------------------------------------------ wishart, inv_wishart */

typedef enum { WISHART, INV_WISHART, WISHART_CHOL, INV_WISHART_CHOL } WKind;

typedef struct WCtx {
    int K;
    WKind kind;
} WCtx;

/* x = [W or L_W (K x K), nu, S or L_S (K x K)] */
static double w_call(WKind kind, RtMat W, RtArg nu, RtMat S, bool propto,
                     double adj, RtError *err)
{
    switch (kind) {
    case WISHART:
        return rt_wishart_lpdf(W, nu, S, propto, adj, NULL, err);
    case INV_WISHART:
        return rt_inv_wishart_lpdf(W, nu, S, propto, adj, NULL, err);
    case WISHART_CHOL:
        return rt_wishart_cholesky_lpdf(W, nu, S, propto, adj, NULL, err);
    default:
        return rt_inv_wishart_cholesky_lpdf(W, nu, S, propto, adj, NULL, err);
    }
}

static double w_density(const void *vctx, double *x)
{
    const WCtx *c = vctx;
    int K = c->K;
    return w_call(c->kind, mat(x, NULL, K, K, true),
                  rt_arg1(x + K * K, NULL, true),
                  mat(x + K * K + 1, NULL, K, K, true), false, 1, NULL);
}

/* The formulas of the Functions Reference. */
static double wishart_ref(const double *W, double nu, const double *S, int K,
                          bool inverse)
{
    double Winv[MAXK * MAXK], Sinv[MAXK * MAXK];
    double ldW = gsl_logdet(W, K, Winv), ldS = gsl_logdet(S, K, Sinv);
    double c = -0.5 * nu * K * log(2.0) - lmgamma_ref(K, 0.5 * nu);
    if (inverse)
        return c + 0.5 * nu * ldS - 0.5 * (nu + K + 1) * ldW
               - 0.5 * trace_prod(S, Winv, K);
    return c - 0.5 * nu * ldS + 0.5 * (nu - K - 1) * ldW
           - 0.5 * trace_prod(Sinv, W, K);
}

static void test_wishart(void **state)
{
    (void)state;
    for (int K = 1; K <= MAXK; K++)
        for (int inverse = 0; inverse < 2; inverse++) {
            WCtx c = {K, inverse ? INV_WISHART : WISHART};
            TestRng r = {40u + (uint64_t)(2 * K + inverse)};
            double x[MAXX], g[MAXX], g0[MAXX], g2[MAXX];
            int n = 2 * K * K + 1;
            double *W = x, *S = x + K * K + 1;
            fill_spd(&r, W, K);
            fill_spd(&r, S, K);
            x[K * K] = K - 1 + 0.3 + 3 * rng_uniform(&r);
            double nu = x[K * K];
            double want = wishart_ref(W, nu, S, K, inverse);
            fill_normal(&r, g0, n);
            memcpy(g, g0, sizeof g);
            double lp = w_call(c.kind, mat(W, g, K, K, true),
                               rt_arg1(x + K * K, g + K * K, true),
                               mat(S, g + K * K + 1, K, K, true), false, 1,
                               NULL);
            assert_true(near(lp, want, 1e-12));
            added(g, g0, n);
            expect_sym_grad("wishart W", w_density, &c, x, g, 0, K);
            expect_grad("wishart nu", K * K, g[K * K],
                        fd(w_density, &c, x, K * K, -1));
            expect_sym_grad("wishart S", w_density, &c, x, g, K * K + 1, K);
            /* adj scales what is added */
            memcpy(g2, g0, sizeof g2);
            w_call(c.kind, mat(W, g2, K, K, true),
                   rt_arg1(x + K * K, g2 + K * K, true),
                   mat(S, g2 + K * K + 1, K, K, true), false, 2.5, NULL);
            for (int i = 0; i < n; i++)
                assert_true(near(g2[i] - g0[i], 2.5 * g[i], 1e-12));
        }
}

/* K = 1: Wishart(nu, s) is Gamma(nu/2, rate 1/(2s)) and InvWishart(nu,
 * s) is InvGamma(nu/2, s/2). */
static void test_wishart_one(void **state)
{
    (void)state;
    double w = 1.7, nu = 3.2, s = 0.8;
    double gam = (0.5 * nu - 1) * log(w) - w / (2 * s)
                 - 0.5 * nu * log(2 * s) - lgamma(0.5 * nu);
    double igam = 0.5 * nu * log(s / 2) - lgamma(0.5 * nu)
                  - (0.5 * nu + 1) * log(w) - s / (2 * w);
    RtMat mw = mat(&w, NULL, 1, 1, false), ms = mat(&s, NULL, 1, 1, false);
    RtArg an = rt_arg1(&nu, NULL, false);
    assert_true(near(rt_wishart_lpdf(mw, an, ms, false, 1, NULL, NULL), gam,
                     1e-13));
    assert_true(near(rt_inv_wishart_lpdf(mw, an, ms, false, 1, NULL, NULL),
                     igam, 1e-13));
}

/* propto keeps Stan's groups: see rt_dist_multi.h. */
static void test_wishart_propto(void **state)
{
    (void)state;
    int K = 3;
    TestRng r = {77};
    double W[9], S[9], Winv[9], Sinv[9], nu = 4.4;
    fill_spd(&r, W, K);
    fill_spd(&r, S, K);
    double ldW = gsl_logdet(W, K, Winv), ldS = gsl_logdet(S, K, Sinv);
    double lmg = lmgamma_ref(K, 0.5 * nu), l2 = 0.5 * nu * K * log(2.0);
    double trw = 0.5 * trace_prod(Sinv, W, K), tri = 0.5 * trace_prod(S, Winv, K);
    /* {W, nu, S} ad flags, in that order */
    static const bool ads[4][3] = {
        {true, false, false}, {false, true, false}, {false, false, true},
        {false, false, false}};
    double want_w[4] = {
        0.5 * (nu - K - 1) * ldW - trw,                       /* W */
        -l2 - lmg - 0.5 * nu * ldS + 0.5 * (nu - K - 1) * ldW, /* nu */
        -0.5 * nu * ldS - trw,                                /* S */
        0};
    double want_iw[4] = {
        -0.5 * (nu + K + 1) * ldW - tri,                      /* W */
        -lmg + 0.5 * nu * ldS - l2 - 0.5 * (nu + K + 1) * ldW, /* nu */
        0.5 * nu * ldS - l2 - 0.5 * (nu + K + 1) * ldW - tri,  /* S */
        0};
    for (int t = 0; t < 4; t++) {
        RtMat mw = mat(W, NULL, K, K, ads[t][0]);
        RtMat ms = mat(S, NULL, K, K, ads[t][2]);
        RtArg an = rt_arg1(&nu, NULL, ads[t][1]);
        assert_true(near(rt_wishart_lpdf(mw, an, ms, true, 1, NULL, NULL),
                         want_w[t], 1e-12));
        assert_true(near(rt_inv_wishart_lpdf(mw, an, ms, true, 1, NULL, NULL),
                         want_iw[t], 1e-12));
    }
}

/* ------------------------------- wishart_cholesky, inv_wishart_cholesky */

static void test_wishart_cholesky(void **state)
{
    (void)state;
    for (int K = 1; K <= MAXK; K++)
        for (int inverse = 0; inverse < 2; inverse++) {
            WCtx c = {K, inverse ? INV_WISHART_CHOL : WISHART_CHOL};
            TestRng r = {90u + (uint64_t)(2 * K + inverse)};
            double x[MAXX], g[MAXX], g0[MAXX], W[MAXK * MAXK], S[MAXK * MAXK];
            double work[3 * MAXK * MAXK];
            int n = 2 * K * K + 1;
            double *LW = x, *LS = x + K * K + 1;
            fill_spd(&r, W, K);
            fill_spd(&r, S, K);
            assert_int_equal(rt_cholesky_factor(W, K, LW), 0);
            assert_int_equal(rt_cholesky_factor(S, K, LS), 0);
            llt(LW, K, W);
            llt(LS, K, S);
            x[K * K] = K - 1 + 0.3 + 3 * rng_uniform(&r);
            double nu = x[K * K];
            /* the density of W times the Jacobian 2^K prod L_ii^(K-i) */
            double want = wishart_ref(W, nu, S, K, inverse) + K * log(2.0);
            for (int i = 0; i < K; i++)
                want += (K - i) * log(LW[i * K + i]);
            for (int i = 0; i < n; i++) {   /* upper parts start at 0 */
                int e = i < K * K ? i : i - K * K - 1;
                g0[i] = i == K * K || e % K <= e / K ? rng_normal(&r) : 0;
            }
            memcpy(g, g0, sizeof g);
            double lp = rt_wishart_cholesky_lpdf(
                mat(LW, NULL, K, K, false), rt_arg1(&nu, NULL, false),
                mat(LS, NULL, K, K, false), false, 1, work, NULL);
            if (inverse)
                lp = rt_inv_wishart_cholesky_lpdf(
                    mat(LW, NULL, K, K, false), rt_arg1(&nu, NULL, false),
                    mat(LS, NULL, K, K, false), false, 1, work, NULL);
            assert_true(near(lp, want, 1e-11));
            w_call(c.kind, mat(LW, g, K, K, true),
                   rt_arg1(x + K * K, g + K * K, true),
                   mat(LS, g + K * K + 1, K, K, true), false, 1, NULL);
            added(g, g0, n);
            expect_lower_grad("wishart_cholesky L_W", w_density, &c, x, g, 0, K);
            expect_grad("wishart_cholesky nu", K * K, g[K * K],
                        fd(w_density, &c, x, K * K, -1));
            expect_lower_grad("wishart_cholesky L_S", w_density, &c, x, g,
                              K * K + 1, K);
            /* propto: nu data drops K log 2 (1 - nu/2) - lmgamma; all
             * data drops everything */
            double cst = K * log(2.0) * (1 - 0.5 * nu) - lmgamma_ref(K, 0.5 * nu);
            double p = w_call(c.kind, mat(LW, NULL, K, K, true),
                              rt_arg1(&nu, NULL, false),
                              mat(LS, NULL, K, K, false), true, 1, NULL);
            assert_true(near(p, want - cst, 1e-11));
            p = w_call(c.kind, mat(LW, NULL, K, K, false),
                       rt_arg1(&nu, NULL, false), mat(LS, NULL, K, K, false),
                       true, 1, NULL);
            assert_true(p == 0);
        }
}

/* -------------------------------------------------------- domain errors */

static void test_wishart_errors(void **state)
{
    (void)state;
    RtError err;
    double I2[4] = {1, 0, 0, 1}, asym[4] = {1, 0.5, 0.4, 1};
    double indef[4] = {1, 2, 2, 1}, up[4] = {1, 0.5, 0, 1}, one = 1;
    RtArg nu1 = rt_arg1(&one, NULL, false);
    RtMat mI = mat(I2, NULL, 2, 2, false);
    assert_true(isnan(rt_wishart_lpdf(mI, nu1, mI, false, 1, NULL, &err)));
    assert_string_equal(err.msg, "wishart_lpdf: Degrees of freedom parameter is "
                        "1, but must be greater than 1");
    double nu3 = 3;
    RtArg an3 = rt_arg1(&nu3, NULL, false);
    assert_true(isnan(rt_inv_wishart_lpdf(mat(asym, NULL, 2, 2, false), an3, mI,
                                          false, 1, NULL, &err)));
    assert_string_equal(err.msg, "inv_wishart_lpdf: random variable is not "
                        "symmetric. random variable[1,2] = 0.5, but random "
                        "variable[2,1] = 0.4");
    assert_true(isnan(rt_wishart_lpdf(mI, an3, mat(indef, NULL, 2, 2, false),
                                      false, 1, NULL, &err)));
    assert_string_equal(err.msg, "wishart_lpdf: LDLT_Factor of scale parameter "
                        "is not positive definite.  last conditional variance "
                        "is -3.");
    double I3[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1};
    assert_true(isnan(rt_wishart_lpdf(mat(I3, NULL, 3, 3, false), an3, mI,
                                      false, 1, NULL, &err)));
    assert_string_equal(err.msg, "wishart_lpdf: Rows of random variable (3) and "
                        "columns of scale parameter (2) must match in size");
    assert_true(isnan(rt_wishart_cholesky_lpdf(mat(up, NULL, 2, 2, false), an3,
                                               mI, false, 1, NULL, &err)));
    assert_string_equal(err.msg, "wishart_cholesky_lpdf: random variable is not "
                        "lower triangular; random variable[1,2]=0.5");
    double negd[4] = {1, 0, 0, -1};
    assert_true(isnan(rt_inv_wishart_cholesky_lpdf(
        mI, an3, mat(negd, NULL, 2, 2, false), false, 1, NULL, &err)));
    assert_string_equal(err.msg, "inv_wishart_cholesky_lpdf: Cholesky Scale "
                        "matrix[2] is -1, but must be positive!");
    double out[4];
    assert_int_equal(rt_wishart_rng(1, I2, 2, NULL, out, NULL, &err), -1);
    assert_string_equal(err.msg, "wishart_rng: degrees of freedom > dims - 1 is "
                        "1, but must be greater than 1");
    assert_true(isnan(out[0]));
    assert_int_equal(rt_inv_wishart_rng(3, indef, 2, NULL, out, NULL, &err), -1);
    assert_string_equal(err.msg, "inv_wishart_rng: Matrix scale parameter is not "
                        "positive definite");
    assert_int_equal(rt_wishart_cholesky_rng(3, up, 2, NULL, out, &err), -1);
    assert_string_equal(err.msg, "wishart_cholesky_rng: scale parameter is not "
                        "lower triangular; scale parameter[1,2]=0.5");
}

/* ------------------------------------------------------------------ rngs */

/* Wishart: E W = nu S, Var W_ij = nu (S_ij^2 + S_ii S_jj).  InvWishart
 * (p = K): E W = S / (nu - p - 1), Var W_ij = ((nu - p + 1) S_ij^2 + (nu -
 * p - 1) S_ii S_jj) / ((nu - p)(nu - p - 1)^2 (nu - p - 3)). */
static void test_wishart_rngs(void **state)
{
    (void)state;
    RtRng *rng = rt_rng_new(2024, 1);
    int K = 3;
    double S[9] = {2, 0.6, -0.3, 0.6, 1, 0.2, -0.3, 0.2, 0.5}, LS[9];
    double W[9], mw[9] = {0}, miw[9] = {0}, nu = 4.5, nu_i = 11;
    for (int t = 0; t < NDRAW; t++) {
        assert_int_equal(rt_wishart_rng(nu, S, K, rng, W, NULL, NULL), 0);
        for (int i = 0; i < 9; i++)
            mw[i] += W[i] / NDRAW;
        assert_int_equal(rt_inv_wishart_rng(nu_i, S, K, rng, W, NULL, NULL), 0);
        assert_int_equal(rt_check_cov_matrix("W", W, K, NULL), 0);
        for (int i = 0; i < 9; i++)
            miw[i] += W[i] / NDRAW;
    }
    double p = K, den = (nu_i - p) * (nu_i - p - 1) * (nu_i - p - 1) * (nu_i - p - 3);
    for (int i = 0; i < K; i++)
        for (int j = 0; j < K; j++) {
            double sij = S[i * K + j], sii = S[i * 4], sjj = S[j * 4];
            expect_mean("wishart", mw[i * K + j], nu * sij,
                        sqrt(nu * (sij * sij + sii * sjj)));
            expect_mean("inv_wishart", miw[i * K + j], sij / (nu_i - p - 1),
                        sqrt(((nu_i - p + 1) * sij * sij
                              + (nu_i - p - 1) * sii * sjj) / den));
        }
    /* the Cholesky forms draw the factors of the same matrices */
    assert_int_equal(rt_cholesky_factor(S, K, LS), 0);
    double A[9], B[9], LLt[9];
    RtRng *ra = rt_rng_new(8, 2), *rb = rt_rng_new(8, 2);
    rt_wishart_rng(nu, S, K, ra, A, NULL, NULL);
    rt_wishart_cholesky_rng(nu, LS, K, rb, B, NULL);
    assert_int_equal(rt_check_cholesky_factor_cov("L", B, K, K, NULL), 0);
    llt(B, K, LLt);
    for (int i = 0; i < 9; i++)
        assert_true(near(A[i], LLt[i], 1e-12));
    rt_inv_wishart_rng(nu_i, S, K, ra, A, NULL, NULL);
    rt_inv_wishart_cholesky_rng(nu_i, LS, K, rb, B, NULL, NULL);
    assert_int_equal(rt_check_cholesky_factor_cov("L", B, K, K, NULL), 0);
    llt(B, K, LLt);
    for (int i = 0; i < 9; i++)
        assert_true(near(A[i], LLt[i], 1e-10));
    rt_rng_free(ra);
    rt_rng_free(rb);
    /* one seed, one draw */
    ra = rt_rng_new(8, 2);
    rt_wishart_rng(nu, S, K, ra, B, NULL, NULL);
    rt_wishart_rng(nu, S, K, ra, LLt, NULL, NULL);  /* advance */
    rt_rng_free(ra);
    ra = rt_rng_new(8, 2);
    rt_wishart_rng(nu, S, K, ra, A, NULL, NULL);
    assert_memory_equal(A, B, sizeof A);
    rt_rng_free(ra);
    rt_rng_free(rng);
}

int main(void)
{
    gsl_set_error_handler_off();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_wishart),
        cmocka_unit_test(test_wishart_one),
        cmocka_unit_test(test_wishart_propto),
        cmocka_unit_test(test_wishart_cholesky),
        cmocka_unit_test(test_wishart_errors),
        cmocka_unit_test(test_wishart_rngs),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
