/* test_rt_linalg_lu.c - libpplrt's general matrix division (rt_lu.h).
 *
 * Values: X = A^-1 B satisfies A X = B, and X = B A^-1 satisfies X A = B,
 * to 1e-12 relative, at seeded random A (diagonally weighted, so well
 * conditioned) of sizes 1, 2, 3 and 5 and right-hand sides of 1 and 3
 * columns (rows), plus an A whose leading entry is zero, which only
 * pivoting solves.  Adjoints: against fourth-order central differences of
 * t(A, B) = sum(w .* f(A, B)) for a random w, to 1e-6 relative, with
 * buffers that start non-zero to prove the functions add, and NULL
 * buffers for data, also at A with its rows reversed (which pivots).
 * Then Stan's messages for the domain errors. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "pplrt.h"
#include "rt_lu.h"
#include "rt_test_util.h"

#define MAXN 5
#define MAXM 3
#define MAXW (MAXN * MAXN + MAXN + MAXN * MAXM)

static const int SIZES[] = {1, 2, 3, 5};
static const int RHS[] = {1, 3};

static bool near(double got, double want, double tol)
{
    return fabs(got - want) <= tol * fmax(1, fabs(want));
}

/* A random n x n matrix with n + 1 added to its diagonal. */
static void fill_well(TestRng *r, double *A, int n)
{
    fill_normal(r, A, n * n);
    for (int i = 0; i < n; i++)
        A[i * n + i] += n + 1;
}

/* C = A B, A m x k, B k x n. */
static void mul(const double *A, const double *B, int m, int k, int n,
                double *C)
{
    for (int i = 0; i < m; i++)
        for (int j = 0; j < n; j++) {
            double s = 0;
            for (int l = 0; l < k; l++)
                s += A[i * k + l] * B[l * n + j];
            C[i * n + j] = s;
        }
}

/* ---------------------------------------------------------------- values */

static void check_left(const double *A, const double *B, int n, int m)
{
    double X[MAXN * MAXM], AX[MAXN * MAXM], work[MAXW];
    RtError err;
    assert_int_equal(rt_mdivide_left(A, n, n, B, n, m, X, work, &err), 0);
    mul(A, X, n, n, m, AX);
    for (int i = 0; i < n * m; i++)
        assert_true(near(AX[i], B[i], 1e-12));
}

static void check_right(const double *B, const double *A, int m, int n)
{
    double X[MAXN * MAXM], XA[MAXN * MAXM], work[MAXW];
    RtError err;
    assert_int_equal(rt_mdivide_right(B, m, n, A, n, n, X, work, &err), 0);
    mul(X, A, m, n, n, XA);
    for (int i = 0; i < m * n; i++)
        assert_true(near(XA[i], B[i], 1e-12));
}

static void test_values(void **state)
{
    (void)state;
    TestRng r = {11};
    for (size_t a = 0; a < sizeof SIZES / sizeof SIZES[0]; a++)
        for (size_t b = 0; b < sizeof RHS / sizeof RHS[0]; b++) {
            int n = SIZES[a], m = RHS[b];
            double A[MAXN * MAXN], B[MAXN * MAXM];
            fill_well(&r, A, n);
            fill_normal(&r, B, n * m);
            check_left(A, B, n, m);
            check_right(B, A, m, n);
        }
}

/* A zero leading entry: no solution without a row swap. */
static void test_pivoting(void **state)
{
    (void)state;
    const double A[9] = {0, 2, 1, 1, 0, 3, 4, 1, 0};
    const double B[6] = {1, 2, 3, -1, 0.5, 7};
    check_left(A, B, 3, 2);
    check_right(B, A, 2, 3);
    /* the permutation [0 1; 1 0] is its own inverse */
    const double P[4] = {0, 1, 1, 0}, b[2] = {3, 5};
    double x[2], work[MAXW];
    assert_int_equal(rt_mdivide_left(P, 2, 2, b, 2, 1, x, work, NULL), 0);
    assert_true(x[0] == 5 && x[1] == 3);
}

/* X may be B itself. */
static void test_in_place(void **state)
{
    (void)state;
    const double A[4] = {2, 1, 1, 3};
    double X[2] = {3, 5}, work[MAXW];
    assert_int_equal(rt_mdivide_left(A, 2, 2, X, 2, 1, X, work, NULL), 0);
    assert_true(near(X[0], 0.8, 1e-14) && near(X[1], 1.4, 1e-14));
    double Y[2] = {3, 5};
    assert_int_equal(rt_mdivide_right(Y, 1, 2, A, 2, 2, Y, work, NULL), 0);
    assert_true(near(Y[0], 0.8, 1e-14) && near(Y[1], 1.4, 1e-14));
}

/* -------------------------------------------------------------- adjoints */

/* t(A, B) = sum(w .* X) with X = A \ B (left) or B / A. */
static double objective(bool left, const double *A, const double *B, int n,
                        int m, const double *w)
{
    double X[MAXN * MAXM], work[MAXW];
    int rc = left ? rt_mdivide_left(A, n, n, B, n, m, X, work, NULL)
                  : rt_mdivide_right(B, m, n, A, n, n, X, work, NULL);
    assert_int_equal(rc, 0);
    double s = 0;
    for (int i = 0; i < n * m; i++)
        s += w[i] * X[i];
    return s;
}

/* Fourth-order central difference of the objective in x[i]. */
static double diff(bool left, double *A, double *B, int n, int m,
                   const double *w, double *x, int i)
{
    const double h = 1e-3;
    double x0 = x[i], f[4];
    const double steps[4] = {-2, -1, 1, 2};
    for (int k = 0; k < 4; k++) {
        x[i] = x0 + steps[k] * h;
        f[k] = objective(left, A, B, n, m, w);
    }
    x[i] = x0;
    return (f[0] - 8 * f[1] + 8 * f[2] - f[3]) / (12 * h);
}

/* flip: A's rows reversed, so that the factorization must swap rows. */
static void check_adjoint(bool left, int n, int m, bool flip, TestRng *r)
{
    double A[MAXN * MAXN], B[MAXN * MAXM], X[MAXN * MAXM], w[MAXN * MAXM];
    double work[MAXW];
    fill_well(r, A, n);
    for (int i = 0; flip && i < n / 2; i++)
        for (int j = 0; j < n; j++) {
            double t = A[i * n + j];
            A[i * n + j] = A[(n - 1 - i) * n + j];
            A[(n - 1 - i) * n + j] = t;
        }
    fill_normal(r, B, n * m);
    fill_normal(r, w, n * m);
    int rc = left ? rt_mdivide_left(A, n, n, B, n, m, X, work, NULL)
                  : rt_mdivide_right(B, m, n, A, n, n, X, work, NULL);
    assert_int_equal(rc, 0);
    /* buffers start at 1: the functions add */
    double gA[MAXN * MAXN], gB[MAXN * MAXM];
    for (int i = 0; i < n * n; i++)
        gA[i] = 1;
    for (int i = 0; i < n * m; i++)
        gB[i] = 1;
    if (left)
        rt_mdivide_left_adj(A, X, w, n, m, gA, gB, work);
    else
        rt_mdivide_right_adj(A, X, w, m, n, gB, gA, work);
    for (int i = 0; i < n * n; i++)
        assert_true(near(gA[i] - 1, diff(left, A, B, n, m, w, A, i), 1e-6));
    for (int i = 0; i < n * m; i++)
        assert_true(near(gB[i] - 1, diff(left, A, B, n, m, w, B, i), 1e-6));
    /* one input data: the other's adjoint alone, the same */
    double gA2[MAXN * MAXN] = {0}, gB2[MAXN * MAXM] = {0};
    if (left) {
        rt_mdivide_left_adj(A, X, w, n, m, gA2, NULL, work);
        rt_mdivide_left_adj(A, X, w, n, m, NULL, gB2, work);
    } else {
        rt_mdivide_right_adj(A, X, w, m, n, NULL, gA2, work);
        rt_mdivide_right_adj(A, X, w, m, n, gB2, NULL, work);
    }
    for (int i = 0; i < n * n; i++)
        assert_true(near(gA2[i], gA[i] - 1, 1e-14));
    for (int i = 0; i < n * m; i++)
        assert_true(near(gB2[i], gB[i] - 1, 1e-14));
}

static void test_adjoints(void **state)
{
    (void)state;
    TestRng r = {23};
    for (size_t a = 0; a < sizeof SIZES / sizeof SIZES[0]; a++)
        for (size_t b = 0; b < sizeof RHS / sizeof RHS[0]; b++) {
            for (int flip = 0; flip < 2; flip++) {
                check_adjoint(true, SIZES[a], RHS[b], flip, &r);
                check_adjoint(false, SIZES[a], RHS[b], flip, &r);
            }
        }
}

/* ---------------------------------------------------------------- errors */

static void test_errors(void **state)
{
    (void)state;
    double A[6] = {1, 2, 3, 4, 5, 6}, B[6] = {1, 1, 1, 1, 1, 1};
    double X[6] = {7, 7, 7, 7, 7, 7}, work[MAXW];
    RtError err;
    assert_int_equal(rt_mdivide_left(A, 2, 3, B, 2, 1, X, work, &err), -1);
    assert_string_equal(err.msg, "mdivide_left: Expecting a square matrix; "
                        "rows of A (2) and columns of A (3) must match in "
                        "size");
    assert_true(X[0] == 7);             /* untouched */
    assert_int_equal(rt_mdivide_left(A, 2, 2, B, 3, 1, X, work, &err), -1);
    assert_string_equal(err.msg, "mdivide_left: Columns of A (2) and Rows of "
                        "b (3) must match in size");
    assert_int_equal(rt_mdivide_right(B, 1, 3, A, 2, 3, X, work, &err), -1);
    assert_string_equal(err.msg, "mdivide_right: Expecting a square matrix; "
                        "rows of A (2) and columns of A (3) must match in "
                        "size");
    assert_int_equal(rt_mdivide_right(B, 1, 3, A, 2, 2, X, work, &err), -1);
    assert_string_equal(err.msg, "mdivide_right: Columns of b (3) and Rows "
                        "of A (2) must match in size");
    /* rank one: singular, NaN out */
    const double S[4] = {1, 2, 2, 4};
    assert_int_equal(rt_mdivide_left(S, 2, 2, B, 2, 1, X, work, &err), -1);
    assert_string_equal(err.msg, "mdivide_left: A is singular");
    assert_true(isnan(X[0]) && isnan(X[1]));
    assert_int_equal(rt_mdivide_right(B, 1, 2, S, 2, 2, X, work, &err), -1);
    assert_string_equal(err.msg, "mdivide_right: A is singular");
    assert_true(isnan(X[0]) && isnan(X[1]));
    /* the adjoint of a failed forward adds nothing */
    double gA[4] = {0}, gB[2] = {0}, Xa[2] = {1, 1};
    rt_mdivide_left_adj(S, Xa, Xa, 2, 1, gA, gB, work);
    rt_mdivide_right_adj(S, Xa, Xa, 1, 2, gB, gA, work);
    for (int i = 0; i < 4; i++)
        assert_true(gA[i] == 0);
    assert_true(gB[0] == 0 && gB[1] == 0);
    /* empty A: an empty result, no error */
    assert_int_equal(rt_mdivide_left(A, 0, 0, B, 0, 2, X, work, &err), 0);
    /* NaN reaches the result, without an error */
    const double N[4] = {NAN, 1, 1, 2};
    assert_int_equal(rt_mdivide_left(N, 2, 2, B, 2, 1, X, work, &err), 0);
    assert_true(isnan(X[0]) || isnan(X[1]));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_values),
        cmocka_unit_test(test_pivoting),
        cmocka_unit_test(test_in_place),
        cmocka_unit_test(test_adjoints),
        cmocka_unit_test(test_errors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
