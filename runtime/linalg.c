/* linalg.c - matrix functions and their reverse-mode rules (rt_linalg.h).
 *
 * Plain O(n^3) loops over row-major arrays: the sizes Stan models use (a
 * GP over 40 points) are too small for blocking to pay, and loops keep
 * the hot paths free of allocation.  The adjoint rules are the standard
 * ones (Giles 2008, "Collected matrix derivative results"; Murray 2016,
 * "Differentiation of the Cholesky decomposition"), derived again in the
 * comments where they are not one line. */
#include <math.h>
#include <string.h>

#include <gsl/gsl_eigen.h>
#include <gsl/gsl_matrix.h>

#include "pplrt.h"
#include "rt_linalg.h"

#define IDX(i, j, ncol) ((size_t)(i) * (size_t)(ncol) + (size_t)(j))

static void fill_nan(double *x, size_t n)
{
    for (size_t i = 0; i < n; i++)
        x[i] = NAN;
}

/* --------------------------------------------------------------- checks */

int rt_check_symmetric(const char *fn, const char *name, const double *A,
                       int n, RtError *err)
{
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++) {
            double a = A[IDX(i, j, n)], b = A[IDX(j, i, n)];
            if (!(fabs(a - b) <= RT_CONSTRAINT_TOLERANCE))
                return rt_error(err,
                                "%s: %s is not symmetric. %s[%d,%d] = %g, "
                                "but %s[%d,%d] = %g",
                                fn, name, name, i + 1, j + 1, a, name, j + 1,
                                i + 1, b);
        }
    return 0;
}

int rt_check_multiplicable(const char *fn, int cols1, int rows2, RtError *err)
{
    if (cols1 != rows2)
        return rt_error(err,
                        "%s: Columns of m1 (%d) and Rows of m2 (%d) must "
                        "match in size",
                        fn, cols1, rows2);
    return 0;
}

/* "FN: NAME is nan, but must not be nan!" style check over a matrix. */
static int check_not_nan(const char *fn, const char *name, const double *A,
                         size_t n, RtError *err)
{
    for (size_t i = 0; i < n; i++)
        if (isnan(A[i]))
            return rt_error(err, "%s: %s is nan, but must not be nan!", fn,
                            name);
    return 0;
}

/* Symmetric, not NaN, positive definite; L receives the factor. */
static int check_spd_factor(const char *fn, const char *name, const double *A,
                            int n, double *L, RtError *err)
{
    if (rt_check_symmetric(fn, name, A, n, err))
        return -1;
    if (check_not_nan(fn, name, A, (size_t)n * (size_t)n, err))
        return -1;
    if (rt_cholesky_factor(A, n, L))
        return rt_error(err, "%s: Matrix %s is not positive definite", fn,
                        name);
    return 0;
}

/* -------------------------------------------------------------- kernels */

/* A row of A times a vector: four partial sums, for the pipeline. */
static inline double row_dot(const double *a, const double *b, int k)
{
    double s0 = 0, s1 = 0, s2 = 0, s3 = 0;
    int l = 0;
    for (; l + 4 <= k; l += 4) {
        s0 += a[l] * b[l];
        s1 += a[l + 1] * b[l + 1];
        s2 += a[l + 2] * b[l + 2];
        s3 += a[l + 3] * b[l + 3];
    }
    for (; l < k; l++)
        s0 += a[l] * b[l];
    return (s0 + s1) + (s2 + s3);
}

int rt_cholesky_factor(const double *A, int n, double *L)
{
    /* Column by column (Cholesky-Crout): the pivot L[j][j], then L[i][j]
     * for every i > j, each a dot product of two contiguous row prefixes
     * (row_dot's partial sums) times the pivot's reciprocal.  The entries
     * of one column do not depend on each other, so their dot products
     * overlap in the pipeline; row by row (Cholesky-Banachiewicz) each
     * entry waits for the one before it.  A's upper triangle is not read,
     * so A may be L. */
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++)
            L[IDX(i, j, n)] = 0;
    for (int j = 0; j < n; j++) {
        double *Lj = L + IDX(j, 0, n);
        double s = A[IDX(j, j, n)] - row_dot(Lj, Lj, j);
        if (!(s > 0))
            return -1;
        double d = sqrt(s), inv = 1 / d;
        Lj[j] = d;
        for (int i = j + 1; i < n; i++) {
            double *Li = L + IDX(i, 0, n);
            Li[j] = (A[IDX(i, j, n)] - row_dot(Li, Lj, j)) * inv;
        }
    }
    return 0;
}

void rt_tri_low_solve(const double *L, int n, double *B, int m)
{
    if (m == 1) {       /* a vector: one dot product per row */
        for (int i = 0; i < n; i++) {
            const double *Li = L + IDX(i, 0, n);
            B[i] = (B[i] - row_dot(Li, B, i)) / Li[i];
        }
        return;
    }
    for (int i = 0; i < n; i++) {
        double *Bi = B + IDX(i, 0, m);
        for (int k = 0; k < i; k++) {
            double lik = L[IDX(i, k, n)];
            const double *Bk = B + IDX(k, 0, m);
            for (int c = 0; c < m; c++)
                Bi[c] -= lik * Bk[c];
        }
        double d = L[IDX(i, i, n)];
        for (int c = 0; c < m; c++)
            Bi[c] /= d;
    }
}

void rt_tri_low_solve_trans(const double *L, int n, double *B, int m)
{
    if (m == 1) {       /* a vector: back substitution by row axpys */
        for (int i = n - 1; i >= 0; i--) {
            const double *Li = L + IDX(i, 0, n);
            double b = B[i] / Li[i];
            B[i] = b;
            for (int k = 0; k < i; k++)
                B[k] -= Li[k] * b;
        }
        return;
    }
    for (int i = n - 1; i >= 0; i--) {
        double *Bi = B + IDX(i, 0, m);
        for (int k = i + 1; k < n; k++) {
            double lki = L[IDX(k, i, n)];
            const double *Bk = B + IDX(k, 0, m);
            for (int c = 0; c < m; c++)
                Bi[c] -= lki * Bk[c];
        }
        double d = L[IDX(i, i, n)];
        for (int c = 0; c < m; c++)
            Bi[c] /= d;
    }
}

void rt_chol_inverse(const double *L, int n, double *out)
{
    memset(out, 0, sizeof *out * (size_t)n * (size_t)n);
    for (int i = 0; i < n; i++)
        out[IDX(i, i, n)] = 1;
    rt_tri_low_solve(L, n, out, n);
    rt_tri_low_solve_trans(L, n, out, n);
    for (int i = 0; i < n; i++)         /* exact symmetry */
        for (int j = 0; j < i; j++) {
            double s = 0.5 * (out[IDX(i, j, n)] + out[IDX(j, i, n)]);
            out[IDX(i, j, n)] = out[IDX(j, i, n)] = s;
        }
}

/* Add the symmetric part of G (n x n) times scale into A_adj. */
static void add_sym(const double *G, int n, double scale, double *A_adj)
{
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            A_adj[IDX(i, j, n)] +=
                0.5 * scale * (G[IDX(i, j, n)] + G[IDX(j, i, n)]);
}

/* ------------------------------------------------------------- products */

void rt_multiply(const double *A, const double *B, int m, int k, int n,
                 double *C)
{
    if (n == 1) {   /* a matrix times a vector: one dot product per row */
        for (int i = 0; i < m; i++)
            C[i] = row_dot(A + IDX(i, 0, k), B, k);
        return;
    }
    for (int i = 0; i < m; i++) {
        double *Ci = C + IDX(i, 0, n);
        for (int j = 0; j < n; j++)
            Ci[j] = 0;
        for (int l = 0; l < k; l++) {
            double a = A[IDX(i, l, k)];
            const double *Bl = B + IDX(l, 0, n);
            for (int j = 0; j < n; j++)
                Ci[j] += a * Bl[j];
        }
    }
}

void rt_multiply_adj(const double *A, const double *B, const double *C_adj,
                     int m, int k, int n, double *A_adj, double *B_adj)
{
    if (n == 1) {   /* a matrix times a vector: rows of A, contiguous */
        for (int i = 0; i < m; i++) {
            double c = C_adj[i];
            const double *Ai = A + IDX(i, 0, k);
            if (B_adj)
                for (int l = 0; l < k; l++)
                    B_adj[l] += c * Ai[l];
            if (A_adj) {
                double *Gi = A_adj + IDX(i, 0, k);
                for (int l = 0; l < k; l++)
                    Gi[l] += c * B[l];
            }
        }
        return;
    }
    for (int i = 0; i < m; i++) {
        const double *Ci = C_adj + IDX(i, 0, n);
        for (int l = 0; l < k; l++) {
            const double *Bl = B + IDX(l, 0, n);
            if (A_adj) {
                double s = 0;
                for (int j = 0; j < n; j++)
                    s += Ci[j] * Bl[j];
                A_adj[IDX(i, l, k)] += s;
            }
            if (B_adj) {
                double a = A[IDX(i, l, k)];
                double *Bal = B_adj + IDX(l, 0, n);
                for (int j = 0; j < n; j++)
                    Bal[j] += a * Ci[j];
            }
        }
    }
}

double rt_dot_product(const double *x, const double *y, int n)
{
    double s = 0;
    for (int i = 0; i < n; i++)
        s += x[i] * y[i];
    return s;
}

void rt_dot_product_adj(const double *x, const double *y, int n, double adj,
                        double *x_adj, double *y_adj)
{
    for (int i = 0; i < n; i++) {
        if (x_adj)
            x_adj[i] += adj * y[i];
        if (y_adj)
            y_adj[i] += adj * x[i];
    }
}

void rt_columns_dot_product(const double *A, const double *B, int m, int n,
                            double *out)
{
    for (int j = 0; j < n; j++)
        out[j] = 0;
    for (int i = 0; i < m; i++)
        for (int j = 0; j < n; j++)
            out[j] += A[IDX(i, j, n)] * B[IDX(i, j, n)];
}

void rt_columns_dot_product_adj(const double *A, const double *B, int m,
                                int n, const double *out_adj, double *A_adj,
                                double *B_adj)
{
    for (int i = 0; i < m; i++)
        for (int j = 0; j < n; j++) {
            if (A_adj)
                A_adj[IDX(i, j, n)] += out_adj[j] * B[IDX(i, j, n)];
            if (B_adj)
                B_adj[IDX(i, j, n)] += out_adj[j] * A[IDX(i, j, n)];
        }
}

void rt_rows_dot_product(const double *A, const double *B, int m, int n,
                         double *out)
{
    for (int i = 0; i < m; i++)
        out[i] = rt_dot_product(A + IDX(i, 0, n), B + IDX(i, 0, n), n);
}

void rt_rows_dot_product_adj(const double *A, const double *B, int m, int n,
                             const double *out_adj, double *A_adj,
                             double *B_adj)
{
    for (int i = 0; i < m; i++)
        rt_dot_product_adj(A + IDX(i, 0, n), B + IDX(i, 0, n), n, out_adj[i],
                           A_adj ? A_adj + IDX(i, 0, n) : NULL,
                           B_adj ? B_adj + IDX(i, 0, n) : NULL);
}

void rt_tcrossprod(const double *A, int m, int n, double *Y)
{
    for (int i = 0; i < m; i++)
        for (int j = 0; j <= i; j++)
            Y[IDX(i, j, m)] = Y[IDX(j, i, m)] =
                rt_dot_product(A + IDX(i, 0, n), A + IDX(j, 0, n), n);
}

/* Y = A A^T: dY = dA A^T + A dA^T, so A_adj += (Y_adj + Y_adj^T) A. */
void rt_tcrossprod_adj(const double *A, const double *Y_adj, int m, int n,
                       double *A_adj)
{
    for (int i = 0; i < m; i++)
        for (int k = 0; k < m; k++) {
            double s = Y_adj[IDX(i, k, m)] + Y_adj[IDX(k, i, m)];
            const double *Ak = A + IDX(k, 0, n);
            double *Ai = A_adj + IDX(i, 0, n);
            for (int j = 0; j < n; j++)
                Ai[j] += s * Ak[j];
        }
}

void rt_crossprod(const double *A, int m, int n, double *Y)
{
    for (int i = 0; i < n; i++)
        for (int j = 0; j <= i; j++) {
            double s = 0;
            for (int k = 0; k < m; k++)
                s += A[IDX(k, i, n)] * A[IDX(k, j, n)];
            Y[IDX(i, j, n)] = Y[IDX(j, i, n)] = s;
        }
}

/* Y = A^T A: A_adj += A (Y_adj + Y_adj^T). */
void rt_crossprod_adj(const double *A, const double *Y_adj, int m, int n,
                      double *A_adj)
{
    for (int k = 0; k < m; k++)
        for (int i = 0; i < n; i++) {
            double s = 0;
            for (int j = 0; j < n; j++)
                s += A[IDX(k, j, n)] * (Y_adj[IDX(j, i, n)] + Y_adj[IDX(i, j, n)]);
            A_adj[IDX(k, i, n)] += s;
        }
}

void rt_multiply_lower_tri_self_transpose(const double *L, int m, int n,
                                          double *Y)
{
    for (int i = 0; i < m; i++)
        for (int j = 0; j <= i; j++) {
            int kmax = j < n - 1 ? j : n - 1;   /* row j's last lower entry */
            double s = 0;
            for (int k = 0; k <= kmax; k++)
                s += L[IDX(i, k, n)] * L[IDX(j, k, n)];
            Y[IDX(i, j, m)] = Y[IDX(j, i, m)] = s;
        }
}

void rt_multiply_lower_tri_self_transpose_adj(const double *L,
                                              const double *Y_adj, int m,
                                              int n, double *L_adj)
{
    /* As tcrossprod, restricted to the lower trapezoid. */
    for (int i = 0; i < m; i++)
        for (int j = 0; j < n && j <= i; j++) {
            double s = 0;
            for (int k = j; k < m; k++)
                s += (Y_adj[IDX(i, k, m)] + Y_adj[IDX(k, i, m)])
                     * L[IDX(k, j, n)];
            L_adj[IDX(i, j, n)] += s;
        }
}

void rt_diag_pre_multiply(const double *v, const double *M, int m, int n,
                          double *Y)
{
    for (int i = 0; i < m; i++)
        for (int j = 0; j < n; j++)
            Y[IDX(i, j, n)] = v[i] * M[IDX(i, j, n)];
}

void rt_diag_pre_multiply_adj(const double *v, const double *M, int m, int n,
                              const double *Y_adj, double *v_adj,
                              double *M_adj)
{
    for (int i = 0; i < m; i++)
        for (int j = 0; j < n; j++) {
            double g = Y_adj[IDX(i, j, n)];
            if (v_adj)
                v_adj[i] += g * M[IDX(i, j, n)];
            if (M_adj)
                M_adj[IDX(i, j, n)] += g * v[i];
        }
}

void rt_diag_post_multiply(const double *M, const double *v, int m, int n,
                           double *Y)
{
    for (int i = 0; i < m; i++)
        for (int j = 0; j < n; j++)
            Y[IDX(i, j, n)] = M[IDX(i, j, n)] * v[j];
}

void rt_diag_post_multiply_adj(const double *M, const double *v, int m,
                               int n, const double *Y_adj, double *M_adj,
                               double *v_adj)
{
    for (int i = 0; i < m; i++)
        for (int j = 0; j < n; j++) {
            double g = Y_adj[IDX(i, j, n)];
            if (v_adj)
                v_adj[j] += g * M[IDX(i, j, n)];
            if (M_adj)
                M_adj[IDX(i, j, n)] += g * v[j];
        }
}

void rt_quad_form(const double *A, const double *B, int n, int m, double *Y,
                  double *work)
{
    rt_multiply(A, B, n, n, m, work);           /* work = A B */
    for (int i = 0; i < m; i++)
        for (int j = 0; j < m; j++) {
            double s = 0;
            for (int k = 0; k < n; k++)
                s += B[IDX(k, i, m)] * work[IDX(k, j, m)];
            Y[IDX(i, j, m)] = s;
        }
}

/* Y = B^T A B: A_adj += B Y_adj B^T, B_adj += A B Y_adj^T + A^T B Y_adj. */
void rt_quad_form_adj(const double *A, const double *B, const double *Y_adj,
                      int n, int m, double *A_adj, double *B_adj,
                      double *work)
{
    if (A_adj) {
        rt_multiply(B, Y_adj, n, m, m, work);   /* work = B Y_adj */
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++) {
                double s = 0;
                for (int k = 0; k < m; k++)
                    s += work[IDX(i, k, m)] * B[IDX(j, k, m)];
                A_adj[IDX(i, j, n)] += s;
            }
    }
    if (B_adj) {
        /* work = B Y_adj^T; B_adj += A work */
        for (int i = 0; i < n; i++)
            for (int j = 0; j < m; j++) {
                double s = 0;
                for (int k = 0; k < m; k++)
                    s += B[IDX(i, k, m)] * Y_adj[IDX(j, k, m)];
                work[IDX(i, j, m)] = s;
            }
        for (int i = 0; i < n; i++)
            for (int k = 0; k < n; k++) {
                double a = A[IDX(i, k, n)];
                for (int j = 0; j < m; j++)
                    B_adj[IDX(i, j, m)] += a * work[IDX(k, j, m)];
            }
        /* work = B Y_adj; B_adj += A^T work */
        rt_multiply(B, Y_adj, n, m, m, work);
        for (int k = 0; k < n; k++)
            for (int i = 0; i < n; i++) {
                double a = A[IDX(k, i, n)];
                for (int j = 0; j < m; j++)
                    B_adj[IDX(i, j, m)] += a * work[IDX(k, j, m)];
            }
    }
}

int rt_quad_form_sym(const double *A, const double *B, int n, int m,
                     double *Y, double *work, RtError *err)
{
    if (rt_check_symmetric("quad_form_sym", "A", A, n, err)) {
        fill_nan(Y, (size_t)m * (size_t)m);
        return -1;
    }
    rt_quad_form(A, B, n, m, Y, work);
    for (int i = 0; i < m; i++)
        for (int j = 0; j < i; j++)
            Y[IDX(i, j, m)] = Y[IDX(j, i, m)] =
                0.5 * (Y[IDX(i, j, m)] + Y[IDX(j, i, m)]);
    return 0;
}

void rt_quad_form_sym_adj(const double *A, const double *B,
                          const double *Y_adj, int n, int m, double *A_adj,
                          double *B_adj, double *work)
{
    double *Ys = work + (size_t)n * (size_t)m;  /* sym(Y_adj) */
    for (int i = 0; i < m; i++)
        for (int j = 0; j < m; j++)
            Ys[IDX(i, j, m)] = 0.5 * (Y_adj[IDX(i, j, m)] + Y_adj[IDX(j, i, m)]);
    if (A_adj) {
        /* B Ys B^T is already symmetric. */
        rt_quad_form_adj(A, B, Ys, n, m, A_adj, NULL, work);
    }
    if (B_adj)
        rt_quad_form_adj(A, B, Ys, n, m, NULL, B_adj, work);
}

void rt_quad_form_diag(const double *M, const double *v, int n, double *Y)
{
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            Y[IDX(i, j, n)] = v[i] * M[IDX(i, j, n)] * v[j];
}

void rt_quad_form_diag_adj(const double *M, const double *v,
                           const double *Y_adj, int n, double *M_adj,
                           double *v_adj)
{
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            double g = Y_adj[IDX(i, j, n)], mij = M[IDX(i, j, n)];
            if (M_adj)
                M_adj[IDX(i, j, n)] += g * v[i] * v[j];
            if (v_adj) {
                v_adj[i] += g * mij * v[j];
                v_adj[j] += g * v[i] * mij;
            }
        }
}

void rt_add_diag(const double *M, const double *d, int n, int nd, double *Y)
{
    if (Y != M)
        memcpy(Y, M, sizeof *Y * (size_t)n * (size_t)n);
    for (int i = 0; i < n; i++)
        Y[IDX(i, i, n)] += d[nd == 1 ? 0 : i];
}

void rt_add_diag_adj(const double *Y_adj, int n, int nd, double *M_adj,
                     double *d_adj)
{
    if (M_adj)
        for (size_t i = 0; i < (size_t)n * (size_t)n; i++)
            M_adj[i] += Y_adj[i];
    if (d_adj)
        for (int i = 0; i < n; i++)
            d_adj[nd == 1 ? 0 : i] += Y_adj[IDX(i, i, n)];
}

double rt_trace(const double *M, int n)
{
    double s = 0;
    for (int i = 0; i < n; i++)
        s += M[IDX(i, i, n)];
    return s;
}

void rt_trace_adj(int n, double adj, double *M_adj)
{
    for (int i = 0; i < n; i++)
        M_adj[IDX(i, i, n)] += adj;
}

/* ------------------------------------------------------- factorizations */

int rt_cholesky_decompose(const double *A, int n, double *L, RtError *err)
{
    if (check_spd_factor("cholesky_decompose", "m", A, n, L, err)) {
        fill_nan(L, (size_t)n * (size_t)n);
        return -1;
    }
    return 0;
}

/* Murray (2016), "Differentiation of the Cholesky decomposition", the
 * unblocked reverse sweep, in place on P (which starts as tril(L_adj)).
 * Column j of the forward algorithm computes, with R = L[j][0..j-1],
 * d = L[j][j], c_i = L[i][j] and B_i = L[i][0..j-1] for i > j,
 *     d = sqrt(A[j][j] - R.R),   c_i = (A[i][j] - B_i.R) / d.
 * Undone for j = n-1 .. 0:  P[i][j] <- P[i][j] / d (the adjoint of
 * A[i][j]); P[j][j] -= sum_i P[i][j] c_i; B_i's adjoint P[i][0..j-1] -=
 * P[i][j] R and R's adjoint P[j][0..j-1] -= P[i][j] B_i; then
 * P[j][j] <- P[j][j] / (2d) (the adjoint of A[j][j]) and R's adjoint -=
 * 2 P[j][j] R.  Every update is an axpy over a contiguous row prefix;
 * about n^3/3 multiply-adds in all.  P ends as the adjoint of A's lower
 * triangle (the entries the factorization reads); A_adj gets its
 * symmetric part: half of each off-diagonal entry on either side. */
void rt_cholesky_decompose_adj(const double *A, const double *L,
                               const double *L_adj, int n, double *A_adj,
                               double *work)
{
    (void)A;
    double *P = work;
    for (int i = 0; i < n; i++)
        memcpy(P + IDX(i, 0, n), L_adj + IDX(i, 0, n),
               sizeof *P * (size_t)(i + 1));
    for (int j = n - 1; j >= 0; j--) {
        const double *Lj = L + IDX(j, 0, n);
        double *Pj = P + IDX(j, 0, n);
        double d = Lj[j], inv = 1 / d, dbar = Pj[j];
        for (int i = j + 1; i < n; i++) {
            const double *Li = L + IDX(i, 0, n);
            double *Pi = P + IDX(i, 0, n);
            double c = Pi[j] * inv;
            Pi[j] = c;
            dbar -= c * Li[j];
            for (int k = 0; k < j; k++) {
                Pi[k] -= c * Lj[k];
                Pj[k] -= c * Li[k];
            }
        }
        double ad = 0.5 * dbar * inv, two_ad = 2 * ad;
        Pj[j] = ad;
        for (int k = 0; k < j; k++)
            Pj[k] -= two_ad * Lj[k];
    }
    for (int i = 0; i < n; i++) {
        const double *Pi = P + IDX(i, 0, n);
        double *Gi = A_adj + IDX(i, 0, n);
        for (int j = 0; j < i; j++) {
            double h = 0.5 * Pi[j];
            Gi[j] += h;
            A_adj[IDX(j, i, n)] += h;
        }
        Gi[i] += Pi[i];
    }
}

void rt_mdivide_left_tri_low(const double *L, const double *B, int n, int m,
                             double *X)
{
    if (X != B)
        memcpy(X, B, sizeof *X * (size_t)n * (size_t)m);
    rt_tri_low_solve(L, n, X, m);
}

void rt_mdivide_left_tri_low_adj(const double *L, const double *X,
                                 const double *X_adj, int n, int m,
                                 double *L_adj, double *B_adj, double *work)
{
    memcpy(work, X_adj, sizeof *work * (size_t)n * (size_t)m);
    rt_tri_low_solve_trans(L, n, work, m);      /* W = L^-T X_adj */
    if (B_adj)
        for (size_t i = 0; i < (size_t)n * (size_t)m; i++)
            B_adj[i] += work[i];
    if (L_adj)
        for (int i = 0; i < n; i++)
            for (int j = 0; j <= i; j++)
                L_adj[IDX(i, j, n)] -= rt_dot_product(
                    work + IDX(i, 0, m), X + IDX(j, 0, m), m);
}

void rt_mdivide_right_tri_low(const double *B, const double *L, int m, int n,
                              double *X)
{
    if (X != B)
        memcpy(X, B, sizeof *X * (size_t)m * (size_t)n);
    for (int r = 0; r < m; r++)         /* x L = b  <=>  L^T x^T = b^T */
        rt_tri_low_solve_trans(L, n, X + IDX(r, 0, n), 1);
}

void rt_mdivide_right_tri_low_adj(const double *L, const double *X,
                                  const double *X_adj, int m, int n,
                                  double *B_adj, double *L_adj, double *work)
{
    memcpy(work, X_adj, sizeof *work * (size_t)m * (size_t)n);
    for (int r = 0; r < m; r++)         /* W = X_adj L^-T */
        rt_tri_low_solve(L, n, work + IDX(r, 0, n), 1);
    if (B_adj)
        for (size_t i = 0; i < (size_t)m * (size_t)n; i++)
            B_adj[i] += work[i];
    if (L_adj)                          /* L_adj -= tril(X^T W) */
        for (int r = 0; r < m; r++)
            for (int i = 0; i < n; i++) {
                double xi = X[IDX(r, i, n)];
                for (int j = 0; j <= i; j++)
                    L_adj[IDX(i, j, n)] -= xi * work[IDX(r, j, n)];
            }
}

int rt_mdivide_left_spd(const double *A, const double *B, int n, int m,
                        double *X, double *work, RtError *err)
{
    if (check_spd_factor("mdivide_left_spd", "m1", A, n, work, err)) {
        fill_nan(X, (size_t)n * (size_t)m);
        return -1;
    }
    if (X != B)
        memcpy(X, B, sizeof *X * (size_t)n * (size_t)m);
    rt_tri_low_solve(work, n, X, m);
    rt_tri_low_solve_trans(work, n, X, m);
    return 0;
}

/* X = A^-1 B: B_adj += A^-1 X_adj =: W, A_adj -= W X^T (symmetrized). */
void rt_mdivide_left_spd_adj(const double *A, const double *X,
                             const double *X_adj, int n, int m,
                             double *A_adj, double *B_adj, double *work)
{
    double *L = work, *W = work + (size_t)n * (size_t)n;
    if (rt_cholesky_factor(A, n, L))
        return;                         /* the forward pass failed */
    memcpy(W, X_adj, sizeof *W * (size_t)n * (size_t)m);
    rt_tri_low_solve(L, n, W, m);
    rt_tri_low_solve_trans(L, n, W, m);
    if (B_adj)
        for (size_t i = 0; i < (size_t)n * (size_t)m; i++)
            B_adj[i] += W[i];
    if (A_adj)
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++) {
                double g = rt_dot_product(W + IDX(i, 0, m), X + IDX(j, 0, m), m)
                           + rt_dot_product(W + IDX(j, 0, m), X + IDX(i, 0, m), m);
                A_adj[IDX(i, j, n)] -= 0.5 * g;
            }
}

/* LU with partial pivoting in place (Doolittle); piv[i] is the row
 * swapped into position i, stored as a double.  Returns the sign of the
 * permutation, or 0 if a pivot is zero. */
static int lu_decompose(double *LU, int n, double *piv)
{
    int sign = 1;
    for (int k = 0; k < n; k++) {
        int p = k;
        for (int i = k + 1; i < n; i++)
            if (fabs(LU[IDX(i, k, n)]) > fabs(LU[IDX(p, k, n)]))
                p = i;
        piv[k] = p;
        if (p != k) {
            sign = -sign;
            for (int j = 0; j < n; j++) {
                double t = LU[IDX(k, j, n)];
                LU[IDX(k, j, n)] = LU[IDX(p, j, n)];
                LU[IDX(p, j, n)] = t;
            }
        }
        double d = LU[IDX(k, k, n)];
        if (d == 0 || isnan(d))
            return 0;
        for (int i = k + 1; i < n; i++) {
            double f = (LU[IDX(i, k, n)] /= d);
            for (int j = k + 1; j < n; j++)
                LU[IDX(i, j, n)] -= f * LU[IDX(k, j, n)];
        }
    }
    return sign;
}

/* Y = A^-1 from the LU factors. */
static void lu_inverse(const double *LU, const double *piv, int n, double *Y)
{
    memset(Y, 0, sizeof *Y * (size_t)n * (size_t)n);
    for (int i = 0; i < n; i++)
        Y[IDX(i, i, n)] = 1;
    for (int k = 0; k < n; k++) {       /* Y = P I */
        int p = (int)piv[k];
        if (p != k)
            for (int j = 0; j < n; j++) {
                double t = Y[IDX(k, j, n)];
                Y[IDX(k, j, n)] = Y[IDX(p, j, n)];
                Y[IDX(p, j, n)] = t;
            }
    }
    for (int i = 0; i < n; i++)         /* unit lower solve */
        for (int k = 0; k < i; k++) {
            double l = LU[IDX(i, k, n)];
            for (int j = 0; j < n; j++)
                Y[IDX(i, j, n)] -= l * Y[IDX(k, j, n)];
        }
    for (int i = n - 1; i >= 0; i--) {  /* upper solve */
        for (int k = i + 1; k < n; k++) {
            double u = LU[IDX(i, k, n)];
            for (int j = 0; j < n; j++)
                Y[IDX(i, j, n)] -= u * Y[IDX(k, j, n)];
        }
        double d = LU[IDX(i, i, n)];
        for (int j = 0; j < n; j++)
            Y[IDX(i, j, n)] /= d;
    }
}

double rt_log_determinant(const double *A, int n, double *work)
{
    double *LU = work, *piv = work + (size_t)n * (size_t)n;
    memcpy(LU, A, sizeof *LU * (size_t)n * (size_t)n);
    if (lu_decompose(LU, n, piv) == 0)
        return -INFINITY;
    double s = 0;
    for (int i = 0; i < n; i++)
        s += log(fabs(LU[IDX(i, i, n)]));
    return s;
}

void rt_log_determinant_adj(const double *A, int n, double adj,
                            double *A_adj, double *work)
{
    double *LU = work, *piv = work + (size_t)n * (size_t)n;
    double *Y = piv + n;
    memcpy(LU, A, sizeof *LU * (size_t)n * (size_t)n);
    if (lu_decompose(LU, n, piv) == 0)
        return;
    lu_inverse(LU, piv, n, Y);
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            A_adj[IDX(i, j, n)] += adj * Y[IDX(j, i, n)];
}

double rt_log_determinant_spd(const double *A, int n, double *work,
                              RtError *err)
{
    if (check_spd_factor("log_determinant_spd", "m", A, n, work, err))
        return NAN;
    double s = 0;
    for (int i = 0; i < n; i++)
        s += log(work[IDX(i, i, n)]);
    return 2 * s;
}

void rt_log_determinant_spd_adj(const double *A, int n, double adj,
                                double *A_adj, double *work)
{
    double *L = work, *Y = work + (size_t)n * (size_t)n;
    if (rt_cholesky_factor(A, n, L))
        return;
    rt_chol_inverse(L, n, Y);
    for (size_t i = 0; i < (size_t)n * (size_t)n; i++)
        A_adj[i] += adj * Y[i];
}

int rt_inverse(const double *A, int n, double *Y, double *work, RtError *err)
{
    double *LU = work, *piv = work + (size_t)n * (size_t)n;
    memcpy(LU, A, sizeof *LU * (size_t)n * (size_t)n);
    if (lu_decompose(LU, n, piv) == 0) {
        fill_nan(Y, (size_t)n * (size_t)n);
        return rt_error(err, "inverse: m is singular");
    }
    lu_inverse(LU, piv, n, Y);
    return 0;
}

/* dY = -Y dA Y: A_adj -= Y^T Y_adj Y^T. */
void rt_inverse_adj(const double *Y, const double *Y_adj, int n,
                    double *A_adj, double *work)
{
    double *T = work;                   /* T = Y^T Y_adj */
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            double s = 0;
            for (int k = 0; k < n; k++)
                s += Y[IDX(k, i, n)] * Y_adj[IDX(k, j, n)];
            T[IDX(i, j, n)] = s;
        }
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            A_adj[IDX(i, j, n)] -=
                rt_dot_product(T + IDX(i, 0, n), Y + IDX(j, 0, n), n);
}

int rt_inverse_spd(const double *A, int n, double *Y, double *work,
                   RtError *err)
{
    if (check_spd_factor("inverse_spd", "m", A, n, work, err)) {
        fill_nan(Y, (size_t)n * (size_t)n);
        return -1;
    }
    rt_chol_inverse(work, n, Y);
    return 0;
}

void rt_inverse_spd_adj(const double *Y, const double *Y_adj, int n,
                        double *A_adj, double *work)
{
    double *T = work;                   /* T = Y Y_adj */
    rt_multiply(Y, Y_adj, n, n, n, T);
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            double g = rt_dot_product(T + IDX(i, 0, n), Y + IDX(j, 0, n), n)
                       + rt_dot_product(T + IDX(j, 0, n), Y + IDX(i, 0, n), n);
            A_adj[IDX(i, j, n)] -= 0.5 * g;
        }
}

int rt_eigen_sym(const char *fn, const double *A, int n, double *vals,
                 double *vecs, RtError *err)
{
    if (rt_check_symmetric(fn, "m", A, n, err)
        || check_not_nan(fn, "m", A, (size_t)n * (size_t)n, err)) {
        fill_nan(vals, (size_t)n);
        if (vecs)
            fill_nan(vecs, (size_t)n * (size_t)n);
        return -1;
    }
    if (n == 0)
        return 0;
    gsl_matrix *a = gsl_matrix_alloc((size_t)n, (size_t)n);
    gsl_matrix *v = gsl_matrix_alloc((size_t)n, (size_t)n);
    gsl_vector_view ev = gsl_vector_view_array(vals, (size_t)n);
    gsl_eigen_symmv_workspace *w = gsl_eigen_symmv_alloc((size_t)n);
    if (!a || !v || !w) {
        gsl_matrix_free(a);
        gsl_matrix_free(v);
        gsl_eigen_symmv_free(w);
        fill_nan(vals, (size_t)n);
        return rt_fatal(err, "%s: out of memory", fn);
    }
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            gsl_matrix_set(a, (size_t)i, (size_t)j, A[IDX(i, j, n)]);
    gsl_eigen_symmv(a, &ev.vector, v, w);
    gsl_eigen_symmv_sort(&ev.vector, v, GSL_EIGEN_SORT_VAL_ASC);
    if (vecs)
        for (int j = 0; j < n; j++) {
            int big = 0;                /* a deterministic sign */
            for (int i = 1; i < n; i++)
                if (fabs(gsl_matrix_get(v, (size_t)i, (size_t)j))
                    > fabs(gsl_matrix_get(v, (size_t)big, (size_t)j)))
                    big = i;
            double s = gsl_matrix_get(v, (size_t)big, (size_t)j) < 0 ? -1 : 1;
            for (int i = 0; i < n; i++)
                vecs[IDX(i, j, n)] = s * gsl_matrix_get(v, (size_t)i, (size_t)j);
        }
    gsl_eigen_symmv_free(w);
    gsl_matrix_free(v);
    gsl_matrix_free(a);
    return 0;
}

/* A = V diag(l) V^T: dl_k = v_k^T dA v_k and dV = V (F o (V^T dA V)),
 * so A_adj = V (diag(l_adj) + F o (V^T V_adj)) V^T, symmetrized. */
void rt_eigen_sym_adj(const double *vals, const double *vecs,
                      const double *vals_adj, const double *vecs_adj, int n,
                      double *A_adj, double *work)
{
    double *M = work, *T = work + (size_t)n * (size_t)n;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            double s = 0;
            if (i == j) {
                s = vals_adj ? vals_adj[i] : 0;
            } else if (vecs_adj) {
                for (int k = 0; k < n; k++)
                    s += vecs[IDX(k, i, n)] * vecs_adj[IDX(k, j, n)];
                s /= vals[j] - vals[i];
            }
            M[IDX(i, j, n)] = s;
        }
    rt_multiply(vecs, M, n, n, n, T);   /* T = V M */
    for (int i = 0; i < n; i++)         /* M = T V^T */
        for (int j = 0; j < n; j++)
            M[IDX(i, j, n)] =
                rt_dot_product(T + IDX(i, 0, n), vecs + IDX(j, 0, n), n);
    add_sym(M, n, 1.0, A_adj);
}
