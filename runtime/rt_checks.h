/* rt_checks.h - constraint checks of structured data types (checks.c):
 * what CmdStan checks after reading data and transformed data declared
 * cov_matrix, corr_matrix, cholesky_factor_cov, cholesky_factor_corr,
 * simplex, unit_vector, ordered, positive_ordered and sum_to_zero_vector.
 *
 * Each function checks one object, as rt_check_lower does in pplrt.h: it
 * returns 0, or -1 with the message of stan::math::check_* in err (may
 * be NULL), without the function prefix, e.g. "Sigma is not symmetric.
 * Sigma[1,2] = 0.5, but Sigma[2,1] = 0.4".  Indices in messages are
 * 1-based.  The caller loops over arrays, naming each element ("Sigma[2]")
 * as Stan does.  Matrices are row-major; tolerances are Stan's
 * CONSTRAINT_TOLERANCE (1e-8, absolute).
 */
#ifndef RT_CHECKS_H
#define RT_CHECKS_H

#include <stdbool.h>

typedef struct RtError RtError;

/* ------------------------------------------------------------ matrices */

/* check_cov_matrix (check_pos_definite), K x K: symmetric ("... is not
 * symmetric. S[1,2] = 0.5, but S[2,1] = 0.4"), K > 0 ("S must have a
 * positive size, but is 0; dimension size expression = rows"), no NaN
 * ("S[1, 1] is nan, but must not be nan!"), and positive definite by
 * Eigen's pivoted LDLT ("S is not positive definite."). */
int rt_check_cov_matrix(const char *name, const double *x, int K,
                        RtError *err);

/* check_corr_matrix, K x K: K == 0 passes; unit diagonal ("Omega is not a
 * valid correlation matrix. Omega(1,1) is 2, but should be near 1.0"),
 * then rt_check_cov_matrix's checks. */
int rt_check_corr_matrix(const char *name, const double *x, int K,
                         RtError *err);

/* check_cholesky_factor, M x N (M >= N): "columns and rows of Cholesky
 * factor is 3, but must be less than or equal to 2", "columns of Cholesky
 * factor is 0, but must be positive!", "L is not lower triangular;
 * L[1,2]=0.5", "L[2] is -1, but must be positive!" (the diagonal). */
int rt_check_cholesky_factor_cov(const char *name, const double *x, int M,
                                 int N, RtError *err);

/* check_cholesky_factor_corr, K x K: lower triangular, positive diagonal,
 * and every row a unit vector ("L is not a valid unit vector. The sum of
 * the squares of the elements should be 1, but is 1.5"). */
int rt_check_cholesky_factor_corr(const char *name, const double *x, int K,
                                  RtError *err);

/* ------------------------------------------------------------- vectors */

/* check_simplex: "p has size 0, but must have a non-zero size", "p is not
 * a valid simplex. sum(p) = 1.1, but should be 1" (10 significant
 * digits), "p is not a valid simplex. p[2] = -0.1, but should be greater
 * than or equal to 0". */
int rt_check_simplex(const char *name, const double *x, int K, RtError *err);

/* check_unit_vector: non-empty, and "u is not a valid unit vector. The
 * sum of the squares of the elements should be 1, but is 2". */
int rt_check_unit_vector(const char *name, const double *x, int K,
                         RtError *err);

/* check_ordered: "x is not a valid ordered vector. The element at 2 is 1,
 * but should be greater than the previous element, 1". */
int rt_check_ordered(const char *name, const double *x, int K, RtError *err);

/* check_positive_ordered: "x is not a valid positive_ordered vector. The
 * element at 1 is -1, but should be postive." (sic: Stan's spelling),
 * then check_ordered.  Only the first element is checked for sign, and
 * 0 passes, as in Stan. */
int rt_check_positive_ordered(const char *name, const double *x, int K,
                              RtError *err);

/* check_sum_to_zero: non-empty, and "z does not sum to zero. sum(z) =
 * 0.1, but should be 0" (10 significant digits). */
int rt_check_sum_to_zero(const char *name, const double *x, int K,
                         RtError *err);

/* check_sum_to_zero of a matrix (sum_to_zero_matrix): non-empty, every
 * row, then every column, sums to zero: "z does not sum to zero.
 * sum(z[2, :]) = 0.1, but should be 0" (sum(z[:, 3]) for a column).  x
 * is M x N, row-major. */
int rt_check_sum_to_zero_matrix(const char *name, const double *x, int M,
                                int N, RtError *err);

/* check_stochastic_column, check_stochastic_row: non-empty; column by
 * column (row by row) each element non-negative, "x is not a valid column
 * stochastic matrix. x[2, 2] = -0.1, but should be greater than or equal
 * to 0" (sic: Stan prints the row index twice), then its sum 1 within
 * the tolerance, "... sum(x[:, 1]) = 1.2, but should be 1" ("sum(x[1,:])"
 * for a row).  x is M x N, row-major. */
int rt_check_stochastic_column(const char *name, const double *x, int M,
                               int N, RtError *err);
int rt_check_stochastic_row(const char *name, const double *x, int M, int N,
                            RtError *err);

/* ------------------------------------------------------------- helpers */

/* Eigen's LDLT with diagonal pivoting (the test behind Stan's
 * check_pos_definite and check_ldlt_factor) of symmetric K x K A, reading
 * its lower triangle: true if every pivot is positive.  *last receives
 * the last pivot, which Stan's check_ldlt_factor prints ("last
 * conditional variance is ...").  work: K*K doubles. */
bool rt_ldlt_is_positive(const double *A, int K, double *work, double *last);

#endif
