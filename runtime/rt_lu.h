/* rt_lu.h - general matrix division by LU with partial pivoting
 * (linalg_lu.c): Stan's mdivide_left (A \ B) and mdivide_right (B / A)
 * with their reverse-mode rules, in rt_linalg.h's convention: the forward
 * call writes caller-provided row-major memory, the _adj call ADDS the
 * inputs' adjoints into the given buffers (NULL: that input is data).
 *
 * A vector is an n x 1 matrix and a row_vector a 1 x n one.  The forward
 * calls take every size, to make Stan's checks ("mdivide_left: Expecting
 * a square matrix; rows of A (2) and columns of A (3) must match in
 * size", "mdivide_left: Columns of A (3) and Rows of b (2) must match in
 * size"; mdivide_right names its arguments b and A).  A singular A (a
 * zero pivot) gives NaN and "mdivide_left: A is singular": Stan returns
 * Eigen's infinities and NaNs instead, and the point is rejected either
 * way.  Checked functions return 0, or -1 with the message in err (may be
 * NULL); a failed size check leaves X untouched. */
#ifndef RT_LU_H
#define RT_LU_H

#include "rt_math.h"

/* X = A^-1 B, A n x n, B n x m (X n x m).  work: n*n + n doubles (holds
 * A's LU factors and pivots on return). */
int rt_mdivide_left(const double *A, int rows_A, int cols_A,
                    const double *B, int rows_B, int cols_B, double *X,
                    double *work, RtError *err);
/* With W = A^-T X_adj: B_adj += W, A_adj -= W X^T.  X is the forward
 * result; nothing is added if A is singular.  work: n*n + n + n*m. */
void rt_mdivide_left_adj(const double *A, const double *X,
                         const double *X_adj, int n, int m, double *A_adj,
                         double *B_adj, double *work);

/* X = B A^-1, B m x n, A n x n (X m x n).  work: n*n + n doubles. */
int rt_mdivide_right(const double *B, int rows_B, int cols_B,
                     const double *A, int rows_A, int cols_A, double *X,
                     double *work, RtError *err);
/* With W = X_adj A^-T: B_adj += W, A_adj -= X^T W.  work: n*n + n +
 * m*n. */
void rt_mdivide_right_adj(const double *A, const double *X,
                          const double *X_adj, int m, int n, double *B_adj,
                          double *A_adj, double *work);

#endif
