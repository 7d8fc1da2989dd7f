/* test_rt_eigen_herm.c - the eigendecomposition of a complex Hermitian
 * matrix (rt_complex.h: linalg_eigen_herm.c, rt_eigen_herm) against
 * answers worked by hand and against the identities that define it:
 *   by hand  [[2, 1-i], [1+i, 3]]: trace 5, determinant 6 - |1-i|^2 = 4,
 *            so lambda = 1, 4 with vectors (-(1-i), 1)/sqrt 3 and
 *            (1, 1+i)/sqrt 3, phase-fixed as rt_complex.h says;
 *            Pauli's sigma_x, sigma_y, sigma_z (eigenvalues -1, 1; sigma_y's
 *            vectors (1, -i)/sqrt 2 and (1, i)/sqrt 2);
 *   random   Hermitian matrices of sizes 1..8: A V = V diag(lambda),
 *            V^H V = I, ascending real values, the phase convention; a
 *            real symmetric matrix gives the real eigenvectors_sym's
 *            vectors and values (linalg.c);
 *   errors   not Hermitian (a complex symmetric matrix, which Stan Math's
 *            check_symmetric would let through; an imaginary diagonal),
 *            NaN, non-square; an empty matrix gives empty results. */
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

#define MAXN 8
#define TOL 1e-12

typedef double complex cplx;

static cplx at(const double *x, size_t k)
{
    return CMPLX(x[2 * k], x[2 * k + 1]);
}

static void put(double *x, size_t k, cplx z)
{
    x[2 * k] = creal(z);
    x[2 * k + 1] = cimag(z);
}

/* A reproducible Hermitian n x n matrix (entries in [-1, 1]). */
static void hermitian(double *A, int n, int seed)
{
    for (int i = 0; i < n; i++)
        for (int j = 0; j <= i; j++) {
            double re = sin(1.3 * (i * n + j) + 0.7 * seed);
            double im = i == j ? 0 : cos(2.1 * (i + 3 * j) + seed);
            put(A, (size_t)(i * n + j), CMPLX(re, im));
            put(A, (size_t)(j * n + i), CMPLX(re, -im));
        }
}

static void expect_values(const double *vals, const double *want, int n)
{
    for (int k = 0; k < n; k++) {
        assert_true(fabs(vals[2 * k] - want[k]) < TOL);
        assert_true(vals[2 * k + 1] == 0);
    }
}

static void expect_vector(const double *vecs, int n, int col,
                          const cplx *want)
{
    for (int i = 0; i < n; i++)
        assert_true(cabs(at(vecs, (size_t)(i * n + col)) - want[i]) < TOL);
}

static void test_by_hand(void **state)
{
    (void)state;
    double A[8], vals[4], vecs[8];
    RtError err = {.msg = ""};
    put(A, 0, 2);
    put(A, 1, CMPLX(1, -1));
    put(A, 2, CMPLX(1, 1));
    put(A, 3, 3);
    assert_int_equal(rt_eigen_herm("eigenvectors_sym", A, 2, 2, vals, vecs,
                                   &err), 0);
    expect_values(vals, (double[]){1, 4}, 2);
    /* (-(1-i), 1)/sqrt 3: |v[0]| = sqrt 2 is the largest, made real:
     * (sqrt 2, -(1+i)/sqrt 2)/sqrt 3; (1, 1+i)/sqrt 3: |v[1]| largest,
     * ((1-i)/sqrt 2, sqrt 2)/sqrt 3 */
    expect_vector(vecs, 2, 0, (cplx[]){sqrt(2.0 / 3), CMPLX(-1, -1)
                                                      / sqrt(6.0)});
    expect_vector(vecs, 2, 1, (cplx[]){CMPLX(1, -1) / sqrt(6.0),
                                       sqrt(2.0 / 3)});
    /* values only */
    double v2[4];
    assert_int_equal(rt_eigen_herm("eigenvalues_sym", A, 2, 2, v2, NULL,
                                   &err), 0);
    assert_memory_equal(v2, vals, sizeof v2);
}

static void test_pauli(void **state)
{
    (void)state;
    double X[8] = {0, 0, 1, 0, 1, 0, 0, 0};
    double Y[8] = {0, 0, 0, -1, 0, 1, 0, 0};
    double Z[8] = {1, 0, 0, 0, 0, 0, -1, 0};
    double vals[4], vecs[8];
    RtError err = {.msg = ""};
    double r = sqrt(0.5);
    assert_int_equal(rt_eigen_herm("eigenvectors_sym", X, 2, 2, vals, vecs,
                                   &err), 0);
    expect_values(vals, (double[]){-1, 1}, 2);
    expect_vector(vecs, 2, 0, (cplx[]){r, -r});
    expect_vector(vecs, 2, 1, (cplx[]){r, r});
    assert_int_equal(rt_eigen_herm("eigenvectors_sym", Y, 2, 2, vals, vecs,
                                   &err), 0);
    expect_values(vals, (double[]){-1, 1}, 2);
    /* sigma_y (i, 1) = -(i, 1); equal moduli: the first entry is made
     * real */
    expect_vector(vecs, 2, 0, (cplx[]){r, CMPLX(0, -r)});
    expect_vector(vecs, 2, 1, (cplx[]){r, CMPLX(0, r)});
    assert_int_equal(rt_eigen_herm("eigenvectors_sym", Z, 2, 2, vals, vecs,
                                   &err), 0);
    expect_values(vals, (double[]){-1, 1}, 2);
    expect_vector(vecs, 2, 0, (cplx[]){0, 1});
    expect_vector(vecs, 2, 1, (cplx[]){1, 0});
}

static void test_random(void **state)
{
    (void)state;
    double A[2 * MAXN * MAXN], vals[2 * MAXN], vecs[2 * MAXN * MAXN];
    RtError err = {.msg = ""};
    for (int n = 1; n <= MAXN; n++) {
        hermitian(A, n, n);
        assert_int_equal(rt_eigen_herm("eigenvectors_sym", A, n, n, vals,
                                       vecs, &err), 0);
        for (int j = 0; j < n; j++) {
            assert_true(vals[2 * j + 1] == 0);
            if (j > 0)
                assert_true(vals[2 * j - 2] <= vals[2 * j]);
            for (int i = 0; i < n; i++) {
                cplx av = 0;
                for (int k = 0; k < n; k++)
                    av += at(A, (size_t)(i * n + k))
                          * at(vecs, (size_t)(k * n + j));
                assert_true(cabs(av - vals[2 * j] * at(vecs, (size_t)(i * n
                                                                 + j)))
                            < 1e-12 * n);
            }
            for (int l = 0; l < n; l++) {       /* V^H V = I */
                cplx s = 0;
                for (int i = 0; i < n; i++)
                    s += conj(at(vecs, (size_t)(i * n + j)))
                         * at(vecs, (size_t)(i * n + l));
                assert_true(cabs(s - (j == l)) < 1e-12 * n);
            }
            /* the phase: the first entry of largest modulus is real > 0 */
            int big = 0;
            for (int i = 1; i < n; i++)
                if (cabs(at(vecs, (size_t)(i * n + j)))
                    > cabs(at(vecs, (size_t)(big * n + j))) * (1 + 1e-12))
                    big = i;
            assert_true(vecs[2 * (big * n + j) + 1] == 0);
            assert_true(vecs[2 * (big * n + j)] > 0);
        }
    }
    /* a real symmetric matrix: the real eigenvectors_sym's answer */
    for (int n = 1; n <= MAXN; n++) {
        double S[MAXN * MAXN], sv[MAXN], sV[MAXN * MAXN];
        hermitian(A, n, 40 + n);
        for (int k = 0; k < n * n; k++) {
            A[2 * k + 1] = 0;
            S[k] = A[2 * k];
        }
        assert_int_equal(rt_eigen_herm("eigenvectors_sym", A, n, n, vals,
                                       vecs, &err), 0);
        assert_int_equal(rt_eigenvectors_sym(S, n, sv, sV, &err), 0);
        for (int k = 0; k < n; k++)
            assert_true(fabs(vals[2 * k] - sv[k]) < 1e-12);
        for (int k = 0; k < n * n; k++)
            assert_true(cabs(at(vecs, (size_t)k) - sV[k]) < 1e-10);
    }
}

static void test_errors(void **state)
{
    (void)state;
    /* [[0, i], [i, 0]] is complex symmetric (Stan Math's check passes
     * it) but not Hermitian: its eigenvalues are +-i */
    double A[8] = {0, 0, 0, 1, 0, 1, 0, 0}, vals[4], vecs[8];
    RtError err = {.msg = ""};
    assert_int_equal(rt_eigen_herm("eigenvalues_sym", A, 2, 2, vals, vecs,
                                   &err), -1);
    assert_string_equal(err.msg, "eigenvalues_sym: m is not Hermitian. "
                        "m[1,2] = (0,1), but m[2,1] = (0,1)");
    assert_true(isnan(vals[0]) && isnan(vecs[7]));
    /* within the tolerance 1e-8 is Hermitian */
    double B[8] = {1, 0, 2, 1, 2, -1 + 5e-9, 1, 0};
    assert_int_equal(rt_eigen_herm("eigenvalues_sym", B, 2, 2, vals, NULL,
                                   &err), 0);
    double C[8] = {1, 0.5, 0, 0, 0, 0, 1, 0};
    assert_int_equal(rt_eigen_herm("eigenvectors_sym", C, 2, 2, vals, vecs,
                                   &err), -1);
    assert_string_equal(err.msg, "eigenvectors_sym: m is not Hermitian. "
                        "m[1,1] = (1,0.5), but its imaginary part must be "
                        "0");
    double D[8] = {1, 0, NAN, 0, 2, 0, 1, 0};
    assert_int_equal(rt_eigen_herm("eigenvalues_sym", D, 2, 2, vals, NULL,
                                   &err), -1);
    assert_string_equal(err.msg, "eigenvalues_sym: m is nan, but must not "
                        "be nan!");
    assert_int_equal(rt_eigen_herm("eigenvalues_sym", D, 2, 3, vals, NULL,
                                   &err), -1);
    assert_string_equal(err.msg, "eigenvalues_sym: Expecting a square "
                        "matrix; rows of m (2) and columns of m (3) must "
                        "match in size");
    assert_int_equal(rt_eigen_herm("eigenvalues_sym", D, 0, 0, NULL, NULL,
                                   &err), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_by_hand),
        cmocka_unit_test(test_pauli),
        cmocka_unit_test(test_random),
        cmocka_unit_test(test_errors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
