/* rt_linalg.h - matrix functions with reverse-mode rules (linalg.c).
 *
 * Every function comes as a pair:
 *   forward   computes the value into caller-provided memory;
 *   _adj      given the inputs, the output and the output's adjoint, ADDS
 *             the inputs' adjoints into the given buffers (rt_math.h's
 *             convention).  An adjoint pointer may be NULL: that input is
 *             data and nothing is computed for it.
 * Matrices are row-major; an m x n matrix is m*n doubles.  A vector is an
 * n x 1 matrix and a row_vector a 1 x n one, so one multiply serves
 * matrix-matrix, matrix-vector and row_vector-matrix products.  Transposes
 * are the emitter's business.  (dot_self, softmax and log_softmax are
 * vector reductions: rt_reduce.h.)
 *
 * Symmetric inputs (cholesky_decompose, the _spd and _sym functions) get a
 * symmetric adjoint: entries (i, j) and (j, i) each receive half of the
 * derivative with respect to the pair, so that any caller that built the
 * matrix symmetrically (cov_matrix, gp_exp_quad_cov) gets the right total.
 * Triangular inputs (the _tri_low functions, multiply_lower_tri_self_
 * transpose) read and receive adjoints on the lower triangle only.
 *
 * Scratch memory: functions that need it take `work`, of the documented
 * number of doubles, and never allocate (except the eigen functions,
 * whose comments say so).  Checked functions return 0, or -1 with Stan's
 * message in err (may be NULL) and NaN in the output.
 */
#ifndef RT_LINALG_H
#define RT_LINALG_H

#include "rt_math.h"

/* Stan's CONSTRAINT_TOLERANCE: the absolute slack of symmetry checks. */
#define RT_CONSTRAINT_TOLERANCE 1e-8

/* ------------------------------------------------------------ checks */

/* "FN: NAME is not symmetric. NAME[1,2] = a, but NAME[2,1] = b". */
int rt_check_symmetric(const char *fn, const char *name, const double *A,
                       int n, RtError *err);
/* "FN: Columns of m1 (3) and Rows of m2 (2) must match in size". */
int rt_check_multiplicable(const char *fn, int cols1, int rows2,
                           RtError *err);

/* ----------------------------------------------------------- kernels */

/* L = chol(A), reading A's lower triangle, without checks; L's upper
 * triangle is zeroed; A may be L.  Returns -1 if a pivot is not positive
 * (or NaN). */
int rt_cholesky_factor(const double *A, int n, double *L);
/* B <- L^-1 B and B <- L^-T B in place (L n x n lower, B n x m). */
void rt_tri_low_solve(const double *L, int n, double *B, int m);
void rt_tri_low_solve_trans(const double *L, int n, double *B, int m);
/* out = (L L^T)^-1, symmetric. */
void rt_chol_inverse(const double *L, int n, double *out);

/* ---------------------------------------------------------- products */

/* C = A B with A m x k, B k x n. */
void rt_multiply(const double *A, const double *B, int m, int k, int n,
                 double *C);
/* A_adj += C_adj B^T, B_adj += A^T C_adj. */
void rt_multiply_adj(const double *A, const double *B, const double *C_adj,
                     int m, int k, int n, double *A_adj, double *B_adj);

double rt_dot_product(const double *x, const double *y, int n);
void rt_dot_product_adj(const double *x, const double *y, int n, double adj,
                        double *x_adj, double *y_adj);
/* out[j] = sum_i A[i,j] B[i,j] (n entries) for m x n A and B. */
void rt_columns_dot_product(const double *A, const double *B, int m, int n,
                            double *out);
void rt_columns_dot_product_adj(const double *A, const double *B, int m,
                                int n, const double *out_adj, double *A_adj,
                                double *B_adj);
/* out[i] = sum_j A[i,j] B[i,j] (m entries). */
void rt_rows_dot_product(const double *A, const double *B, int m, int n,
                         double *out);
void rt_rows_dot_product_adj(const double *A, const double *B, int m, int n,
                             const double *out_adj, double *A_adj,
                             double *B_adj);

/* Y = A A^T (A m x n, Y m x m) and Y = A^T A (Y n x n). */
void rt_tcrossprod(const double *A, int m, int n, double *Y);
void rt_tcrossprod_adj(const double *A, const double *Y_adj, int m, int n,
                       double *A_adj);
void rt_crossprod(const double *A, int m, int n, double *Y);
void rt_crossprod_adj(const double *A, const double *Y_adj, int m, int n,
                      double *A_adj);
/* Y = tril(L) tril(L)^T, L m x n (Y m x m); the adjoint is lower. */
void rt_multiply_lower_tri_self_transpose(const double *L, int m, int n,
                                          double *Y);
void rt_multiply_lower_tri_self_transpose_adj(const double *L,
                                              const double *Y_adj, int m,
                                              int n, double *L_adj);

/* Y = diag(v) M and Y = M diag(v), M m x n (v has m, resp. n, entries). */
void rt_diag_pre_multiply(const double *v, const double *M, int m, int n,
                          double *Y);
void rt_diag_pre_multiply_adj(const double *v, const double *M, int m, int n,
                              const double *Y_adj, double *v_adj,
                              double *M_adj);
void rt_diag_post_multiply(const double *M, const double *v, int m, int n,
                           double *Y);
void rt_diag_post_multiply_adj(const double *M, const double *v, int m,
                               int n, const double *Y_adj, double *M_adj,
                               double *v_adj);

/* Y = B^T A B (A n x n, B n x m, Y m x m; a vector B gives a 1 x 1 Y).
 * work: n*m doubles. */
void rt_quad_form(const double *A, const double *B, int n, int m, double *Y,
                  double *work);
void rt_quad_form_adj(const double *A, const double *B, const double *Y_adj,
                      int n, int m, double *A_adj, double *B_adj,
                      double *work);
/* quad_form with A checked symmetric ("quad_form_sym: A is not
 * symmetric...") and Y symmetrized; A_adj is symmetric.  work: n*m +
 * m*m doubles for the adjoint, n*m for the forward. */
int rt_quad_form_sym(const double *A, const double *B, int n, int m,
                     double *Y, double *work, RtError *err);
void rt_quad_form_sym_adj(const double *A, const double *B,
                          const double *Y_adj, int n, int m, double *A_adj,
                          double *B_adj, double *work);
/* Y = diag(v) M diag(v), M n x n. */
void rt_quad_form_diag(const double *M, const double *v, int n, double *Y);
void rt_quad_form_diag_adj(const double *M, const double *v,
                           const double *Y_adj, int n, double *M_adj,
                           double *v_adj);

/* Y = M + diag(d), M n x n, d with nd = 1 (broadcast) or n entries. */
void rt_add_diag(const double *M, const double *d, int n, int nd, double *Y);
void rt_add_diag_adj(const double *Y_adj, int n, int nd, double *M_adj,
                     double *d_adj);
double rt_trace(const double *M, int n);
void rt_trace_adj(int n, double adj, double *M_adj);

/* ------------------------------------------------------ factorizations */

/* L = cholesky_decompose(A): checks A symmetric ("cholesky_decompose: m
 * is not symmetric. m[1,2] = ..."), not NaN and positive definite
 * ("cholesky_decompose: Matrix m is not positive definite"). */
int rt_cholesky_decompose(const double *A, int n, double *L, RtError *err);
/* A_adj += sym(L^-T Phi(L^T L_adj) L^-1) (Murray 2016), Phi taking the
 * lower triangle with the diagonal halved.  A is not read (may be NULL).
 * work: n*n doubles. */
void rt_cholesky_decompose_adj(const double *A, const double *L,
                               const double *L_adj, int n, double *A_adj,
                               double *work);

/* X = tril(L)^-1 B (L n x n, B n x m).  Never fails: a zero diagonal
 * gives infinities, as in Stan. */
void rt_mdivide_left_tri_low(const double *L, const double *B, int n, int m,
                             double *X);
/* B_adj += L^-T X_adj, L_adj -= tril(L^-T X_adj X^T).  work: n*m. */
void rt_mdivide_left_tri_low_adj(const double *L, const double *X,
                                 const double *X_adj, int n, int m,
                                 double *L_adj, double *B_adj, double *work);
/* X = B tril(L)^-1 (B m x n, L n x n). */
void rt_mdivide_right_tri_low(const double *B, const double *L, int m, int n,
                              double *X);
/* B_adj += X_adj L^-T, L_adj -= tril(X^T X_adj L^-T).  work: m*n. */
void rt_mdivide_right_tri_low_adj(const double *L, const double *X,
                                  const double *X_adj, int m, int n,
                                  double *B_adj, double *L_adj, double *work);

/* X = A^-1 B, A n x n symmetric positive definite ("mdivide_left_spd: m1
 * is not symmetric...", "... Matrix m1 is not positive definite").
 * work: n*n (holds chol(A) on return). */
int rt_mdivide_left_spd(const double *A, const double *B, int n, int m,
                        double *X, double *work, RtError *err);
/* B_adj += A^-1 X_adj, A_adj -= sym(A^-1 X_adj X^T).  work: n*n + n*m. */
void rt_mdivide_left_spd_adj(const double *A, const double *X,
                             const double *X_adj, int n, int m,
                             double *A_adj, double *B_adj, double *work);

/* log|det A| by LU with partial pivoting; -inf if A is singular.
 * work: n*n + n. */
double rt_log_determinant(const double *A, int n, double *work);
/* A_adj += adj A^-T.  work: 2*n*n + n. */
void rt_log_determinant_adj(const double *A, int n, double adj,
                            double *A_adj, double *work);
/* log det A for symmetric positive definite A (NaN and err otherwise:
 * "log_determinant_spd: m is not symmetric...").  work: n*n. */
double rt_log_determinant_spd(const double *A, int n, double *work,
                              RtError *err);
/* A_adj += adj A^-1.  work: 2*n*n. */
void rt_log_determinant_spd_adj(const double *A, int n, double adj,
                                double *A_adj, double *work);

/* Y = A^-1 by LU.  A singular matrix gives NaN and "inverse: m is
 * singular" (Stan returns Eigen's infinities; the point is rejected
 * either way).  work: n*n + n. */
int rt_inverse(const double *A, int n, double *Y, double *work,
               RtError *err);
/* A_adj -= Y^T Y_adj Y^T.  work: n*n. */
void rt_inverse_adj(const double *Y, const double *Y_adj, int n,
                    double *A_adj, double *work);
/* Y = A^-1 for symmetric positive definite A, symmetric
 * ("inverse_spd: m is not symmetric...", "inverse_spd: Matrix m is not
 * positive definite").  work: n*n. */
int rt_inverse_spd(const double *A, int n, double *Y, double *work,
                   RtError *err);
/* A_adj -= sym(Y Y_adj Y).  work: n*n. */
void rt_inverse_spd_adj(const double *Y, const double *Y_adj, int n,
                        double *A_adj, double *work);

/* Eigenvalues (ascending) and eigenvectors (the columns of vecs, n x n,
 * each with its largest-magnitude entry positive) of symmetric A
 * ("eigenvalues_sym: m is not symmetric...").  vecs may be NULL.
 * Allocates GSL's workspace: not for hot paths. */
int rt_eigen_sym(const char *fn, const double *A, int n, double *vals,
                 double *vecs, RtError *err);
/* A_adj += sym(V (diag(vals_adj) + F o (V^T vecs_adj)) V^T) with
 * F[i,j] = 1 / (vals[j] - vals[i]) off the diagonal (distinct
 * eigenvalues).  vals_adj or vecs_adj may be NULL.  work: 2*n*n. */
void rt_eigen_sym_adj(const double *vals, const double *vecs,
                      const double *vals_adj, const double *vecs_adj, int n,
                      double *A_adj, double *work);

/* Stan's eigenvalues_sym(m) and eigenvectors_sym(m); the adjoint of
 * either is rt_eigen_sym_adj with the other adjoint NULL. */
static inline int rt_eigenvalues_sym(const double *A, int n, double *vals,
                                     RtError *err)
{
    return rt_eigen_sym("eigenvalues_sym", A, n, vals, NULL, err);
}

static inline int rt_eigenvectors_sym(const double *A, int n, double *vals,
                                      double *vecs, RtError *err)
{
    return rt_eigen_sym("eigenvectors_sym", A, n, vals, vecs, err);
}

/* ------------------------------------------ QR decomposition (.c) */

/* Stan's qr_thin_Q, qr_thin_R, qr_Q and qr_R of A (M x N), values only
 * (linalg_qr.c): Householder QR, then column i of Q and row i of R
 * negated wherever R[i, i] < 0, as Stan does, so R's diagonal is
 * non-negative and A = Q R.  Shapes: thin Q M x min(M, N), thin R
 * min(M, N) x N; Q M x M, R M x N (zero below the diagonal).  An empty A
 * is an error: "qr_thin_Q: m has size 0, but must have a non-zero size".
 * Allocates M * N + min(M, N) + M doubles: for data, not hot paths. */
int rt_qr_thin_Q(const double *A, int M, int N, double *out, RtError *err);
int rt_qr_thin_R(const double *A, int M, int N, double *out, RtError *err);
int rt_qr_Q(const double *A, int M, int N, double *out, RtError *err);
int rt_qr_R(const double *A, int M, int N, double *out, RtError *err);
/* Their reverse step (linalg_decomp_adj.c): A_adj += the adjoint of A,
 * given the adjoints of Stan's Q (M x qcols: qcols = min(M, N) for the
 * thin Q, M for the full one; NULL if Q is not used) and of R (rrows x N,
 * rrows likewise; NULL if not used).  Allocates; errors as above. */
int rt_qr_adj(const char *fn, const double *A, int M, int N,
              const double *Q_adj, int qcols, const double *R_adj, int rrows,
              double *A_adj, RtError *err);

#endif
