/* test_rt_linalg_qr.c - the QR decompositions (linalg_qr.c): Q R = A,
 * Q^T Q = I, R upper triangular with a non-negative diagonal (against the
 * Cholesky factor of A^T A), Stan's shapes and signs, and the
 * empty-matrix message. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>
#include <math.h>
#include <string.h>

#include "pplrt.h"
#include "rt_linalg.h"

#define CLOSE(a, b, tol) assert_true(fabs((a) - (b)) <= (tol) * (1 + fabs(b)))

/* ------------------------------------------------------------------ QR */

typedef int (*QrFn)(const double *A, int M, int N, double *out,
                    RtError *err);

/* C (m x n) = A (m x k) B (k x n), with A transposed if ta. */
static void mul(const double *A, const double *B, int m, int k, int n,
                bool ta, double *C)
{
    for (int i = 0; i < m; i++)
        for (int j = 0; j < n; j++) {
            double s = 0;
            for (int l = 0; l < k; l++)
                s += (ta ? A[l * m + i] : A[i * k + l]) * B[l * n + j];
            C[i * n + j] = s;
        }
}

/* Q (M x q) and R (q x N): Q R = A, Q^T Q = I, R upper triangular with
 * a non-negative diagonal. */
static void check_factors(const double *A, int M, int N, const double *Q,
                          int q, const double *R)
{
    double QR[64], QtQ[64];
    mul(Q, R, M, q, N, false, QR);
    for (int i = 0; i < M * N; i++)
        CLOSE(QR[i], A[i], 1e-13);
    mul(Q, Q, q, M, q, true, QtQ);
    for (int i = 0; i < q; i++)
        for (int j = 0; j < q; j++)
            CLOSE(QtQ[i * q + j], i == j ? 1.0 : 0.0, 1e-14);
    for (int i = 0; i < q; i++) {
        if (i < N)
            assert_true(R[i * N + i] >= 0);
        for (int j = 0; j < i && j < N; j++)
            assert_true(R[i * N + j] == 0);
    }
}

static void check_matrix(const double *A, int M, int N)
{
    int k = M < N ? M : N;
    double tq[64], tr[64], fq[64], fr[64];
    RtError err;
    assert_int_equal(rt_qr_thin_Q(A, M, N, tq, &err), 0);
    assert_int_equal(rt_qr_thin_R(A, M, N, tr, &err), 0);
    assert_int_equal(rt_qr_Q(A, M, N, fq, &err), 0);
    assert_int_equal(rt_qr_R(A, M, N, fr, &err), 0);
    check_factors(A, M, N, tq, k, tr);
    check_factors(A, M, N, fq, M, fr);
    /* the thin factors are the leading part of the full ones */
    for (int i = 0; i < M; i++)
        for (int j = 0; j < k; j++)
            assert_true(fq[i * M + j] == tq[i * k + j]);
    for (int i = 0; i < M; i++)
        for (int j = 0; j < N; j++)
            assert_true(fr[i * N + j] == (i < k ? tr[i * N + j] : 0));
}

static void test_qr_shapes(void **state)
{
    (void)state;
    double tall[15], wide[15], square[16];
    for (int i = 0; i < 15; i++) {
        tall[i] = sin(1.3 * i + 0.2) * (i % 3 ? 1 : -2);
        wide[i] = cos(0.7 * i) - 0.4;
    }
    for (int i = 0; i < 16; i++)
        square[i] = (i % 5) - 2.0 + 0.1 * i * i;
    check_matrix(tall, 5, 3);
    check_matrix(wide, 3, 5);
    check_matrix(square, 4, 4);
    check_matrix(tall, 5, 1);           /* a column */
    check_matrix(wide, 1, 5);           /* a row */
    double neg = -2.5, out;
    check_matrix(&neg, 1, 1);
    assert_int_equal(rt_qr_thin_R(&neg, 1, 1, &out, NULL), 0);
    assert_true(out == 2.5);
    /* rank deficient: the second column is twice the first */
    double def[8] = {1, 2, -1, -2, 3, 6, 0.5, 1};
    check_matrix(def, 4, 2);
}

/* Full rank: R is the Cholesky factor of A^T A (transposed), which is
 * unique with a positive diagonal, so Stan's signs are pinned down. */
static void test_qr_signs(void **state)
{
    (void)state;
    double A[15], AtA[9], L[9], R[9];
    for (int i = 0; i < 15; i++)
        A[i] = sin(2.1 * i) + (i % 4 == 0 ? -3 : 0);
    mul(A, A, 3, 5, 3, true, AtA);
    assert_int_equal(rt_cholesky_factor(AtA, 3, L), 0);
    assert_int_equal(rt_qr_thin_R(A, 5, 3, R, NULL), 0);
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++)
            CLOSE(R[i * 3 + j], L[j * 3 + i], 1e-13);
    /* a worked example: [[1, 2], [3, 4]] */
    double B[4] = {1, 2, 3, 4}, Q[4], RB[4], s = sqrt(10);
    rt_qr_thin_Q(B, 2, 2, Q, NULL);
    rt_qr_thin_R(B, 2, 2, RB, NULL);
    const double wq[4] = {1 / s, 3 / s, 3 / s, -1 / s};
    const double wr[4] = {s, 14 / s, 0, 2 / s};
    for (int i = 0; i < 4; i++) {
        CLOSE(Q[i], wq[i], 1e-15);
        CLOSE(RB[i], wr[i], 1e-15);
    }
    /* the full Q of (1, 2, 2)^T: one reflector; its first column negated
     * (R[0, 0] was -3), the others as the reflector leaves them, as in
     * Stan (Eigen's reflectors are GSL's) */
    double c[3] = {1, 2, 2}, F[9], RF[3];
    rt_qr_Q(c, 3, 1, F, NULL);
    rt_qr_R(c, 3, 1, RF, NULL);
    const double wf[9] = {1 / 3., -2 / 3., -2 / 3.,
                          2 / 3., 2 / 3., -1 / 3.,
                          2 / 3., -1 / 3., 2 / 3.};
    for (int i = 0; i < 9; i++)
        CLOSE(F[i], wf[i], 1e-15);
    assert_true(fabs(RF[0] - 3) < 1e-15 && RF[1] == 0 && RF[2] == 0);
}

static void test_qr_errors(void **state)
{
    (void)state;
    RtError err;
    double out[1];
    assert_int_equal(rt_qr_thin_Q(NULL, 0, 3, out, &err), -1);
    assert_string_equal(err.msg, "qr_thin_Q: m has size 0, but must have a "
                        "non-zero size");
    assert_int_equal(rt_qr_thin_R(NULL, 2, 0, out, &err), -1);
    assert_string_equal(err.msg, "qr_thin_R: m has size 0, but must have a "
                        "non-zero size");
    assert_int_equal(rt_qr_Q(NULL, 0, 0, out, &err), -1);
    assert_string_equal(err.msg, "qr_Q: m has size 0, but must have a "
                        "non-zero size");
    assert_int_equal(rt_qr_R(NULL, 0, 1, out, NULL), -1);
}
int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_qr_shapes),
        cmocka_unit_test(test_qr_signs),
        cmocka_unit_test(test_qr_errors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
