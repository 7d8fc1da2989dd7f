/* test_rt_dist_multi_gp.c - multi_gp_lpdf and multi_gp_cholesky_lpdf
 * (dist_multi_gp.c; Stan Functions Reference, "Multivariate Gaussian
 * process distribution").
 *
 * Values against the definition: the sum over the rows y_i of
 * rt_multi_normal_lpdf(y_i | 0, Sigma / w_i), and the Cholesky form
 * against the plain one with Sigma = L L^T; partials of y, Sigma (moved
 * in symmetric pairs), L (lower triangle) and w against central
 * differences; propto; Stan's messages. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <math.h>
#include <stdbool.h>
#include <string.h>

#include "pplrt.h"
#include "rt_dist_multi.h"
#include "rt_fd_check.h"

#define K 2
#define N 3

static const double yv0[K * N] = {0.3, -0.2, 0.5, 1.1, 0.4, -0.6};
static const double S0[N * N] = {1.5, 0.3, -0.2, 0.3, 0.9, 0.1,
                                 -0.2, 0.1, 2.2};
static const double w0[K] = {0.7, 2.5};

/* L L^T = S0's Cholesky factor, from GSL-free arithmetic here. */
static void chol3(const double *S, double *L)
{
    memset(L, 0, sizeof *L * N * N);
    for (int j = 0; j < N; j++) {
        double d = S[j * N + j];
        for (int k = 0; k < j; k++)
            d -= L[j * N + k] * L[j * N + k];
        L[j * N + j] = sqrt(d);
        for (int i = j + 1; i < N; i++) {
            double s = S[i * N + j];
            for (int k = 0; k < j; k++)
                s -= L[i * N + k] * L[j * N + k];
            L[i * N + j] = s / L[j * N + j];
        }
    }
}

static void test_values(void **state)
{
    (void)state;
    RtError err = {.msg = ""};
    double want = 0, zero[N] = {0};
    for (int i = 0; i < K; i++) {
        double Si[N * N];
        for (int k = 0; k < N * N; k++)
            Si[k] = S0[k] / w0[i];
        want += rt_multi_normal_lpdf((RtMat){yv0 + i * N, NULL, N, 1, false},
                                     (RtMat){zero, NULL, N, 1, false},
                                     (RtMat){Si, NULL, N, N, false}, false, 0,
                                     NULL, &err);
    }
    RtMat y = {yv0, NULL, K, N, false};
    RtArg w = {w0, NULL, K, false, true};
    double got = rt_multi_gp_lpdf(y, (RtMat){S0, NULL, N, N, false}, w, false,
                                  0, NULL, &err);
    assert_true(fabs(got - want) < 1e-12);
    double L[N * N];
    chol3(S0, L);
    double gotc = rt_multi_gp_cholesky_lpdf(y, (RtMat){L, NULL, N, N, false},
                                            w, false, 0, NULL, &err);
    assert_true(fabs(gotc - want) < 1e-12);
    assert_true(rt_multi_gp_lpdf(y, (RtMat){S0, NULL, N, N, false}, w, true,
                                 0, NULL, &err) == 0);
}

/* x: y (K N), w (K), then Sigma's lower triangle (6, each moving S_ij
 * and S_ji) or L's (6). */
static double eval(const double *x, double *g, void *ctx)
{
    bool chol = *(const bool *)ctx;
    double M[N * N] = {0}, gM[N * N] = {0};
    int t = K * N + K;
    for (int i = 0; i < N; i++)
        for (int j = 0; j <= i; j++, t++) {
            M[i * N + j] = x[t];
            if (!chol)
                M[j * N + i] = x[t];
        }
    RtError err = {.msg = ""};
    RtMat y = {x, g, K, N, true};
    RtArg w = {x + K * N, g ? g + K * N : NULL, K, true, true};
    RtMat m = {M, g ? gM : NULL, N, N, true};
    double lp = chol ? rt_multi_gp_cholesky_lpdf(y, m, w, false, 1, NULL, &err)
                     : rt_multi_gp_lpdf(y, m, w, false, 1, NULL, &err);
    assert_false(isnan(lp));
    if (g) {
        t = K * N + K;
        for (int i = 0; i < N; i++)
            for (int j = 0; j <= i; j++, t++)
                g[t] += chol || i == j ? gM[i * N + j]
                                       : gM[i * N + j] + gM[j * N + i];
    }
    return lp;
}

static void test_gradients(void **state)
{
    (void)state;
    double x[K * N + K + 6], L[N * N];
    memcpy(x, yv0, sizeof yv0);
    memcpy(x + K * N, w0, sizeof w0);
    bool chol = false;
    int t = K * N + K;
    for (int i = 0; i < N; i++)
        for (int j = 0; j <= i; j++)
            x[t++] = S0[i * N + j];
    assert_true(fd_worst(eval, &chol, x, K * N + K + 6, 1e-4) < 1e-7);
    chol = true;
    chol3(S0, L);
    t = K * N + K;
    for (int i = 0; i < N; i++)
        for (int j = 0; j <= i; j++)
            x[t++] = L[i * N + j];
    assert_true(fd_worst(eval, &chol, x, K * N + K + 6, 1e-4) < 1e-7);
}

static void test_errors(void **state)
{
    (void)state;
    RtError err = {.msg = ""};
    RtMat y = {yv0, NULL, K, N, false};
    RtMat S = {S0, NULL, N, N, false};
    assert_true(isnan(rt_multi_gp_lpdf(y, S, (RtArg){w0, NULL, 1, false, false},
                                       false, 0, NULL, &err)));
    assert_string_equal(err.msg, "multi_gp_lpdf: Size of random variable "
                        "(rows y) (2) and Size of kernel scales (w) (1) must "
                        "match in size");
    double wneg[K] = {1, -1};
    RtError err2 = {.msg = ""};
    assert_true(isnan(rt_multi_gp_cholesky_lpdf(
        y, S, (RtArg){wneg, NULL, K, false, true}, false, 0, NULL, &err2)));
    assert_string_equal(err2.msg, "multi_gp_cholesky_lpdf: Kernel scales[2] "
                        "is -1, but must be positive finite!");
    double asym[N * N];
    memcpy(asym, S0, sizeof asym);
    asym[1] = 0.5;
    RtError err3 = {.msg = ""};
    assert_true(isnan(rt_multi_gp_lpdf(y, (RtMat){asym, NULL, N, N, false},
                                       (RtArg){w0, NULL, K, false, true}, false, 0,
                                       NULL, &err3)));
    assert_non_null(strstr(err3.msg, "multi_gp_lpdf: Sigma is not symmetric"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_values),
        cmocka_unit_test(test_gradients),
        cmocka_unit_test(test_errors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
