/* test_rt_matrix_exp.c - libpplrt's matrix exponential and Moore-Penrose
 * inverse (rt_matrix_exp.h).
 *
 * Values against closed forms: exp of a diagonal matrix is the diagonal
 * of exponentials (at magnitudes that select each Pade degree 3, 5, 7, 9,
 * 13 and scaling: Higham 2005's thresholds); exp of a nilpotent N with
 * N^3 = 0 is I + N + N^2 / 2; exp(theta J) for the rotation generator
 * J = [[0, -1], [1, 0]] is the rotation by theta; exp(A) exp(-A) = I.
 * The adjoint (the Frechet derivative from the block exponential) and
 * scale_matrix_exp_multiply's three adjoints against central differences.
 * generalized_inverse: the four Penrose conditions (A X A = A, X A X = X,
 * A X and X A symmetric) for tall, wide, square and rank-deficient A; the
 * inverse for square invertible A; the adjoint against central
 * differences at full rank (the derivative of constant rank). */
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

#include "pplrt.h"
#include "rt_matrix_exp.h"
#include "rt_test_util.h"

#define MAXN 6

static bool near(double got, double want, double tol)
{
    return fabs(got - want) <= tol * fmax(1, fabs(want));
}

static double *work_for(size_t n)
{
    double *w = malloc(sizeof *w * (n ? n : 1));
    assert_non_null(w);
    return w;
}

/* Y = exp(A) through the public function (with its own scratch). */
static void expm(const double *A, int n, double *Y)
{
    double *w = work_for(rt_matrix_exp_work(n));
    RtError err = {.msg = ""};
    assert_int_equal(rt_matrix_exp(A, n, Y, w, &err), 0);
    free(w);
}

static void mul(const double *A, const double *B, int m, int l, int n,
                double *C)
{
    for (int i = 0; i < m; i++)
        for (int j = 0; j < n; j++) {
            double s = 0;
            for (int k = 0; k < l; k++)
                s += A[i * l + k] * B[k * n + j];
            C[i * n + j] = s;
        }
}

/* ------------------------------------------------------ closed forms */

static void test_diagonal(void **state)
{
    (void)state;
    /* one magnitude per Pade degree, then ones that need scaling */
    static const double mags[] = {0.01, 0.2, 0.9, 2.0, 5.0, 40.0, -30.0};
    for (size_t k = 0; k < sizeof mags / sizeof mags[0]; k++) {
        double A[9] = {0}, Y[9];
        double d[3] = {mags[k], -mags[k] / 2, mags[k] / 3};
        for (int i = 0; i < 3; i++)
            A[i * 3 + i] = d[i];
        expm(A, 3, Y);
        for (int i = 0; i < 3; i++)
            for (int j = 0; j < 3; j++)
                assert_true(near(Y[i * 3 + j], i == j ? exp(d[i]) : 0,
                                 1e-13));
    }
}

static void test_nilpotent(void **state)
{
    (void)state;
    /* N^3 = 0: exp(N) = I + N + N^2 / 2 exactly; large entries make the
     * algorithm scale and square */
    static const double s[] = {0.001, 0.5, 3.0, 100.0};
    for (size_t k = 0; k < sizeof s / sizeof s[0]; k++) {
        double a = s[k], b = -2 * s[k], c = 0.7 * s[k];
        double N[9] = {0, a, b, 0, 0, c, 0, 0, 0}, Y[9];
        double want[9] = {1, a, b + a * c / 2, 0, 1, c, 0, 0, 1};
        expm(N, 3, Y);
        for (int e = 0; e < 9; e++)
            assert_true(near(Y[e], want[e], 1e-12));
    }
}

static void test_rotation(void **state)
{
    (void)state;
    static const double th[] = {0.3, 2.5, -7.0, 20.0};
    for (size_t k = 0; k < sizeof th / sizeof th[0]; k++) {
        double J[4] = {0, -th[k], th[k], 0}, Y[4];
        expm(J, 2, Y);
        double c = cos(th[k]), s = sin(th[k]);
        assert_true(near(Y[0], c, 1e-12) && near(Y[1], -s, 1e-12));
        assert_true(near(Y[2], s, 1e-12) && near(Y[3], c, 1e-12));
    }
}

static void test_inverse_pair(void **state)
{
    (void)state;
    TestRng r = {42};
    static const double scales[] = {0.005, 0.1, 0.5, 1.5, 4.0};
    for (int n = 1; n <= 5; n++)
        for (size_t k = 0; k < sizeof scales / sizeof scales[0]; k++) {
            double A[25], M[25], E[25], F[25], P[25];
            fill_normal(&r, A, n * n);
            for (int e = 0; e < n * n; e++) {
                A[e] *= scales[k] / n;
                M[e] = -A[e];
            }
            expm(A, n, E);
            expm(M, n, F);
            mul(E, F, n, n, n, P);
            for (int i = 0; i < n; i++)
                for (int j = 0; j < n; j++)
                    assert_true(near(P[i * n + j], i == j, 1e-12));
        }
}

static void test_special(void **state)
{
    (void)state;
    RtError err = {.msg = ""};
    double w[1] = {0}, Y[4];
    /* empty: nothing, no error */
    assert_int_equal(rt_matrix_exp(NULL, 0, NULL, w, &err), 0);
    /* a NaN or an infinity gives NaN everywhere, no error */
    double A[4] = {1, NAN, 0, 1};
    double *wk = work_for(rt_matrix_exp_work(2));
    assert_int_equal(rt_matrix_exp(A, 2, Y, wk, &err), 0);
    for (int e = 0; e < 4; e++)
        assert_true(isnan(Y[e]));
    A[1] = INFINITY;
    assert_int_equal(rt_matrix_exp(A, 2, Y, wk, &err), 0);
    assert_true(isnan(Y[0]));
    free(wk);
}

/* ---------------------------------------------------------- adjoints */

/* sum(W .* exp(t A) B) */
static double objective(double t, const double *A, const double *B,
                        const double *W, int n, int k)
{
    double *w = work_for(rt_scale_matrix_exp_multiply_work(n, k));
    double Y[MAXN * MAXN];
    RtError err = {.msg = ""};
    assert_int_equal(rt_scale_matrix_exp_multiply(t, A, B, n, k, Y, w, &err),
                     0);
    free(w);
    double s = 0;
    for (int e = 0; e < n * k; e++)
        s += W[e] * Y[e];
    return s;
}

/* fourth-order central difference of objective in x[e] (x may be t) */
static double diff(double *x, int e, const double *t, const double *A,
                   const double *B, const double *W, int n, int k)
{
    double x0 = x[e], h = 1e-3 * fmax(1, fabs(x0)), f[4];
    static const double steps[] = {-2, -1, 1, 2};
    for (int s = 0; s < 4; s++) {
        x[e] = x0 + steps[s] * h;
        f[s] = objective(*t, A, B, W, n, k);
    }
    x[e] = x0;
    return (f[0] - 8 * f[1] + 8 * f[2] - f[3]) / (12 * h);
}

static void test_exp_adjoint(void **state)
{
    (void)state;
    TestRng r = {7};
    for (int n = 1; n <= 4; n++) {
        double A[16], W[16], I[16] = {0}, gA[16];
        fill_normal(&r, A, n * n);
        fill_normal(&r, W, n * n);
        for (int i = 0; i < n; i++)
            I[i * n + i] = 1;
        for (int e = 0; e < n * n; e++) {
            A[e] *= 1.5;
            gA[e] = 0.25;   /* the function adds */
        }
        double *w = work_for(rt_matrix_exp_adj_work(n));
        RtError err = {.msg = ""};
        assert_int_equal(rt_matrix_exp_adj(A, W, n, gA, w, &err), 0);
        free(w);
        for (int e = 0; e < n * n; e++) {
            double one = 1, d = diff(A, e, &one, A, I, W, n, n);
            assert_true(near(gA[e] - 0.25, d, 1e-7));
        }
    }
}

static void test_scale_multiply_adjoint(void **state)
{
    (void)state;
    TestRng r = {11};
    for (int n = 1; n <= 4; n++)
        for (int k = 1; k <= 3; k += 2) {
            double A[16], B[12], W[12], gA[16] = {0}, gB[12] = {0};
            double t = 0.8 + 0.1 * n, gt = 0;
            fill_normal(&r, A, n * n);
            fill_normal(&r, B, n * k);
            fill_normal(&r, W, n * k);
            double *w = work_for(rt_scale_matrix_exp_multiply_adj_work(n, k));
            RtError err = {.msg = ""};
            assert_int_equal(rt_scale_matrix_exp_multiply_adj(
                                 t, A, B, W, n, k, &gt, gA, gB, w, &err), 0);
            free(w);
            for (int e = 0; e < n * n; e++)
                assert_true(near(gA[e], diff(A, e, &t, A, B, W, n, k), 1e-7));
            for (int e = 0; e < n * k; e++)
                assert_true(near(gB[e], diff(B, e, &t, A, B, W, n, k), 1e-7));
            assert_true(near(gt, diff(&t, 0, &t, A, B, W, n, k), 1e-7));
            /* the value: exp(t A) B against exp of t A times B */
            double tA[16], E[16], Y[12], Z[12];
            for (int e = 0; e < n * n; e++)
                tA[e] = t * A[e];
            expm(tA, n, E);
            mul(E, B, n, n, k, Z);
            double *wv = work_for(rt_scale_matrix_exp_multiply_work(n, k));
            assert_int_equal(rt_scale_matrix_exp_multiply(t, A, B, n, k, Y,
                                                          wv, &err), 0);
            free(wv);
            for (int e = 0; e < n * k; e++)
                assert_true(near(Y[e], Z[e], 1e-14));
        }
}

/* ------------------------------------------------ generalized inverse */

static void pinv(const double *A, int m, int n, double *X)
{
    double *w = work_for(rt_generalized_inverse_work(m, n));
    RtError err = {.msg = ""};
    assert_int_equal(rt_generalized_inverse(A, m, n, X, w, &err), 0);
    free(w);
}

static void transpose(const double *A, int m, int n, double *T)
{
    for (int i = 0; i < m; i++)
        for (int j = 0; j < n; j++)
            T[j * m + i] = A[i * n + j];
}

static void penrose(const double *A, int m, int n)
{
    double X[36], AX[36], XA[36], AXA[36], XAX[36];
    pinv(A, m, n, X);
    mul(A, X, m, n, m, AX);
    mul(X, A, n, m, n, XA);
    mul(AX, A, m, m, n, AXA);
    mul(XA, X, n, n, m, XAX);
    for (int e = 0; e < m * n; e++)
        assert_true(near(AXA[e], A[e], 1e-12));
    for (int e = 0; e < n * m; e++)
        assert_true(near(XAX[e], X[e], 1e-12));
    for (int i = 0; i < m; i++)
        for (int j = 0; j < m; j++)
            assert_true(near(AX[i * m + j], AX[j * m + i], 1e-12));
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            assert_true(near(XA[i * n + j], XA[j * n + i], 1e-12));
}

static void test_penrose(void **state)
{
    (void)state;
    TestRng r = {3};
    static const int shapes[][2] = {{3, 2}, {2, 3}, {4, 4}, {1, 5}, {5, 1},
                                    {6, 3}};
    for (size_t k = 0; k < sizeof shapes / sizeof shapes[0]; k++) {
        int m = shapes[k][0], n = shapes[k][1];
        double A[36];
        fill_normal(&r, A, m * n);
        penrose(A, m, n);
        /* rank one less: the last column a sum of the others */
        if (n >= 2) {
            for (int i = 0; i < m; i++)
                A[i * n + n - 1] = A[i * n] + 2 * A[i * n + 1];
            penrose(A, m, n);
        }
    }
    /* rank 1, square: u v^T */
    double u[3] = {1, 2, -1}, v[3] = {0.5, -1, 3}, R1[9];
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++)
            R1[i * 3 + j] = u[i] * v[j];
    penrose(R1, 3, 3);
    /* the zero matrix: its pseudo-inverse is zero */
    double Z[6] = {0}, X[6];
    pinv(Z, 2, 3, X);
    for (int e = 0; e < 6; e++)
        assert_true(X[e] == 0);
}

static void test_pinv_forms(void **state)
{
    (void)state;
    /* square invertible: the inverse; [[2, 1], [1, 1]]^-1 = [[1, -1],
     * [-1, 2]] */
    double A[4] = {2, 1, 1, 1}, X[4];
    pinv(A, 2, 2, X);
    double want[4] = {1, -1, -1, 2};
    for (int e = 0; e < 4; e++)
        assert_true(near(X[e], want[e], 1e-14));
    /* a row vector a: a^T / (a a^T) (the wide form A^T (A A^T)^-1) */
    double a[3] = {1, 2, 2}, x[3];
    pinv(a, 1, 3, x);
    for (int e = 0; e < 3; e++)
        assert_true(near(x[e], a[e] / 9, 1e-14));
    /* tall full column rank: (A^T A)^-1 A^T, here A = [[1, 0], [0, 1],
     * [1, 1]]: A^T A = [[2, 1], [1, 2]], its inverse [[2, -1], [-1, 2]] / 3 */
    double T[6] = {1, 0, 0, 1, 1, 1}, Y[6], At[6], Ginv[4] = {2, -1, -1, 2};
    pinv(T, 3, 2, Y);
    transpose(T, 3, 2, At);
    double Z[6];
    mul(Ginv, At, 2, 2, 3, Z);
    for (int e = 0; e < 6; e++)
        assert_true(near(Y[e], Z[e] / 3, 1e-14));
    /* NaN in, NaN out; empty in, nothing */
    double N[4] = {1, NAN, 0, 1};
    pinv(N, 2, 2, X);
    assert_true(isnan(X[0]) && isnan(X[3]));
    RtError err = {.msg = ""};
    assert_int_equal(rt_generalized_inverse(NULL, 0, 3, NULL, NULL, &err), 0);
}

/* sum(W .* A^+) */
static double pinv_objective(const double *A, const double *W, int m, int n)
{
    double X[36];
    pinv(A, m, n, X);
    double s = 0;
    for (int e = 0; e < m * n; e++)
        s += W[e] * X[e];
    return s;
}

static void test_pinv_adjoint(void **state)
{
    (void)state;
    TestRng r = {5};
    static const int shapes[][2] = {{3, 2}, {2, 3}, {3, 3}, {1, 4}, {4, 1}};
    for (size_t k = 0; k < sizeof shapes / sizeof shapes[0]; k++) {
        int m = shapes[k][0], n = shapes[k][1];
        double A[16], W[16], X[16], gA[16] = {0};
        fill_normal(&r, A, m * n);
        fill_normal(&r, W, m * n);
        pinv(A, m, n, X);
        double *w = work_for(rt_generalized_inverse_adj_work(m, n));
        rt_generalized_inverse_adj(A, X, W, m, n, gA, w);
        free(w);
        for (int e = 0; e < m * n; e++) {
            double a0 = A[e], h = 1e-4, f[4];
            static const double steps[] = {-2, -1, 1, 2};
            for (int s = 0; s < 4; s++) {
                A[e] = a0 + steps[s] * h;
                f[s] = pinv_objective(A, W, m, n);
            }
            A[e] = a0;
            double d = (f[0] - 8 * f[1] + 8 * f[2] - f[3]) / (12 * h);
            assert_true(near(gA[e], d, 1e-7));
        }
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_diagonal),
        cmocka_unit_test(test_nilpotent),
        cmocka_unit_test(test_rotation),
        cmocka_unit_test(test_inverse_pair),
        cmocka_unit_test(test_special),
        cmocka_unit_test(test_exp_adjoint),
        cmocka_unit_test(test_scale_multiply_adjoint),
        cmocka_unit_test(test_penrose),
        cmocka_unit_test(test_pinv_forms),
        cmocka_unit_test(test_pinv_adjoint),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
