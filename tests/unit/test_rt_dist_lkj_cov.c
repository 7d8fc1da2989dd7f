/* test_rt_dist_lkj_cov.c - lkj_cov_lpdf (dist_lkj_cov.c; Stan Functions
 * Reference, "Correlation Matrix Distributions", LKJ covariance).
 *
 * Values: K = 2 against a closed form written here (the correlation r of
 * LKJ(eta) in dimension 2 is 2 Beta(eta, eta) - 1, density
 * (1 - r^2)^(eta - 1) 2^(1 - 2 eta) / B(eta, eta), and the lognormal
 * density of each standard deviation); K = 3 against the lognormal
 * formula plus rt_lkj_corr_lpdf of the correlation matrix.  Partials of
 * y (moved in symmetric pairs), mu, sigma and eta against central
 * differences; propto; Stan's messages. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <math.h>
#include <stdbool.h>
#include <string.h>

#include <gsl/gsl_sf_gamma.h>

#include "pplrt.h"
#include "rt_dist_multi.h"
#include "rt_fd_check.h"

static double lognormal_ref(double s, double mu, double sigma)
{
    double z = (log(s) - mu) / sigma;
    return -log(s * sigma * sqrt(2 * M_PI)) - 0.5 * z * z;
}

static void test_k2_closed_form(void **state)
{
    (void)state;
    double y[4] = {2.0, 0.6, 0.6, 0.5};
    double mu[2] = {0.1, -0.3}, sigma[2] = {0.8, 1.3}, eta = 2.5;
    double s0 = sqrt(2.0), s1 = sqrt(0.5), r = 0.6 / (s0 * s1);
    double want = lognormal_ref(s0, mu[0], sigma[0])
                  + lognormal_ref(s1, mu[1], sigma[1])
                  + (eta - 1) * log(1 - r * r) + (1 - 2 * eta) * log(2)
                  - gsl_sf_lnbeta(eta, eta);
    RtError err = {.msg = ""};
    double got = rt_lkj_cov_lpdf((RtMat){y, NULL, 2, 2, false},
                                 (RtArg){mu, NULL, 2, false, true},
                                 (RtArg){sigma, NULL, 2, false, true},
                                 (RtArg){&eta, NULL, 1, false, false}, false, 0,
                                 NULL, &err);
    assert_true(fabs(got - want) < 1e-12);
}

static const double y3[9] = {1.5, 0.3, -0.2, 0.3, 0.9, 0.1, -0.2, 0.1, 2.2};

static void test_k3_parts(void **state)
{
    (void)state;
    double mu[3] = {0.2, 0.0, -0.5}, sigma[3] = {1.0, 0.5, 2.0}, eta = 0.7;
    double omega[9], s[3], want = 0;
    for (int k = 0; k < 3; k++) {
        s[k] = sqrt(y3[k * 4]);
        want += lognormal_ref(s[k], mu[k], sigma[k]);
    }
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++)
            omega[i * 3 + j] = i == j ? 1 : y3[i * 3 + j] / (s[i] * s[j]);
    RtError err = {.msg = ""};
    RtArg e = {&eta, NULL, 1, false, false};
    want += rt_lkj_corr_lpdf((RtMat){omega, NULL, 3, 3, false}, e, false, 0,
                             NULL, &err);
    double got = rt_lkj_cov_lpdf((RtMat){y3, NULL, 3, 3, false},
                                 (RtArg){mu, NULL, 3, false, true},
                                 (RtArg){sigma, NULL, 3, false, true}, e, false, 0,
                                 NULL, &err);
    assert_true(fabs(got - want) < 1e-12);
    /* all data under propto: nothing is kept */
    assert_true(rt_lkj_cov_lpdf((RtMat){y3, NULL, 3, 3, false},
                                (RtArg){mu, NULL, 3, false, true},
                                (RtArg){sigma, NULL, 3, false, true}, e, true, 0,
                                NULL, &err) == 0);
}

/* x: y's lower triangle (6, each moving y_ij and y_ji), mu (3),
 * sigma (3), eta (1). */
static double eval(const double *x, double *g, void *ctx)
{
    (void)ctx;
    double y[9], gy[9] = {0};
    int t = 0;
    for (int i = 0; i < 3; i++)
        for (int j = 0; j <= i; j++, t++)
            y[i * 3 + j] = y[j * 3 + i] = x[t];
    RtError err = {.msg = ""};
    double lp = rt_lkj_cov_lpdf((RtMat){y, g ? gy : NULL, 3, 3, true},
                                (RtArg){x + 6, g ? g + 6 : NULL, 3, true, true},
                                (RtArg){x + 9, g ? g + 9 : NULL, 3, true, true},
                                (RtArg){x + 12, g ? g + 12 : NULL, 1, true, false},
                                false, 1.0, NULL, &err);
    assert_false(isnan(lp));
    if (g) {
        t = 0;
        for (int i = 0; i < 3; i++)
            for (int j = 0; j <= i; j++, t++)
                g[t] += i == j ? gy[i * 3 + i]
                               : gy[i * 3 + j] + gy[j * 3 + i];
    }
    return lp;
}

static void test_gradients(void **state)
{
    (void)state;
    double x[13];
    int t = 0;
    for (int i = 0; i < 3; i++)
        for (int j = 0; j <= i; j++)
            x[t++] = y3[i * 3 + j];
    const double rest[7] = {0.2, 0.0, -0.5, 1.0, 0.5, 2.0, 1.7};
    memcpy(x + 6, rest, sizeof rest);
    assert_true(fd_worst(eval, NULL, x, 13, 1e-4) < 1e-7);
}

static void test_errors(void **state)
{
    (void)state;
    double mu[3] = {0, 0, 0}, sigma[2] = {1, 1}, eta = 1, zero = 0;
    RtError err = {.msg = ""};
    assert_true(isnan(rt_lkj_cov_lpdf((RtMat){y3, NULL, 3, 3, false},
                                      (RtArg){mu, NULL, 3, false, true},
                                      (RtArg){sigma, NULL, 2, false, true},
                                      (RtArg){&eta, NULL, 1, false, false}, false,
                                      0, NULL, &err)));
    assert_string_equal(err.msg, "lkj_cov_lpdf: Rows of location parameter "
                        "(3) and columns of scale parameter (2) must match "
                        "in size");
    double sg3[3] = {1, 1, 1};
    RtError err2 = {.msg = ""};
    assert_true(isnan(rt_lkj_cov_lpdf((RtMat){y3, NULL, 3, 3, false},
                                      (RtArg){mu, NULL, 3, false, true},
                                      (RtArg){sg3, NULL, 3, false, true},
                                      (RtArg){&zero, NULL, 1, false, false}, false,
                                      0, NULL, &err2)));
    assert_string_equal(err2.msg, "lkj_cov_lpdf: Shape parameter is 0, but "
                        "must be positive!");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_k2_closed_form),
        cmocka_unit_test(test_k3_parts),
        cmocka_unit_test(test_gradients),
        cmocka_unit_test(test_errors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
