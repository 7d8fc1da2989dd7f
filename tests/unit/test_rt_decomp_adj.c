/* test_rt_decomp_adj.c - the reverse steps of qr_thin_Q/R, qr_Q/R and
 * svd_U/V (linalg_decomp_adj.c) against fourth-order central differences
 * of the values the samplers compute (rt_qr_*, rt_svd), for tall, square
 * and wide matrices; a loss sum(W o X) with fixed weights W makes every
 * entry's adjoint count.  Also: equal singular values are an error, and
 * an empty matrix gets Stan's message. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>
#include <math.h>
#include <string.h>

#include "pplrt.h"
#include "rt_fd_check.h"
#include "rt_linalg.h"
#include "rt_linalg_build.h"

typedef struct Case {
    int M, N;
    int which;          /* 0 thin QR, 1 full QR, 2 SVD */
    bool use_q, use_r;  /* Q (or U) and R (or V) in the loss */
} Case;

/* fixed weights, different for every entry */
static double weight(int t, int i)
{
    return sin(1.3 * i + 0.7 * t + 0.2) + 0.1 * t;
}

static int dims(const Case *c, int *qc, int *rr)
{
    int p = c->M < c->N ? c->M : c->N;
    *qc = c->which == 1 ? c->M : p;
    *rr = c->which == 1 ? c->M : p;
    return p;
}

static double loss(const double *A, double *g, void *ctx)
{
    const Case *c = ctx;
    int qc, rr, p = dims(c, &qc, &rr);
    double X[64], Y[64], Wx[64], Wy[64], s[8], L = 0;
    int nx, ny;
    RtError e = {0};
    if (c->which == 2) {
        nx = c->M * p;
        ny = c->N * p;
        assert_int_equal(rt_svd("svd_U", A, c->M, c->N, X, s, Y, false, &e),
                         0);
    } else {
        nx = c->M * qc;
        ny = rr * c->N;
        if (c->which == 0) {
            assert_int_equal(rt_qr_thin_Q(A, c->M, c->N, X, &e), 0);
            assert_int_equal(rt_qr_thin_R(A, c->M, c->N, Y, &e), 0);
        } else {
            assert_int_equal(rt_qr_Q(A, c->M, c->N, X, &e), 0);
            assert_int_equal(rt_qr_R(A, c->M, c->N, Y, &e), 0);
        }
    }
    for (int i = 0; i < nx; i++) {
        Wx[i] = c->use_q ? weight(1, i) : 0;
        L += Wx[i] * X[i];
    }
    for (int i = 0; i < ny; i++) {
        Wy[i] = c->use_r ? weight(2, i) : 0;
        L += Wy[i] * Y[i];
    }
    if (g) {
        int rc = c->which == 2
            ? rt_svd_vectors_adj("svd_U", A, c->M, c->N,
                                 c->use_q ? Wx : NULL, c->use_r ? Wy : NULL,
                                 g, &e)
            : rt_qr_adj("qr_Q", A, c->M, c->N, c->use_q ? Wx : NULL, qc,
                        c->use_r ? Wy : NULL, rr, g, &e);
        if (rc)
            fail_msg("%s", e.msg);
    }
    return L;
}

static void check(Case c)
{
    double A[64];
    for (int i = 0; i < c.M * c.N; i++)
        A[i] = cos(2.1 * i + 0.4) + (i % (c.N + 1) == 0 ? 1.5 : 0)
               - 0.3 * (i % 3);
    double worst = fd_worst(loss, &c, A, c.M * c.N, 1e-4);
    if (!(worst < 1e-6))
        fail_msg("%s %d x %d (Q %d, R %d): worst relative error %g",
                 c.which == 2 ? "svd" : c.which ? "qr" : "qr_thin", c.M, c.N,
                 c.use_q, c.use_r, worst);
}

static void test_qr_thin(void **state)
{
    (void)state;
    const int shapes[][2] = {{4, 3}, {3, 3}, {3, 5}, {6, 2}, {1, 3}, {3, 1}};
    for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; i++) {
        check((Case){shapes[i][0], shapes[i][1], 0, true, false});
        check((Case){shapes[i][0], shapes[i][1], 0, false, true});
        check((Case){shapes[i][0], shapes[i][1], 0, true, true});
    }
}

/* The full Q's columns past min(M, N) come from the reflectors: their
 * derivative is the algorithm's, as Stan's (autodiff through Eigen's
 * Householder QR). */
static void test_qr_full(void **state)
{
    (void)state;
    const int shapes[][2] = {{4, 3}, {3, 3}, {3, 5}, {6, 2}, {5, 1}};
    for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; i++) {
        check((Case){shapes[i][0], shapes[i][1], 1, true, false});
        check((Case){shapes[i][0], shapes[i][1], 1, false, true});
    }
}

static void test_svd_vectors(void **state)
{
    (void)state;
    const int shapes[][2] = {{4, 3}, {3, 3}, {2, 5}, {5, 2}};
    for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; i++) {
        check((Case){shapes[i][0], shapes[i][1], 2, true, false});
        check((Case){shapes[i][0], shapes[i][1], 2, false, true});
        check((Case){shapes[i][0], shapes[i][1], 2, true, true});
    }
}

static void test_errors(void **state)
{
    (void)state;
    double I2[4] = {1, 0, 0, 1}, g[4] = {0}, u[4] = {1, 2, 3, 4};
    RtError e = {0};
    assert_int_equal(rt_svd_vectors_adj("svd_U", I2, 2, 2, u, NULL, g, &e),
                     -1);
    assert_non_null(strstr(e.msg, "svd_U: the singular values 1 and 2 are "
                           "equal (1)"));
    memset(&e, 0, sizeof e);
    assert_int_equal(rt_qr_adj("qr_thin_Q", I2, 0, 2, u, 0, NULL, 0, g, &e),
                     -1);
    assert_string_equal(e.msg, "qr_thin_Q: m has size 0, but must have a "
                        "non-zero size");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_qr_thin),
        cmocka_unit_test(test_qr_full),
        cmocka_unit_test(test_svd_vectors),
        cmocka_unit_test(test_errors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
