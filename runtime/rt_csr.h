/* rt_csr.h - compressed sparse row matrices (Stan Functions Reference,
 * "Sparse matrix operations": csr_extract_w, csr_extract_v,
 * csr_extract_u, csr_extract, csr_to_dense_matrix,
 * csr_matrix_times_vector).  An m x n matrix is w (its non-zero values
 * read by row), v (their 1-based columns) and u (m + 1 1-based indices
 * into w: row i's values are w[u[i]] .. w[u[i + 1] - 1]).  Dense
 * matrices are row-major; adjoints are added into, NULL: no derivative.
 *
 * The functions that take w, v and u from the program validate every
 * size and index first (rt_csr_check), so that a hostile u or v is an
 * error naming it, never a read outside w, v, u or b. */
#ifndef RT_CSR_H
#define RT_CSR_H

typedef struct RtError RtError;

/* The number of non-zero entries of m x n A (a NaN counts). */
int rt_csr_nnz(const double *A, int m, int n);
/* w, v (rt_csr_nnz entries each) and u (m + 1) of A. */
void rt_csr_extract_w(const double *A, int m, int n, double *w);
void rt_csr_extract_v(const double *A, int m, int n, int *v);
void rt_csr_extract_u(const double *A, int m, int n, int *u);
/* A_adj[entry of w[k]] += w_adj[k], the entries those of A's non-zeros. */
void rt_csr_extract_w_adj(const double *A, int m, int n, const double *w_adj,
                          double *A_adj);

/* Stan's checks of fn's CSR arguments, in Stan's order: m and n
 * positive; m and size(u) - 1 equal; size(w) and size(v) equal; then
 * u[1] >= 1, u non-decreasing and u[m + 1] - 1 = size(v); every v[k] in
 * 1..n (an index error, RT_ERROR_INDEX).  Returns -1 with err set. */
int rt_csr_check(const char *fn, int m, int n, int nw, const int *v, int nv,
                 const int *u, int nu, RtError *err);

/* Y (m x n) = the dense matrix; checked by rt_csr_check. */
int rt_csr_to_dense_matrix(int m, int n, const double *w, int nw,
                           const int *v, int nv, const int *u, int nu,
                           double *Y, RtError *err);
/* w_adj[k] += Y_adj[row of k, v[k]] (after rt_csr_to_dense_matrix
 * accepted the same m, n, v, u). */
void rt_csr_to_dense_matrix_adj(int m, int n, const int *v, const int *u,
                                const double *Y_adj, double *w_adj);

/* y (m) = the matrix times b (size nb = n); checked by rt_csr_check and
 * n = nb. */
int rt_csr_matrix_times_vector(int m, int n, const double *w, int nw,
                               const int *v, int nv, const int *u, int nu,
                               const double *b, int nb, double *y,
                               RtError *err);
/* w_adj[k] += y_adj[i] b[v[k]], b_adj[v[k]] += y_adj[i] w[k] over the
 * entries k of each row i (after the forward call accepted them). */
void rt_csr_matrix_times_vector_adj(int m, int n, const double *w,
                                    const int *v, const int *u,
                                    const double *b, const double *y_adj,
                                    double *w_adj, double *b_adj);

#endif
