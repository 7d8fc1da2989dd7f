/* transform_matrix_fns.c - the vector and matrix transforms as Stan
 * functions (Stan Functions Reference 2.37, "Variable Transformation
 * Functions"): ordered, positive_ordered, simplex, sum_to_zero (vector and
 * matrix), unit_vector, cholesky_factor_corr, cholesky_factor_cov,
 * corr_matrix, cov_matrix, stochastic_column and stochastic_row.  Every
 * one calls the transform the samplers use for a declared parameter of
 * that type (transforms.c, transforms_matrix.c; the contract is in
 * pplrt.h), so the function and the declaration agree exactly; this file
 * only adds the shapes, Stan's size checks and the layouts.
 *
 * Layouts.  The function form's free argument is a vector, or for the
 * stochastic and sum-to-zero matrices a matrix, row-major like every
 * emitted matrix; the runtime's free vector is Stan's unconstrained
 * vector, where those free matrices are column-major.  So those three
 * transpose on the way in and out (through a scratch buffer).
 * Definitions in rt_transform_fns.h. */
#include <limits.h>
#include <math.h>
#include <stdlib.h>

#include "pplrt.h"
#include "rt_transform_fns.h"

/* Whether the free argument is a matrix whose runtime layout is
 * column-major (then fr x fc is its shape). */
static bool free_is_matrix(RtShapedTransform k)
{
    return k == RT_ST_STOCHASTIC_COLUMN || k == RT_ST_STOCHASTIC_ROW
           || k == RT_ST_SUM_TO_ZERO_MATRIX;
}

static int below_zero(int v)
{
    return v > 0 ? v - 1 : 0;
}

/* The free shape of a constrained R x C (no checks). */
static void free_shape(RtShapedTransform k, int R, int C, int *fr, int *fc)
{
    *fc = 1;
    switch (k) {
    case RT_ST_SIMPLEX:
    case RT_ST_SUM_TO_ZERO:
        *fr = below_zero(R);
        break;
    case RT_ST_CHOLESKY_CORR:
        *fr = rt_cholesky_corr_free_size(R);
        break;
    case RT_ST_CHOLESKY_COV:
        *fr = rt_cholesky_cov_free_size(R, C);
        break;
    case RT_ST_CORR_MATRIX:
        *fr = rt_corr_matrix_free_size(R);
        break;
    case RT_ST_COV_MATRIX:
        *fr = rt_cov_matrix_free_size(R);
        break;
    case RT_ST_STOCHASTIC_COLUMN:
        *fr = below_zero(R);
        *fc = C;
        break;
    case RT_ST_STOCHASTIC_ROW:
        *fr = R;
        *fc = below_zero(C);
        break;
    case RT_ST_SUM_TO_ZERO_MATRIX:
        *fr = below_zero(R);
        *fc = below_zero(C);
        break;
    default:   /* ordered, positive_ordered, unit_vector */
        *fr = R;
        break;
    }
}

/* The K of a square transform: 0 <= K and K x K elements fit an int. */
static int check_square_size(const char *fn, const char *what, int K,
                             RtError *err)
{
    if (K < 0)
        return rt_error(err, "%s: %s is %d, but must be greater than or "
                        "equal to 0", fn, what, K);
    if ((long long)K * K > INT_MAX)
        return rt_error(err, "%s: %s is %d, too large for a matrix", fn,
                        what, K);
    return 0;
}

int rt_st_shape(RtShapedTransform k, const char *fn, int fr, int fc, int a,
                int b, int *R, int *C, RtError *err)
{
    *C = 1;
    switch (k) {
    case RT_ST_SIMPLEX:
    case RT_ST_SUM_TO_ZERO:
        if (fr == INT_MAX)
            return rt_error(err, "%s: y is too large", fn);
        *R = fr + 1;
        return 0;
    case RT_ST_CHOLESKY_CORR:
    case RT_ST_CORR_MATRIX:
    case RT_ST_COV_MATRIX:
        if (check_square_size(fn, "K", a, err))
            return -1;
        *R = *C = a;
        break;
    case RT_ST_CHOLESKY_COV:
        if (check_square_size(fn, "M", a, err)
            || check_square_size(fn, "N", b, err))
            return -1;
        if (a < b)
            return rt_error(err, "%s: num rows (%d) must be greater than or "
                            "equal to num cols (%d)", fn, a, b);
        *R = a;
        *C = b;
        break;
    case RT_ST_STOCHASTIC_COLUMN:
    case RT_ST_STOCHASTIC_ROW:
    case RT_ST_SUM_TO_ZERO_MATRIX: {
        bool rows = k != RT_ST_STOCHASTIC_ROW, cols = k != RT_ST_STOCHASTIC_COLUMN;
        if ((rows && fr == INT_MAX) || (cols && fc == INT_MAX)
            || (long long)(fr + rows) * (fc + cols) > INT_MAX)
            return rt_error(err, "%s: y is too large", fn);
        *R = fr + rows;
        *C = fc + cols;
        return 0;
    }
    default:
        *R = fr;
        return 0;
    }
    int want, unused;
    free_shape(k, *R, *C, &want, &unused);
    if (fr != want)
        return rt_error(err, "%s: size of y (%d) and the number of free "
                        "values of the %d x %d matrix (%d) must match in "
                        "size", fn, fr, *R, *C, want);
    return 0;
}

int rt_st_free_shape(RtShapedTransform k, const char *fn, int R, int C,
                     int *fr, int *fc, RtError *err)
{
    bool square = k == RT_ST_CHOLESKY_CORR || k == RT_ST_CORR_MATRIX
                  || k == RT_ST_COV_MATRIX;
    if (square && R != C)
        return rt_error(err, "%s: Expecting a square matrix; rows of y (%d) "
                        "and columns of y (%d) must match in size", fn, R, C);
    if (k == RT_ST_CHOLESKY_COV && R < C)
        return rt_error(err, "%s: num rows (%d) must be greater than or "
                        "equal to num cols (%d)", fn, R, C);
    free_shape(k, R, C, fr, fc);
    return 0;
}

/* ------------------------------------------------------------ layouts */

/* dst[i + j r] = src[i c + j]: a row-major r x c into column-major. */
static void to_column_major(const double *src, int r, int c, double *dst)
{
    for (int i = 0; i < r; i++)
        for (int j = 0; j < c; j++)
            dst[i + (ptrdiff_t)j * r] = src[(ptrdiff_t)i * c + j];
}

/* dst[i c + j] += src[i + j r] (add) or = (not add). */
static void from_column_major(const double *src, int r, int c, double *dst,
                              bool add)
{
    for (int i = 0; i < r; i++)
        for (int j = 0; j < c; j++) {
            double v = src[i + (ptrdiff_t)j * r];
            double *d = dst + (ptrdiff_t)i * c + j;
            *d = add ? *d + v : v;
        }
}

/* A scratch buffer of 2 n doubles, zeroed (n may be 0). */
static double *scratch(int fr, int fc)
{
    size_t n = (size_t)fr * (size_t)fc;
    return calloc(2 * n + 1, sizeof(double));
}

/* ----------------------------------------- the runtime's, by layout */

static void constrain_runtime(RtShapedTransform k, const double *x, int R,
                              int C, double *y, double *lj)
{
    switch (k) {
    case RT_ST_ORDERED: rt_ordered_constrain(x, R, y, lj); break;
    case RT_ST_POSITIVE_ORDERED:
        rt_positive_ordered_constrain(x, R, y, lj);
        break;
    case RT_ST_SIMPLEX: rt_simplex_constrain(x, R, y, lj); break;
    case RT_ST_SUM_TO_ZERO: rt_sum_to_zero_constrain(x, R, y, lj); break;
    case RT_ST_UNIT_VECTOR: rt_unit_vector_constrain(x, R, y, lj); break;
    case RT_ST_CHOLESKY_CORR: rt_cholesky_corr_constrain(x, R, y, lj); break;
    case RT_ST_CHOLESKY_COV: rt_cholesky_cov_constrain(x, R, C, y, lj); break;
    case RT_ST_CORR_MATRIX: rt_corr_matrix_constrain(x, R, y, lj); break;
    case RT_ST_COV_MATRIX: rt_cov_matrix_constrain(x, R, y, lj); break;
    case RT_ST_STOCHASTIC_COLUMN:
        rt_stochastic_column_constrain(x, R, C, y, lj);
        break;
    case RT_ST_STOCHASTIC_ROW: rt_stochastic_row_constrain(x, R, C, y, lj); break;
    case RT_ST_SUM_TO_ZERO_MATRIX:
        rt_sum_to_zero_matrix_constrain(x, R, C, y, lj);
        break;
    }
}

static int unconstrain_runtime(RtShapedTransform k, const double *y, int R,
                               int C, double *x, RtError *err)
{
    switch (k) {
    case RT_ST_ORDERED: return rt_ordered_unconstrain(y, R, x, err);
    case RT_ST_POSITIVE_ORDERED:
        return rt_positive_ordered_unconstrain(y, R, x, err);
    case RT_ST_SIMPLEX: return rt_simplex_unconstrain(y, R, x, err);
    case RT_ST_SUM_TO_ZERO: return rt_sum_to_zero_unconstrain(y, R, x, err);
    case RT_ST_UNIT_VECTOR: return rt_unit_vector_unconstrain(y, R, x, err);
    case RT_ST_CHOLESKY_CORR:
        return rt_cholesky_corr_unconstrain(y, R, x, err);
    case RT_ST_CHOLESKY_COV:
        return rt_cholesky_cov_unconstrain(y, R, C, x, err);
    case RT_ST_CORR_MATRIX: return rt_corr_matrix_unconstrain(y, R, x, err);
    case RT_ST_COV_MATRIX: return rt_cov_matrix_unconstrain(y, R, x, err);
    case RT_ST_STOCHASTIC_COLUMN:
        return rt_stochastic_column_unconstrain(y, R, C, x, err);
    case RT_ST_STOCHASTIC_ROW:
        return rt_stochastic_row_unconstrain(y, R, C, x, err);
    case RT_ST_SUM_TO_ZERO_MATRIX:
        return rt_sum_to_zero_matrix_unconstrain(y, R, C, x, err);
    }
    return rt_error(err, "unknown transform %d", (int)k);
}

static void adjoint_runtime(RtShapedTransform k, const double *x, int R,
                            int C, const double *adj_y, bool jac,
                            double *adj_x)
{
    switch (k) {
    case RT_ST_ORDERED: rt_ordered_adjoint(x, R, adj_y, jac, adj_x); break;
    case RT_ST_POSITIVE_ORDERED:
        rt_positive_ordered_adjoint(x, R, adj_y, jac, adj_x);
        break;
    case RT_ST_SIMPLEX: rt_simplex_adjoint(x, R, adj_y, jac, adj_x); break;
    case RT_ST_SUM_TO_ZERO:
        rt_sum_to_zero_adjoint(x, R, adj_y, jac, adj_x);
        break;
    case RT_ST_UNIT_VECTOR:
        rt_unit_vector_adjoint(x, R, adj_y, jac, adj_x);
        break;
    case RT_ST_CHOLESKY_CORR:
        rt_cholesky_corr_adjoint(x, R, adj_y, jac, adj_x);
        break;
    case RT_ST_CHOLESKY_COV:
        rt_cholesky_cov_adjoint(x, R, C, adj_y, jac, adj_x);
        break;
    case RT_ST_CORR_MATRIX:
        rt_corr_matrix_adjoint(x, R, adj_y, jac, adj_x);
        break;
    case RT_ST_COV_MATRIX:
        rt_cov_matrix_adjoint(x, R, adj_y, jac, adj_x);
        break;
    case RT_ST_STOCHASTIC_COLUMN:
        rt_stochastic_column_adjoint(x, R, C, adj_y, jac, adj_x);
        break;
    case RT_ST_STOCHASTIC_ROW:
        rt_stochastic_row_adjoint(x, R, C, adj_y, jac, adj_x);
        break;
    case RT_ST_SUM_TO_ZERO_MATRIX:
        rt_sum_to_zero_matrix_adjoint(x, R, C, adj_y, jac, adj_x);
        break;
    }
}

static void unconstrain_adjoint_runtime(RtShapedTransform k, const double *y,
                                        int R, int C, const double *adj_x,
                                        double *adj_y)
{
    switch (k) {
    case RT_ST_ORDERED:
        rt_ordered_unconstrain_adjoint(y, R, adj_x, adj_y);
        break;
    case RT_ST_POSITIVE_ORDERED:
        rt_positive_ordered_unconstrain_adjoint(y, R, adj_x, adj_y);
        break;
    case RT_ST_SIMPLEX:
        rt_simplex_unconstrain_adjoint(y, R, adj_x, adj_y);
        break;
    case RT_ST_SUM_TO_ZERO:
        rt_sum_to_zero_unconstrain_adjoint(y, R, adj_x, adj_y);
        break;
    case RT_ST_UNIT_VECTOR:
        rt_unit_vector_unconstrain_adjoint(y, R, adj_x, adj_y);
        break;
    case RT_ST_CHOLESKY_CORR:
        rt_cholesky_corr_unconstrain_adjoint(y, R, adj_x, adj_y);
        break;
    case RT_ST_CHOLESKY_COV:
        rt_cholesky_cov_unconstrain_adjoint(y, R, C, adj_x, adj_y);
        break;
    case RT_ST_CORR_MATRIX:
        rt_corr_matrix_unconstrain_adjoint(y, R, adj_x, adj_y);
        break;
    case RT_ST_COV_MATRIX:
        rt_cov_matrix_unconstrain_adjoint(y, R, adj_x, adj_y);
        break;
    case RT_ST_STOCHASTIC_COLUMN:
        rt_stochastic_column_unconstrain_adjoint(y, R, C, adj_x, adj_y);
        break;
    case RT_ST_STOCHASTIC_ROW:
        rt_stochastic_row_unconstrain_adjoint(y, R, C, adj_x, adj_y);
        break;
    case RT_ST_SUM_TO_ZERO_MATRIX:
        rt_sum_to_zero_matrix_unconstrain_adjoint(y, R, C, adj_x, adj_y);
        break;
    }
}

/* ------------------------------------------------ the function forms */

int rt_st_constrain(RtShapedTransform k, const double *x, int R, int C,
                    double *y, double *lj, RtError *err)
{
    if (!free_is_matrix(k)) {
        constrain_runtime(k, x, R, C, y, lj);
        return 0;
    }
    int fr, fc;
    free_shape(k, R, C, &fr, &fc);
    double *t = scratch(fr, fc);
    if (!t)
        return rt_fatal(err, "out of memory");
    to_column_major(x, fr, fc, t);
    constrain_runtime(k, t, R, C, y, lj);
    free(t);
    return 0;
}

int rt_st_unconstrain(RtShapedTransform k, const double *y, int R, int C,
                      double *x, RtError *err)
{
    if (!free_is_matrix(k))
        return unconstrain_runtime(k, y, R, C, x, err);
    int fr, fc;
    free_shape(k, R, C, &fr, &fc);
    double *t = scratch(fr, fc);
    if (!t)
        return rt_fatal(err, "out of memory");
    int rc = unconstrain_runtime(k, y, R, C, t, err);
    if (rc == 0)
        from_column_major(t, fr, fc, x, false);
    free(t);
    return rc;
}

/* NaN in the buffer that would have been added to when memory runs out:
 * the point is then rejected. */
static void fill_nan(double *v, size_t n)
{
    for (size_t i = 0; i < n; i++)
        v[i] = NAN;
}

void rt_st_adjoint(RtShapedTransform k, const double *x, int R, int C,
                   const double *adj_y, bool jacobian, double *adj_x)
{
    if (!free_is_matrix(k)) {
        adjoint_runtime(k, x, R, C, adj_y, jacobian, adj_x);
        return;
    }
    int fr, fc;
    free_shape(k, R, C, &fr, &fc);
    size_t n = (size_t)fr * (size_t)fc;
    double *t = scratch(fr, fc);
    if (!t) {
        fill_nan(adj_x, n);
        return;
    }
    to_column_major(x, fr, fc, t);
    adjoint_runtime(k, t, R, C, adj_y, jacobian, t + n);
    from_column_major(t + n, fr, fc, adj_x, true);
    free(t);
}

void rt_st_unconstrain_adjoint(RtShapedTransform k, const double *y, int R,
                               int C, const double *adj_x, double *adj_y)
{
    if (!free_is_matrix(k)) {
        unconstrain_adjoint_runtime(k, y, R, C, adj_x, adj_y);
        return;
    }
    int fr, fc;
    free_shape(k, R, C, &fr, &fc);
    double *t = scratch(fr, fc);
    if (!t) {
        fill_nan(adj_y, (size_t)R * (size_t)C);
        return;
    }
    to_column_major(adj_x, fr, fc, t);
    unconstrain_adjoint_runtime(k, y, R, C, t, adj_y);
    free(t);
}
