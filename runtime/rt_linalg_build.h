/* rt_linalg_build.h - more of Stan's library with reverse-mode rules
 * (linalg_build.c: constructors, sorting, matrix functions and the SVD;
 * gp_kernels.c: the Gaussian-process kernels of a distance and the
 * dot-product kernel).  distance and squared_distance are rt_reduce.h's.
 *
 * The conventions are rt_linalg.h's: matrices are row-major; a forward
 * function writes caller-provided memory; an _adj function ADDS the
 * inputs' adjoints into the given buffers, and a NULL buffer is an input
 * that is data.  Checked functions return 0, or -1 with Stan's message in
 * err (may be NULL).  `work` is caller scratch of the documented size. */
#ifndef RT_LINALG_BUILD_H
#define RT_LINALG_BUILD_H

#include <stdbool.h>

#include "rt_math.h"

/* ------------------------------------------------------ constructors */

/* Stan's size checks of the constructors: n >= 0 ("ones_vector: size is
 * -1, but must be nonnegative!"), or n > 0 when positive
 * ("uniform_simplex: size is 0, but must be positive!"). */
int rt_check_size(const char *fn, int n, bool positive, RtError *err);
/* one_hot_*(n, k): n positive and k in [1, n] ("one_hot_vector: k is 4,
 * but must be in the interval [1, 3]"). */
int rt_check_one_hot(const char *fn, int n, int k, RtError *err);
/* linspaced_array / _vector / _row_vector(K, low, high): K values from
 * low to high, equally spaced; K = 1 gives {high}.  Checks K >= 0, low
 * and high finite, high >= low. */
int rt_linspaced(const char *fn, int K, double low, double high, double *out,
                 RtError *err);
/* linspaced_int_array(K, low, high): Eigen's integer LinSpaced, which
 * Stan calls: a step of (high - low) / (K - 1) when that is at least one,
 * else each value repeated; K = 1 gives {high}.  Checks K >= 0 and
 * high >= low. */
int rt_linspaced_int(int K, int low, int high, int *out, RtError *err);

/* ------------------------------------------------------------ sorting */

/* The 0-based permutation that sorts x (n values) ascending, or
 * descending when desc: x[perm[0]], x[perm[1]], ... is sorted.  The sort
 * is stable (ties keep their order).  work: n ints.  With check_nan,
 * Stan's sort_asc / sort_desc check: "sort_asc: container argument[2] is
 * nan, but must not be nan!" (fn names the function). */
int rt_sort_perm(const char *fn, const double *x, int n, bool desc,
                 bool check_nan, int *perm, int *work, RtError *err);
void rt_sort_perm_int(const int *x, int n, bool desc, int *perm, int *work);
/* rank(v, s): the number of elements of v less than v[s] (s 1-based;
 * "rank: accessing element out of range. index 4 out of range; expecting
 * index to be between 1 and 3").  Returns -1 on error. */
int rt_rank(const double *v, int n, int s, RtError *err);
int rt_rank_int(const int *v, int n, int s, RtError *err);
/* quantile(x, p): R's default (type 7) sample quantile of n values.
 * Checks x non-empty and not NaN ("container argument") and p in [0, 1].
 * work: n doubles.  NaN on error. */
double rt_quantile(const double *x, int n, double p, double *work,
                   RtError *err);

/* ----------------------------------------------------- matrix functions */

/* out[j] = sum_i A[i,j]^2 (n entries) and out[i] = sum_j A[i,j]^2 (m
 * entries) of an m x n A. */
void rt_columns_dot_self(const double *A, int m, int n, double *out);
void rt_columns_dot_self_adj(const double *A, int m, int n,
                             const double *out_adj, double *A_adj);
void rt_rows_dot_self(const double *A, int m, int n, double *out);
void rt_rows_dot_self_adj(const double *A, int m, int n,
                          const double *out_adj, double *A_adj);

/* trace(B^T A B), A n x n, B n x m. */
double rt_trace_quad_form(const double *A, const double *B, int n, int m);
void rt_trace_quad_form_adj(const double *A, const double *B, int n, int m,
                            double adj, double *A_adj, double *B_adj);
/* trace(D B^T A B), D m x m, A n x n, B n x m.  work: n*m + m*m, for
 * the adjoint 3*n*m + m*m. */
double rt_trace_gen_quad_form(const double *D, const double *A,
                              const double *B, int n, int m, double *work);
void rt_trace_gen_quad_form_adj(const double *D, const double *A,
                                const double *B, int n, int m, double adj,
                                double *D_adj, double *A_adj, double *B_adj,
                                double *work);

/* det(A) by LU with partial pivoting (1 for n = 0).  work: n*n + n. */
double rt_determinant(const double *A, int n, double *work);
/* A_adj += adj det(A) A^-T.  work: 2*n*n + n. */
void rt_determinant_adj(const double *A, int n, double det, double adj,
                        double *A_adj, double *work);

/* X = B A^-1, B m x n, A n x n symmetric positive definite
 * ("mdivide_right_spd: A is not symmetric. ...", "mdivide_right_spd:
 * Matrix A is not positive definite").  work: n*n + n*m. */
int rt_mdivide_right_spd(const double *B, const double *A, int m, int n,
                         double *X, double *work, RtError *err);
/* B_adj += X_adj A^-1, A_adj -= sym(X^T X_adj A^-1).  work: 2*n*n + n*m. */
void rt_mdivide_right_spd_adj(const double *A, const double *X,
                              const double *X_adj, int m, int n,
                              double *B_adj, double *A_adj, double *work);

/* Y = M^p, M n x n, p >= 0 ("matrix_power: n is -1, but must be
 * nonnegative!").  work: n*n. */
int rt_matrix_power(const double *M, int n, int p, double *Y, double *work,
                    RtError *err);
/* M_adj += sum_k (M^k)^T Y_adj (M^(p-1-k))^T.  work: (p + 2) * n*n. */
void rt_matrix_power_adj(const double *M, int n, int p, const double *Y_adj,
                         double *M_adj, double *work);

/* Y = (L L^T)^-1 for lower-triangular L ("chol2inv: L is not lower
 * triangular; L[1,2]=0.5"). */
int rt_chol2inv(const double *L, int n, double *Y, RtError *err);
/* L_adj += tril(-2 sym(Y Y_adj Y) L).  work: 2*n*n. */
void rt_chol2inv_adj(const double *L, const double *Y, const double *Y_adj,
                     int n, double *L_adj, double *work);

/* The thin SVD A = U diag(s) V^T of an m x n A with k = min(m, n): U m x
 * k, s k values decreasing, V n x k; any output may be NULL.  Signs: the
 * largest-magnitude entry of each column of U is positive (V follows), a
 * deterministic choice where Stan leaves Eigen's.  fn names the function;
 * an empty A is "svd_U: m has size 0, but must have a non-zero size"
 * unless allow_empty.  Allocates GSL's workspace: not for hot paths. */
int rt_svd(const char *fn, const double *A, int m, int n, double *U,
           double *s, double *V, bool allow_empty, RtError *err);
/* singular_values: A_adj += U diag(s_adj) V^T (allocates as rt_svd).
 * work: (m + n + 1) * k.  Returns -1 if the SVD fails. */
int rt_singular_values_adj(const double *A, int m, int n,
                           const double *s_adj, double *A_adj, double *work);
/* svd_U, svd_V: A_adj += the adjoint of A given those of U (m x k) and V
 * (n x k), either NULL (linalg_decomp_adj.c).  Equal or zero singular
 * values leave the singular vectors without a derivative: an error.
 * Allocates. */
int rt_svd_vectors_adj(const char *fn, const double *A, int m, int n,
                       const double *U_adj, const double *V_adj,
                       double *A_adj, RtError *err);

/* ------------------------------------------------ Gaussian processes */

typedef enum RtGpKind {
    RT_GP_EXPONENTIAL,  /* sigma^2 exp(-d / l) */
    RT_GP_MATERN32,     /* sigma^2 (1 + sqrt(3) d / l) exp(-sqrt(3) d / l) */
    RT_GP_MATERN52,     /* sigma^2 (1 + sqrt(5) r + 5 r^2 / 3) exp(-sqrt(5) r),
                           r = d / l */
    RT_GP_PERIODIC,     /* sigma^2 exp(-2 sin^2(pi d / p) / l^2) */
    RT_GP_DOT_PROD      /* sigma^2 + x1_i . x2_j */
} RtGpKind;

/* A kernel call: K[i,j] = k(x1_i, x2_j), K N1 x N2 row-major, for N1 and
 * N2 points of D1 and D2 coordinates (an array of reals: D = 1; an array
 * of vectors: N x D row-major).  x2 NULL is the one-set kernel k(x1, x1).
 * l: one length scale (L = 1), or with ard one per coordinate (L = D,
 * where d is the distance of the points divided by l coordinatewise and
 * the formulas take l = 1).  period: gp_periodic_cov's p. */
typedef struct RtGpCov {
    const char *fn;     /* the Stan name, for messages */
    RtGpKind kind;
    const double *x1, *x2;
    int N1, N2, D1, D2;
    double sigma;
    const double *l;
    int L;
    bool ard;
    double period;
} RtGpCov;

/* Stan's checks ("gp_matern32_cov: magnitude is 0, but must be positive
 * finite!", "length scale", "x[2] is nan, but must not be nan!",
 * gp_periodic_cov's "signal standard deviation", "length-scale" and
 * "period", gp_dot_prod_cov's sigma >= 0 and finite x), then K; on error
 * K is all NaN. */
int rt_gp_cov(const RtGpCov *g, double *K, RtError *err);
/* Given K and K_adj, adds into x1_adj (N1*D), x2_adj (N2*D; ignored for
 * one set), sigma_adj, l_adj (L) and period_adj; each may be NULL. */
void rt_gp_cov_adj(const RtGpCov *g, const double *K, const double *K_adj,
                   double *x1_adj, double *x2_adj, double *sigma_adj,
                   double *l_adj, double *period_adj);

#endif
