/* test_rt_transform_fns.c - the vector and matrix transforms as Stan
 * functions (rt_st_* of rt_transform_fns.h; Stan Functions Reference
 * 2.37, "Variable Transformation Functions"), which wrap the samplers'
 * transforms that test_rt_transforms.c checks against the Reference
 * Manual.  Here, for every family at a few sizes and seeded points:
 *   1. the shapes: rt_st_shape of the free shape gives the constrained
 *      one back, and Stan's size checks refuse a wrong free size;
 *   2. round trips: unconstrain(constrain(x)) == x and constrain(
 *      unconstrain(y)) == y to 1e-10;
 *   3. the log Jacobian against log|det| of the finite-difference
 *      Jacobian from x to the free coordinates of y (0 for the
 *      isometries, -|x|^2/2 for unit_vector), to 1e-6 relative;
 *   4. the derivatives of _constrain (with and without the Jacobian)
 *      against finite differences of sum(w .* y) (+ log|J|);
 *   5. the derivatives of _unconstrain: along any curve y(t) =
 *      constrain(x + t d) in the constraint set, adj_y . dy/dt must be
 *      w . d; for the open sets (ordered, positive_ordered, cholesky
 *      factors of covariance, covariance matrices) also against finite
 *      differences of w . unconstrain(y) in each coordinate;
 * and literal values that pin down the free matrices' layout (row i of
 * stochastic_row_constrain's free matrix is row i's free values). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include <gsl/gsl_errno.h>
#include <gsl/gsl_linalg.h>

#include "pplrt.h"
#include "rt_test_util.h"

#define MAXV 64

static bool near(double got, double want, double tol)
{
    return fabs(got - want) <= tol * fmax(1, fabs(want));
}

typedef struct Case {
    RtShapedTransform k;
    const char *name;
    int R, C;        /* the constrained shape */
    int a, b;        /* the int arguments of _constrain */
} Case;

static const Case CASES[] = {
    {RT_ST_ORDERED, "ordered", 4, 1, 0, 0},
    {RT_ST_POSITIVE_ORDERED, "positive_ordered", 4, 1, 0, 0},
    {RT_ST_SIMPLEX, "simplex", 5, 1, 0, 0},
    {RT_ST_SUM_TO_ZERO, "sum_to_zero", 5, 1, 0, 0},
    {RT_ST_UNIT_VECTOR, "unit_vector", 4, 1, 0, 0},
    {RT_ST_CHOLESKY_CORR, "cholesky_factor_corr", 4, 4, 4, 0},
    {RT_ST_CHOLESKY_COV, "cholesky_factor_cov", 4, 3, 4, 3},
    {RT_ST_CHOLESKY_COV, "cholesky_factor_cov", 3, 3, 3, 3},
    {RT_ST_CORR_MATRIX, "corr_matrix", 4, 4, 4, 0},
    {RT_ST_COV_MATRIX, "cov_matrix", 3, 3, 3, 0},
    {RT_ST_STOCHASTIC_COLUMN, "stochastic_column", 3, 4, 0, 0},
    {RT_ST_STOCHASTIC_ROW, "stochastic_row", 3, 4, 0, 0},
    {RT_ST_SUM_TO_ZERO_MATRIX, "sum_to_zero_matrix", 3, 4, 0, 0},
};
#define NCASES (sizeof CASES / sizeof CASES[0])

/* ------------------------------------------------ the maps under test */

typedef struct Probe {
    const Case *c;
    int n;                  /* free size */
    const double *w;        /* weights of the constrained value */
    const double *wx;       /* weights of the free value */
    const double *x0, *d;   /* a point and a direction (curves) */
    bool jacobian;
} Probe;

typedef void (*MapFn)(const Probe *p, const double *in, double *out);

/* Fourth-order central differences of f (n -> m), m x n row-major. */
static void fd_jacobian(MapFn f, const Probe *p, const double *x, int n,
                        int m, double *jac)
{
    double xp[MAXV], f1[MAXV], f2[MAXV], f3[MAXV], f4[MAXV];
    for (int j = 0; j < n; j++) {
        double h = 1e-3 * fmax(1, fabs(x[j]));
        memcpy(xp, x, sizeof *x * (size_t)n);
        xp[j] = x[j] - 2 * h;
        f(p, xp, f1);
        xp[j] = x[j] - h;
        f(p, xp, f2);
        xp[j] = x[j] + h;
        f(p, xp, f3);
        xp[j] = x[j] + 2 * h;
        f(p, xp, f4);
        for (int i = 0; i < m; i++)
            jac[i * n + j] = (f1[i] - 8 * f2[i] + 8 * f3[i] - f4[i])
                             / (12 * h);
    }
}

static double log_abs_det(const double *a, int n)
{
    if (n == 0)
        return 0;
    static double copy[MAXV * MAXV];
    memcpy(copy, a, sizeof *a * (size_t)n * (size_t)n);
    gsl_matrix_view m = gsl_matrix_view_array(copy, (size_t)n, (size_t)n);
    gsl_permutation *perm = gsl_permutation_alloc((size_t)n);
    int signum;
    gsl_linalg_LU_decomp(&m.matrix, perm, &signum);
    double ld = gsl_linalg_LU_lndet(&m.matrix);
    gsl_permutation_free(perm);
    return ld;
}

/* The free coordinates of y that the Jacobian is taken in (Reference
 * Manual, each transform's "Absolute Jacobian determinant"); their count,
 * or -1 for the transforms checked otherwise. */
static int coords(const Case *c, const double *y, double *out)
{
    int n = 0, R = c->R, C = c->C;
    switch (c->k) {
    case RT_ST_ORDERED:
    case RT_ST_POSITIVE_ORDERED:
        for (int i = 0; i < R; i++)
            out[n++] = y[i];
        return n;
    case RT_ST_SIMPLEX:
        for (int i = 0; i < R - 1; i++)
            out[n++] = y[i];
        return n;
    case RT_ST_CHOLESKY_CORR:
    case RT_ST_CORR_MATRIX:
        for (int i = 0; i < R; i++)
            for (int j = 0; j < i; j++)
                out[n++] = y[i * C + j];
        return n;
    case RT_ST_CHOLESKY_COV:
    case RT_ST_COV_MATRIX:
        for (int i = 0; i < R; i++)
            for (int j = 0; j <= i && j < C; j++)
                out[n++] = y[i * C + j];
        return n;
    case RT_ST_STOCHASTIC_ROW:
        for (int i = 0; i < R; i++)
            for (int j = 0; j < C - 1; j++)
                out[n++] = y[i * C + j];
        return n;
    case RT_ST_STOCHASTIC_COLUMN:
        for (int i = 0; i < R - 1; i++)
            for (int j = 0; j < C; j++)
                out[n++] = y[i * C + j];
        return n;
    default:
        return -1;
    }
}

static void map_coords(const Probe *p, const double *x, double *out)
{
    double y[MAXV];
    assert_int_equal(rt_st_constrain(p->c->k, x, p->c->R, p->c->C, y, NULL,
                                     NULL), 0);
    coords(p->c, y, out);
}

/* t(x) = sum(w .* constrain(x)) (+ log|J|) */
static void map_target(const Probe *p, const double *x, double *out)
{
    double y[MAXV], lj = 0;
    rt_st_constrain(p->c->k, x, p->c->R, p->c->C, y,
                    p->jacobian ? &lj : NULL, NULL);
    double s = lj;
    for (int i = 0; i < p->c->R * p->c->C; i++)
        s += p->w[i] * y[i];
    *out = s;
}

/* y(t) = constrain(x0 + t d), t the one input */
static void map_curve(const Probe *p, const double *t, double *out)
{
    double x[MAXV];
    for (int i = 0; i < p->n; i++)
        x[i] = p->x0[i] + *t * p->d[i];
    rt_st_constrain(p->c->k, x, p->c->R, p->c->C, out, NULL, NULL);
}

/* wx . unconstrain(y) (NaN when y is refused) */
static void map_free(const Probe *p, const double *y, double *out)
{
    double x[MAXV];
    RtError err = {.msg = ""};
    if (rt_st_unconstrain(p->c->k, y, p->c->R, p->c->C, x, &err)) {
        *out = NAN;
        return;
    }
    double s = 0;
    for (int i = 0; i < p->n; i++)
        s += p->wx[i] * x[i];
    *out = s;
}

/* ------------------------------------------------------------ checks */

static void check_case(const Case *c, TestRng *rng)
{
    char where[96];
    int fr, fc, R, C;
    RtError err = {.msg = ""};
    snprintf(where, sizeof where, "%s %d x %d", c->name, c->R, c->C);
    assert_int_equal(rt_st_free_shape(c->k, c->name, c->R, c->C, &fr, &fc,
                                      &err), 0);
    int n = fr * fc, size = c->R * c->C;
    assert_true(n <= MAXV && size <= MAXV);
    /* 1. shapes */
    if (rt_st_shape(c->k, c->name, fr, fc, c->a, c->b, &R, &C, &err))
        fail_msg("%s: shape refused: %s", where, err.msg);
    if (R != c->R || C != c->C)
        fail_msg("%s: shape %d x %d from the free %d x %d", where, R, C, fr,
                 fc);
    double x[MAXV], y[MAXV], back[MAXV], again[MAXV], lj = 0;
    fill_normal(rng, x, n);
    for (int i = 0; i < n; i++)
        x[i] *= 0.7;
    assert_int_equal(rt_st_constrain(c->k, x, c->R, c->C, y, &lj, &err), 0);
    /* 2. round trips */
    if (rt_st_unconstrain(c->k, y, c->R, c->C, back, &err))
        fail_msg("%s: unconstrain refused its own image: %s", where,
                 err.msg);
    for (int i = 0; i < n && c->k != RT_ST_UNIT_VECTOR; i++)
        if (!near(back[i], x[i], 1e-10))
            fail_msg("%s: x[%d] = %.17g came back as %.17g", where, i, x[i],
                     back[i]);
    assert_int_equal(rt_st_constrain(c->k, back, c->R, c->C, again, NULL,
                                     &err), 0);
    for (int i = 0; i < size; i++)
        if (!near(again[i], y[i], 1e-10))
            fail_msg("%s: y[%d] = %.17g came back as %.17g", where, i, y[i],
                     again[i]);
    /* 3. log|J| */
    Probe p = {.c = c, .n = n};
    double cc[MAXV];
    if (coords(c, y, cc) == n) {
        static double jac[MAXV * MAXV];
        fd_jacobian(map_coords, &p, x, n, n, jac);
        double want = log_abs_det(jac, n);
        if (!near(lj, want, 1e-6))
            fail_msg("%s: log|J| is %.15g, finite differences give %.15g",
                     where, lj, want);
    } else if (c->k == RT_ST_UNIT_VECTOR) {
        double sn = 0;
        for (int i = 0; i < n; i++)
            sn += x[i] * x[i];
        assert_true(near(lj, -0.5 * sn, 1e-13));
    } else {
        assert_true(lj == 0);   /* the sum-to-zero isometries */
    }
    /* 4. derivatives of _constrain */
    double w[MAXV], wx[MAXV];
    fill_normal(rng, w, size);
    fill_normal(rng, wx, n);
    p.w = w;
    p.wx = wx;
    for (int jac = 0; jac < 2; jac++) {
        double adj[MAXV] = {0}, fd[MAXV];
        p.jacobian = jac;
        rt_st_adjoint(c->k, x, c->R, c->C, w, jac, adj);
        fd_jacobian(map_target, &p, x, n, 1, fd);
        for (int i = 0; i < n; i++)
            if (!near(adj[i], fd[i], 1e-6))
                fail_msg("%s: d/dx[%d]%s is %.15g, finite differences "
                         "%.15g", where, i, jac ? " with log|J|" : "",
                         adj[i], fd[i]);
    }
    /* 5. derivatives of _unconstrain: along curves in the set */
    double adj_y[MAXV] = {0};
    rt_st_unconstrain_adjoint(c->k, y, c->R, c->C, wx, adj_y);
    for (int curve = 0; curve < 3; curve++) {
        double d[MAXV], dy[MAXV], t = 0;
        fill_normal(rng, d, n);
        p.x0 = x;
        p.d = d;
        fd_jacobian(map_curve, &p, &t, 1, size, dy);
        double got = 0, want = 0;
        for (int i = 0; i < size; i++)
            got += adj_y[i] * dy[i];
        if (c->k == RT_ST_UNIT_VECTOR) {
            /* unconstrain is y itself: w . dy/dt */
            for (int i = 0; i < n; i++)
                want += wx[i] * dy[i];
        } else {
            for (int i = 0; i < n; i++)
                want += wx[i] * d[i];
        }
        if (!near(got, want, 1e-6))
            fail_msg("%s: along a curve, adj_y . dy/dt = %.15g but w . dx/dt "
                     "= %.15g", where, got, want);
    }
    /* ... and in every coordinate of the open sets (a covariance matrix
     * moves its two symmetric entries together; the factor of a
     * covariance matrix only below the diagonal) */
    bool sym = c->k == RT_ST_COV_MATRIX;
    if (c->k != RT_ST_ORDERED && c->k != RT_ST_POSITIVE_ORDERED && !sym
        && c->k != RT_ST_CHOLESKY_COV)
        return;
    for (int i = 0; i < c->R; i++)
        for (int j = 0; j < c->C; j++) {
            if ((sym || c->k == RT_ST_CHOLESKY_COV) && j > i)
                continue;
            double h = 1e-5, f[4], yp[MAXV];
            const double steps[4] = {-2, -1, 1, 2};
            for (int s = 0; s < 4; s++) {
                memcpy(yp, y, sizeof *y * (size_t)size);
                yp[i * c->C + j] += steps[s] * h;
                if (sym && i != j)
                    yp[j * c->C + i] += steps[s] * h;
                map_free(&p, yp, &f[s]);
            }
            double fd = (f[0] - 8 * f[1] + 8 * f[2] - f[3]) / (12 * h);
            double got = adj_y[i * c->C + j]
                         + (sym && i != j ? adj_y[j * c->C + i] : 0);
            if (!near(got, fd, 1e-5))
                fail_msg("%s: d/dy[%d,%d] is %.15g, finite differences "
                         "%.15g", where, i + 1, j + 1, got, fd);
        }
}

static void test_every_family(void **state)
{
    (void)state;
    for (uint64_t seed = 1; seed <= 4; seed++) {
        TestRng rng = {seed};
        for (size_t i = 0; i < NCASES; i++)
            check_case(&CASES[i], &rng);
    }
}

/* stochastic_row_constrain(matrix y): row i of y (N x (K-1)) holds row
 * i's free values; with the stick-breaking simplex (z_k = inv_logit(y_k -
 * log(K - k)), 1-based k), the row [0, log 2] gives z = 1/3, 2/3 and the
 * simplex [1/3, 4/9, 2/9], the row [0, 0] the uniform one.  Read
 * column-major, the same numbers would give other rows. */
static void test_free_matrix_layout(void **state)
{
    (void)state;
    const double free_rows[4] = {0, log(2.0), 0, 0};
    const double want_rows[6] = {1.0 / 3, 4.0 / 9, 2.0 / 9,
                                 1.0 / 3, 1.0 / 3, 1.0 / 3};
    double y[6], back[4];
    assert_int_equal(rt_st_constrain(RT_ST_STOCHASTIC_ROW, free_rows, 2, 3,
                                     y, NULL, NULL), 0);
    for (int i = 0; i < 6; i++)
        assert_true(near(y[i], want_rows[i], 1e-15));
    assert_int_equal(rt_st_unconstrain(RT_ST_STOCHASTIC_ROW, y, 2, 3, back,
                                       NULL), 0);
    for (int i = 0; i < 4; i++)
        assert_true(fabs(back[i] - free_rows[i]) < 1e-14);
    /* the transpose for stochastic_column_constrain: column j of the
     * (K-1) x M free matrix */
    const double free_cols[4] = {0, 0, log(2.0), 0};
    const double want_cols[6] = {1.0 / 3, 1.0 / 3, 4.0 / 9, 1.0 / 3,
                                 2.0 / 9, 1.0 / 3};
    assert_int_equal(rt_st_constrain(RT_ST_STOCHASTIC_COLUMN, free_cols, 3,
                                     2, y, NULL, NULL), 0);
    for (int i = 0; i < 6; i++)
        assert_true(near(y[i], want_cols[i], 1e-15));
    /* sum_to_zero_constrain(matrix): the (N-1) x (M-1) free matrix is
     * the runtime's column-major one, transposed in memory */
    const double free_stz[6] = {0.3, -1.1, 0.8, 2.0, 0.1, -0.4};  /* 2x3 */
    const double column_major[6] = {0.3, 2.0, -1.1, 0.1, 0.8, -0.4};
    double want[12], got[12];
    rt_sum_to_zero_matrix_constrain(column_major, 3, 4, want, NULL);
    assert_int_equal(rt_st_constrain(RT_ST_SUM_TO_ZERO_MATRIX, free_stz, 3,
                                     4, got, NULL, NULL), 0);
    for (int i = 0; i < 12; i++)
        assert_true(got[i] == want[i]);
}

/* Stan's size checks: cholesky_factor_corr_constrain(y, K) needs K choose
 * 2 free values; cholesky_factor_cov_constrain(y, M, N) M >= N; the
 * square transforms' _unconstrain a square matrix. */
static void test_size_checks(void **state)
{
    (void)state;
    int R, C, fr, fc;
    RtError err = {.msg = ""};
    assert_int_equal(rt_st_shape(RT_ST_CHOLESKY_CORR, "cholesky_factor_corr_"
                                 "constrain", 4, 1, 4, 0, &R, &C, &err), -1);
    assert_string_equal(err.msg, "cholesky_factor_corr_constrain: size of y "
                        "(4) and the number of free values of the 4 x 4 "
                        "matrix (6) must match in size");
    assert_int_equal(rt_st_shape(RT_ST_CHOLESKY_COV, "f", 3, 1, 2, 3, &R, &C,
                                 &err), -1);
    assert_string_equal(err.msg, "f: num rows (2) must be greater than or "
                        "equal to num cols (3)");
    assert_int_equal(rt_st_shape(RT_ST_COV_MATRIX, "f", 0, 1, -1, 0, &R, &C,
                                 &err), -1);
    assert_string_equal(err.msg, "f: K is -1, but must be greater than or "
                        "equal to 0");
    assert_int_equal(rt_st_shape(RT_ST_CORR_MATRIX, "f", 0, 1, 100000, 0, &R,
                                 &C, &err), -1);
    assert_int_equal(rt_st_free_shape(RT_ST_CORR_MATRIX, "corr_matrix_"
                                      "unconstrain", 2, 3, &fr, &fc, &err),
                     -1);
    assert_string_equal(err.msg, "corr_matrix_unconstrain: Expecting a "
                        "square matrix; rows of y (2) and columns of y (3) "
                        "must match in size");
    /* a cov_matrix's free vector: K + K choose 2 */
    assert_int_equal(rt_st_shape(RT_ST_COV_MATRIX, "f", 6, 1, 3, 0, &R, &C,
                                 &err), 0);
    assert_int_equal(R * 10 + C, 33);
}

int main(void)
{
    gsl_set_error_handler_off();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_family),
        cmocka_unit_test(test_free_matrix_layout),
        cmocka_unit_test(test_size_checks),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
