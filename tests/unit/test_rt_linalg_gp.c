/* test_rt_linalg_gp.c - gp_exp_quad_cov with a length scale per dimension
 * (runtime/linalg_gp.c): values of the one-set and two-set kernels
 * against a direct double loop and against the one-length-scale kernels,
 * adjoints against central differences, accumulation, and Stan's checks
 * and messages. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>
#include <math.h>
#include <string.h>

#include "pplrt.h"
#include "rt_gp.h"
#include "rt_linalg.h"

#define CLOSE(a, b, tol) assert_true(fabs((a) - (b)) <= (tol) * (1 + fabs(b)))

enum { N1 = 4, N2 = 3, D = 3 };

static const double X1[N1 * D] = {0.1, -0.4, 1.2, 0.9, 0.3, -0.5,
                                  -1.1, 0.8, 0.2, 0.4, 0.4, 0.4};
static const double X2[N2 * D] = {0.0, 0.0, 0.0, 1.5, -0.2, 0.7,
                                  -0.6, 1.1, -0.9};
static const double L3[D] = {0.7, 1.9, 1.2};

/* sigma^2 exp(-0.5 sum_d ((a_d - b_d) / l_d)^2), entry by entry. */
static void direct(const double *a, int na, const double *b, int nb,
                   double sigma, const double *l, double *K)
{
    for (int i = 0; i < na; i++)
        for (int j = 0; j < nb; j++) {
            double s = 0;
            for (int d = 0; d < D; d++) {
                double t = (a[i * D + d] - b[j * D + d]) / l[d];
                s += t * t;
            }
            K[i * nb + j] = sigma * sigma * exp(-0.5 * s);
        }
}

static void test_values(void **state)
{
    (void)state;
    RtError err;
    double K[N1 * N1], W[N1 * N1];
    assert_int_equal(rt_gp_exp_quad_cov_ard(X1, N1, D, 1.3, L3, D, K, &err),
                     0);
    direct(X1, N1, X1, N1, 1.3, L3, W);
    for (int k = 0; k < N1 * N1; k++)
        CLOSE(K[k], W[k], 1e-14);
    for (int i = 0; i < N1; i++) {
        assert_true(K[i * N1 + i] == 1.3 * 1.3);
        for (int j = 0; j < N1; j++)
            assert_true(K[i * N1 + j] == K[j * N1 + i]);
    }
    double K2[N1 * N2], W2[N1 * N2];
    assert_int_equal(rt_gp_exp_quad_cov2_ard(X1, N1, D, X2, N2, D, 0.8, L3,
                                             D, K2, &err), 0);
    direct(X1, N1, X2, N2, 0.8, L3, W2);
    for (int k = 0; k < N1 * N2; k++)
        CLOSE(K2[k], W2[k], 1e-14);
    /* one length scale repeated is the plain kernel */
    double same[D] = {1.4, 1.4, 1.4};
    assert_int_equal(rt_gp_exp_quad_cov_ard(X1, N1, D, 2, same, D, K, &err),
                     0);
    assert_int_equal(rt_gp_exp_quad_cov(X1, N1, D, 2, 1.4, W, &err), 0);
    for (int k = 0; k < N1 * N1; k++)
        CLOSE(K[k], W[k], 1e-14);
    assert_int_equal(rt_gp_exp_quad_cov2_ard(X1, N1, D, X2, N2, D, 2, same,
                                             D, K2, &err), 0);
    assert_int_equal(rt_gp_exp_quad_cov2(X1, N1, D, X2, N2, D, 2, 1.4, W2,
                                         &err), 0);
    for (int k = 0; k < N1 * N2; k++)
        CLOSE(K2[k], W2[k], 1e-14);
    /* a hand value: (0, 0) and (1, 2) with l = (1, 2): exp(-0.5 * 2) */
    double two[4] = {0, 0, 1, 2}, l12[2] = {1, 2}, k4[4];
    assert_int_equal(rt_gp_exp_quad_cov_ard(two, 2, 2, 2, l12, 2, k4, &err),
                     0);
    CLOSE(k4[1], 4 * exp(-1), 1e-15);
}

/* ------------------------------------------------------------ adjoints */

/* f(p) = sum_ij W_ij K_ij with p = (x1 | x2 | sigma | l) and fixed
 * weights W; the kernel is one set (x1 alone) when g_two is false. */
static bool g_two;
static double weights[N1 * N1];

static int param_count(void)
{
    return N1 * D + (g_two ? N2 * D : 0) + 1 + D;
}

static double f(const double *p, double *g)
{
    const double *x1 = p, *x2 = g_two ? p + N1 * D : p;
    int off = N1 * D + (g_two ? N2 * D : 0), n2 = g_two ? N2 : N1;
    double sigma = p[off];
    const double *l = p + off + 1;
    double K[N1 * N1];
    RtError err;
    int rc = g_two ? rt_gp_exp_quad_cov2_ard(x1, N1, D, x2, N2, D, sigma, l,
                                             D, K, &err)
                   : rt_gp_exp_quad_cov_ard(x1, N1, D, sigma, l, D, K, &err);
    assert_int_equal(rc, 0);
    double v = 0;
    for (int k = 0; k < N1 * n2; k++)
        v += weights[k] * K[k];
    if (!g)
        return v;
    if (g_two)
        rt_gp_exp_quad_cov2_ard_adj(x1, N1, x2, N2, D, sigma, l, K, weights,
                                    g, g + N1 * D, g + off, g + off + 1);
    else
        rt_gp_exp_quad_cov_ard_adj(x1, N1, D, sigma, l, K, weights, g,
                                   g + off, g + off + 1);
    return v;
}

static void check_grad(const double *p0, int np)
{
    double p[64], g[64] = {0}, g2[64];
    memcpy(p, p0, np * sizeof *p);
    f(p, g);
    memcpy(g2, g, sizeof g);
    f(p, g2);
    for (int j = 0; j < np; j++) {
        CLOSE(g2[j], 2 * g[j], 1e-12);     /* the adjoints are added */
        double h = 1e-5 * (1 + fabs(p0[j]));
        p[j] = p0[j] + h;
        double up = f(p, NULL);
        p[j] = p0[j] - h;
        double down = f(p, NULL);
        p[j] = p0[j];
        double fd = (up - down) / (2 * h);
        if (fabs(fd - g[j]) > 1e-7 * (1 + fabs(fd)))
            fail_msg("%s set, partial %d: analytic %.12g, difference %.12g",
                     g_two ? "two" : "one", j, g[j], fd);
    }
}

static void test_adjoints(void **state)
{
    (void)state;
    /* weights not symmetric, so the one-set adjoint must take both */
    for (int k = 0; k < N1 * N1; k++)
        weights[k] = sin(1.7 * k + 0.3);
    double p[64];
    for (int two = 0; two < 2; two++) {
        g_two = two;
        int off = 0;
        memcpy(p, X1, sizeof X1);
        off += N1 * D;
        if (g_two) {
            memcpy(p + off, X2, sizeof X2);
            off += N2 * D;
        }
        p[off] = 1.3;
        memcpy(p + off + 1, L3, sizeof L3);
        check_grad(p, param_count());
    }
    /* NULL buffers: only those asked for */
    double K[N1 * N2], sg = 0, lg[D] = {0};
    RtError err;
    assert_int_equal(rt_gp_exp_quad_cov2_ard(X1, N1, D, X2, N2, D, 1.3, L3,
                                             D, K, &err), 0);
    rt_gp_exp_quad_cov2_ard_adj(X1, N1, X2, N2, D, 1.3, L3, K, weights, NULL,
                                NULL, &sg, NULL);
    rt_gp_exp_quad_cov2_ard_adj(X1, N1, X2, N2, D, 1.3, L3, K, weights, NULL,
                                NULL, NULL, lg);
    double s = 0;
    for (int k = 0; k < N1 * N2; k++)
        s += weights[k] * K[k];
    CLOSE(sg, 2 * s / 1.3, 1e-14);
    assert_true(lg[0] != 0 && lg[1] != 0 && lg[2] != 0);
}

/* ------------------------------------------------------------ messages */

static void expect_error(int rc, const RtError *err, const double *K, int n,
                         const char *msg)
{
    assert_int_equal(rc, -1);
    assert_string_equal(err->msg, msg);
    for (int k = 0; k < n; k++)
        assert_true(isnan(K[k]));
}

static void test_errors(void **state)
{
    (void)state;
    RtError err;
    double K[N1 * N1], l[D] = {0.7, 0, 1.2};
    expect_error(rt_gp_exp_quad_cov_ard(X1, N1, D, 1, l, D, K, &err), &err,
                 K, N1 * N1, "gp_exp_quad_cov: length scale[2] is 0, but "
                 "must be positive finite!");
    l[1] = INFINITY;
    expect_error(rt_gp_exp_quad_cov2_ard(X1, N1, D, X2, N2, D, 1, l, D, K,
                                         &err), &err, K, N1 * N2,
                 "gp_exp_quad_cov: length scale[2] is inf, but must be "
                 "positive finite!");
    expect_error(rt_gp_exp_quad_cov_ard(X1, N1, D, -1, L3, D, K, &err), &err,
                 K, N1 * N1, "gp_exp_quad_cov: magnitude is -1, but must be "
                 "positive finite!");
    expect_error(rt_gp_exp_quad_cov_ard(X1, N1, D, 1, L3, 2, K, &err), &err,
                 K, N1 * N1, "gp_exp_quad_cov: x dimension (3) and number of "
                 "length scales (2) must match in size");
    /* two sets: x2 of dimension 2 against 3 length scales */
    expect_error(rt_gp_exp_quad_cov2_ard(X1, N1, D, X2, 4, 2, 1, L3, D, K,
                                         &err), &err, K, N1 * 4,
                 "gp_exp_quad_cov: x dimension (2) and number of length "
                 "scales (3) must match in size");
    double xn[N1 * D];
    memcpy(xn, X1, sizeof xn);
    xn[2 * D + 1] = NAN;    /* the third point */
    expect_error(rt_gp_exp_quad_cov_ard(xn, N1, D, 1, L3, D, K, &err), &err,
                 K, N1 * N1, "gp_exp_quad_cov: x[3] is nan, but must not be "
                 "nan!");
    /* Stan checks the points of two sets first */
    expect_error(rt_gp_exp_quad_cov2_ard(X1, N1, D, xn, N1, D, -1, L3, D, K,
                                         &err), &err, K, N1 * N1,
                 "gp_exp_quad_cov: x2[3] is nan, but must not be nan!");
    /* empty sets: one set still checks its scales, two sets nothing */
    expect_error(rt_gp_exp_quad_cov_ard(NULL, 0, D, 0, L3, D, K, &err), &err,
                 K, 0, "gp_exp_quad_cov: magnitude is 0, but must be "
                 "positive finite!");
    assert_int_equal(rt_gp_exp_quad_cov_ard(NULL, 0, D, 1, L3, 2, K, &err),
                     0);
    assert_int_equal(rt_gp_exp_quad_cov2_ard(X1, N1, D, NULL, 0, 2, -1, L3,
                                             D, K, &err), 0);
    /* err may be NULL */
    assert_int_equal(rt_gp_exp_quad_cov_ard(X1, N1, D, 1, L3, 2, K, NULL),
                     -1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_values),
        cmocka_unit_test(test_adjoints),
        cmocka_unit_test(test_errors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
