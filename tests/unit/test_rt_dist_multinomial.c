/* test_rt_dist_multinomial.c - multinomial_logit and
 * dirichlet_multinomial with their rngs (dist_multinomial.c; multinomial
 * itself is tested with the discrete distributions, test_rt_dist_disc.c).
 *
 * multinomial_logit against multinomial on softmax, a
 * dirichlet_multinomial pmf summing to 1; every partial against
 * fourth-order central differences with buffers starting non-zero and adj
 * scaling; propto; Stan's messages; rng moments over 20000 draws within
 * 5 standard errors. */
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

static void test_multinomial_errors(void **state)
{
    (void)state;
    RtError err;
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
    int counts[2];
    assert_int_equal(rt_multinomial_logit_rng(rt_argn(b2, NULL, 2, false), -1,
                                              counts, NULL, &err), -1);
    assert_string_equal(err.msg, "multinomial_logit_rng: number of trials "
                        "variables is -1, but must be nonnegative!");
    assert_int_equal(rt_dirichlet_multinomial_rng(rt_argn(a2, NULL, 2, false), 3,
                                                  counts, NULL, &err), -1);
    assert_string_equal(err.msg, "dirichlet_multinomial_rng: prior size "
                        "variable[2] is 0, but must be positive finite!");
}

/* ------------------------------------------------------------------ rngs */

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

int main(void)
{
    gsl_set_error_handler_off();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_multinomial_logit),
        cmocka_unit_test(test_dirichlet_multinomial),
        cmocka_unit_test(test_multinomial_errors),
        cmocka_unit_test(test_discrete_rngs),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
