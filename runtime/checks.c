/* checks.c - constraint checks of structured data types (rt_checks.h),
 * with the messages of stan::math's check_cov_matrix, check_corr_matrix,
 * check_cholesky_factor, check_cholesky_factor_corr, check_simplex,
 * check_unit_vector, check_ordered, check_positive_ordered,
 * check_sum_to_zero (of a vector and of a matrix), check_stochastic_column
 * and check_stochastic_row.  Stan prints numbers through an ostream with its
 * default precision of 6 digits: %g here. */
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "pplrt.h"
#include "rt_checks.h"

#define IDX(i, j, ncol) ((size_t)(i) * (size_t)(ncol) + (size_t)(j))
#define TOLERANCE 1e-8      /* Stan's CONSTRAINT_TOLERANCE */

/* ------------------------------------------------------------ helpers */

/* Eigen's unblocked LDLT (Eigen/src/Cholesky/LDLT.h): at step k the
 * pivot is the largest |diagonal| among rows k.. of the matrix as
 * permuted so far (the diagonal is not updated by earlier steps: the
 * factorization is left-looking), then row k of L and d_k follow from
 * the earlier columns.  m holds the permuted symmetric matrix in full,
 * overwritten by L below the diagonal and d on it. */
bool rt_ldlt_is_positive(const double *A, int K, double *work, double *last)
{
    double *m = work;
    bool positive = true;
    for (int i = 0; i < K; i++)
        for (int j = 0; j <= i; j++)
            m[IDX(i, j, K)] = m[IDX(j, i, K)] = A[IDX(i, j, K)];
    *last = NAN;
    for (int k = 0; k < K; k++) {
        int p = k;
        for (int j = k + 1; j < K; j++)
            if (fabs(m[IDX(j, j, K)]) > fabs(m[IDX(p, p, K)]))
                p = j;
        if (p != k)
            for (int j = 0; j < K; j++) {      /* swap rows, then columns */
                double t = m[IDX(k, j, K)];
                m[IDX(k, j, K)] = m[IDX(p, j, K)];
                m[IDX(p, j, K)] = t;
            }
        if (p != k)
            for (int i = 0; i < K; i++) {
                if (i < k)
                    continue;   /* rows above k hold nothing we read */
                double t = m[IDX(i, k, K)];
                m[IDX(i, k, K)] = m[IDX(i, p, K)];
                m[IDX(i, p, K)] = t;
            }
        for (int c = 0; c < k; c++) {
            double t = m[IDX(c, c, K)] * m[IDX(k, c, K)];
            m[IDX(k, k, K)] -= m[IDX(k, c, K)] * t;
            for (int j = k + 1; j < K; j++)
                m[IDX(j, k, K)] -= m[IDX(j, c, K)] * t;
        }
        double d = m[IDX(k, k, K)];
        if (!(d > 0))
            positive = false;
        if (fabs(d) > DBL_MIN)
            for (int j = k + 1; j < K; j++)
                m[IDX(j, k, K)] /= d;
        *last = d;
    }
    return positive;
}

static int check_nonzero_size(const char *name, int K, RtError *err)
{
    if (K == 0)
        return rt_error(err, "%s has size 0, but must have a non-zero size",
                        name);
    return 0;
}

static int check_symmetric(const char *name, const double *x, int K,
                           RtError *err)
{
    for (int m = 0; m < K; m++)
        for (int n = m + 1; n < K; n++) {
            double a = x[IDX(m, n, K)], b = x[IDX(n, m, K)];
            if (!(fabs(a - b) <= TOLERANCE))
                return rt_error(err,
                                "%s is not symmetric. %s[%d,%d] = %g, but "
                                "%s[%d,%d] = %g",
                                name, name, m + 1, n + 1, a, name, n + 1,
                                m + 1, b);
        }
    return 0;
}

/* check_lower_triangular for M x N: the first non-zero above the
 * diagonal, column by column. */
static int check_lower_triangular(const char *name, const double *x, int M,
                                  int N, RtError *err)
{
    for (int n = 1; n < N; n++)
        for (int m = 0; m < n && m < M; m++)
            if (x[IDX(m, n, N)] != 0)
                return rt_error(err,
                                "%s is not lower triangular; %s[%d,%d]=%g",
                                name, name, m + 1, n + 1, x[IDX(m, n, N)]);
    return 0;
}

static int check_positive_diagonal(const char *name, const double *x, int N,
                                   RtError *err)
{
    for (int k = 0; k < N; k++)
        if (!(x[IDX(k, k, N)] > 0))
            return rt_error(err, "%s[%d] is %g, but must be positive!", name,
                            k + 1, x[IDX(k, k, N)]);
    return 0;
}

static int check_unit_norm(const char *name, const double *x, int K,
                           RtError *err)
{
    double ssq = 0;
    for (int k = 0; k < K; k++)
        ssq += x[k] * x[k];
    if (!(fabs(1 - ssq) <= TOLERANCE))
        return rt_error(err,
                        "%s is not a valid unit vector. The sum of the "
                        "squares of the elements should be 1, but is %g",
                        name, ssq);
    return 0;
}

/* ------------------------------------------------------------ matrices */

/* check_pos_definite: symmetric, a positive size, no NaN (Eigen's
 * column-major order, shown as [row, col]), a 1 x 1 entry above the
 * tolerance, then a positive LDLT. */
int rt_check_cov_matrix(const char *name, const double *x, int K,
                        RtError *err)
{
    if (check_symmetric(name, x, K, err))
        return -1;
    if (K <= 0)
        return rt_error(err,
                        "%s must have a positive size, but is %d; dimension "
                        "size expression = rows",
                        name, K);
    for (int j = 0; j < K; j++)
        for (int i = 0; i < K; i++)
            if (isnan(x[IDX(i, j, K)]))
                return rt_error(err, "%s[%d, %d] is nan, but must not be nan!",
                                name, i + 1, j + 1);
    if (K == 1 && !(x[0] > TOLERANCE))
        return rt_error(err, "%s is not positive definite.", name);
    double local[64], *work = local, last;
    if ((size_t)K * K > 64) {
        work = malloc(sizeof *work * (size_t)K * K);
        if (!work)
            return rt_fatal(err, "%s: out of memory", name);
    }
    bool ok = rt_ldlt_is_positive(x, K, work, &last);
    if (work != local)
        free(work);
    if (!ok)
        return rt_error(err, "%s is not positive definite.", name);
    return 0;
}

int rt_check_corr_matrix(const char *name, const double *x, int K,
                         RtError *err)
{
    if (K == 0)
        return 0;
    for (int k = 0; k < K; k++) {
        double d = x[IDX(k, k, K)];
        if (!(fabs(d - 1) <= TOLERANCE))
            return rt_error(err,
                            "%s is not a valid correlation matrix. %s(%d,%d) "
                            "is %g, but should be near 1.0",
                            name, name, k + 1, k + 1, d);
    }
    return rt_check_cov_matrix(name, x, K, err);
}

int rt_check_cholesky_factor_cov(const char *name, const double *x, int M,
                                 int N, RtError *err)
{
    if (N > M)
        return rt_error(err,
                        "columns and rows of Cholesky factor is %d, but must "
                        "be less than or equal to %d",
                        N, M);
    if (N <= 0)
        return rt_error(err,
                        "columns of Cholesky factor is %d, but must be "
                        "positive!",
                        N);
    if (check_lower_triangular(name, x, M, N, err))
        return -1;
    return check_positive_diagonal(name, x, N, err);
}

int rt_check_cholesky_factor_corr(const char *name, const double *x, int K,
                                  RtError *err)
{
    if (check_lower_triangular(name, x, K, K, err)
        || check_positive_diagonal(name, x, K, err))
        return -1;
    for (int i = 0; i < K; i++)
        if (check_unit_norm(name, x + IDX(i, 0, K), K, err))
            return -1;
    return 0;
}

/* ------------------------------------------------------------- vectors */

int rt_check_simplex(const char *name, const double *x, int K, RtError *err)
{
    if (check_nonzero_size(name, K, err))
        return -1;
    double sum = 0;
    for (int k = 0; k < K; k++)
        sum += x[k];
    if (!(fabs(1 - sum) <= TOLERANCE))
        return rt_error(err,
                        "%s is not a valid simplex. sum(%s) = %.10g, but "
                        "should be 1",
                        name, name, sum);
    for (int k = 0; k < K; k++)
        if (!(x[k] >= 0))
            return rt_error(err,
                            "%s is not a valid simplex. %s[%d] = %g, but "
                            "should be greater than or equal to 0",
                            name, name, k + 1, x[k]);
    return 0;
}

int rt_check_unit_vector(const char *name, const double *x, int K,
                         RtError *err)
{
    if (check_nonzero_size(name, K, err))
        return -1;
    return check_unit_norm(name, x, K, err);
}

int rt_check_ordered(const char *name, const double *x, int K, RtError *err)
{
    for (int k = 1; k < K; k++)
        if (!(x[k] > x[k - 1]))
            return rt_error(err,
                            "%s is not a valid ordered vector. The element at "
                            "%d is %g, but should be greater than the "
                            "previous element, %g",
                            name, k + 1, x[k], x[k - 1]);
    return 0;
}

int rt_check_positive_ordered(const char *name, const double *x, int K,
                              RtError *err)
{
    if (K == 0)
        return 0;
    if (x[0] < 0)
        return rt_error(err,
                        "%s is not a valid positive_ordered vector. The "
                        "element at 1 is %g, but should be postive.",
                        name, x[0]);
    return rt_check_ordered(name, x, K, err);
}

int rt_check_sum_to_zero(const char *name, const double *x, int K,
                         RtError *err)
{
    if (check_nonzero_size(name, K, err))
        return -1;
    double sum = 0;
    for (int k = 0; k < K; k++)
        sum += x[k];
    if (!(fabs(sum) <= TOLERANCE))
        return rt_error(err,
                        "%s does not sum to zero. sum(%s) = %.10g, but should "
                        "be 0",
                        name, name, sum);
    return 0;
}

/* Stan Math's matrix overload of check_sum_to_zero names the row or the
 * column whose sum is off, as check_stochastic_row and _column do. */
int rt_check_sum_to_zero_matrix(const char *name, const double *x, int M,
                                int N, RtError *err)
{
    if (check_nonzero_size(name, M > 0 && N > 0 ? 1 : 0, err))
        return -1;
    for (int i = 0; i < M; i++) {
        double sum = 0;
        for (int j = 0; j < N; j++)
            sum += x[IDX(i, j, N)];
        if (!(fabs(sum) <= TOLERANCE))
            return rt_error(err,
                            "%s does not sum to zero. sum(%s[%d, :]) = %.10g, "
                            "but should be 0",
                            name, name, i + 1, sum);
    }
    for (int j = 0; j < N; j++) {
        double sum = 0;
        for (int i = 0; i < M; i++)
            sum += x[IDX(i, j, N)];
        if (!(fabs(sum) <= TOLERANCE))
            return rt_error(err,
                            "%s does not sum to zero. sum(%s[:, %d]) = %.10g, "
                            "but should be 0",
                            name, name, j + 1, sum);
    }
    return 0;
}

/* One row or column of a stochastic matrix: n elements a stride apart,
 * line k (0-based) of the matrix. */
static int check_stochastic_line(const char *name, const double *x, int n,
                                 size_t stride, int k, bool column,
                                 RtError *err)
{
    const char *what = column ? "column" : "row";
    double sum = 0;
    for (int e = 0; e < n; e++) {
        double v = x[(size_t)e * stride];
        /* Stan prints the row index twice (std::to_string(i + 1) for
         * both): so does this, so that the messages compare equal */
        int row = column ? e + 1 : k + 1;
        if (!(v >= 0))
            return rt_error(err,
                            "%s is not a valid %s stochastic matrix. "
                            "%s[%d, %d] = %g, but should be greater than or "
                            "equal to 0",
                            name, what, name, row, row, v);
        sum += v;
    }
    if (!(fabs(1.0 - sum) <= TOLERANCE)) {
        if (column)
            return rt_error(err,
                            "%s is not a valid column stochastic matrix. "
                            "sum(%s[:, %d]) = %.10g, but should be 1",
                            name, name, k + 1, sum);
        return rt_error(err,
                        "%s is not a valid row stochastic matrix. "
                        "sum(%s[%d,:]) = %.10g, but should be 1",
                        name, name, k + 1, sum);
    }
    return 0;
}

int rt_check_stochastic_column(const char *name, const double *x, int M,
                               int N, RtError *err)
{
    if (check_nonzero_size(name, M > 0 && N > 0 ? 1 : 0, err))
        return -1;
    for (int j = 0; j < N; j++)
        if (check_stochastic_line(name, x + j, M, (size_t)N, j, true, err))
            return -1;
    return 0;
}

int rt_check_stochastic_row(const char *name, const double *x, int M, int N,
                            RtError *err)
{
    if (check_nonzero_size(name, M > 0 && N > 0 ? 1 : 0, err))
        return -1;
    for (int i = 0; i < M; i++)
        if (check_stochastic_line(name, x + IDX(i, 0, N), N, 1, i, false,
                                  err))
            return -1;
    return 0;
}
