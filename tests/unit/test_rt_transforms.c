/* test_rt_transforms.c - libpplrt's constraining transforms against their
 * definitions (Stan Reference Manual, "Constraint transforms").
 *
 * Every vector and matrix transform is run through one generic check at
 * several sizes and seeded random points:
 *   1. unconstrain(constrain(x)) == x to 1e-10;
 *   2. the constrained value satisfies its constraint;
 *   3. log|J| equals log|det| of the finite-difference Jacobian of the map
 *      from x to the free coordinates of y that Stan's Jacobian is taken
 *      in (the first K-1 entries of a simplex, the strictly lower triangle
 *      of a correlation factor, ...), to 1e-6 relative;
 *   4. the adjoint, with and without the Jacobian, equals the
 *      finite-difference gradient of t(x) = sum(w .* y) (+ log|J|) for a
 *      random w, to 1e-6.
 * Then: refusals of values that break the constraint, the scalar
 * transforms and their partials, infinite bounds, literal values that pin
 * down Stan's conventions (free-value order, offsets), and extreme inputs
 * that must stay finite. */
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

#include <gsl/gsl_errno.h>
#include <gsl/gsl_linalg.h>

#include "pplrt.h"
#include "rt_test_util.h"

#define MAXV 64          /* largest free or constrained size tested */
#define NSEEDS 4

/* --------------------------------------------------------- random points */

/* splitmix64: a small, seeded, platform-independent stream. */
/* ---------------------------------------------------- numeric helpers */

static bool near(double got, double want, double tol)
{
    return fabs(got - want) <= tol * fmax(1, fabs(want));
}

/* A map R^n -> R^m evaluated for finite differences. */
typedef void (*MapFn)(const void *ctx, const double *x, double *out);

/* Jacobian (m x n, row-major) by the fourth-order central difference
 * (f(x-2h) - 8 f(x-h) + 8 f(x+h) - f(x+2h)) / 12h. */
static void fd_jacobian(MapFn f, const void *ctx, const double *x, int n,
                        int m, double *jac)
{
    double xp[MAXV], f1[MAXV], f2[MAXV], f3[MAXV], f4[MAXV];
    for (int j = 0; j < n; j++) {
        double h = 1e-3 * fmax(1, fabs(x[j]));
        memcpy(xp, x, sizeof *x * (size_t)n);
        xp[j] = x[j] - 2 * h;
        f(ctx, xp, f1);
        xp[j] = x[j] - h;
        f(ctx, xp, f2);
        xp[j] = x[j] + h;
        f(ctx, xp, f3);
        xp[j] = x[j] + 2 * h;
        f(ctx, xp, f4);
        for (int i = 0; i < m; i++)
            jac[i * n + j] = (f1[i] - 8 * f2[i] + 8 * f3[i] - f4[i]) / (12 * h);
    }
}

/* log|det a| of the n x n matrix a (row-major), by GSL's LU. */
static double log_abs_det(const double *a, int n)
{
    if (n == 0)
        return 0;
    static double copy[MAXV * MAXV];
    memcpy(copy, a, sizeof *a * (size_t)n * (size_t)n);
    gsl_matrix_view m = gsl_matrix_view_array(copy, (size_t)n, (size_t)n);
    gsl_permutation *p = gsl_permutation_alloc((size_t)n);
    int signum;
    gsl_linalg_LU_decomp(&m.matrix, p, &signum);
    double ld = gsl_linalg_LU_lndet(&m.matrix);
    gsl_permutation_free(p);
    return ld;
}

/* Is the symmetric K x K matrix a positive definite?  (GSL's Cholesky.) */
static bool positive_definite(const double *a, int K)
{
    static double copy[MAXV * MAXV];
    memcpy(copy, a, sizeof *a * (size_t)K * (size_t)K);
    gsl_matrix_view m = gsl_matrix_view_array(copy, (size_t)K, (size_t)K);
    return gsl_linalg_cholesky_decomp1(&m.matrix) == GSL_SUCCESS;
}

/* ------------------------------------------------ the transforms table */

typedef enum JacobianKind {
    JAC_EXACT,      /* lj = log|det d coords / d x| */
    JAC_ISOMETRY,   /* lj = 0; the map is an isometry onto its image */
    JAC_UNIT        /* unit_vector: lj = -|x|^2 / 2 */
} JacobianKind;

/* One transform seen uniformly: shape M x N (vectors use M = K, N = 1). */
typedef struct Transform {
    const char *name;
    int (*free_size)(int M, int N);
    int (*size)(int M, int N);
    void (*constrain)(const double *x, int M, int N, double *y, double *lj);
    int (*unconstrain)(const double *y, int M, int N, double *x,
                       RtError *err);
    void (*adjoint)(const double *x, int M, int N, const double *adj_y,
                    bool jacobian, double *adj_x);
    /* the free coordinates of y Stan's Jacobian is taken in; their count */
    int (*coords)(const double *y, int M, int N, double *c);
    /* NULL, or a message saying how y breaks the constraint */
    const char *(*broken)(const double *y, int M, int N);
    JacobianKind jacobian;
    double scale;                 /* of the random free values */
    int nshapes;
    int shapes[8][2];
} Transform;

static int size_vector(int M, int N)
{
    (void)N;
    return M;
}

static int size_matrix(int M, int N)
{
    return M * N;
}

#define VECTOR_WRAPPERS(NAME, FREE_SIZE)                                      \
    static int NAME##_free(int M, int N)                                      \
    {                                                                         \
        (void)N;                                                              \
        return FREE_SIZE(M);                                                  \
    }                                                                         \
    static void NAME##_con(const double *x, int M, int N, double *y,          \
                           double *lj)                                        \
    {                                                                         \
        (void)N;                                                              \
        rt_##NAME##_constrain(x, M, y, lj);                                   \
    }                                                                         \
    static int NAME##_unc(const double *y, int M, int N, double *x,           \
                          RtError *err)                                       \
    {                                                                         \
        (void)N;                                                              \
        return rt_##NAME##_unconstrain(y, M, x, err);                         \
    }                                                                         \
    static void NAME##_adj(const double *x, int M, int N, const double *a,    \
                           bool jac, double *adj_x)                           \
    {                                                                         \
        (void)N;                                                              \
        rt_##NAME##_adjoint(x, M, a, jac, adj_x);                             \
    }

VECTOR_WRAPPERS(simplex, rt_simplex_free_size)
VECTOR_WRAPPERS(ordered, (int))
VECTOR_WRAPPERS(positive_ordered, (int))
VECTOR_WRAPPERS(unit_vector, (int))
VECTOR_WRAPPERS(sum_to_zero, rt_sum_to_zero_free_size)
VECTOR_WRAPPERS(cholesky_corr, rt_cholesky_corr_free_size)
VECTOR_WRAPPERS(corr_matrix, rt_corr_matrix_free_size)
VECTOR_WRAPPERS(cov_matrix, rt_cov_matrix_free_size)

/* ---- free coordinates ---- */

static int coords_all(const double *y, int M, int N, double *c)
{
    (void)N;
    memcpy(c, y, sizeof *y * (size_t)M);
    return M;
}

static int coords_head(const double *y, int M, int N, double *c)
{
    (void)N;
    if (M > 1)
        memcpy(c, y, sizeof *y * (size_t)(M - 1));
    return M > 1 ? M - 1 : 0;
}

/* strictly lower triangle, row by row (K = M) */
static int coords_strict_lower(const double *y, int M, int N, double *c)
{
    (void)N;
    int n = 0;
    for (int i = 0; i < M; i++)
        for (int j = 0; j < i; j++)
            c[n++] = y[i * M + j];
    return n;
}

/* lower triangle with the diagonal, row by row: of a square K = M matrix,
 * or the lower trapezoid of an M x N Cholesky factor */
static int coords_lower(const double *y, int M, int N, double *c)
{
    int n = 0;
    for (int i = 0; i < M; i++)
        for (int j = 0; j < N && j <= i; j++)
            c[n++] = y[i * N + j];
    return n;
}

static int coords_lower_square(const double *y, int M, int N, double *c)
{
    (void)N;
    return coords_lower(y, M, M, c);
}

/* each row's first N-1 entries */
static int coords_rows_head(const double *y, int M, int N, double *c)
{
    int n = 0;
    for (int i = 0; i < M; i++)
        for (int j = 0; j < N - 1; j++)
            c[n++] = y[i * N + j];
    return n;
}

/* each column's first M-1 entries */
static int coords_columns_head(const double *y, int M, int N, double *c)
{
    int n = 0;
    for (int j = 0; j < N; j++)
        for (int i = 0; i < M - 1; i++)
            c[n++] = y[i * N + j];
    return n;
}

/* the leading (M-1) x (N-1) block */
static int coords_block(const double *y, int M, int N, double *c)
{
    int n = 0;
    for (int i = 0; i < M - 1; i++)
        for (int j = 0; j < N - 1; j++)
            c[n++] = y[i * N + j];
    return n;
}

/* ---- constraint checks: NULL when y satisfies the constraint ---- */

static char broken_msg[256];

static const char *broken_simplex_strided(const double *y, int K, int stride)
{
    double sum = 0;
    for (int k = 0; k < K; k++) {
        if (!(y[k * stride] >= 0))
            return "negative entry";
        sum += y[k * stride];
    }
    if (!(fabs(sum - 1) <= 1e-12)) {
        snprintf(broken_msg, sizeof broken_msg, "sum is %.17g", sum);
        return broken_msg;
    }
    return NULL;
}

static const char *broken_simplex(const double *y, int M, int N)
{
    (void)N;
    return broken_simplex_strided(y, M, 1);
}

static const char *broken_ordered(const double *y, int M, int N)
{
    (void)N;
    for (int k = 1; k < M; k++)
        if (!(y[k] > y[k - 1]))
            return "not strictly increasing";
    return NULL;
}

static const char *broken_positive_ordered(const double *y, int M, int N)
{
    if (M > 0 && !(y[0] > 0))
        return "first entry not positive";
    return broken_ordered(y, M, N);
}

static const char *broken_unit_vector(const double *y, int M, int N)
{
    (void)N;
    double sn = 0;
    for (int k = 0; k < M; k++)
        sn += y[k] * y[k];
    return fabs(sn - 1) <= 1e-12 ? NULL : "norm is not 1";
}

static const char *broken_zero_sum_strided(const double *y, int K, int stride)
{
    double sum = 0, mag = 0;
    for (int k = 0; k < K; k++) {
        sum += y[k * stride];
        mag += fabs(y[k * stride]);
    }
    return fabs(sum) <= 1e-13 * fmax(1, mag) ? NULL : "does not sum to zero";
}

static const char *broken_sum_to_zero(const double *y, int M, int N)
{
    (void)N;
    return broken_zero_sum_strided(y, M, 1);
}

static const char *broken_cholesky_corr(const double *y, int M, int N)
{
    (void)N;
    for (int i = 0; i < M; i++) {
        double sn = 0;
        for (int j = 0; j < M; j++) {
            if (j > i && y[i * M + j] != 0)
                return "not lower triangular";
            if (j <= i)
                sn += y[i * M + j] * y[i * M + j];
        }
        if (!(y[i * M + i] > 0))
            return "diagonal not positive";
        if (!(fabs(sn - 1) <= 1e-12))
            return "row not of unit length";
    }
    return NULL;
}

static const char *broken_symmetric_pd(const double *y, int K)
{
    for (int i = 0; i < K; i++)
        for (int j = 0; j < i; j++)
            if (y[i * K + j] != y[j * K + i])
                return "not symmetric";
    return positive_definite(y, K) ? NULL : "not positive definite";
}

static const char *broken_corr_matrix(const double *y, int M, int N)
{
    (void)N;
    for (int i = 0; i < M; i++)
        if (fabs(y[i * M + i] - 1) > 1e-12)
            return "diagonal not 1";
    return broken_symmetric_pd(y, M);
}

static const char *broken_cov_matrix(const double *y, int M, int N)
{
    (void)N;
    return broken_symmetric_pd(y, M);
}

static const char *broken_cholesky_cov(const double *y, int M, int N)
{
    for (int i = 0; i < M; i++)
        for (int j = 0; j < N; j++) {
            if (j > i && y[i * N + j] != 0)
                return "not lower triangular";
            if (j == i && !(y[i * N + j] > 0))
                return "diagonal not positive";
        }
    return NULL;
}

static const char *broken_stochastic_row(const double *y, int M, int N)
{
    for (int i = 0; i < M; i++)
        if (broken_simplex_strided(y + i * N, N, 1))
            return "a row is not a simplex";
    return NULL;
}

static const char *broken_stochastic_column(const double *y, int M, int N)
{
    for (int j = 0; j < N; j++)
        if (broken_simplex_strided(y + j, M, N))
            return "a column is not a simplex";
    return NULL;
}

static const char *broken_sum_to_zero_matrix(const double *y, int M, int N)
{
    for (int i = 0; i < M; i++)
        if (broken_zero_sum_strided(y + i * N, N, 1))
            return "a row does not sum to zero";
    for (int j = 0; j < N; j++)
        if (broken_zero_sum_strided(y + j, M, N))
            return "a column does not sum to zero";
    return NULL;
}

/* M x N shapes for the square transforms are K x K. */
static const Transform TRANSFORMS[] = {
    {"simplex", simplex_free, size_vector, simplex_con, simplex_unc,
     simplex_adj, coords_head, broken_simplex, JAC_EXACT, 1.5,
     5, {{1, 1}, {2, 1}, {3, 1}, {5, 1}, {8, 1}}},
    {"ordered", ordered_free, size_vector, ordered_con, ordered_unc,
     ordered_adj, coords_all, broken_ordered, JAC_EXACT, 1.5,
     4, {{1, 1}, {2, 1}, {3, 1}, {5, 1}}},
    {"positive_ordered", positive_ordered_free, size_vector,
     positive_ordered_con, positive_ordered_unc, positive_ordered_adj,
     coords_all, broken_positive_ordered, JAC_EXACT, 1.5,
     4, {{1, 1}, {2, 1}, {3, 1}, {5, 1}}},
    {"unit_vector", unit_vector_free, size_vector, unit_vector_con,
     unit_vector_unc, unit_vector_adj, coords_all, broken_unit_vector,
     JAC_UNIT, 1.0, 4, {{1, 1}, {2, 1}, {3, 1}, {5, 1}}},
    {"sum_to_zero", sum_to_zero_free, size_vector, sum_to_zero_con,
     sum_to_zero_unc, sum_to_zero_adj, coords_head, broken_sum_to_zero,
     JAC_ISOMETRY, 1.5, 4, {{1, 1}, {2, 1}, {3, 1}, {5, 1}}},
    {"cholesky_factor_corr", cholesky_corr_free, size_matrix,
     cholesky_corr_con, cholesky_corr_unc, cholesky_corr_adj,
     coords_strict_lower, broken_cholesky_corr, JAC_EXACT, 0.8,
     5, {{1, 1}, {2, 2}, {3, 3}, {4, 4}, {5, 5}}},
    {"corr_matrix", corr_matrix_free, size_matrix, corr_matrix_con,
     corr_matrix_unc, corr_matrix_adj, coords_strict_lower,
     broken_corr_matrix, JAC_EXACT, 0.8,
     5, {{1, 1}, {2, 2}, {3, 3}, {4, 4}, {5, 5}}},
    {"cov_matrix", cov_matrix_free, size_matrix, cov_matrix_con,
     cov_matrix_unc, cov_matrix_adj, coords_lower_square, broken_cov_matrix,
     JAC_EXACT, 0.8, 4, {{1, 1}, {2, 2}, {3, 3}, {5, 5}}},
    {"cholesky_factor_cov", rt_cholesky_cov_free_size, size_matrix,
     rt_cholesky_cov_constrain, rt_cholesky_cov_unconstrain,
     rt_cholesky_cov_adjoint, coords_lower, broken_cholesky_cov, JAC_EXACT,
     1.0, 7, {{1, 1}, {2, 2}, {3, 2}, {3, 3}, {5, 3}, {5, 5}, {4, 1}}},
    {"stochastic_row", rt_stochastic_row_free_size, size_matrix,
     rt_stochastic_row_constrain, rt_stochastic_row_unconstrain,
     rt_stochastic_row_adjoint, coords_rows_head, broken_stochastic_row,
     JAC_EXACT, 1.5, 6, {{1, 2}, {2, 3}, {3, 2}, {5, 3}, {2, 1}, {3, 5}}},
    {"stochastic_column", rt_stochastic_column_free_size, size_matrix,
     rt_stochastic_column_constrain, rt_stochastic_column_unconstrain,
     rt_stochastic_column_adjoint, coords_columns_head,
     broken_stochastic_column, JAC_EXACT, 1.5,
     6, {{2, 1}, {3, 2}, {2, 3}, {3, 5}, {1, 2}, {5, 3}}},
    {"sum_to_zero_matrix", rt_sum_to_zero_matrix_free_size, size_matrix,
     rt_sum_to_zero_matrix_constrain, rt_sum_to_zero_matrix_unconstrain,
     rt_sum_to_zero_matrix_adjoint, coords_block, broken_sum_to_zero_matrix,
     JAC_ISOMETRY, 1.5, 6, {{1, 3}, {2, 2}, {2, 3}, {3, 2}, {4, 5}, {5, 3}}},
};

static const Transform *find_transform(const char *name)
{
    for (size_t i = 0; i < sizeof TRANSFORMS / sizeof TRANSFORMS[0]; i++)
        if (strcmp(TRANSFORMS[i].name, name) == 0)
            return &TRANSFORMS[i];
    fail_msg("no transform %s in the table", name);
    return NULL;
}

/* ------------------------------------------------ the generic check */

/* What the finite differences see: one transform at one shape. */
typedef struct Probe {
    const Transform *t;
    int M, N;
    const double *w;      /* weights of the target t(x) */
    bool jacobian;
} Probe;

static void probe_coords(const void *ctx, const double *x, double *out)
{
    const Probe *p = ctx;
    double y[MAXV];
    p->t->constrain(x, p->M, p->N, y, NULL);
    p->t->coords(y, p->M, p->N, out);
}

static void probe_full(const void *ctx, const double *x, double *out)
{
    const Probe *p = ctx;
    p->t->constrain(x, p->M, p->N, out, NULL);
}

static void probe_target(const void *ctx, const double *x, double *out)
{
    const Probe *p = ctx;
    double y[MAXV], lj = 0;
    p->t->constrain(x, p->M, p->N, y, p->jacobian ? &lj : NULL);
    double sum = lj;
    for (int i = 0; i < p->t->size(p->M, p->N); i++)
        sum += p->w[i] * y[i];
    *out = sum;
}

/* log|det| of the finite-difference Jacobian from x to the free
 * coordinates of y. */
static double fd_log_det(const Probe *p, const double *x, int n)
{
    static double jac[MAXV * MAXV];
    fd_jacobian(probe_coords, p, x, n, n, jac);
    return log_abs_det(jac, n);
}

static void check_jacobian(const Probe *p, const double *x, int n, double lj,
                           const char *where, TestRng *rng)
{
    const Transform *t = p->t;
    if (t->jacobian == JAC_EXACT) {
        double c[MAXV];
        double y[MAXV];
        t->constrain(x, p->M, p->N, y, NULL);
        if (t->coords(y, p->M, p->N, c) != n)
            fail_msg("%s: %d free coordinates for %d free values", where,
                     t->coords(y, p->M, p->N, c), n);
        double want = fd_log_det(p, x, n);
        if (!near(lj, want, 1e-6))
            fail_msg("%s: log|J| is %.15g, finite differences give %.15g",
                     where, lj, want);
    } else if (t->jacobian == JAC_ISOMETRY) {
        /* Stan adds nothing; right because the map is an isometry onto
         * the constraint surface: the Gram determinant of its Jacobian
         * is 1.  In the free coordinates log|det| is a constant, the
         * same at any two points. */
        if (lj != 0)
            fail_msg("%s: log|J| is %g, but should be 0", where, lj);
        static double jac[MAXV * MAXV], gram[MAXV * MAXV];
        int size = t->size(p->M, p->N);
        fd_jacobian(probe_full, p, x, n, size, jac);
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++) {
                double s = 0;
                for (int k = 0; k < size; k++)
                    s += jac[k * n + i] * jac[k * n + j];
                gram[i * n + j] = s;
            }
        double half_log_gram = 0.5 * log_abs_det(gram, n);
        if (fabs(half_log_gram) > 1e-6)
            fail_msg("%s: log sqrt(det(J'J)) is %g, but should be 0", where,
                     half_log_gram);
        double other[MAXV];
        for (int i = 0; i < n; i++)
            other[i] = 3 * rng_normal(rng);
        double here = fd_log_det(p, x, n), there = fd_log_det(p, other, n);
        if (!near(here, there, 1e-6))
            fail_msg("%s: log|det| in free coordinates varies: %.15g vs "
                     "%.15g", where, here, there);
    } else {
        double sn = 0;
        for (int i = 0; i < n; i++)
            sn += x[i] * x[i];
        if (!near(lj, -0.5 * sn, 1e-13))
            fail_msg("%s: log|J| is %.17g, but should be -|x|^2/2 = %.17g",
                     where, lj, -0.5 * sn);
    }
}

static void check_round_trip(const Transform *t, int M, int N,
                             const double *x, int n, const double *y,
                             const char *where)
{
    double back[MAXV], again[MAXV];
    RtError err = {.msg = ""};
    if (t->unconstrain(y, M, N, back, &err))
        fail_msg("%s: unconstrain refused its own image: %s", where,
                 err.msg);
    if (t->jacobian != JAC_UNIT) {
        for (int i = 0; i < n; i++)
            if (!near(back[i], x[i], 1e-10))
                fail_msg("%s: x[%d] = %.17g came back as %.17g", where, i, x[i],
                         back[i]);
        return;
    }
    /* unit_vector: unconstrain is the identity on the sphere, so the
     * round trip lands on x / |x|, and constrain undoes unconstrain */
    double r = 0;
    for (int i = 0; i < n; i++)
        r += x[i] * x[i];
    r = sqrt(r);
    t->constrain(back, M, N, again, NULL);
    for (int i = 0; i < n; i++) {
        if (!near(back[i], x[i] / r, 1e-14))
            fail_msg("%s: x[%d] / |x| = %.17g came back as %.17g", where, i,
                     x[i] / r, back[i]);
        if (!near(again[i], y[i], 1e-14))
            fail_msg("%s: constrain(unconstrain(y))[%d] = %.17g, not %.17g",
                     where, i, again[i], y[i]);
    }
}

/* The adjoint adds into adj_x: it is started from non-zero values. */
static void check_adjoint(Probe *p, const double *x, int n, bool jacobian,
                          const char *where)
{
    double fd[MAXV], adj[MAXV];
    p->jacobian = jacobian;
    for (int i = 0; i < n; i++) {
        double h = 1e-3 * fmax(1, fabs(x[i]));
        double xp[MAXV], f[4];
        const double steps[4] = {-2, -1, 1, 2};
        memcpy(xp, x, sizeof *x * (size_t)n);
        for (int s = 0; s < 4; s++) {
            xp[i] = x[i] + steps[s] * h;
            probe_target(p, xp, &f[s]);
        }
        fd[i] = (f[0] - 8 * f[1] + 8 * f[2] - f[3]) / (12 * h);
        adj[i] = 0.25 * (i + 1);
    }
    p->t->adjoint(x, p->M, p->N, p->w, jacobian, adj);
    for (int i = 0; i < n; i++) {
        double got = adj[i] - 0.25 * (i + 1);
        if (!near(got, fd[i], 1e-6))
            fail_msg("%s: d t / d x[%d]%s is %.15g, finite differences give "
                     "%.15g", where, i, jacobian ? " (with log|J|)" : "", got,
                     fd[i]);
    }
}

static void check_point(const Transform *t, int M, int N, int seed)
{
    TestRng rng = {(uint64_t)seed * 1000003u + (uint64_t)M * 101u
                   + (uint64_t)N};
    int n = t->free_size(M, N), size = t->size(M, N);
    assert_true(n <= MAXV && size <= MAXV);
    double x[MAXV], y[MAXV], w[MAXV];
    for (int i = 0; i < n; i++)
        x[i] = t->scale * rng_normal(&rng);
    for (int i = 0; i < size; i++)
        w[i] = rng_normal(&rng);
    char where[128];
    snprintf(where, sizeof where, "%s[%d,%d] seed %d", t->name, M, N, seed);

    double lj = 0;
    t->constrain(x, M, N, y, &lj);
    const char *why = t->broken(y, M, N);
    if (why)
        fail_msg("%s: the constrained value is invalid: %s", where, why);
    check_round_trip(t, M, N, x, n, y, where);

    Probe p = {t, M, N, w, false};
    check_jacobian(&p, x, n, lj, where, &rng);
    check_adjoint(&p, x, n, false, where);
    check_adjoint(&p, x, n, true, where);
}

static void check_transform(const char *name)
{
    const Transform *t = find_transform(name);
    for (int s = 0; s < t->nshapes; s++)
        for (int seed = 1; seed <= NSEEDS; seed++)
            check_point(t, t->shapes[s][0], t->shapes[s][1], seed);
}

#define TRANSFORM_TEST(NAME)                                                  \
    static void test_##NAME(void **state)                                     \
    {                                                                         \
        (void)state;                                                          \
        check_transform(#NAME);                                               \
    }

TRANSFORM_TEST(simplex)
TRANSFORM_TEST(ordered)
TRANSFORM_TEST(positive_ordered)
TRANSFORM_TEST(unit_vector)
TRANSFORM_TEST(sum_to_zero)
TRANSFORM_TEST(cholesky_factor_corr)
TRANSFORM_TEST(corr_matrix)
TRANSFORM_TEST(cov_matrix)
TRANSFORM_TEST(cholesky_factor_cov)
TRANSFORM_TEST(stochastic_row)
TRANSFORM_TEST(stochastic_column)
TRANSFORM_TEST(sum_to_zero_matrix)

/* ------------------------------------------------------------ refusals */

typedef struct Refusal {
    const char *transform;
    int M, N;
    double y[9];
    const char *want;     /* part of the message */
} Refusal;

static const Refusal REFUSALS[] = {
    {"simplex", 3, 1, {0.5, 0.4, 0.2},
     "simplex_free: Simplex variable is not a valid simplex. "
     "sum(Simplex variable) = 1.1"},
    {"simplex", 3, 1, {0.6, 0.5, -0.1},
     "Simplex variable[3] = -0.1, but should be greater than or equal to 0"},
    {"simplex", 2, 1, {NAN, 0.5}, "is not a valid simplex"},
    {"simplex", 0, 1, {0}, "has size 0"},
    {"ordered", 3, 1, {1, 3, 2},
     "ordered_free: Ordered variable is not a valid ordered vector. The "
     "element at 3 is 2, but should be greater than the previous element, 3"},
    {"ordered", 2, 1, {1, 1}, "The element at 2 is 1, but should be greater"},
    {"ordered", 1, 1, {NAN}, "The element at 1 is nan"},
    {"positive_ordered", 2, 1, {-1, 2},
     "not a valid positive_ordered vector. The element at 1 is -1, but "
     "should be positive"},
    {"positive_ordered", 3, 1, {1, 2, 1.5}, "The element at 3 is 1.5"},
    {"unit_vector", 2, 1, {1, 1},
     "unit_vector_free: Unit vector variable is not a valid unit vector. The "
     "sum of the squares of the elements should be 1, but is 2"},
    {"unit_vector", 0, 1, {0}, "has size 0"},
    {"sum_to_zero", 3, 1, {1, 1, -1.5},
     "sum_to_zero_free: sum_to_zero variable does not sum to zero. "
     "sum(sum_to_zero variable) = 0.5, but should be 0"},
    {"sum_to_zero", 2, 1, {INFINITY, -INFINITY}, "does not sum to zero"},
    {"cholesky_factor_corr", 2, 2, {1, 0.5, 0, 1},
     "cholesky_corr_free: y is not lower triangular; y[1,2]=0.5"},
    {"cholesky_factor_corr", 2, 2, {1, 0, 0.6, -0.8},
     "y[2,2] is -0.8, but the diagonal must be positive"},
    {"cholesky_factor_corr", 2, 2, {1, 0, 0.5, 0.5},
     "the squares of row 2 sum to 0.5, but should sum to 1"},
    {"corr_matrix", 2, 2, {1, 0.5, 0.4, 1},
     "corr_matrix_free: y is not symmetric. y[2,1] = 0.4, but y[1,2] = 0.5"},
    {"corr_matrix", 2, 2, {1.1, 0.5, 0.5, 1},
     "y[1,1] is 1.1, but should be near 1"},
    {"corr_matrix", 2, 2, {1, 1.5, 1.5, 1}, "y is not positive definite"},
    {"cov_matrix", 2, 2, {1, 2, 2, 1}, "cov_matrix_free: y is not positive "
     "definite"},
    {"cov_matrix", 2, 2, {1, 0.5, 0.4, 1}, "y is not symmetric"},
    {"cov_matrix", 2, 2, {NAN, 0, 0, 1}, "y[1,1] is nan, but must be finite"},
    {"cholesky_factor_cov", 2, 3, {1, 0, 0, 1, 1, 0},
     "needs at least as many rows as columns, but is 2 x 3"},
    {"cholesky_factor_cov", 3, 2, {1, 0.5, 0, 1, 1, 1},
     "cholesky_factor_free: y is not lower triangular; y[1,2]=0.5"},
    {"cholesky_factor_cov", 3, 2, {1, 0, 1, 0, 1, 1},
     "y[2,2] is 0, but the diagonal must be positive"},
    {"cholesky_factor_cov", 3, 2, {1, 0, 1, 1, NAN, 1}, "y[3,1] is nan"},
    {"stochastic_row", 2, 3, {0.2, 0.3, 0.5, 0.2, 0.2, 0.2},
     "stochastic_row_free: row 2 of y is not a valid simplex. "
     "sum(row 2 of y) = 0.6"},
    {"stochastic_row", 2, 2, {0.5, 0.5, 1.5, -0.5},
     "y[2,2] = -0.5, but should be greater than or equal to 0"},
    {"stochastic_column", 3, 2, {0.2, 0.5, 0.3, 0.5, 0.5, 0.5},
     "stochastic_column_free: column 2 of y is not a valid simplex"},
    {"stochastic_column", 2, 2, {1.5, 0.5, -0.5, 0.5},
     "y[2,1] = -0.5, but should be greater than or equal to 0"},
    {"sum_to_zero_matrix", 2, 2, {1, -1, 1, -1},
     "sum_to_zero_matrix_free: column 1 of y does not sum to zero"},
    {"sum_to_zero_matrix", 2, 2, {1, 1, -1, -1},
     "row 1 of y does not sum to zero"},
};

static void test_refusals(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof REFUSALS / sizeof REFUSALS[0]; i++) {
        const Refusal *r = &REFUSALS[i];
        const Transform *t = find_transform(r->transform);
        double x[MAXV];
        RtError err = {.msg = ""};
        if (t->unconstrain(r->y, r->M, r->N, x, &err) == 0)
            fail_msg("%s: refusal %zu was accepted", r->transform, i);
        if (!strstr(err.msg, r->want))
            fail_msg("%s: refusal %zu says \"%s\", which lacks \"%s\"",
                     r->transform, i, err.msg, r->want);
    }
}

/* A point just inside the tolerance Stan allows is accepted. */
static void test_tolerance_accepts_rounding(void **state)
{
    (void)state;
    double x[4];
    double simplex[3] = {0.2, 0.3, 0.5 + 5e-9};
    assert_int_equal(rt_simplex_unconstrain(simplex, 3, x, NULL), 0);
    double unit[2] = {0.6, 0.8 + 4e-9};
    assert_int_equal(rt_unit_vector_unconstrain(unit, 2, x, NULL), 0);
    double zero[3] = {1, -1, 5e-9};
    assert_int_equal(rt_sum_to_zero_unconstrain(zero, 3, x, NULL), 0);
    double corr[4] = {1 + 5e-9, 0.3, 0.3 + 5e-9, 1};
    assert_int_equal(rt_corr_matrix_unconstrain(corr, 2, x, NULL), 0);
}

/* --------------------------------------- Stan's conventions, literally */

static double inv_logit(double a)
{
    return 1 / (1 + exp(-a));
}

/* Stan 2.36's centred stick-breaking: x = 0 is the uniform simplex,
 * because each break is offset by logit(1 / (K - k)). */
static void test_simplex_zero_is_uniform(void **state)
{
    (void)state;
    for (int K = 1; K <= 7; K++) {
        double x[8] = {0}, y[8];
        rt_simplex_constrain(x, K, y, NULL);
        for (int k = 0; k < K; k++)
            assert_true(near(y[k], 1.0 / K, 1e-15));
    }
}

/* The stick-breaking definition (2.36 manual, "Unit simplex inverse
 * transform") worked by hand for K = 3. */
static void test_simplex_stick_breaking_values(void **state)
{
    (void)state;
    double x[2] = {1.0, -0.5}, y[3], lj = 0;
    double z1 = inv_logit(1.0 - log(2.0)), z2 = inv_logit(-0.5);
    rt_simplex_constrain(x, 3, y, &lj);
    assert_true(near(y[0], z1, 1e-15));
    assert_true(near(y[1], (1 - z1) * z2, 1e-15));
    assert_true(near(y[2], (1 - z1) * (1 - z2), 1e-15));
    double want = log(z1 * (1 - z1)) + log((1 - z1) * z2 * (1 - z2));
    assert_true(near(lj, want, 1e-14));
}

/* The isometric construction (manual, "Sum-to-zero vector inverse
 * transform"): y_1 = sum_n w_n, y_{n+1} = sum_{i>n} w_i - n w_n with
 * w_n = x_n / sqrt(n (n + 1)). */
static void test_sum_to_zero_values(void **state)
{
    (void)state;
    double x1 = 0.7, y2[2];
    rt_sum_to_zero_constrain(&x1, 2, y2, NULL);
    assert_true(near(y2[0], x1 / sqrt(2), 1e-15));
    assert_true(near(y2[1], -x1 / sqrt(2), 1e-15));
    double x[2] = {0.7, -1.3}, y[3];
    double w1 = x[0] / sqrt(2), w2 = x[1] / sqrt(6);
    rt_sum_to_zero_constrain(x, 3, y, NULL);
    assert_true(near(y[0], w1 + w2, 1e-15));
    assert_true(near(y[1], w2 - w1, 1e-15));
    assert_true(near(y[2], -2 * w2, 1e-15));
}

/* cholesky_factor_corr reads its free values row by row, corr_matrix
 * column by column (Stan's read_corr_L): for K = 4 the third free value
 * is L[3][2] (1-based) in the first and L[4][1] in the second. */
static void test_correlation_free_value_order(void **state)
{
    (void)state;
    double x[6] = {0, 0, 0.5, 0, 0, 0}, y[16];
    rt_cholesky_corr_constrain(x, 4, y, NULL);
    assert_true(near(y[2 * 4 + 1], tanh(0.5), 1e-15));
    assert_true(near(y[3 * 4 + 0], 0, 1e-15));
    rt_corr_matrix_constrain(x, 4, y, NULL);
    assert_true(near(y[3 * 4 + 0], tanh(0.5), 1e-15));
    assert_true(near(y[0 * 4 + 3], tanh(0.5), 1e-15));
    assert_true(near(y[2 * 4 + 1], 0, 1e-15));
}

/* cov_matrix and cholesky_factor_cov: row by row, diagonal (as its log)
 * last in each row. */
static void test_covariance_free_value_order(void **state)
{
    (void)state;
    double a = 0.3, b = -0.4, c = 0.2;
    double x[3] = {a, b, c}, y[4], lj = 0;
    rt_cov_matrix_constrain(x, 2, y, &lj);
    assert_true(near(y[0], exp(2 * a), 1e-15));
    assert_true(near(y[1], b * exp(a), 1e-15));
    assert_true(near(y[2], b * exp(a), 1e-15));
    assert_true(near(y[3], b * b + exp(2 * c), 1e-15));
    /* 2^K prod L_kk^(K-k+2), 1-based */
    assert_true(near(lj, 2 * log(2.0) + 3 * a + 2 * c, 1e-15));
    double xf[5] = {0.1, 2, 0.2, 3, 4}, f[6];
    rt_cholesky_cov_constrain(xf, 3, 2, f, NULL);
    const double want[6] = {exp(0.1), 0, 2, exp(0.2), 3, 4};
    for (int i = 0; i < 6; i++)
        assert_true(near(f[i], want[i], 1e-15));
}

/* Stan reads the free matrix of a stochastic matrix column-major: for a
 * 2 x 3 row-stochastic matrix x[1] is row 2's first free value; for a
 * 3 x 2 column-stochastic one x[2] is column 2's first. */
static void test_stochastic_free_value_order(void **state)
{
    (void)state;
    double x[4] = {0, 8, 0, 0}, y[6];
    rt_stochastic_row_constrain(x, 2, 3, y, NULL);
    for (int j = 0; j < 3; j++)
        assert_true(near(y[j], 1.0 / 3, 1e-15));
    assert_true(y[3] > 0.99);
    double xc[4] = {0, 0, 8, 0};
    rt_stochastic_column_constrain(xc, 3, 2, y, NULL);
    for (int i = 0; i < 3; i++)
        assert_true(near(y[i * 2], 1.0 / 3, 1e-15));
    assert_true(y[1] > 0.99);
}

/* One free entry (r, c) gives the outer product of Helmert vectors u_r
 * (length M) and v_c (length N); free values are column-major. */
static void test_sum_to_zero_matrix_values(void **state)
{
    (void)state;
    double x[4] = {0, 1, 0, 0}, y[9];     /* free entry (1, 0) */
    rt_sum_to_zero_matrix_constrain(x, 3, 3, y, NULL);
    const double u[3] = {1 / sqrt(6), 1 / sqrt(6), -2 / sqrt(6)};
    const double v[3] = {1 / sqrt(2), -1 / sqrt(2), 0};
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++)
            assert_true(near(y[i * 3 + j], u[i] * v[j], 1e-15));
}

/* ---------------------------------------------------------- scalars */

typedef double (*ScalarFn)(const double *params, double x);

static double fd_scalar(ScalarFn f, const double *params, double x)
{
    double h = 1e-4 * fmax(1, fabs(x));
    return (f(params, x - 2 * h) - 8 * f(params, x - h)
            + 8 * f(params, x + h) - f(params, x + 2 * h)) / (12 * h);
}

static double lb_y(const double *p, double x)
{
    return rt_lb_constrain(x, p[0], NULL);
}

static double lb_lj(const double *p, double x)
{
    double lj = 0;
    rt_lb_constrain(x, p[0], &lj);
    return lj;
}

static double ub_y(const double *p, double x)
{
    return rt_ub_constrain(x, p[0], NULL);
}

static double ub_lj(const double *p, double x)
{
    double lj = 0;
    rt_ub_constrain(x, p[0], &lj);
    return lj;
}

static double lub_y(const double *p, double x)
{
    return rt_lub_constrain(x, p[0], p[1], NULL);
}

static double lub_lj(const double *p, double x)
{
    double lj = 0;
    rt_lub_constrain(x, p[0], p[1], &lj);
    return lj;
}

/* y and log|J| as functions of the lower bound p[2] or the upper p[3]
 * at x = p[0] (for the bound partials). */
static double lub_y_of_lb(const double *p, double lb)
{
    return rt_lub_constrain(p[0], lb, p[1], NULL);
}

static double lub_y_of_ub(const double *p, double ub)
{
    return rt_lub_constrain(p[0], p[2], ub, NULL);
}

static double lub_lj_of_lb(const double *p, double lb)
{
    double lj = 0;
    rt_lub_constrain(p[0], lb, p[1], &lj);
    return lj;
}

static double lub_lj_of_ub(const double *p, double ub)
{
    double lj = 0;
    rt_lub_constrain(p[0], p[2], ub, &lj);
    return lj;
}

static double om_y(const double *p, double x)
{
    return rt_offset_multiplier_constrain(x, p[0], p[1], NULL);
}

static double om_y_of_sigma(const double *p, double sigma)
{
    return rt_offset_multiplier_constrain(p[2], p[0], sigma, NULL);
}

static double om_lj_of_sigma(const double *p, double sigma)
{
    double lj = 0;
    rt_offset_multiplier_constrain(p[2], p[0], sigma, &lj);
    return lj;
}

static const double XS[] = {-3.1, -0.7, 0, 0.4, 1.2, 4.5};
#define NXS (sizeof XS / sizeof XS[0])

/* log|J| must be log|dy/dx|, and the partials the derivatives of y and
 * log|J|; unconstrain undoes constrain. */
static void check_scalar(const char *what, ScalarFn y_fn, ScalarFn lj_fn,
                         const double *p, double x, double dy, double dlj,
                         double back)
{
    double lj = lj_fn(p, x);
    double fd_dy = fd_scalar(y_fn, p, x), fd_dlj = fd_scalar(lj_fn, p, x);
    if (!near(lj, log(fabs(fd_dy)), 1e-8))
        fail_msg("%s at x = %g: log|J| = %.15g, log|dy/dx| = %.15g", what, x,
                 lj, log(fabs(fd_dy)));
    if (!near(dy, fd_dy, 1e-8) || !near(dlj, fd_dlj, 1e-8))
        fail_msg("%s at x = %g: partials %.15g, %.15g; finite differences "
                 "%.15g, %.15g", what, x, dy, dlj, fd_dy, fd_dlj);
    if (!near(back, x, 1e-10))
        fail_msg("%s: x = %.17g came back as %.17g", what, x, back);
}

static void test_lower_bound(void **state)
{
    (void)state;
    const double lbs[] = {0, -2.5, 3};
    for (size_t b = 0; b < 3; b++)
        for (size_t i = 0; i < NXS; i++) {
            double p[1] = {lbs[b]}, x = XS[i], dy, dlj, back;
            double y = rt_lb_constrain(x, p[0], NULL);
            assert_true(near(y, p[0] + exp(x), 1e-15) && y >= p[0]);
            rt_lb_partials(x, p[0], &dy, &dlj);
            assert_int_equal(rt_lb_unconstrain(y, p[0], &back, NULL), 0);
            check_scalar("lb", lb_y, lb_lj, p, x, dy, dlj, back);
        }
}

static void test_upper_bound(void **state)
{
    (void)state;
    const double ubs[] = {0, -2.5, 3};
    for (size_t b = 0; b < 3; b++)
        for (size_t i = 0; i < NXS; i++) {
            double p[1] = {ubs[b]}, x = XS[i], dy, dlj, back;
            double y = rt_ub_constrain(x, p[0], NULL);
            assert_true(near(y, p[0] - exp(x), 1e-15) && y <= p[0]);
            rt_ub_partials(x, p[0], &dy, &dlj);
            assert_int_equal(rt_ub_unconstrain(y, p[0], &back, NULL), 0);
            check_scalar("ub", ub_y, ub_lj, p, x, dy, dlj, back);
        }
}

static void test_lower_upper_bound(void **state)
{
    (void)state;
    const double bounds[][2] = {{0, 1}, {-2, 5}, {1e-3, 2e-3}, {-7, -6.5}};
    for (size_t b = 0; b < 4; b++)
        for (size_t i = 0; i < NXS; i++) {
            const double *p = bounds[b];
            double x = XS[i], dy, dlj, back;
            double y = rt_lub_constrain(x, p[0], p[1], NULL);
            double want = p[0] + (p[1] - p[0]) * inv_logit(x);
            assert_true(near(y, want, 1e-15) && y >= p[0] && y <= p[1]);
            rt_lub_partials(x, p[0], p[1], &dy, &dlj);
            assert_int_equal(rt_lub_unconstrain(y, p[0], p[1], &back, NULL),
                             0);
            check_scalar("lub", lub_y, lub_lj, p, x, dy, dlj, back);
        }
}

static void test_lower_upper_bound_partials(void **state)
{
    (void)state;
    const double bounds[][2] = {{0, 1}, {-2, 5}, {-7, -6.5}};
    for (size_t b = 0; b < 3; b++)
        for (size_t i = 0; i < NXS; i++) {
            double lb = bounds[b][0], ub = bounds[b][1], x = XS[i];
            double dy_dlb, dy_dub, dlj_dlb, dlj_dub;
            rt_lub_bound_partials(x, lb, ub, &dy_dlb, &dy_dub, &dlj_dlb,
                                  &dlj_dub);
            double p[3] = {x, ub, lb};
            assert_true(near(dy_dlb, fd_scalar(lub_y_of_lb, p, lb), 1e-8));
            assert_true(near(dy_dub, fd_scalar(lub_y_of_ub, p, ub), 1e-8));
            assert_true(near(dlj_dlb, fd_scalar(lub_lj_of_lb, p, lb), 1e-8));
            assert_true(near(dlj_dub, fd_scalar(lub_lj_of_ub, p, ub), 1e-8));
        }
    /* NULL outputs are allowed */
    rt_lub_bound_partials(0.3, 0, 1, NULL, NULL, NULL, NULL);
}

static void test_offset_multiplier(void **state)
{
    (void)state;
    const double params[][2] = {{0, 1}, {1.5, 0.2}, {-3, 7}};
    for (size_t b = 0; b < 3; b++)
        for (size_t i = 0; i < NXS; i++) {
            double mu = params[b][0], sigma = params[b][1], x = XS[i];
            double lj = 0, back, dy_dx, dy_dsigma, dlj_dsigma;
            double y = rt_offset_multiplier_constrain(x, mu, sigma, &lj);
            assert_true(near(y, mu + sigma * x, 1e-15));
            assert_true(near(lj, log(sigma), 1e-15));
            assert_int_equal(rt_offset_multiplier_unconstrain(y, mu, sigma,
                                                              &back, NULL),
                             0);
            assert_true(near(back, x, 1e-12));
            rt_offset_multiplier_partials(x, mu, sigma, &dy_dx, &dy_dsigma,
                                          &dlj_dsigma);
            double p[3] = {mu, sigma, x};
            assert_true(near(dy_dx, fd_scalar(om_y, p, x), 1e-8));
            assert_true(near(dy_dsigma, fd_scalar(om_y_of_sigma, p, sigma),
                             1e-8));
            assert_true(near(dlj_dsigma, fd_scalar(om_lj_of_sigma, p, sigma),
                             1e-8));
        }
}

/* Stan treats infinite bounds as no bounds. */
static void test_infinite_bounds_are_identity(void **state)
{
    (void)state;
    for (size_t i = 0; i < NXS; i++) {
        double x = XS[i], lj = 0.5, back, dy, dlj;
        assert_true(rt_lb_constrain(x, -INFINITY, &lj) == x && lj == 0.5);
        assert_true(rt_ub_constrain(x, INFINITY, &lj) == x && lj == 0.5);
        assert_true(rt_lub_constrain(x, -INFINITY, INFINITY, &lj) == x);
        assert_true(lj == 0.5);
        rt_lb_partials(x, -INFINITY, &dy, &dlj);
        assert_true(dy == 1 && dlj == 0);
        rt_ub_partials(x, INFINITY, &dy, &dlj);
        assert_true(dy == 1 && dlj == 0);
        rt_lub_partials(x, -INFINITY, INFINITY, &dy, &dlj);
        assert_true(dy == 1 && dlj == 0);
        assert_int_equal(rt_lb_unconstrain(x, -INFINITY, &back, NULL), 0);
        assert_true(back == x);
        assert_int_equal(rt_ub_unconstrain(x, INFINITY, &back, NULL), 0);
        assert_true(back == x);
        assert_int_equal(rt_lub_unconstrain(x, -INFINITY, INFINITY, &back,
                                            NULL), 0);
        assert_true(back == x);

        /* one infinite bound: the other one-sided transform, exactly */
        double lj1 = 0, lj2 = 0;
        assert_true(rt_lub_constrain(x, 2, INFINITY, &lj1)
                    == rt_lb_constrain(x, 2, &lj2) && lj1 == lj2);
        assert_true(rt_lub_constrain(x, -INFINITY, 2, &lj1)
                    == rt_ub_constrain(x, 2, &lj2) && lj1 == lj2);
        double dy2, dlj2;
        rt_lub_partials(x, 2, INFINITY, &dy, &dlj);
        rt_lb_partials(x, 2, &dy2, &dlj2);
        assert_true(dy == dy2 && dlj == dlj2);
        double a, b, c, d;
        rt_lub_bound_partials(x, -INFINITY, INFINITY, &a, &b, &c, &d);
        assert_true(a == 0 && b == 0 && c == 0 && d == 0);
        rt_lub_bound_partials(x, 2, INFINITY, &a, &b, &c, &d);
        assert_true(a == 1 && b == 0 && c == 0 && d == 0);
        rt_lub_bound_partials(x, -INFINITY, 2, &a, &b, &c, &d);
        assert_true(a == 0 && b == 1 && c == 0 && d == 0);
        double y = rt_lub_constrain(x, 2, INFINITY, NULL);
        assert_int_equal(rt_lub_unconstrain(y, 2, INFINITY, &back, NULL), 0);
        assert_true(near(back, x, 1e-12));
        y = rt_lub_constrain(x, -INFINITY, 2, NULL);
        assert_int_equal(rt_lub_unconstrain(y, -INFINITY, 2, &back, NULL), 0);
        assert_true(near(back, x, 1e-12));
    }
}

/* Bad parameters: Stan throws, which rejects the point; here y and log|J|
 * are NaN, which does the same. */
static void test_invalid_parameters_give_nan(void **state)
{
    (void)state;
    double lj = 0;
    assert_true(isnan(rt_lub_constrain(0.3, 1, 1, &lj)) && isnan(lj));
    lj = 0;
    assert_true(isnan(rt_lub_constrain(0.3, 2, 1, &lj)) && isnan(lj));
    lj = 0;
    assert_true(isnan(rt_offset_multiplier_constrain(0.3, 0, 0, &lj)));
    assert_true(isnan(lj));
    assert_true(isnan(rt_offset_multiplier_constrain(0.3, 0, -1, NULL)));
    assert_true(isnan(rt_offset_multiplier_constrain(0.3, 0, INFINITY,
                                                     NULL)));
    assert_true(isnan(rt_offset_multiplier_constrain(0.3, INFINITY, 1, NULL)));
    double zero[3] = {0, 0, 0}, y[3];
    lj = 0;
    rt_unit_vector_constrain(zero, 3, y, &lj);
    assert_true(isnan(y[0]) && isnan(lj));
    lj = 0;
    double f[6];
    rt_cholesky_cov_constrain(zero, 2, 3, f, &lj);
    assert_true(isnan(lj) && isnan(f[0]));
}

static void test_scalar_refusals(void **state)
{
    (void)state;
    RtError err = {.msg = ""};
    double x;
    assert_int_not_equal(rt_lb_unconstrain(-1, 0, &x, &err), 0);
    assert_string_equal(err.msg, "lb_free: Lower bounded variable is -1, but "
                        "must be greater than or equal to 0.000000");
    assert_int_not_equal(rt_ub_unconstrain(3, 2, &x, &err), 0);
    assert_string_equal(err.msg, "ub_free: Upper bounded variable is 3, but "
                        "must be less than or equal to 2.000000");
    assert_int_not_equal(rt_lub_unconstrain(1.5, 0, 1, &x, &err), 0);
    assert_string_equal(err.msg, "lub_free: Bounded variable is 1.5, but must "
                        "be in the interval [0.000000, 1.000000]");
    assert_int_not_equal(rt_lub_unconstrain(0.5, 1, 0, &x, &err), 0);
    assert_non_null(strstr(err.msg, "lb is 1, but must be less than"));
    assert_int_not_equal(rt_lb_unconstrain(NAN, 0, &x, &err), 0);
    assert_int_not_equal(rt_lub_unconstrain(NAN, 0, 1, &x, &err), 0);
    assert_int_not_equal(rt_offset_multiplier_unconstrain(1, 0, 0, &x, &err),
                         0);
    assert_string_equal(err.msg, "offset_multiplier_free: multiplier is 0, "
                        "but must be positive finite!");
    assert_int_not_equal(rt_offset_multiplier_unconstrain(1, -INFINITY, 1, &x,
                                                          &err), 0);
    assert_non_null(strstr(err.msg, "offset is -inf, but must be finite"));
    /* a NULL error is allowed */
    assert_int_not_equal(rt_lb_unconstrain(-1, 0, &x, NULL), 0);
}

/* On the bound itself Stan's *_free return an infinite value rather than
 * refusing; so does pplrt. */
static void test_values_on_the_bound(void **state)
{
    (void)state;
    double x;
    assert_int_equal(rt_lb_unconstrain(2, 2, &x, NULL), 0);
    assert_true(x == -INFINITY);
    assert_int_equal(rt_ub_unconstrain(2, 2, &x, NULL), 0);
    assert_true(x == -INFINITY);
    assert_int_equal(rt_lub_unconstrain(0, 0, 1, &x, NULL), 0);
    assert_true(x == -INFINITY);
    assert_int_equal(rt_lub_unconstrain(1, 0, 1, &x, NULL), 0);
    assert_true(x == INFINITY);
}

/* ----------------------------------------------- extremes stay finite */

/* Far out, the careful forms keep log|J| finite (log(inv_logit(x)) and
 * log(1 - tanh(x)^2) computed naively are -inf long before x is). */
static void test_extremes_stay_finite(void **state)
{
    (void)state;
    double lj = 0;
    double y = rt_lub_constrain(800, -1, 1, &lj);
    assert_true(y == 1 && isfinite(lj) && near(lj, log(2.0) - 800, 1e-15));
    lj = 0;
    y = rt_lub_constrain(-800, -1, 1, &lj);
    assert_true(y == -1 && isfinite(lj));
    lj = 0;
    y = rt_lub_constrain(-40, 0, 1, &lj);
    assert_true(y > 0 && near(y, exp(-40), 1e-12) && isfinite(lj));

    double xs[3] = {60, -60, 40}, s[4];
    lj = 0;
    rt_simplex_constrain(xs, 4, s, &lj);
    assert_true(isfinite(lj) && broken_simplex(s, 4, 1) == NULL);
    double adj_s[4] = {1, 2, 3, 4}, g[3] = {0, 0, 0};
    rt_simplex_adjoint(xs, 4, adj_s, true, g);
    assert_true(isfinite(g[0]) && isfinite(g[1]) && isfinite(g[2]));

    double xc[3] = {25, -30, 20}, L[9], C[9];
    lj = 0;
    rt_cholesky_corr_constrain(xc, 3, L, &lj);
    assert_true(isfinite(lj) && broken_cholesky_corr(L, 3, 3) == NULL);
    lj = 0;
    rt_corr_matrix_constrain(xc, 3, C, &lj);
    assert_true(isfinite(lj));
    double adj[9] = {1, 2, 3, 4, 5, 6, 7, 8, 9}, gc[3] = {0, 0, 0};
    rt_cholesky_corr_adjoint(xc, 3, adj, true, gc);
    assert_true(isfinite(gc[0]) && isfinite(gc[1]) && isfinite(gc[2]));
    rt_corr_matrix_adjoint(xc, 3, adj, true, gc);
    assert_true(isfinite(gc[0]) && isfinite(gc[1]) && isfinite(gc[2]));
}

/* Sizes where nothing is free: simplex[1] is [1], sum_to_zero_vector[1]
 * is [0], cholesky_factor_corr[1] and corr_matrix[1] are [1]. */
static void test_degenerate_sizes(void **state)
{
    (void)state;
    double none[1] = {0}, y[1], lj = 0;
    rt_simplex_constrain(none, 1, y, &lj);
    assert_true(y[0] == 1 && lj == 0);
    rt_sum_to_zero_constrain(none, 1, y, &lj);
    assert_true(y[0] == 0 && lj == 0);
    rt_cholesky_corr_constrain(none, 1, y, &lj);
    assert_true(y[0] == 1 && lj == 0);
    rt_corr_matrix_constrain(none, 1, y, &lj);
    assert_true(y[0] == 1 && lj == 0);
    assert_int_equal(rt_simplex_free_size(1), 0);
    assert_int_equal(rt_sum_to_zero_free_size(1), 0);
    assert_int_equal(rt_cholesky_corr_free_size(1), 0);
    assert_int_equal(rt_corr_matrix_free_size(4), 6);
    assert_int_equal(rt_cov_matrix_free_size(4), 10);
    assert_int_equal(rt_cholesky_cov_free_size(5, 3), 12);
    assert_int_equal(rt_stochastic_row_free_size(4, 3), 8);
    assert_int_equal(rt_stochastic_column_free_size(4, 3), 9);
    assert_int_equal(rt_sum_to_zero_matrix_free_size(4, 3), 6);
}

int main(void)
{
    gsl_set_error_handler_off();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_simplex),
        cmocka_unit_test(test_ordered),
        cmocka_unit_test(test_positive_ordered),
        cmocka_unit_test(test_unit_vector),
        cmocka_unit_test(test_sum_to_zero),
        cmocka_unit_test(test_cholesky_factor_corr),
        cmocka_unit_test(test_corr_matrix),
        cmocka_unit_test(test_cov_matrix),
        cmocka_unit_test(test_cholesky_factor_cov),
        cmocka_unit_test(test_stochastic_row),
        cmocka_unit_test(test_stochastic_column),
        cmocka_unit_test(test_sum_to_zero_matrix),
        cmocka_unit_test(test_refusals),
        cmocka_unit_test(test_tolerance_accepts_rounding),
        cmocka_unit_test(test_simplex_zero_is_uniform),
        cmocka_unit_test(test_simplex_stick_breaking_values),
        cmocka_unit_test(test_sum_to_zero_values),
        cmocka_unit_test(test_correlation_free_value_order),
        cmocka_unit_test(test_covariance_free_value_order),
        cmocka_unit_test(test_stochastic_free_value_order),
        cmocka_unit_test(test_sum_to_zero_matrix_values),
        cmocka_unit_test(test_lower_bound),
        cmocka_unit_test(test_upper_bound),
        cmocka_unit_test(test_lower_upper_bound),
        cmocka_unit_test(test_lower_upper_bound_partials),
        cmocka_unit_test(test_offset_multiplier),
        cmocka_unit_test(test_infinite_bounds_are_identity),
        cmocka_unit_test(test_invalid_parameters_give_nan),
        cmocka_unit_test(test_scalar_refusals),
        cmocka_unit_test(test_values_on_the_bound),
        cmocka_unit_test(test_extremes_stay_finite),
        cmocka_unit_test(test_degenerate_sizes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
