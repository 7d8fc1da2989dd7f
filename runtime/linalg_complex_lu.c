/* linalg_complex_lu.c - division by a complex matrix (Stan Functions
 * Reference, "Complex matrix operations", complex matrix division:
 * `complex_row_vector / complex_matrix` and `complex_matrix /
 * complex_matrix`), B / A = B A^-1, through GSL's complex LU with
 * partial pivoting (gsl_linalg_complex_LU_decomp / _solve) as Stan's
 * mdivide_right uses Eigen's partial-pivoting LU.  Values only.
 *
 * X A = B is A^T X^T = B^T: A^T is factored once and each row of B is
 * one right-hand side.  Checks and messages are the real
 * rt_mdivide_right's (linalg_lu.c): "mdivide_right: Expecting a square
 * matrix; rows of A (2) and columns of A (3) must match in size",
 * "mdivide_right: Columns of b (3) and Rows of A (2) must match in size",
 * and a singular A (an exactly zero pivot) is "mdivide_right: A is
 * singular" with NaN in X. */
#include <math.h>
#include <string.h>

#include <gsl/gsl_complex_math.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_linalg.h>

#include "pplrt.h"
#include "rt_complex.h"

int rt_complex_mdivide_right(const double *B, int rows_B, int cols_B,
                             const double *A, int rows_A, int cols_A,
                             double *X, RtError *err)
{
    if (rows_A != cols_A)
        return rt_error(err, "mdivide_right: Expecting a square matrix; rows "
                        "of A (%d) and columns of A (%d) must match in size",
                        rows_A, cols_A);
    if (cols_B != rows_A)
        return rt_error(err, "mdivide_right: Columns of b (%d) and Rows of A "
                        "(%d) must match in size", cols_B, rows_A);
    int n = rows_A, m = rows_B;
    size_t nx = 2 * (size_t)m * (size_t)n;
    if (n == 0 || m == 0)
        return 0;
    gsl_matrix_complex *lu = gsl_matrix_complex_alloc((size_t)n, (size_t)n);
    gsl_permutation *p = gsl_permutation_alloc((size_t)n);
    gsl_vector_complex *b = gsl_vector_complex_alloc((size_t)n);
    gsl_vector_complex *x = gsl_vector_complex_alloc((size_t)n);
    int status = 0;
    if (!lu || !p || !b || !x) {
        status = rt_fatal(err, "mdivide_right: out of memory");
        goto done;
    }
    for (int i = 0; i < n; i++)             /* lu = A^T */
        for (int j = 0; j < n; j++) {
            const double *a = A + 2 * ((size_t)j * (size_t)n + (size_t)i);
            gsl_matrix_complex_set(lu, (size_t)i, (size_t)j,
                                   gsl_complex_rect(a[0], a[1]));
        }
    int sign;
    /* GSL's default handler aborts; the library reports errors instead
     * (a process-wide setting, as in fft.c) */
    gsl_set_error_handler_off();
    gsl_linalg_complex_LU_decomp(lu, p, &sign);
    for (int i = 0; i < n; i++) {
        gsl_complex d = gsl_matrix_complex_get(lu, (size_t)i, (size_t)i);
        if (GSL_REAL(d) == 0 && GSL_IMAG(d) == 0) {
            for (size_t k = 0; k < nx; k++)
                X[k] = NAN;
            status = rt_error(err, "mdivide_right: A is singular");
            goto done;
        }
    }
    for (int r = 0; r < m; r++) {
        const double *row = B + 2 * (size_t)r * (size_t)n;
        for (int j = 0; j < n; j++)
            gsl_vector_complex_set(b, (size_t)j,
                                   gsl_complex_rect(row[2 * j],
                                                    row[2 * j + 1]));
        int s = gsl_linalg_complex_LU_solve(lu, p, b, x);
        if (s != GSL_SUCCESS) {
            status = rt_error(err, "mdivide_right: %s", gsl_strerror(s));
            goto done;
        }
        double *out = X + 2 * (size_t)r * (size_t)n;
        for (int j = 0; j < n; j++) {
            gsl_complex z = gsl_vector_complex_get(x, (size_t)j);
            out[2 * j] = GSL_REAL(z);
            out[2 * j + 1] = GSL_IMAG(z);
        }
    }
done:
    if (x)
        gsl_vector_complex_free(x);
    if (b)
        gsl_vector_complex_free(b);
    if (p)
        gsl_permutation_free(p);
    if (lu)
        gsl_matrix_complex_free(lu);
    return status;
}
