/* test_rt_chol_kernels.c - the Cholesky kernels of libpplrt (rt_linalg.h,
 * rt_dist_multi.h) against naive references, at every size 0..50.
 *
 * The kernels are written for speed (column-oriented factor, Murray's
 * reverse sweep, row axpys for the triangular solves); the references here
 * are the textbook loops, written once for clarity: Cholesky-Banachiewicz
 * with a division per entry, forward and back substitution column by
 * column, and the Cholesky adjoint as the symmetric part of
 * L^-T Phi(L^T L_adj) L^-1 with L^-1 formed explicitly.  Random symmetric
 * positive definite inputs of every size from 0 to 50 (sizes 0 and 1
 * included); adjoint buffers start non-zero so that the kernels must add.
 * gp_exp_quad_cov's adjoint against its definition, likewise.
 * Then the rejections: a matrix that is not positive definite (its first
 * bad pivot anywhere from the first to the last row) or not symmetric is
 * refused by cholesky_decompose at every size, with Stan's message. */
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
#include "rt_test_util.h"
#include "rt_dist_multi.h"
#include "rt_linalg.h"

enum { MAX_N = 50 };

#define IX(i, j, n) ((size_t)(i) * (size_t)(n) + (size_t)(j))

/* ------------------------------------------------------------ helpers */

static double *alloc_doubles(size_t n)
{
    double *p = calloc(n ? n : 1, sizeof *p);
    assert_non_null(p);
    return p;
}

/* A random symmetric positive definite n x n matrix, B B^T / n + I with a
 * spread of scales, so that the factor's entries are of mixed sizes. */
static void fill_spd(TestRng *r, double *A, int n)
{
    double *B = alloc_doubles((size_t)n * (size_t)n);
    fill_normal(r, B, n * n);
    for (int i = 0; i < n; i++)
        for (int j = 0; j <= i; j++) {
            double s = i == j ? 1 : 0;
            for (int k = 0; k < n; k++)
                s += B[IX(i, k, n)] * B[IX(j, k, n)] / n;
            A[IX(i, j, n)] = A[IX(j, i, n)] = s;
        }
    free(B);
}

/* |got - want| within tol of the larger of 1 and scale. */
static void assert_close(double got, double want, double tol, double scale)
{
    if (!(fabs(got - want) <= tol * fmax(1, scale))) {
        print_error("got %.17g, want %.17g (tol %g, scale %g)\n", got, want,
                    tol, scale);
        fail();
    }
}

static double max_abs(const double *x, size_t n)
{
    double m = 0;
    for (size_t i = 0; i < n; i++)
        m = fmax(m, fabs(x[i]));
    return m;
}

/* --------------------------------------------------------- references */

/* Cholesky-Banachiewicz, a division per entry; -1 at a bad pivot. */
static int naive_factor(const double *A, int n, double *L)
{
    memset(L, 0, sizeof *L * (size_t)n * (size_t)n);
    for (int i = 0; i < n; i++)
        for (int j = 0; j <= i; j++) {
            double s = A[IX(i, j, n)];
            for (int k = 0; k < j; k++)
                s -= L[IX(i, k, n)] * L[IX(j, k, n)];
            if (i == j) {
                if (!(s > 0))
                    return -1;
                L[IX(i, i, n)] = sqrt(s);
            } else {
                L[IX(i, j, n)] = s / L[IX(j, j, n)];
            }
        }
    return 0;
}

/* X = L^-1 B and X = L^-T B (B n x m), column by column. */
static void naive_solve(const double *L, int n, const double *B, int m,
                        bool trans, double *X)
{
    for (int c = 0; c < m; c++)
        for (int t = 0; t < n; t++) {
            int i = trans ? n - 1 - t : t;
            double s = B[IX(i, c, m)];
            for (int k = 0; k < n; k++) {
                bool before = trans ? k > i : k < i;
                if (before)
                    s -= (trans ? L[IX(k, i, n)] : L[IX(i, k, n)])
                         * X[IX(k, c, m)];
            }
            X[IX(i, c, m)] = s / L[IX(i, i, n)];
        }
}

/* A_adj += sym(L^-T Phi(L^T tril(L_adj)) L^-1), Phi keeping the lower
 * triangle with its diagonal halved (Murray 2016, eq. 10). */
static void naive_chol_adj(const double *L, const double *L_adj, int n,
                           double *A_adj)
{
    size_t nn = (size_t)n * (size_t)n;
    double *I = alloc_doubles(nn), *M = alloc_doubles(nn);
    double *P = alloc_doubles(nn), *T = alloc_doubles(nn);
    for (int i = 0; i < n; i++)
        I[IX(i, i, n)] = 1;
    naive_solve(L, n, I, n, false, M);              /* M = L^-1 */
    for (int i = 0; i < n; i++)                     /* P = Phi(L^T L_adj) */
        for (int j = 0; j <= i; j++) {
            double s = 0;
            for (int k = i; k < n; k++)
                s += L[IX(k, i, n)] * L_adj[IX(k, j, n)];
            P[IX(i, j, n)] = i == j ? 0.5 * s : s;
        }
    for (int i = 0; i < n; i++)                     /* T = M^T P */
        for (int j = 0; j < n; j++) {
            double s = 0;
            for (int k = 0; k < n; k++)
                s += M[IX(k, i, n)] * P[IX(k, j, n)];
            T[IX(i, j, n)] = s;
        }
    for (int i = 0; i < n; i++)                     /* I = T M */
        for (int j = 0; j < n; j++) {
            double s = 0;
            for (int k = 0; k < n; k++)
                s += T[IX(i, k, n)] * M[IX(k, j, n)];
            I[IX(i, j, n)] = s;
        }
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            A_adj[IX(i, j, n)] += 0.5 * (I[IX(i, j, n)] + I[IX(j, i, n)]);
    free(I);
    free(M);
    free(P);
    free(T);
}

/* ------------------------------------------------------------- tests */

static void test_factor_against_naive(void **state)
{
    (void)state;
    TestRng r = {7};
    for (int n = 0; n <= MAX_N; n++) {
        size_t nn = (size_t)n * (size_t)n;
        double *A = alloc_doubles(nn), *L = alloc_doubles(nn);
        double *ref = alloc_doubles(nn);
        fill_spd(&r, A, n);
        for (size_t i = 0; i < nn; i++)
            L[i] = 99;          /* the upper triangle must be zeroed */
        assert_int_equal(rt_cholesky_factor(A, n, L), 0);
        assert_int_equal(naive_factor(A, n, ref), 0);
        double scale = max_abs(ref, nn);
        for (size_t i = 0; i < nn; i++)
            assert_close(L[i], ref[i], 1e-12, scale);
        /* in place, as the header allows */
        memcpy(L, A, sizeof *L * nn);
        assert_int_equal(rt_cholesky_factor(L, n, L), 0);
        for (size_t i = 0; i < nn; i++)
            assert_close(L[i], ref[i], 1e-12, scale);
        /* cholesky_decompose: the same factor */
        assert_int_equal(rt_cholesky_decompose(A, n, L, NULL), 0);
        for (size_t i = 0; i < nn; i++)
            assert_close(L[i], ref[i], 1e-12, scale);
        free(A);
        free(L);
        free(ref);
    }
}

static void test_solves_against_naive(void **state)
{
    (void)state;
    TestRng r = {11};
    for (int n = 0; n <= MAX_N; n++)
        for (int m = 1; m <= 3; m += 2) {
            size_t nn = (size_t)n * (size_t)n, nm = (size_t)n * (size_t)m;
            double *A = alloc_doubles(nn), *L = alloc_doubles(nn);
            double *B = alloc_doubles(nm), *X = alloc_doubles(nm);
            double *ref = alloc_doubles(nm);
            fill_spd(&r, A, n);
            assert_int_equal(rt_cholesky_factor(A, n, L), 0);
            for (int trans = 0; trans < 2; trans++) {
                fill_normal(&r, B, (int)nm);
                memcpy(X, B, sizeof *X * nm);
                if (trans)
                    rt_tri_low_solve_trans(L, n, X, m);
                else
                    rt_tri_low_solve(L, n, X, m);
                naive_solve(L, n, B, m, trans, ref);
                double scale = max_abs(ref, nm);
                for (size_t i = 0; i < nm; i++)
                    assert_close(X[i], ref[i], 1e-11, scale);
            }
            free(A);
            free(L);
            free(B);
            free(X);
            free(ref);
        }
}

static void test_chol_adjoint_against_naive(void **state)
{
    (void)state;
    TestRng r = {13};
    for (int n = 0; n <= MAX_N; n++) {
        size_t nn = (size_t)n * (size_t)n;
        double *A = alloc_doubles(nn), *L = alloc_doubles(nn);
        double *Lg = alloc_doubles(nn), *got = alloc_doubles(nn);
        double *want = alloc_doubles(nn), *work = alloc_doubles(nn);
        fill_spd(&r, A, n);
        assert_int_equal(rt_cholesky_decompose(A, n, L, NULL), 0);
        fill_normal(&r, Lg, (int)nn);   /* upper triangle: must be ignored */
        fill_normal(&r, got, (int)nn);  /* the kernel adds */
        memcpy(want, got, sizeof *got * nn);
        double *Lg_copy = alloc_doubles(nn);
        memcpy(Lg_copy, Lg, sizeof *Lg * nn);
        rt_cholesky_decompose_adj(A, L, Lg, n, got, work);
        naive_chol_adj(L, Lg, n, want);
        assert_memory_equal(Lg, Lg_copy, sizeof *Lg * nn);  /* const */
        double scale = max_abs(want, nn);
        for (size_t i = 0; i < nn; i++)
            assert_close(got[i], want[i], 1e-9, scale);
        for (int i = 0; i < n; i++)     /* symmetric, as Stan's */
            for (int j = 0; j < i; j++)
                assert_close(got[IX(i, j, n)] - want[IX(i, j, n)],
                             got[IX(j, i, n)] - want[IX(j, i, n)], 1e-9,
                             scale);
        free(A);
        free(L);
        free(Lg);
        free(Lg_copy);
        free(got);
        free(want);
        free(work);
    }
}

/* multi_normal_cholesky_lpdf's value and partials (it runs the vector
 * solves): lp = -sum log L_ii - z.z/2 - K/2 log(2 pi), z = L^-1 (y - mu),
 * dlp/dy = -a, dlp/dmu = a, dlp/dL = tril(a z^T) - diag(1 / L_ii), with
 * a = L^-T z. */
static void test_multi_normal_cholesky_against_naive(void **state)
{
    (void)state;
    TestRng r = {17};
    for (int n = 1; n <= MAX_N; n++) {
        size_t nn = (size_t)n * (size_t)n;
        double *A = alloc_doubles(nn), *L = alloc_doubles(nn);
        double *Lg = alloc_doubles(nn), *y = alloc_doubles((size_t)n);
        double *mu = alloc_doubles((size_t)n), *yg = alloc_doubles((size_t)n);
        double *mug = alloc_doubles((size_t)n), *d = alloc_doubles((size_t)n);
        double *z = alloc_doubles((size_t)n), *a = alloc_doubles((size_t)n);
        double *work = alloc_doubles(rt_multi_normal_cholesky_work_size(n));
        fill_spd(&r, A, n);
        assert_int_equal(rt_cholesky_factor(A, n, L), 0);
        fill_normal(&r, y, n);
        fill_normal(&r, mu, n);
        RtError err = {.msg = ""};
        double lp = rt_multi_normal_cholesky_lpdf(
            (RtMat){y, yg, n, 1, true}, (RtMat){mu, mug, n, 1, true},
            (RtMat){L, Lg, n, n, true}, false, 1.0, work, &err);
        for (int i = 0; i < n; i++)
            d[i] = y[i] - mu[i];
        naive_solve(L, n, d, 1, false, z);
        naive_solve(L, n, z, 1, true, a);
        double want = -0.5 * n * log(2 * 3.14159265358979323846);
        for (int i = 0; i < n; i++)
            want -= log(L[IX(i, i, n)]) + 0.5 * z[i] * z[i];
        assert_close(lp, want, 1e-11, fabs(want));
        for (int i = 0; i < n; i++) {
            assert_close(yg[i], -a[i], 1e-10, max_abs(a, (size_t)n));
            assert_close(mug[i], a[i], 1e-10, max_abs(a, (size_t)n));
            for (int j = 0; j < n; j++) {
                double g = j > i ? 0 : a[i] * z[j];
                if (i == j)
                    g -= 1 / L[IX(i, i, n)];
                assert_close(Lg[IX(i, j, n)], g, 1e-10, 1);
            }
        }
        free(A);
        free(L);
        free(Lg);
        free(y);
        free(mu);
        free(yg);
        free(mug);
        free(d);
        free(z);
        free(a);
        free(work);
    }
}

/* gp_exp_quad_cov's adjoint for alpha and rho over one coordinate, with
 * and without the coordinates' adjoint (two code paths), against the
 * definitions dK_ij/dalpha = 2 K_ij / alpha, dK_ij/drho = K_ij d_ij^2 /
 * rho^3, summed against a random (not symmetric) K_adj. */
static void test_gp_adjoint_against_naive(void **state)
{
    (void)state;
    TestRng r = {23};
    for (int n = 0; n <= MAX_N; n++) {
        size_t nn = (size_t)n * (size_t)n;
        double *x = alloc_doubles((size_t)n), *xg = alloc_doubles((size_t)n);
        double *K = alloc_doubles(nn), *Kg = alloc_doubles(nn);
        fill_normal(&r, x, n);
        fill_normal(&r, Kg, (int)nn);
        double alpha = 0.5 + rng_uniform(&r), rho = 0.3 + rng_uniform(&r);
        assert_int_equal(rt_gp_exp_quad_cov(x, n, 1, alpha, rho, K, NULL), 0);
        double wa = 0, wr = 0;
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++) {
                double t = x[i] - x[j];
                assert_close(K[IX(i, j, n)],
                             alpha * alpha * exp(-t * t / (2 * rho * rho)),
                             1e-15, 1);
                wa += Kg[IX(i, j, n)] * 2 * K[IX(i, j, n)] / alpha;
                wr += Kg[IX(i, j, n)] * K[IX(i, j, n)] * t * t
                      / (rho * rho * rho);
            }
        for (int with_x = 0; with_x < 2; with_x++) {
            double ga = 0.25, gr = -0.5;    /* the kernel adds */
            rt_gp_exp_quad_cov_adj(x, n, 1, alpha, rho, K, Kg,
                                   with_x ? xg : NULL, &ga, &gr);
            assert_close(ga - 0.25, wa, 1e-11, fabs(wa) + n);
            assert_close(gr + 0.5, wr, 1e-11, fabs(wr) + n);
        }
        free(x);
        free(xg);
        free(K);
        free(Kg);
    }
}

/* Not positive definite, the first bad pivot at row p (0-based): the
 * leading p x p block stays positive definite and A[p][p] is lowered to
 * make the p-th pivot zero or negative.  cholesky_decompose refuses it
 * with Stan's message and a NaN factor; the kernel returns -1. */
static void test_not_positive_definite_rejected(void **state)
{
    (void)state;
    TestRng r = {19};
    for (int n = 1; n <= MAX_N; n++) {
        size_t nn = (size_t)n * (size_t)n;
        double *A = alloc_doubles(nn), *L = alloc_doubles(nn);
        double *ref = alloc_doubles(nn);
        fill_spd(&r, A, n);
        int p = (int)(rng_uniform(&r) * n);
        assert_int_equal(naive_factor(A, n, ref), 0);
        /* pivot p is A[p][p] - |L[p][0..p-1]|^2 = L[p][p]^2: take it
         * away and a little (odd n) or up to as much again (even n) */
        double piv = ref[IX(p, p, n)] * ref[IX(p, p, n)];
        A[IX(p, p, n)] -= n % 2 ? piv * (1 + 1e-9) : piv * (1 + rng_uniform(&r));
        assert_int_equal(naive_factor(A, n, ref), -1);
        assert_int_equal(rt_cholesky_factor(A, n, L), -1);
        RtError err = {.msg = ""};
        assert_int_equal(rt_cholesky_decompose(A, n, L, &err), -1);
        assert_string_equal(err.msg, "cholesky_decompose: Matrix m is not "
                            "positive definite");
        for (size_t i = 0; i < nn; i++)
            assert_true(isnan(L[i]));
        /* not symmetric (beyond the tolerance): refused before factoring */
        if (n > 1) {
            fill_spd(&r, A, n);
            A[IX(n - 1, 0, n)] += 1e-3;
            assert_int_equal(rt_cholesky_decompose(A, n, L, &err), -1);
            char want[200];
            snprintf(want, sizeof want, "cholesky_decompose: m is not "
                     "symmetric. m[1,%d] = %g, but m[%d,1] = %g", n,
                     A[IX(0, n - 1, n)], n, A[IX(n - 1, 0, n)]);
            assert_string_equal(err.msg, want);
        }
        free(A);
        free(L);
        free(ref);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_factor_against_naive),
        cmocka_unit_test(test_solves_against_naive),
        cmocka_unit_test(test_chol_adjoint_against_naive),
        cmocka_unit_test(test_multi_normal_cholesky_against_naive),
        cmocka_unit_test(test_gp_adjoint_against_naive),
        cmocka_unit_test(test_not_positive_definite_rejected),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
