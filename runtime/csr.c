/* csr.c - compressed sparse row matrices (Stan Functions Reference,
 * "Sparse matrix operations").  Conventions: rt_csr.h.
 *
 * The checks follow Stan Math's csr_matrix_times_vector and
 * csr_to_dense_matrix (check_positive of m and n, check_size_match of n
 * and b, of m and u, of w and v, of u's last entry and v, check_range of
 * each v); Stan reads u[i + 1] - u[i] entries from u[i] on without
 * checking that u starts at 1 or does not decrease, which this file
 * checks as well, so that no u can send a read outside w. */
#include <stddef.h>

#include "pplrt.h"
#include "rt_csr.h"

#define IDX(i, j, ncol) ((size_t)(i) * (size_t)(ncol) + (size_t)(j))

/* ------------------------------------------------------- extraction */

int rt_csr_nnz(const double *A, int m, int n)
{
    int k = 0;
    for (size_t e = 0; e < (size_t)m * (size_t)n; e++)
        k += A[e] != 0;
    return k;
}

void rt_csr_extract_w(const double *A, int m, int n, double *w)
{
    int k = 0;
    for (size_t e = 0; e < (size_t)m * (size_t)n; e++)
        if (A[e] != 0)
            w[k++] = A[e];
}

void rt_csr_extract_v(const double *A, int m, int n, int *v)
{
    int k = 0;
    for (int i = 0; i < m; i++)
        for (int j = 0; j < n; j++)
            if (A[IDX(i, j, n)] != 0)
                v[k++] = j + 1;
}

void rt_csr_extract_u(const double *A, int m, int n, int *u)
{
    int k = 0;
    for (int i = 0; i < m; i++) {
        u[i] = k + 1;
        for (int j = 0; j < n; j++)
            k += A[IDX(i, j, n)] != 0;
    }
    u[m] = k + 1;
}

void rt_csr_extract_w_adj(const double *A, int m, int n, const double *w_adj,
                          double *A_adj)
{
    int k = 0;
    for (size_t e = 0; e < (size_t)m * (size_t)n; e++)
        if (A[e] != 0)
            A_adj[e] += w_adj[k++];
}

/* ----------------------------------------------------------- checks */

static int size_match(RtError *err, const char *fn, const char *what_i,
                      int i, const char *what_j, int j)
{
    if (i == j)
        return 0;
    return rt_error(err, "%s: %s (%d) and %s (%d) must match in size", fn,
                    what_i, i, what_j, j);
}

int rt_csr_check(const char *fn, int m, int n, int nw, const int *v, int nv,
                 const int *u, int nu, RtError *err)
{
    if (m <= 0)
        return rt_error(err, "%s: m is %d, but must be positive!", fn, m);
    if (n <= 0)
        return rt_error(err, "%s: n is %d, but must be positive!", fn, n);
    if (size_match(err, fn, "m", m, "size(u) - 1", nu - 1)
        || size_match(err, fn, "w", nw, "v", nv))
        return -1;
    if (u[0] < 1)
        return rt_error(err, "%s: u[1] is %d, but must be at least 1 (u "
                        "holds where each row starts in w)", fn, u[0]);
    for (int i = 1; i <= m; i++)
        if (u[i] < u[i - 1])
            return rt_error(err, "%s: u[%d] is %d, but must not be less "
                            "than u[%d] = %d (u holds where each row starts "
                            "in w)", fn, i + 1, u[i], i, u[i - 1]);
    /* as a long: u[m + 1] - 1 cannot wrap when u[m + 1] is INT_MIN */
    if ((long)u[m] - 1 != (long)nv)
        return rt_error(err, "%s: u[%d] - 1 (%ld) and v (%d) must match in "
                        "size", fn, m + 1, (long)u[m] - 1, nv);
    for (int k = 0; k < nv; k++)
        if (v[k] < 1 || v[k] > n)
            return rt_index_error(err, "%s: v[%d]: index %d out of range; "
                                  "expecting index to be between 1 and %d",
                                  fn, k + 1, v[k], n);
    return 0;
}

/* ----------------------------------------------------------- dense */

int rt_csr_to_dense_matrix(int m, int n, const double *w, int nw,
                           const int *v, int nv, const int *u, int nu,
                           double *Y, RtError *err)
{
    if (rt_csr_check("csr_to_dense_matrix", m, n, nw, v, nv, u, nu, err))
        return -1;
    for (size_t e = 0; e < (size_t)m * (size_t)n; e++)
        Y[e] = 0;
    for (int i = 0; i < m; i++)
        for (int k = u[i] - 1; k < u[i + 1] - 1; k++)
            Y[IDX(i, v[k] - 1, n)] += w[k];
    return 0;
}

void rt_csr_to_dense_matrix_adj(int m, int n, const int *v, const int *u,
                                const double *Y_adj, double *w_adj)
{
    for (int i = 0; i < m; i++)
        for (int k = u[i] - 1; k < u[i + 1] - 1; k++)
            w_adj[k] += Y_adj[IDX(i, v[k] - 1, n)];
}

/* ----------------------------------------------------------- product */

int rt_csr_matrix_times_vector(int m, int n, const double *w, int nw,
                               const int *v, int nv, const int *u, int nu,
                               const double *b, int nb, double *y,
                               RtError *err)
{
    const char *fn = "csr_matrix_times_vector";
    if (m > 0 && n > 0 && size_match(err, fn, "n", n, "b", nb))
        return -1;
    if (rt_csr_check(fn, m, n, nw, v, nv, u, nu, err))
        return -1;
    for (int i = 0; i < m; i++) {
        double s = 0;
        for (int k = u[i] - 1; k < u[i + 1] - 1; k++)
            s += w[k] * b[v[k] - 1];
        y[i] = s;
    }
    return 0;
}

void rt_csr_matrix_times_vector_adj(int m, int n, const double *w,
                                    const int *v, const int *u,
                                    const double *b, const double *y_adj,
                                    double *w_adj, double *b_adj)
{
    (void)n;
    for (int i = 0; i < m; i++)
        for (int k = u[i] - 1; k < u[i + 1] - 1; k++) {
            if (w_adj)
                w_adj[k] += y_adj[i] * b[v[k] - 1];
            if (b_adj)
                b_adj[v[k] - 1] += y_adj[i] * w[k];
        }
}
