/* rt_dist_multi_test.h - what the tests of the multivariate
 * distributions (test_rt_dist_multi_normal.c, _multi_student_t.c,
 * _wishart.c, _lkj.c, _dirichlet.c, _multinomial.c) share: random SPD
 * matrices, reference log determinants and lmgamma by GSL, fourth-order
 * central differences of a density of a flat vector (symmetric blocks
 * moved in pairs, lower triangular blocks on their lower triangle), and
 * rng means within 5 standard errors over NDRAW draws.  Before the
 * families had a test file each, two test files held a copy each. */
#ifndef RT_DIST_MULTI_TEST_H
#define RT_DIST_MULTI_TEST_H

#include <math.h>
#include <stdbool.h>
#include <string.h>

#include <gsl/gsl_linalg.h>
#include <gsl/gsl_sf_gamma.h>

#include "pplrt.h"
#include "rt_test_util.h"
#include "rt_linalg.h"

#define MAXK 4
#define MAXX (2 * MAXK * MAXK + 3 * MAXK + 1)
#define NDRAW 20000

/* A random symmetric positive definite n x n matrix (n <= 5). */
static inline void fill_spd(TestRng *r, double *A, int n)
{
    double B[25];
    fill_normal(r, B, n * n);
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            double s = i == j ? 0.5 * n : 0;
            for (int k = 0; k < n; k++)
                s += B[i * n + k] * B[j * n + k];
            A[i * n + j] = s;
        }
}

static inline bool near(double got, double want, double tol)
{
    return fabs(got - want) <= tol * fmax(1, fabs(want));
}

static inline RtMat mat(const double *x, double *g, int rows, int cols,
                        bool ad)
{
    RtMat m = {x, g, rows, cols, ad};
    return m;
}

/* GSL's Cholesky of a copy: log det A, and A^-1 into inv if non-NULL. */
static inline double gsl_logdet(const double *A, int K, double *inv)
{
    double L[MAXK * MAXK], ld = 0;
    memcpy(L, A, sizeof *L * (size_t)(K * K));
    gsl_matrix_view l = gsl_matrix_view_array(L, (size_t)K, (size_t)K);
    gsl_linalg_cholesky_decomp1(&l.matrix);
    for (int i = 0; i < K; i++)
        ld += 2 * log(L[i * K + i]);
    if (inv) {
        gsl_linalg_cholesky_invert(&l.matrix);
        memcpy(inv, L, sizeof *L * (size_t)(K * K));
    }
    return ld;
}

/* tr(A B) for K x K A, B. */
static inline double trace_prod(const double *A, const double *B, int K)
{
    double s = 0;
    for (int i = 0; i < K; i++)
        for (int j = 0; j < K; j++)
            s += A[i * K + j] * B[j * K + i];
    return s;
}

static inline double lmgamma_ref(int K, double x)
{
    double s = 0.25 * K * (K - 1) * log(M_PI);
    for (int j = 1; j <= K; j++)
        s += gsl_sf_lngamma(x + 0.5 * (1 - j));
    return s;
}

/* L L^T for lower L. */
static inline void llt(const double *L, int K, double *A)
{
    rt_multiply_lower_tri_self_transpose(L, K, K, A);
}

/* --------------------------------------------------- finite differences */

/* A density of the flat vector x; the caller picks what x holds. */
typedef double (*Density)(const void *ctx, double *x);

/* Fourth-order central difference along x[i], moving x[j] with it (j >=
 * 0); along a simplex pass j as -(j + 2) to move x[j] against x[i]. */
static inline double fd(Density f, const void *ctx, double *x, int i, int j)
{
    double sign = 1;
    if (j < -1) {
        j = -j - 2;
        sign = -1;
    }
    double h = 1e-3 * fmax(1, fabs(x[i])), v[4];
    double xi = x[i], xj = j >= 0 ? x[j] : 0;
    static const double st[4] = {-2, -1, 1, 2};
    for (int s = 0; s < 4; s++) {
        x[i] = xi + st[s] * h;
        if (j >= 0)
            x[j] = xj + sign * st[s] * h;
        v[s] = f(ctx, x);
    }
    x[i] = xi;
    if (j >= 0)
        x[j] = xj;
    return (v[0] - 8 * v[1] + 8 * v[2] - v[3]) / (12 * h);
}

static inline void expect_grad(const char *what, int i, double got,
                               double want)
{
    if (!near(got, want, 1e-6)) {
        print_error("%s [%d]: %.12g, finite differences %.12g\n", what, i,
                    got, want);
        fail();
    }
}

/* The partials of a symmetric K x K block at x + off: pairs summed. */
static inline void expect_sym_grad(const char *what, Density f,
                                   const void *ctx, double *x,
                                   const double *g, int off, int K)
{
    for (int a = 0; a < K; a++)
        for (int b = 0; b <= a; b++) {
            int i = off + a * K + b, j = off + b * K + a;
            double got = a == b ? g[i] : g[i] + g[j];
            expect_grad(what, i, got, fd(f, ctx, x, i, a == b ? -1 : j));
        }
}

/* The partials of a lower triangular block: the lower entries against
 * differences, the upper ones untouched. */
static inline void expect_lower_grad(const char *what, Density f,
                                     const void *ctx, double *x,
                                     const double *g, int off, int K)
{
    for (int a = 0; a < K; a++)
        for (int b = 0; b < K; b++) {
            int i = off + a * K + b;
            if (b <= a)
                expect_grad(what, i, g[i], fd(f, ctx, x, i, -1));
            else
                assert_true(g[i] == 0);
        }
}

/* g -= g0 over n entries: what the call added. */
static inline void added(double *g, const double *g0, int n)
{
    for (int i = 0; i < n; i++)
        g[i] -= g0[i];
}

/* ------------------------------------------------------------------ rngs */

/* |mean - want| within 5 standard errors of sd / sqrt(NDRAW). */
static inline void expect_mean(const char *what, double mean, double want,
                               double sd)
{
    if (!(fabs(mean - want) <= 5 * sd / sqrt(NDRAW))) {
        print_error("%s: mean %g, expected %g (sd %g)\n", what, mean, want,
                    sd);
        fail();
    }
}

#endif
