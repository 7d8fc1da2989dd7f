/* test_rt_dist_dirichlet.c - dirichlet (dist_dirichlet.c): the density
 * against its formula, every partial against central finite differences
 * (along the simplex), propto, Stan's messages, and the rng's moments
 * over 20000 draws within 5 standard errors. */
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
            expect_grad("dirichlet theta", k,
                        (g[k] - g0[k]) - (g[K - 1] - g0[K - 1]),
                        fd(dir_density, &c, x, k, -(K - 1) - 2));
        for (int k = 0; k < K; k++)
            expect_grad("dirichlet alpha", K + k, g[K + k] - g0[K + k],
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

/* -------------------------------------------------------- domain errors */

static void test_dirichlet_errors(void **state)
{
    (void)state;
    RtError err;
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
    assert_int_not_equal(rt_dirichlet_rng(al, 3, NULL, th, &err), 0);
    assert_string_equal(err.msg, "dirichlet_rng: prior sample sizes[2] is 0, but "
                        "must be positive finite!");
}

/* ------------------------------------------------------------------ rngs */

static void test_dirichlet_rng(void **state)
{
    (void)state;
    RtRng *rng = rt_rng_new(1234, 1);
    double d[4];
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
    rt_rng_free(rng);
}

int main(void)
{
    gsl_set_error_handler_off();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_dirichlet),
        cmocka_unit_test(test_dirichlet_errors),
        cmocka_unit_test(test_dirichlet_rng),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
