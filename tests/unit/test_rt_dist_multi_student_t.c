/* test_rt_dist_multi_student_t.c - multi_student_t and
 * multi_student_t_cholesky with their rngs (dist_multi_student_t.c).
 *
 * Values against the formula written here with GSL's Cholesky and
 * against K = 1 as student_t, the Cholesky form against the plain one;
 * every partial against fourth-order central differences (Sigma moved in
 * symmetric pairs, L on its lower triangle), with buffers starting
 * non-zero and adj scaling; propto; Stan's messages; rng moments over
 * 20000 draws within 5 standard errors, the Cholesky form drawing the
 * same vector for a seed. */
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

/* -------------------------------------------------------- domain errors */

static void test_multi_student_t_errors(void **state)
{
    (void)state;
    RtError err;
    double I2[4] = {1, 0, 0, 1}, asym[4] = {1, 0.5, 0.4, 1};
    double zero = 0, nu3 = 3;
    RtArg nu0 = rt_arg1(&zero, NULL, false), an3 = rt_arg1(&nu3, NULL, false);
    RtMat mI = mat(I2, NULL, 2, 2, false);
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
    double out[4];
    assert_int_equal(rt_multi_student_t_rng(-1, y, I2, 2, NULL, out, NULL, &err),
                     -1);
    assert_string_equal(err.msg, "multi_student_t_rng: Degrees of freedom "
                        "parameter is -1, but must be positive!");
}

/* ------------------------------------------------------------------ rngs */

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

int main(void)
{
    gsl_set_error_handler_off();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_multi_student_t),
        cmocka_unit_test(test_multi_student_t_cases),
        cmocka_unit_test(test_multi_student_t_errors),
        cmocka_unit_test(test_student_rngs),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
