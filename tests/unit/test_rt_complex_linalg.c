/* test_rt_complex_linalg.c - the complex decompositions and the division
 * by a complex matrix (rt_complex.h: linalg_complex_decomp.c,
 * linalg_complex_lu.c) against the identities that define them, on
 * reproducible pseudo-random matrices of several sizes and on matrices
 * with known answers:
 *   eigen   A V = V diag(lambda), unit columns, increasing modulus; a
 *           rotation by theta has eigenvalues e^(+-i theta); a companion
 *           matrix of (x-1)(x-2)(x-3)(x-4) has eigenvalues 1..4; a
 *           triangular matrix has its diagonal; a Jordan block is
 *           defective (both vectors parallel to e1);
 *   Schur   U unitary, T upper triangular, U T U^H = A;
 *   SVD     U^H U = I, V^H V = I, U diag(s) V^H = A, s decreasing, the
 *           phase convention; diag(3i, -2) has singular values 3, 2; the
 *           zero matrix gets an orthonormal U all the same;
 *   divide  (B / A) A = B; a singular A and the size checks;
 *   errors  non-square, empty and non-finite arguments. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <complex.h>
#include <math.h>
#include <string.h>

#include "pplrt.h"
#include "rt_complex.h"

#define MAXN 12
#define TOL 1e-10

typedef double complex cplx;

/* A reproducible matrix of n doubles in [-1, 1]. */
static void fill(double *x, size_t n, int seed)
{
    for (size_t j = 0; j < n; j++)
        x[j] = sin(1.7 * (double)j + 0.37 * seed)
               * cos(0.61 * (double)(j * j) + seed);
}

static cplx at(const double *x, size_t k)
{
    return CMPLX(x[2 * k], x[2 * k + 1]);
}

/* max |(M^H M - I)| over the n columns of the rows x n complex M. */
static double unitarity(const double *M, int rows, int n)
{
    double worst = 0;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            cplx s = 0;
            for (int k = 0; k < rows; k++)
                s += conj(at(M, (size_t)k * n + i)) * at(M, (size_t)k * n + j);
            worst = fmax(worst, cabs(s - (i == j)));
        }
    return worst;
}

/* Whether column j of the rows x cols complex M has an entry of largest
 * modulus (to rounding: the convention scales the column after choosing
 * it) that is real and positive. */
static bool phase_fixed(const double *M, int rows, int cols, int j)
{
    double top = 0;
    for (int i = 0; i < rows; i++)
        top = fmax(top, cabs(at(M, (size_t)i * cols + j)));
    for (int i = 0; i < rows; i++) {
        cplx z = at(M, (size_t)i * cols + j);
        if (cabs(z) >= top * (1 - 1e-12) && cimag(z) == 0 && creal(z) > 0)
            return true;
    }
    return false;
}

/* Checks A V = V diag(vals) (A complex unless real_A), the unit columns
 * and the order by modulus. */
static void check_eigen(const double *A, bool real_A, int n,
                        const double *vals, const double *vecs)
{
    double scale = 1;
    for (int k = 0; k < n * n; k++)
        scale = fmax(scale, real_A ? fabs(A[k]) : cabs(at(A, (size_t)k)));
    for (int j = 0; j < n; j++) {
        if (j > 0)
            assert_true(cabs(at(vals, (size_t)j - 1))
                        <= cabs(at(vals, (size_t)j)) + 1e-12);
        double nrm = 0;
        for (int i = 0; i < n; i++) {
            cplx av = 0;
            for (int k = 0; k < n; k++) {
                cplx a = real_A ? A[i * n + k] : at(A, (size_t)i * n + k);
                av += a * at(vecs, (size_t)k * n + j);
            }
            cplx lv = at(vals, (size_t)j) * at(vecs, (size_t)i * n + j);
            assert_true(cabs(av - lv) < TOL * scale * n);
            nrm += pow(cabs(at(vecs, (size_t)i * n + j)), 2);
        }
        assert_true(fabs(nrm - 1) < TOL);
        assert_true(phase_fixed(vecs, n, n, j));
    }
}

static void test_eigen_random(void **state)
{
    (void)state;
    double A[2 * MAXN * MAXN], vals[2 * MAXN], vecs[2 * MAXN * MAXN];
    RtError err = {.msg = ""};
    for (int n = 1; n <= MAXN; n++) {
        fill(A, (size_t)n * n, n);
        assert_int_equal(rt_eigen_general("eigenvalues", A, false, n, n,
                                          vals, vecs, &err), 0);
        check_eigen(A, true, n, vals, vecs);
        fill(A, 2 * (size_t)n * n, 100 + n);
        assert_int_equal(rt_eigen_general("eigenvalues", A, true, n, n,
                                          vals, vecs, &err), 0);
        check_eigen(A, false, n, vals, vecs);
    }
}

/* The set {got} equals the set {want} (n values) to tol. */
static void same_set(const double *got, const cplx *want, int n, double tol)
{
    bool used[MAXN] = {false};
    for (int i = 0; i < n; i++) {
        int hit = -1;
        for (int j = 0; j < n; j++)
            if (!used[j] && cabs(at(got, (size_t)j) - want[i]) < tol) {
                hit = j;
                break;
            }
        assert_true(hit >= 0);
        used[hit] = true;
    }
}

static void test_eigen_known(void **state)
{
    (void)state;
    double vals[2 * MAXN], vecs[2 * MAXN * MAXN];
    RtError err = {.msg = ""};
    /* a rotation by theta: e^(+-i theta), on both paths */
    double th = 0.7;
    double R[4] = {cos(th), -sin(th), sin(th), cos(th)};
    double Rc[8] = {cos(th), 0, -sin(th), 0, sin(th), 0, cos(th), 0};
    cplx want[4] = {cexp(I * th), cexp(-I * th)};
    assert_int_equal(rt_eigen_general("eigenvalues", R, false, 2, 2, vals,
                                      vecs, &err), 0);
    same_set(vals, want, 2, 1e-14);
    check_eigen(R, true, 2, vals, vecs);
    assert_int_equal(rt_eigen_general("eigenvalues", Rc, true, 2, 2, vals,
                                      vecs, &err), 0);
    same_set(vals, want, 2, 1e-14);
    /* the companion matrix of x^4 - 10x^3 + 35x^2 - 50x + 24 */
    double C[16] = {10, -35, 50, -24, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0};
    assert_int_equal(rt_eigen_general("eigenvalues", C, false, 4, 4, vals,
                                      NULL, &err), 0);
    for (int k = 0; k < 4; k++)
        assert_true(cabs(at(vals, (size_t)k) - (k + 1)) < 1e-9);
    double Cc[32];
    for (int k = 0; k < 16; k++) {
        Cc[2 * k] = C[k];
        Cc[2 * k + 1] = 0;
    }
    assert_int_equal(rt_eigen_general("eigenvalues", Cc, true, 4, 4, vals,
                                      vecs, &err), 0);
    for (int k = 0; k < 4; k++)
        assert_true(cabs(at(vals, (size_t)k) - (k + 1)) < 1e-9);
    check_eigen(Cc, false, 4, vals, vecs);
    /* triangular: the diagonal, sorted by modulus */
    double Tr[18] = {0};
    cplx d[3] = {3 - 4 * I, 1 * I, 2};
    for (int k = 0; k < 3; k++) {
        Tr[2 * (k * 3 + k)] = creal(d[k]);
        Tr[2 * (k * 3 + k) + 1] = cimag(d[k]);
    }
    Tr[2 * 1] = 0.5;
    Tr[2 * 5 + 1] = -2;
    assert_int_equal(rt_eigen_general("eigenvalues", Tr, true, 3, 3, vals,
                                      vecs, &err), 0);
    assert_true(cabs(at(vals, 0) - 1 * I) < 1e-14);
    assert_true(cabs(at(vals, 1) - 2) < 1e-14);
    assert_true(cabs(at(vals, 2) - (3 - 4 * I)) < 1e-14);
    check_eigen(Tr, false, 3, vals, vecs);
    /* the Jordan block [1 1; 0 1]: a double eigenvalue 1 and one
     * direction, e1, whose phase convention makes it exactly (1, 0) */
    double J[8] = {1, 0, 1, 0, 0, 0, 1, 0};
    assert_int_equal(rt_eigen_general("eigenvectors", J, true, 2, 2, vals,
                                      vecs, &err), 0);
    assert_true(cabs(at(vals, 0) - 1) < 1e-14 && cabs(at(vals, 1) - 1) < 1e-14);
    assert_true(cabs(at(vecs, 0) - 1) < 1e-12 && cabs(at(vecs, 2)) < 1e-7);
    /* the phase convention: the largest entry of each vector is real
     * positive (the symmetric [2 1; 1 2]: (1, 1)/sqrt 2 and (1, -1)/sqrt 2
     * up to sign) */
    double S[4] = {2, 1, 1, 2};
    assert_int_equal(rt_eigen_general("eigenvectors", S, false, 2, 2, vals,
                                      vecs, &err), 0);
    assert_true(cabs(at(vals, 0) - 1) < 1e-14 && cabs(at(vals, 1) - 3) < 1e-14);
    assert_true(cabs(at(vecs, 0) * at(vecs, 2) + 0.5) < 1e-14);
    assert_true(cabs(at(vecs, 1) * at(vecs, 3) - 0.5) < 1e-14);
    check_eigen(S, true, 2, vals, vecs);
}

/* U unitary, T upper triangular (+0 below the diagonal: a printed -0
 * would be a different output), U T U^H = A, the first entry of largest
 * modulus of each column of U real and positive. */
static void check_schur(const double *A, int n)
{
    double U[2 * MAXN * MAXN], T[2 * MAXN * MAXN];
    RtError err = {.msg = ""};
    assert_int_equal(rt_complex_schur("complex_schur_decompose", A, n, n, U,
                                      T, &err), 0);
    assert_true(unitarity(U, n, n) < TOL);
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            if (j < i) {
                size_t q = 2 * ((size_t)i * n + j);
                assert_true(T[q] == 0 && T[q + 1] == 0);
                assert_false(signbit(T[q]) || signbit(T[q + 1]));
            }
            cplx s = 0;
            for (int k = 0; k < n; k++)
                for (int l = k; l < n; l++)
                    s += at(U, (size_t)i * n + k) * at(T, (size_t)k * n + l)
                         * conj(at(U, (size_t)j * n + l));
            assert_true(cabs(s - at(A, (size_t)i * n + j)) < TOL * n);
        }
    for (int j = 0; j < n; j++) {
        int big = 0;
        for (int i = 1; i < n; i++)
            if (cabs(at(U, (size_t)i * n + j))
                > cabs(at(U, (size_t)big * n + j)))
                big = i;
        assert_true(U[2 * ((size_t)big * n + j) + 1] == 0
                    && U[2 * ((size_t)big * n + j)] > 0);
    }
}

static void test_schur(void **state)
{
    (void)state;
    double A[2 * MAXN * MAXN];
    for (int n = 1; n <= MAXN; n++) {
        fill(A, 2 * (size_t)n * n, 200 + n);
        check_schur(A, n);
    }
    /* a real matrix with complex eigenvalues (the rotation), and a
     * matrix already triangular */
    double R[8] = {0, 0, -1, 0, 1, 0, 0, 0};
    check_schur(R, 2);
    double Z[18] = {1, 0, 2, 0, 3, 0, 0, 0, 4, 1, 5, 0, 0, 0, 0, 0, 6, -1};
    check_schur(Z, 3);
    /* the zero matrix and the identity: nothing to iterate */
    memset(A, 0, sizeof A);
    check_schur(A, 4);
    for (int k = 0; k < 4; k++)
        A[2 * (k * 4 + k)] = 1;
    check_schur(A, 4);
}

/* U^H U = I, V^H V = I, U diag(s) V^H = A, s decreasing, the phase. */
static void check_svd(const double *A, int m, int n)
{
    int k = m < n ? m : n;
    double U[2 * MAXN * MAXN], V[2 * MAXN * MAXN], s[MAXN], s2[MAXN];
    RtError err = {.msg = ""};
    assert_int_equal(rt_complex_svd("svd", A, m, n, U, s, V, false, &err), 0);
    assert_int_equal(rt_complex_svd("singular_values", A, m, n, NULL, s2,
                                    NULL, true, &err), 0);
    assert_true(unitarity(U, m, k) < TOL);
    assert_true(unitarity(V, n, k) < TOL);
    for (int j = 0; j < k; j++) {
        assert_true(s[j] >= 0 && s[j] == s2[j]);
        if (j > 0)
            assert_true(s[j] <= s[j - 1]);
        assert_true(phase_fixed(U, m, k, j));
    }
    for (int i = 0; i < m; i++)
        for (int j = 0; j < n; j++) {
            cplx x = 0;
            for (int l = 0; l < k; l++)
                x += at(U, (size_t)i * k + l) * s[l]
                     * conj(at(V, (size_t)j * k + l));
            assert_true(cabs(x - at(A, (size_t)i * n + j)) < TOL * (m + n));
        }
}

static void test_svd(void **state)
{
    (void)state;
    static const int shapes[][2] = {{1, 1}, {3, 2}, {2, 3}, {4, 4}, {1, 5},
                                    {5, 1}, {7, 4}, {4, 9}, {12, 12}};
    double A[2 * MAXN * MAXN];
    for (size_t t = 0; t < sizeof shapes / sizeof shapes[0]; t++) {
        int m = shapes[t][0], n = shapes[t][1];
        fill(A, 2 * (size_t)m * n, 300 + (int)t);
        check_svd(A, m, n);
    }
    /* diag(3i, -2): singular values 3 and 2 */
    double D[8] = {0, 3, 0, 0, 0, 0, -2, 0};
    double s[2];
    RtError err = {.msg = ""};
    assert_int_equal(rt_complex_svd("singular_values", D, 2, 2, NULL, s, NULL,
                                    true, &err), 0);
    assert_true(fabs(s[0] - 3) < 1e-15 && fabs(s[1] - 2) < 1e-15);
    check_svd(D, 2, 2);
    /* rank deficient: the zero matrix and a rank-one matrix */
    memset(A, 0, sizeof A);
    check_svd(A, 3, 2);
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++) {
            A[2 * (i * 3 + j)] = (i + 1) * (j + 1);
            A[2 * (i * 3 + j) + 1] = (i + 1) * (j + 1);
        }
    check_svd(A, 3, 3);
}

static void test_divide(void **state)
{
    (void)state;
    double A[2 * MAXN * MAXN], B[2 * MAXN * MAXN], X[2 * MAXN * MAXN];
    RtError err = {.msg = ""};
    for (int n = 1; n <= 6; n++)
        for (int m = 1; m <= 3; m++) {
            fill(A, 2 * (size_t)n * n, 400 + n);
            fill(B, 2 * (size_t)m * n, 500 + m);
            assert_int_equal(rt_complex_mdivide_right(B, m, n, A, n, n, X,
                                                      &err), 0);
            for (int i = 0; i < m; i++)       /* X A = B */
                for (int j = 0; j < n; j++) {
                    cplx s = 0;
                    for (int k = 0; k < n; k++)
                        s += at(X, (size_t)i * n + k) * at(A, (size_t)k * n + j);
                    assert_true(cabs(s - at(B, (size_t)i * n + j)) < 1e-9);
                }
        }
    /* [1 2i] / [[i, 0], [0, 2]] = [-i, i] */
    double b[4] = {1, 0, 0, 2}, a[8] = {0, 1, 0, 0, 0, 0, 2, 0};
    assert_int_equal(rt_complex_mdivide_right(b, 1, 2, a, 2, 2, X, &err), 0);
    assert_true(cabs(at(X, 0) + I) < 1e-15 && cabs(at(X, 1) - I) < 1e-15);
    /* in place */
    assert_int_equal(rt_complex_mdivide_right(b, 1, 2, a, 2, 2, b, &err), 0);
    assert_true(cabs(at(b, 0) + I) < 1e-15 && cabs(at(b, 1) - I) < 1e-15);
    double sing[8] = {1, 1, 2, 2, 0, 0, 0, 0};     /* a zero row */
    assert_int_equal(rt_complex_mdivide_right(b, 1, 2, sing, 2, 2, X, &err),
                     -1);
    assert_string_equal(err.msg, "mdivide_right: A is singular");
    assert_true(isnan(X[0]));
    assert_int_equal(rt_complex_mdivide_right(b, 1, 2, A, 2, 3, X, &err), -1);
    assert_string_equal(err.msg, "mdivide_right: Expecting a square matrix; "
                        "rows of A (2) and columns of A (3) must match in "
                        "size");
    assert_int_equal(rt_complex_mdivide_right(b, 1, 3, A, 2, 2, X, &err), -1);
    assert_string_equal(err.msg, "mdivide_right: Columns of b (3) and Rows "
                        "of A (2) must match in size");
}

static void test_errors(void **state)
{
    (void)state;
    double A[8] = {1, 0, 2, 0, 3, 0, NAN, 0}, out[8], v[4], s[2];
    RtError err = {.msg = ""};
    assert_int_equal(rt_eigen_general("eigenvalues", A, true, 2, 2, v, out,
                                      &err), -1);
    assert_string_equal(err.msg, "eigenvalues: m is nan, but must be "
                        "finite!");
    assert_true(isnan(v[0]) && isnan(out[7]));
    assert_int_equal(rt_eigen_general("eigenvectors", A, false, 2, 3, v, out,
                                      &err), -1);
    assert_string_equal(err.msg, "eigenvectors: Expecting a square matrix; "
                        "rows of m (2) and columns of m (3) must match in "
                        "size");
    assert_int_equal(rt_eigen_general("eigenvalues", A, false, 0, 0, v, NULL,
                                      &err), -1);
    assert_string_equal(err.msg, "eigenvalues: m has size 0, but must have "
                        "a non-zero size");
    assert_int_equal(rt_complex_schur("complex_schur_decompose_t", A, 2, 2,
                                      NULL, out, &err), -1);
    assert_string_equal(err.msg, "complex_schur_decompose_t: m is nan, but "
                        "must be finite!");
    assert_int_equal(rt_complex_schur("complex_schur_decompose_u", A, 0, 0,
                                      out, NULL, &err), 0);
    A[6] = 0;
    A[7] = INFINITY;
    assert_int_equal(rt_complex_svd("svd_U", A, 2, 2, out, NULL, NULL, false,
                                    &err), -1);
    assert_string_equal(err.msg, "svd_U: m is inf, but must be finite!");
    assert_int_equal(rt_complex_svd("svd_V", A, 0, 2, NULL, NULL, out, false,
                                    &err), -1);
    assert_string_equal(err.msg, "svd_V: m has size 0, but must have a "
                        "non-zero size");
    assert_int_equal(rt_complex_svd("singular_values", A, 0, 2, NULL, s, NULL,
                                    true, &err), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_eigen_random),
        cmocka_unit_test(test_eigen_known),
        cmocka_unit_test(test_schur),
        cmocka_unit_test(test_svd),
        cmocka_unit_test(test_divide),
        cmocka_unit_test(test_errors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
