/* rt_matrix_exp.h - the matrix exponential and the Moore-Penrose inverse
 * (Stan Functions Reference, "Matrix operations": "Linear algebra
 * functions and solvers", matrix_exp, matrix_exp_multiply,
 * scale_matrix_exp_multiply, generalized_inverse), with their adjoints.
 * Matrices are row-major; adjoints are added into (A_adj += ...), and a
 * NULL adjoint buffer is an argument without derivatives.  Each function
 * takes `work`, scratch of the size its _work function gives (size_t: the
 * emitted code checks nothing more). */
#ifndef RT_MATRIX_EXP_H
#define RT_MATRIX_EXP_H

#include <stddef.h>

typedef struct RtError RtError;

/* ------------------------------------------------- matrix_exp.c */

/* Y = exp(A), A n x n, by the Pade approximant of degree 3, 5, 7, 9 or
 * 13 with scaling and squaring (Higham 2005).  An A with a NaN or an
 * infinite entry gives NaN everywhere.  work: rt_matrix_exp_work(n). */
size_t rt_matrix_exp_work(int n);
int rt_matrix_exp(const double *A, int n, double *Y, double *work,
                  RtError *err);
/* A_adj += L(A^T, Y_adj), the Frechet derivative of exp at A^T in the
 * direction Y_adj: the upper-right block of exp([[A^T, Y_adj], [0, A^T]])
 * (Higham 2008, "Functions of Matrices", Theorem 3.6).
 * work: rt_matrix_exp_adj_work(n). */
size_t rt_matrix_exp_adj_work(int n);
int rt_matrix_exp_adj(const double *A, const double *Y_adj, int n,
                      double *A_adj, double *work, RtError *err);

/* Y = exp(t A) B, A n x n, B n x k (matrix_exp_multiply: t = 1).
 * work: rt_scale_matrix_exp_multiply_work(n, k). */
size_t rt_scale_matrix_exp_multiply_work(int n, int k);
int rt_scale_matrix_exp_multiply(double t, const double *A, const double *B,
                                 int n, int k, double *Y, double *work,
                                 RtError *err);
/* With E = exp(t A) and H = L(t A^T, Y_adj B^T): B_adj += E^T Y_adj,
 * A_adj += t H, *t_adj += <H, A>.  Any adjoint may be NULL.
 * work: rt_scale_matrix_exp_multiply_adj_work(n, k). */
size_t rt_scale_matrix_exp_multiply_adj_work(int n, int k);
int rt_scale_matrix_exp_multiply_adj(double t, const double *A,
                                     const double *B, const double *Y_adj,
                                     int n, int k, double *t_adj,
                                     double *A_adj, double *B_adj,
                                     double *work, RtError *err);

/* ------------------------------------------- generalized_inverse.c */

/* Y = A^+, the Moore-Penrose inverse (n x m) of m x n A, from the SVD:
 * V diag(1 / s) U^T over the singular values above
 * max(m, n) * DBL_EPSILON * s_max (NumPy's and MATLAB's cutoff).  It
 * satisfies the four Penrose conditions; for a square invertible A it is
 * A^-1, for full row rank A^T (A A^T)^-1, for full column rank
 * (A^T A)^-1 A^T, the forms the Functions Reference gives.  An empty A
 * gives the empty n x m result.  work: rt_generalized_inverse_work. */
size_t rt_generalized_inverse_work(int m, int n);
int rt_generalized_inverse(const double *A, int m, int n, double *Y,
                           double *work, RtError *err);
/* The derivative of A^+ for A of constant rank (Golub and Pereyra 1973,
 * Theorem 4.3):
 *   dA^+ = -A^+ dA A^+ + A^+ A^+T dA^T (I - A A^+)
 *          + (I - A^+ A) dA^T A^+T A^+,
 * so A_adj += -A^+T Y_adj A^+T + (I - A A^+) Y_adj^T A^+ A^+T
 *             + A^+T A^+ Y_adj^T (I - A^+ A).
 * Y is the forward result.  work: rt_generalized_inverse_adj_work. */
size_t rt_generalized_inverse_adj_work(int m, int n);
void rt_generalized_inverse_adj(const double *A, const double *Y,
                                const double *Y_adj, int m, int n,
                                double *A_adj, double *work);

#endif
