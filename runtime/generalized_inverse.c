/* generalized_inverse.c - the Moore-Penrose inverse (Stan Functions
 * Reference, "Linear algebra functions and solvers": generalized_inverse)
 * and its adjoint.  Conventions and formulas: rt_matrix_exp.h.
 *
 * Stan computes the inverse for a square invertible A, A^T (A A^T)^-1
 * for a wide A and (A^T A)^-1 A^T for a tall one (which assumes full
 * rank), and a complete orthogonal decomposition's pseudo-inverse for a
 * square singular A.  All of them are the Moore-Penrose inverse where
 * they are defined, which the SVD gives in every case, rank-deficient
 * non-square matrices included. */
#include <float.h>
#include <math.h>
#include <string.h>

#include "pplrt.h"
#include "rt_matrix_exp.h"

#define IDX(i, j, ncol) ((size_t)(i) * (size_t)(ncol) + (size_t)(j))

static int min_int(int a, int b)
{
    return a < b ? a : b;
}

size_t rt_generalized_inverse_work(int m, int n)
{
    size_t k = (size_t)min_int(m, n);
    return ((size_t)m + (size_t)n + 1) * k;
}

int rt_generalized_inverse(const double *A, int m, int n, double *Y,
                           double *work, RtError *err)
{
    if (m <= 0 || n <= 0)
        return 0;
    size_t mn = (size_t)m * (size_t)n;
    for (size_t e = 0; e < mn; e++)
        if (!isfinite(A[e])) {
            for (size_t f = 0; f < mn; f++)
                Y[f] = NAN;
            return 0;   /* NaN, as the inverse of such a matrix */
        }
    int k = min_int(m, n);
    double *U = work, *s = U + (size_t)m * (size_t)k;
    double *V = s + k;
    if (rt_svd("generalized_inverse", A, m, n, U, s, V, false, err))
        return -1;
    double cut = (m > n ? m : n) * DBL_EPSILON * s[0];
    for (int l = 0; l < k; l++)
        s[l] = s[l] > cut ? 1 / s[l] : 0;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < m; j++) {
            double t = 0;
            for (int l = 0; l < k; l++)
                t += V[IDX(i, l, k)] * s[l] * U[IDX(j, l, k)];
            Y[IDX(i, j, m)] = t;
        }
    return 0;
}

size_t rt_generalized_inverse_adj_work(int m, int n)
{
    size_t M = (size_t)m, N = (size_t)n;
    return 3 * M * M + N * N + 2 * M * N;
}

/* C = op(A) op(B) with op the transpose when ta / tb: op(A) r x l,
 * op(B) l x c, A and B stored row-major in their own shapes. */
static void gemm(const double *A, bool ta, const double *B, bool tb, int r,
                 int l, int c, double *C)
{
    for (int i = 0; i < r; i++)
        for (int j = 0; j < c; j++) {
            double t = 0;
            for (int q = 0; q < l; q++)
                t += (ta ? A[IDX(q, i, r)] : A[IDX(i, q, l)])
                     * (tb ? B[IDX(j, q, l)] : B[IDX(q, j, c)]);
            C[IDX(i, j, c)] = t;
        }
}

void rt_generalized_inverse_adj(const double *A, const double *Y,
                                const double *Y_adj, int m, int n,
                                double *A_adj, double *work)
{
    if (m <= 0 || n <= 0 || !A_adj)
        return;
    size_t M = (size_t)m, N = (size_t)n;
    double *M1 = work, *Pm = M1 + M * M, *M2 = Pm + M * M;
    double *Pn = M2 + M * M, *T = Pn + N * N, *R = T + M * N;
    /* -Y^T Y_adj Y^T */
    gemm(Y, true, Y_adj, false, m, n, m, M1);
    gemm(M1, false, Y, true, m, m, n, T);
    for (size_t e = 0; e < M * N; e++)
        A_adj[e] -= T[e];
    /* (I - A Y) Y_adj^T Y Y^T */
    gemm(A, false, Y, false, m, n, m, Pm);
    for (size_t e = 0; e < M * M; e++)
        Pm[e] = -Pm[e];
    for (int i = 0; i < m; i++)
        Pm[IDX(i, i, m)] += 1;
    gemm(Y_adj, true, Y, false, m, n, m, M2);
    gemm(M2, false, Y, true, m, m, n, T);
    gemm(Pm, false, T, false, m, m, n, R);
    for (size_t e = 0; e < M * N; e++)
        A_adj[e] += R[e];
    /* Y^T Y Y_adj^T (I - Y A) */
    gemm(Y, false, A, false, n, m, n, Pn);
    for (size_t e = 0; e < N * N; e++)
        Pn[e] = -Pn[e];
    for (int i = 0; i < n; i++)
        Pn[IDX(i, i, n)] += 1;
    gemm(Y_adj, true, Pn, false, m, n, n, T);
    gemm(Y, true, Y, false, m, n, m, M2);
    gemm(M2, false, T, false, m, m, n, R);
    for (size_t e = 0; e < M * N; e++)
        A_adj[e] += R[e];
}
