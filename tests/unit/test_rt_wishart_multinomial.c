/* test_rt_wishart_multinomial.c - the densities and rngs of
 * dist_wishart_student_t.c and dist_multinomial_rng.c (rt_dist_multi.h).
 *
 * Values against formulas written here with GSL's Cholesky and lngamma
 * and against known special cases (K = 1 Wishart as a gamma, K = 1
 * multi_student_t as student_t, the Cholesky forms as the plain density
 * plus the log Jacobian of L -> L L^T, multi_normal_prec as multi_normal
 * with Omega^-1, multinomial_logit as multinomial on softmax, a
 * dirichlet_multinomial pmf summing to 1); every partial against
 * fourth-order central differences (symmetric matrices moved in pairs,
 * as test_rt_dist_multi.c does; Cholesky factors on their lower
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

#define MAXK 4
#define MAXX (2 * MAXK * MAXK + 3 * MAXK + 1)

/* ------------------------------------------------------------ helpers */

static void fill_spd(TestRng *r, double *A, int n)
{
    double B[MAXK * MAXK];
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

/* GSL's Cholesky of a copy: log det A, and A^-1 into inv if non-NULL. */
static double gsl_logdet(const double *A, int K, double *inv)
{
    double L[MAXK * MAXK], ld = 0;
    memcpy(L, A, sizeof *L * (size_t)(K * K));
    gsl_matrix_view l = gsl_matrix_view_array(L, (size_t)K, (size_t)K);
    gsl_linalg_cholesky_decomp1(&l.matrix);
    for (int i = 0; i < K; i++)
        ld += 2 * log(L[i * K + i]);
    if (inv) {
        gsl_linalg_cholesky_invert(&l.matrix);
        memcpy(inv, L, sizeof *L * (size_t)(K * K));
    }
    return ld;
}

/* tr(A B) for K x K A, B. */
static double trace_prod(const double *A, const double *B, int K)
{
    double s = 0;
    for (int i = 0; i < K; i++)
        for (int j = 0; j < K; j++)
            s += A[i * K + j] * B[j * K + i];
    return s;
}

static double lmgamma_ref(int K, double x)
{
    double s = 0.25 * K * (K - 1) * log(M_PI);
    for (int j = 1; j <= K; j++)
        s += gsl_sf_lngamma(x + 0.5 * (1 - j));
    return s;
}

/* L L^T for lower L. */
static void llt(const double *L, int K, double *A)
{
    rt_multiply_lower_tri_self_transpose(L, K, K, A);
}

/* --------------------------------------------------- finite differences */

typedef double (*Density)(const void *ctx, double *x);

/* Fourth-order central difference along x[i], moving x[j] with it. */
static double fd(Density f, const void *ctx, double *x, int i, int j)
{
    double h = 1e-3 * fmax(1, fabs(x[i])), v[4];
    double xi = x[i], xj = j >= 0 ? x[j] : 0;
    static const double st[4] = {-2, -1, 1, 2};
    for (int s = 0; s < 4; s++) {
        x[i] = xi + st[s] * h;
        if (j >= 0)
            x[j] = xj + st[s] * h;
        v[s] = f(ctx, x);
    }
    x[i] = xi;
    if (j >= 0)
        x[j] = xj;
    return (v[0] - 8 * v[1] + 8 * v[2] - v[3]) / (12 * h);
}

static void expect_grad(const char *what, int i, double got, double want)
{
    if (!near(got, want, 1e-6)) {
        print_error("%s [%d]: %.12g, finite differences %.12g\n", what, i, got,
                    want);
        fail();
    }
}

/* The partials of a symmetric K x K block at x + off: pairs summed. */
static void expect_sym_grad(const char *what, Density f, const void *ctx,
                            double *x, const double *g, int off, int K)
{
    for (int a = 0; a < K; a++)
        for (int b = 0; b <= a; b++) {
            int i = off + a * K + b, j = off + b * K + a;
            double got = a == b ? g[i] : g[i] + g[j];
            expect_grad(what, i, got, fd(f, ctx, x, i, a == b ? -1 : j));
        }
}

/* The partials of a lower triangular block: the lower entries against
 * differences, the upper ones untouched. */
static void expect_lower_grad(const char *what, Density f, const void *ctx,
                              double *x, const double *g, int off, int K)
{
    for (int a = 0; a < K; a++)
        for (int b = 0; b < K; b++) {
            int i = off + a * K + b;
            if (b <= a)
                expect_grad(what, i, g[i], fd(f, ctx, x, i, -1));
            else
                assert_true(g[i] == 0);
        }
}

/* g -= g0 over n entries: what the call added. */
static void added(double *g, const double *g0, int n)
{
    for (int i = 0; i < n; i++)
        g[i] -= g0[i];
}

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

/* ---------------------------------------------------- multi_student_t */

typedef struct MstCtx {
    int K, Ny, Nmu;
    bool chol;
} MstCtx;

/* x = [y (Ny x K), nu, mu (Nmu x K), Sigma or L (K x K)] */
static double mst_density(const void *vctx, double *x)
{
    const MstCtx *c = vctx;
    int K = c->K;
    const double *y = x, *nu = y + c->Ny * K, *mu = nu + 1;
    const double *S = mu + c->Nmu * K;
    RtMat my = mat(y, NULL, c->Ny, K, true), mm = mat(mu, NULL, c->Nmu, K, true);
    RtMat ms = mat(S, NULL, K, K, true);
    RtArg an = rt_arg1(nu, NULL, true);
    return c->chol ? rt_multi_student_t_cholesky_lpdf(my, an, mm, ms, false, 1,
                                                      NULL, NULL)
                   : rt_multi_student_t_lpdf(my, an, mm, ms, false, 1, NULL,
                                             NULL);
}

static double mst_reference(const double *y, double nu, const double *mu,
                            const double *S, int K)
{
    double Sinv[MAXK * MAXK], r[MAXK], q = 0;
    double ld = gsl_logdet(S, K, Sinv);
    for (int i = 0; i < K; i++)
        r[i] = y[i] - mu[i];
    for (int i = 0; i < K; i++)
        for (int j = 0; j < K; j++)
            q += r[i] * Sinv[i * K + j] * r[j];
    return lgamma(0.5 * (nu + K)) - lgamma(0.5 * nu)
           - 0.5 * K * log(nu * M_PI) - 0.5 * ld
           - 0.5 * (nu + K) * log(1 + q / nu);
}

static void test_multi_student_t(void **state)
{
    (void)state;
    for (int K = 1; K <= MAXK; K++)
        for (int shape = 0; shape < 3; shape++) {
            MstCtx c = {K, shape == 0 ? 1 : 3, shape == 2 ? 3 : 1, false};
            TestRng r = {500u + (uint64_t)(3 * K + shape)};
            int ny = c.Ny * K, nm = c.Nmu * K, n = ny + 1 + nm + K * K;
            double x[MAXX + 8], g[MAXX + 8], g0[MAXX + 8], L[MAXK * MAXK];
            double work[3 * MAXK * MAXK + 2 * MAXK];
            fill_normal(&r, x, ny);
            x[ny] = 0.5 + 6 * rng_uniform(&r);
            fill_normal(&r, x + ny + 1, nm);
            double *S = x + ny + 1 + nm, nu = x[ny];
            fill_spd(&r, S, K);
            double want = 0;
            for (int i = 0; i < 3; i++)
                if (i < c.Ny || i < c.Nmu)
                    want += mst_reference(x + (c.Ny > 1 ? i * K : 0), nu,
                                          x + ny + 1 + (c.Nmu > 1 ? i * K : 0),
                                          S, K);
            fill_normal(&r, g0, n);
            memcpy(g, g0, sizeof g);
            double lp = rt_multi_student_t_lpdf(
                mat(x, g, c.Ny, K, true), rt_arg1(x + ny, g + ny, true),
                mat(x + ny + 1, g + ny + 1, c.Nmu, K, true),
                mat(S, g + ny + 1 + nm, K, K, true), false, 1, work, NULL);
            assert_true(near(lp, want, 1e-12));
            added(g, g0, n);
            for (int i = 0; i < ny + 1 + nm; i++)
                expect_grad("multi_student_t y/nu/mu", i, g[i],
                            fd(mst_density, &c, x, i, -1));
            expect_sym_grad("multi_student_t Sigma", mst_density, &c, x, g,
                            ny + 1 + nm, K);
            /* the Cholesky form on chol(Sigma): the same value; its own
             * partials on L's lower triangle */
            assert_int_equal(rt_cholesky_factor(S, K, L), 0);
            MstCtx cc = c;
            cc.chol = true;
            memcpy(S, L, sizeof *L * (size_t)(K * K));
            for (int i = 0; i < n; i++) {
                int e = i - (ny + 1 + nm);
                g0[i] = e >= 0 && e % K > e / K ? 0 : rng_normal(&r);
            }
            memcpy(g, g0, sizeof g);
            double lpc = rt_multi_student_t_cholesky_lpdf(
                mat(x, g, c.Ny, K, true), rt_arg1(x + ny, g + ny, true),
                mat(x + ny + 1, g + ny + 1, c.Nmu, K, true),
                mat(S, g + ny + 1 + nm, K, K, true), false, 1, NULL, NULL);
            assert_true(near(lpc, want, 1e-12));
            added(g, g0, n);
            for (int i = 0; i < ny + 1 + nm; i++)
                expect_grad("multi_student_t_cholesky y/nu/mu", i, g[i],
                            fd(mst_density, &cc, x, i, -1));
            expect_lower_grad("multi_student_t_cholesky L", mst_density, &cc, x,
                              g, ny + 1 + nm, K);
        }
}

/* K = 1 is student_t(y | nu, mu, sqrt(Sigma)); propto drops the nu
 * terms with nu data, -K/2 log pi always, log det with Sigma data; a
 * huge nu approaches multi_normal. */
static void test_multi_student_t_cases(void **state)
{
    (void)state;
    double y = 0.7, nu = 3.5, mu = -0.2, s2 = 2.25, s = 1.5;
    double lp = rt_multi_student_t_lpdf(
        mat(&y, NULL, 1, 1, false), rt_arg1(&nu, NULL, false),
        mat(&mu, NULL, 1, 1, false), mat(&s2, NULL, 1, 1, false), false, 1,
        NULL, NULL);
    double want = rt_student_t_lpdf(rt_arg1(&y, NULL, false),
                                    rt_arg1(&nu, NULL, false),
                                    rt_arg1(&mu, NULL, false),
                                    rt_arg1(&s, NULL, false), false, 1, NULL);
    assert_true(near(lp, want, 1e-13));

    int K = 3;
    TestRng r = {61};
    double yv[6], muv[3], S[9], L[9];
    fill_normal(&r, yv, 6);
    fill_normal(&r, muv, 3);
    fill_spd(&r, S, K);
    double full = rt_multi_student_t_lpdf(
        mat(yv, NULL, 2, K, false), rt_arg1(&nu, NULL, false),
        mat(muv, NULL, K, 1, false), mat(S, NULL, K, K, false), false, 1, NULL,
        NULL);
    double nu_terms = 2 * (lgamma(0.5 * (nu + K)) - lgamma(0.5 * nu)
                           - 0.5 * K * log(nu));
    double pi_term = -2 * 0.5 * K * log(M_PI), det = -0.5 * 2 * gsl_logdet(S, K, NULL);
    double p = rt_multi_student_t_lpdf(
        mat(yv, NULL, 2, K, true), rt_arg1(&nu, NULL, false),
        mat(muv, NULL, K, 1, false), mat(S, NULL, K, K, false), true, 1, NULL,
        NULL);
    assert_true(near(p, full - nu_terms - pi_term - det, 1e-12));
    p = rt_multi_student_t_lpdf(
        mat(yv, NULL, 2, K, false), rt_arg1(&nu, NULL, true),
        mat(muv, NULL, K, 1, false), mat(S, NULL, K, K, false), true, 1, NULL,
        NULL);
    assert_true(near(p, full - pi_term - det, 1e-12));
    assert_int_equal(rt_cholesky_factor(S, K, L), 0);
    double pc = rt_multi_student_t_cholesky_lpdf(
        mat(yv, NULL, 2, K, false), rt_arg1(&nu, NULL, false),
        mat(muv, NULL, K, 1, false), mat(L, NULL, K, K, true), true, 1, NULL,
        NULL);
    assert_true(near(pc, full - nu_terms - pi_term, 1e-12));
    p = rt_multi_student_t_lpdf(
        mat(yv, NULL, 2, K, false), rt_arg1(&nu, NULL, false),
        mat(muv, NULL, K, 1, false), mat(S, NULL, K, K, false), true, 1, NULL,
        NULL);
    assert_true(p == 0);

    double big = 1e9;
    double lt = rt_multi_student_t_lpdf(
        mat(yv, NULL, 2, K, false), rt_arg1(&big, NULL, false),
        mat(muv, NULL, K, 1, false), mat(S, NULL, K, K, false), false, 1, NULL,
        NULL);
    double ln = rt_multi_normal_lpdf(mat(yv, NULL, 2, K, false),
                                     mat(muv, NULL, K, 1, false),
                                     mat(S, NULL, K, K, false), false, 1, NULL,
                                     NULL);
    assert_true(near(lt, ln, 1e-6));
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

/* -------------------------------------- multinomial_logit, dirichlet_mn */

typedef struct DiscCtx {
    const int *ns;
    int K;
    bool dm;
} DiscCtx;

static double disc_density(const void *vctx, double *x)
{
    const DiscCtx *c = vctx;
    RtIArg ns = rt_iarg(c->ns, c->K);
    RtArg a = rt_argn(x, NULL, c->K, true);
    return c->dm ? rt_dirichlet_multinomial_lpmf(ns, a, false, 1, NULL)
                 : rt_multinomial_logit_lpmf(ns, a, false, 1, NULL);
}

static void test_multinomial_logit(void **state)
{
    (void)state;
    int ns[4] = {3, 0, 5, 1};
    double beta[4] = {0.3, -1.2, 0.8, 2}, theta[4], g[4], g0[4] = {1, -2, 3, .5};
    double lse = log(exp(0.3) + exp(-1.2) + exp(0.8) + exp(2));
    for (int k = 0; k < 4; k++)
        theta[k] = exp(beta[k] - lse);
    double want = rt_multinomial_lpmf(rt_iarg(ns, 4), rt_argn(theta, NULL, 4, false),
                                      false, 1, NULL);
    memcpy(g, g0, sizeof g);
    double lp = rt_multinomial_logit_lpmf(rt_iarg(ns, 4),
                                          rt_argn(beta, g, 4, true), false, 1,
                                          NULL);
    assert_true(near(lp, want, 1e-13));
    added(g, g0, 4);
    DiscCtx c = {ns, 4, false};
    for (int k = 0; k < 4; k++)
        expect_grad("multinomial_logit beta", k, g[k], fd(disc_density, &c, beta, k, -1));
    /* propto drops the multinomial coefficient; with beta data, all */
    double coef = lgamma(10) - lgamma(4) - lgamma(6) - lgamma(2);
    double p = rt_multinomial_logit_lpmf(rt_iarg(ns, 4),
                                         rt_argn(beta, NULL, 4, true), true, 1,
                                         NULL);
    assert_true(near(p, want - coef, 1e-13));
    assert_true(rt_multinomial_logit_lpmf(rt_iarg(ns, 4),
                                          rt_argn(beta, NULL, 4, false), true,
                                          1, NULL) == 0);
    double g2[4] = {0};
    rt_multinomial_logit_lpmf(rt_iarg(ns, 4), rt_argn(beta, g2, 4, true), false,
                              -0.5, NULL);
    for (int k = 0; k < 4; k++)
        assert_true(near(g2[k], -0.5 * g[k], 1e-13));
}

static void test_dirichlet_multinomial(void **state)
{
    (void)state;
    /* the pmf sums to 1 over the compositions of N = 5 into 3 parts */
    double alpha[3] = {0.4, 1.7, 3}, total = 0;
    for (int a = 0; a <= 5; a++)
        for (int b = 0; a + b <= 5; b++) {
            int ns[3] = {a, b, 5 - a - b};
            total += exp(rt_dirichlet_multinomial_lpmf(
                rt_iarg(ns, 3), rt_argn(alpha, NULL, 3, false), false, 1, NULL));
        }
    assert_true(near(total, 1, 1e-13));
    /* value by lgammas, partials, propto */
    int ns[4] = {2, 0, 7, 1};
    double al[4] = {0.3, 1.1, 2.5, 0.8}, a0 = 4.7, g[4], g0[4] = {.5, 1, -1, 2};
    double want = lgamma(a0) + lgamma(11) - lgamma(a0 + 10);
    for (int k = 0; k < 4; k++)
        want += lgamma(ns[k] + al[k]) - lgamma(al[k]) - lgamma(ns[k] + 1);
    memcpy(g, g0, sizeof g);
    double lp = rt_dirichlet_multinomial_lpmf(rt_iarg(ns, 4),
                                              rt_argn(al, g, 4, true), false, 1,
                                              NULL);
    assert_true(near(lp, want, 1e-12));
    added(g, g0, 4);
    DiscCtx c = {ns, 4, true};
    for (int k = 0; k < 4; k++)
        expect_grad("dirichlet_multinomial alpha", k, g[k],
                    fd(disc_density, &c, al, k, -1));
    double p = rt_dirichlet_multinomial_lpmf(rt_iarg(ns, 4),
                                             rt_argn(al, NULL, 4, true), true, 1,
                                             NULL);
    assert_true(near(p, want - (log(10) - log(2) - log(7)), 1e-12));
    assert_true(rt_dirichlet_multinomial_lpmf(rt_iarg(ns, 4),
                                              rt_argn(al, NULL, 4, false), true,
                                              1, NULL) == 0);
    int zero[4] = {0, 0, 0, 0};
    assert_true(rt_dirichlet_multinomial_lpmf(rt_iarg(zero, 4),
                                              rt_argn(al, NULL, 4, true), false,
                                              1, NULL) == 0);
}

/* -------------------------------------------------------- domain errors */

static void test_domain_errors(void **state)
{
    (void)state;
    RtError err;
    double I2[4] = {1, 0, 0, 1}, asym[4] = {1, 0.5, 0.4, 1};
    double indef[4] = {1, 2, 2, 1}, up[4] = {1, 0.5, 0, 1}, one = 1, zero = 0;
    RtArg nu1 = rt_arg1(&one, NULL, false), nu0 = rt_arg1(&zero, NULL, false);
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
    double y[2] = {0, 0};
    RtMat my = mat(y, NULL, 2, 1, true);
    assert_true(isnan(rt_multi_student_t_lpdf(my, nu0, my, mI, false, 1, NULL,
                                              &err)));
    assert_string_equal(err.msg, "multi_student_t: Degrees of freedom parameter "
                        "is 0, but must be positive!");
    assert_true(isnan(rt_multi_student_t_lpdf(my, an3, my,
                                              mat(asym, NULL, 2, 2, false),
                                              false, 1, NULL, &err)));
    assert_string_equal(err.msg, "multi_student_t: Scale parameter is not "
                        "symmetric. Scale parameter[1,2] = 0.5, but Scale "
                        "parameter[2,1] = 0.4");
    double y3[3] = {0, 0, 0};
    assert_true(isnan(rt_multi_student_t_cholesky_lpdf(
        mat(y3, NULL, 3, 1, true), an3, my, mI, false, 1, NULL, &err)));
    assert_string_equal(err.msg, "multi_student_t_cholesky: Size of random "
                        "variable (3) and size of location parameter (2) must "
                        "match in size");
    assert_true(isnan(rt_multi_normal_prec_lpdf(my, my,
                                                mat(indef, NULL, 2, 2, false),
                                                false, 1, NULL, &err)));
    assert_string_equal(err.msg, "multi_normal_prec_lpdf: LDLT_Factor of "
                        "precision parameter is not positive definite.  last "
                        "conditional variance is -3.");
    int ns[3] = {1, -1, 2}, ok[2] = {1, 2};
    double b3[3] = {0, 1, INFINITY}, b2[2] = {0, 1}, a2[2] = {1, 0};
    assert_true(isnan(rt_multinomial_logit_lpmf(rt_iarg(ns, 3),
                                                rt_argn(b2, NULL, 2, false), false,
                                                1, &err)));
    assert_string_equal(err.msg, "multinomial_logit_lpmf: Number of trials "
                        "variable[2] is -1, but must be nonnegative!");
    assert_true(isnan(rt_multinomial_logit_lpmf(rt_iarg(ok, 2),
                                                rt_argn(b3, NULL, 3, false), false,
                                                1, &err)));
    assert_string_equal(err.msg, "multinomial_logit_lpmf: log-probabilities "
                        "parameter[3] is inf, but must be finite!");
    assert_true(isnan(rt_dirichlet_multinomial_lpmf(rt_iarg(ok, 2),
                                                    rt_argn(a2, NULL, 2, false),
                                                    false, 1, &err)));
    assert_string_equal(err.msg, "dirichlet_multinomial_lpmf: Prior size "
                        "parameter[2] is 0, but must be positive finite!");
    /* rngs */
    double out[4];
    int counts[2];
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
    assert_int_equal(rt_multi_student_t_rng(-1, y, I2, 2, NULL, out, NULL, &err),
                     -1);
    assert_string_equal(err.msg, "multi_student_t_rng: Degrees of freedom "
                        "parameter is -1, but must be positive!");
    assert_int_equal(rt_multinomial_logit_rng(rt_argn(b2, NULL, 2, false), -1,
                                              counts, NULL, &err), -1);
    assert_string_equal(err.msg, "multinomial_logit_rng: number of trials "
                        "variables is -1, but must be nonnegative!");
    assert_int_equal(rt_dirichlet_multinomial_rng(rt_argn(a2, NULL, 2, false), 3,
                                                  counts, NULL, &err), -1);
    assert_string_equal(err.msg, "dirichlet_multinomial_rng: prior size "
                        "variable[2] is 0, but must be positive finite!");
    assert_int_equal(rt_lkj_corr_rng(2, 0, NULL, out, NULL, &err), -1);
    assert_string_equal(err.msg, "lkj_corr_rng: Shape parameter is 0, but must "
                        "be positive!");
}

/* ------------------------------------------------------------------ rngs */

#define NDRAW 20000

static void expect_mean(const char *what, double mean, double want, double sd)
{
    if (!(fabs(mean - want) <= 5 * sd / sqrt(NDRAW))) {
        print_error("%s: mean %g, expected %g (sd %g)\n", what, mean, want, sd);
        fail();
    }
}

static void test_discrete_rngs(void **state)
{
    (void)state;
    RtRng *rng = rt_rng_new(4321, 1);
    double beta[3] = {0.5, -1, 1.2}, p[3], lse = 0;
    for (int k = 0; k < 3; k++)
        lse += exp(beta[k]);
    for (int k = 0; k < 3; k++)
        p[k] = exp(beta[k]) / lse;
    int N = 12, out[3];
    double m[3] = {0};
    for (int t = 0; t < NDRAW; t++) {
        assert_int_equal(rt_multinomial_logit_rng(rt_argn(beta, NULL, 3, false),
                                                  N, out, rng, NULL), 0);
        assert_int_equal(out[0] + out[1] + out[2], N);
        for (int k = 0; k < 3; k++)
            m[k] += (double)out[k] / NDRAW;
    }
    for (int k = 0; k < 3; k++)
        expect_mean("multinomial_logit", m[k], N * p[k], sqrt(N * p[k] * (1 - p[k])));
    /* dirichlet_multinomial: mean N a_k / a0, variance N p (1 - p) (N + a0)
     * / (1 + a0) */
    double al[3] = {0.2, 1.5, 3}, a0 = 4.7, v[3] = {0};
    memset(m, 0, sizeof m);
    for (int t = 0; t < NDRAW; t++) {
        assert_int_equal(rt_dirichlet_multinomial_rng(rt_argn(al, NULL, 3, false),
                                                      N, out, rng, NULL), 0);
        assert_int_equal(out[0] + out[1] + out[2], N);
        for (int k = 0; k < 3; k++) {
            assert_true(out[k] >= 0);
            m[k] += (double)out[k] / NDRAW;
            double d = out[k] - N * al[k] / a0;
            v[k] += d * d / NDRAW;
        }
    }
    for (int k = 0; k < 3; k++) {
        double pk = al[k] / a0, var = N * pk * (1 - pk) * (N + a0) / (1 + a0);
        expect_mean("dirichlet_multinomial", m[k], N * pk, sqrt(var));
        /* the variance estimate: its sd is at most N^2 / 2 here */
        expect_mean("dirichlet_multinomial var", v[k], var, 0.5 * N * N);
    }
    assert_int_equal(rt_dirichlet_multinomial_rng(rt_argn(al, NULL, 3, false), 0,
                                                  out, rng, NULL), 0);
    assert_true(out[0] == 0 && out[1] == 0 && out[2] == 0);
    rt_rng_free(rng);
}

static void test_student_rngs(void **state)
{
    (void)state;
    RtRng *rng = rt_rng_new(99, 3);
    int K = 3;
    double nu = 10, mu[3] = {1, -2, 0.5}, d[3], L[9];
    double S[9] = {2, 0.6, -0.3, 0.6, 1, 0.2, -0.3, 0.2, 0.5};
    double m1[3] = {0}, m2[9] = {0}, c = nu / (nu - 2);
    for (int t = 0; t < NDRAW; t++) {
        assert_int_equal(rt_multi_student_t_rng(nu, mu, S, K, rng, d, NULL, NULL),
                         0);
        for (int i = 0; i < K; i++) {
            m1[i] += d[i] / NDRAW;
            for (int j = 0; j < K; j++)
                m2[i * K + j] += (d[i] - mu[i]) * (d[j] - mu[j]) / NDRAW;
        }
    }
    /* E x_i^2 x_j^2 = nu^2 / ((nu-2)(nu-4)) (S_ii S_jj + 2 S_ij^2) */
    double k4 = nu * nu / ((nu - 2) * (nu - 4));
    for (int i = 0; i < K; i++) {
        expect_mean("multi_student_t mean", m1[i], mu[i], sqrt(c * S[i * 4]));
        for (int j = 0; j < K; j++) {
            double sij = S[i * K + j];
            double e4 = k4 * (S[i * 4] * S[j * 4] + 2 * sij * sij);
            expect_mean("multi_student_t cov", m2[i * K + j], c * sij,
                        sqrt(e4 - c * c * sij * sij));
        }
    }
    /* the Cholesky form on chol(S) draws the same vector for a seed */
    assert_int_equal(rt_cholesky_factor(S, K, L), 0);
    RtRng *ra = rt_rng_new(5, 1), *rb = rt_rng_new(5, 1);
    double a[3], b[3], a2[3];
    rt_multi_student_t_rng(nu, mu, S, K, ra, a, NULL, NULL);
    rt_multi_student_t_cholesky_rng(nu, mu, L, K, rb, b, NULL);
    for (int i = 0; i < K; i++)
        assert_true(near(a[i], b[i], 1e-12));
    rt_rng_free(ra);
    ra = rt_rng_new(5, 1);
    rt_multi_student_t_rng(nu, mu, S, K, ra, a2, NULL, NULL);
    assert_memory_equal(a, a2, sizeof a);
    rt_rng_free(ra);
    rt_rng_free(rb);
    rt_rng_free(rng);
}

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
        cmocka_unit_test(test_wishart),
        cmocka_unit_test(test_wishart_one),
        cmocka_unit_test(test_wishart_propto),
        cmocka_unit_test(test_wishart_cholesky),
        cmocka_unit_test(test_multi_student_t),
        cmocka_unit_test(test_multi_student_t_cases),
        cmocka_unit_test(test_multi_normal_prec),
        cmocka_unit_test(test_multinomial_logit),
        cmocka_unit_test(test_dirichlet_multinomial),
        cmocka_unit_test(test_domain_errors),
        cmocka_unit_test(test_discrete_rngs),
        cmocka_unit_test(test_student_rngs),
        cmocka_unit_test(test_wishart_rngs),
        cmocka_unit_test(test_lkj_corr_rng),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
