/* linalg_build.c - constructors, sorting, matrix functions and the
 * SVD of rt_linalg_build.h, with their reverse-mode rules.  The Gaussian-
 * process kernels are gp_kernels.c's. */
#include <gsl/gsl_errno.h>
#include <gsl/gsl_linalg.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "pplrt.h"

#define IDX(i, j, ncol) ((size_t)(i) * (size_t)(ncol) + (size_t)(j))

static void fill_nan(double *x, size_t n)
{
    for (size_t i = 0; i < n; i++)
        x[i] = NAN;
}

/* --------------------------------------------------------- constructors */

int rt_check_size(const char *fn, int n, bool positive, RtError *err)
{
    if (positive && n <= 0)
        return rt_error(err, "%s: size is %d, but must be positive!", fn, n);
    if (n < 0)
        return rt_error(err, "%s: size is %d, but must be nonnegative!", fn,
                        n);
    return 0;
}

int rt_check_one_hot(const char *fn, int n, int k, RtError *err)
{
    if (rt_check_size(fn, n, true, err))
        return -1;
    if (k < 1 || k > n)
        return rt_error(err, "%s: k is %d, but must be in the interval "
                        "[1, %d]", fn, k, n);
    return 0;
}

int rt_linspaced(const char *fn, int K, double low, double high, double *out,
                 RtError *err)
{
    if (rt_check_size(fn, K, false, err))
        return -1;
    if (!isfinite(low))
        return rt_error(err, "%s: low is %g, but must be finite!", fn, low);
    if (!isfinite(high))
        return rt_error(err, "%s: high is %g, but must be finite!", fn, high);
    if (!(high >= low))
        return rt_error(err, "%s: high is %g, but must be greater than or "
                        "equal to %g", fn, high, low);
    if (K == 1) {
        out[0] = high;
        return 0;
    }
    /* Eigen's LinSpaced: from the end of smaller magnitude, so that
     * the exact end points are kept */
    double step = (high - low) / (K - 1);
    bool flip = fabs(high) < fabs(low);
    for (int i = 0; i < K; i++) {
        if (flip)
            out[i] = i == 0 ? low : high - (K - 1 - i) * step;
        else
            out[i] = i == K - 1 ? high : low + i * step;
    }
    return 0;
}

int rt_linspaced_int(int K, int low, int high, int *out, RtError *err)
{
    const char *fn = "linspaced_int_array";
    if (rt_check_size(fn, K, false, err))
        return -1;
    if (high < low)
        return rt_error(err, "%s: high is %d, but must be greater than or "
                        "equal to %d", fn, high, low);
    if (K == 1) {
        out[0] = high;
        return 0;
    }
    /* fewer values in the range than wanted: each repeated; else the
     * integer step (the top reduced to low + (K - 1) * step) */
    long range = (long)high - low;
    if (range + 1 < K) {
        long divisor = (K + range) / (range + 1);
        for (int i = 0; i < K; i++)
            out[i] = (int)(low + i / divisor);
    } else {
        long step = range / (K - 1);
        for (int i = 0; i < K; i++)
            out[i] = (int)(low + i * step);
    }
    return 0;
}

/* -------------------------------------------------------------- sorting */

/* Whether element b goes strictly before element a. */
static bool precedes(const double *x, const int *xi, int b, int a, bool desc)
{
    if (x)
        return desc ? x[b] > x[a] : x[b] < x[a];
    return desc ? xi[b] > xi[a] : xi[b] < xi[a];
}

/* A stable bottom-up merge sort of the indices 0..n-1 by x (or xi). */
static void merge_sort(const double *x, const int *xi, int n, bool desc,
                       int *perm, int *work)
{
    for (int i = 0; i < n; i++)
        perm[i] = i;
    for (int width = 1; width < n; width *= 2) {
        for (int lo = 0; lo < n; lo += 2 * width) {
            int mid = lo + width < n ? lo + width : n;
            int hi = lo + 2 * width < n ? lo + 2 * width : n;
            int a = lo, b = mid, k = lo;
            while (a < mid && b < hi)
                work[k++] = precedes(x, xi, perm[b], perm[a], desc)
                    ? perm[b++] : perm[a++];
            while (a < mid)
                work[k++] = perm[a++];
            while (b < hi)
                work[k++] = perm[b++];
        }
        memcpy(perm, work, sizeof *perm * (size_t)n);
    }
}

int rt_sort_perm(const char *fn, const double *x, int n, bool desc,
                 bool check_nan, int *perm, int *work, RtError *err)
{
    if (check_nan)
        for (int i = 0; i < n; i++)
            if (isnan(x[i]))
                return rt_error(err, "%s: container argument[%d] is nan, "
                                "but must not be nan!", fn, i + 1);
    merge_sort(x, NULL, n, desc, perm, work);
    return 0;
}

void rt_sort_perm_int(const int *x, int n, bool desc, int *perm, int *work)
{
    merge_sort(NULL, x, n, desc, perm, work);
}

static int check_rank_index(int n, int s, RtError *err)
{
    if (s < 1 || s > n)
        return rt_index_error(err, "rank: accessing element out of range. index "
                        "%d out of range; expecting index to be between 1 "
                        "and %d", s, n);
    return 0;
}

int rt_rank(const double *v, int n, int s, RtError *err)
{
    if (check_rank_index(n, s, err))
        return -1;
    int count = 0;
    for (int i = 0; i < n; i++)
        count += v[i] < v[s - 1];
    return count;
}

int rt_rank_int(const int *v, int n, int s, RtError *err)
{
    if (check_rank_index(n, s, err))
        return -1;
    int count = 0;
    for (int i = 0; i < n; i++)
        count += v[i] < v[s - 1];
    return count;
}

static int compare_doubles(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

double rt_quantile(const double *x, int n, double p, double *work,
                   RtError *err)
{
    if (n == 0) {
        rt_error(err, "quantile: container argument has size 0, but must "
                 "have a non-zero size");
        return NAN;
    }
    for (int i = 0; i < n; i++)
        if (isnan(x[i])) {
            rt_error(err, "quantile: container argument[%d] is nan, but "
                     "must not be nan!", i + 1);
            return NAN;
        }
    if (!(p >= 0 && p <= 1)) {
        rt_error(err, "quantile: p is %g, but must be in the interval "
                 "[0, 1]", p);
        return NAN;
    }
    memcpy(work, x, sizeof *work * (size_t)n);
    qsort(work, (size_t)n, sizeof *work, compare_doubles);
    double index = (n - 1) * p;
    int lo = (int)floor(index), hi = (int)ceil(index);
    double h = index - lo;
    return (1 - h) * work[lo] + h * work[hi];
}

/* ----------------------------------------------------- matrix functions */

void rt_columns_dot_self(const double *A, int m, int n, double *out)
{
    for (int j = 0; j < n; j++)
        out[j] = 0;
    for (int i = 0; i < m; i++)
        for (int j = 0; j < n; j++)
            out[j] += A[IDX(i, j, n)] * A[IDX(i, j, n)];
}

void rt_columns_dot_self_adj(const double *A, int m, int n,
                             const double *out_adj, double *A_adj)
{
    for (int i = 0; i < m; i++)
        for (int j = 0; j < n; j++)
            A_adj[IDX(i, j, n)] += 2 * out_adj[j] * A[IDX(i, j, n)];
}

void rt_rows_dot_self(const double *A, int m, int n, double *out)
{
    for (int i = 0; i < m; i++) {
        double s = 0;
        for (int j = 0; j < n; j++)
            s += A[IDX(i, j, n)] * A[IDX(i, j, n)];
        out[i] = s;
    }
}

void rt_rows_dot_self_adj(const double *A, int m, int n,
                          const double *out_adj, double *A_adj)
{
    for (int i = 0; i < m; i++)
        for (int j = 0; j < n; j++)
            A_adj[IDX(i, j, n)] += 2 * out_adj[i] * A[IDX(i, j, n)];
}

/* sum_ik B_ik (A B)_ik */
double rt_trace_quad_form(const double *A, const double *B, int n, int m)
{
    double s = 0;
    for (int i = 0; i < n; i++)
        for (int k = 0; k < m; k++) {
            double ab = 0;
            for (int j = 0; j < n; j++)
                ab += A[IDX(i, j, n)] * B[IDX(j, k, m)];
            s += B[IDX(i, k, m)] * ab;
        }
    return s;
}

/* A_adj += adj B B^T, B_adj += adj (A + A^T) B. */
void rt_trace_quad_form_adj(const double *A, const double *B, int n, int m,
                            double adj, double *A_adj, double *B_adj)
{
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            double bb = 0;
            for (int k = 0; k < m; k++)
                bb += B[IDX(i, k, m)] * B[IDX(j, k, m)];
            if (A_adj)
                A_adj[IDX(i, j, n)] += adj * bb;
            if (B_adj) {
                double a = A[IDX(i, j, n)] + A[IDX(j, i, n)];
                for (int k = 0; k < m; k++)
                    B_adj[IDX(i, k, m)] += adj * a * B[IDX(j, k, m)];
            }
        }
}

/* C (p x q) = X^T Y, X k x p, Y k x q. */
static void mul_tn(const double *X, const double *Y, int k, int p, int q,
                   double *C)
{
    for (int i = 0; i < p; i++)
        for (int j = 0; j < q; j++) {
            double s = 0;
            for (int l = 0; l < k; l++)
                s += X[IDX(l, i, p)] * Y[IDX(l, j, q)];
            C[IDX(i, j, q)] = s;
        }
}

/* C (p x q) = X Y^T, X p x k, Y q x k. */
static void mul_nt(const double *X, const double *Y, int p, int k, int q,
                   double *C)
{
    for (int i = 0; i < p; i++)
        for (int j = 0; j < q; j++) {
            double s = 0;
            for (int l = 0; l < k; l++)
                s += X[IDX(i, l, k)] * Y[IDX(j, l, k)];
            C[IDX(i, j, q)] = s;
        }
}

/* C = B^T A B (m x m) into C, using AB (n x m). */
static void quad_form(const double *A, const double *B, int n, int m,
                      double *AB, double *C)
{
    rt_multiply(A, B, n, n, m, AB);
    mul_tn(B, AB, n, m, m, C);
}

double rt_trace_gen_quad_form(const double *D, const double *A,
                              const double *B, int n, int m, double *work)
{
    double *AB = work, *C = work + (size_t)n * (size_t)m;
    quad_form(A, B, n, m, AB, C);
    double s = 0;
    for (int k = 0; k < m; k++)
        for (int l = 0; l < m; l++)
            s += D[IDX(k, l, m)] * C[IDX(l, k, m)];
    return s;
}

/* f = tr(D B^T A B): D_adj += adj (B^T A B)^T, A_adj += adj B D^T B^T,
 * B_adj += adj (A B D + A^T B D^T). */
void rt_trace_gen_quad_form_adj(const double *D, const double *A,
                                const double *B, int n, int m, double adj,
                                double *D_adj, double *A_adj, double *B_adj,
                                double *work)
{
    size_t nm = (size_t)n * (size_t)m;
    double *AB = work, *T = work + nm, *AtB = work + 2 * nm;
    double *C = work + 3 * nm;
    if (D_adj) {
        quad_form(A, B, n, m, AB, C);
        for (int k = 0; k < m; k++)
            for (int l = 0; l < m; l++)
                D_adj[IDX(k, l, m)] += adj * C[IDX(l, k, m)];
    }
    if (A_adj) {
        /* T = B D^T, then A_adj += adj T B^T, added entry by entry */
        mul_nt(B, D, n, m, m, T);
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++) {
                double s = 0;
                for (int k = 0; k < m; k++)
                    s += T[IDX(i, k, m)] * B[IDX(j, k, m)];
                A_adj[IDX(i, j, n)] += adj * s;
            }
    }
    if (B_adj) {
        /* AB and AtB = A^T B, then AB D + AtB D^T */
        rt_multiply(A, B, n, n, m, AB);
        mul_tn(A, B, n, n, m, AtB);
        for (int i = 0; i < n; i++)
            for (int k = 0; k < m; k++) {
                double s = 0;
                for (int l = 0; l < m; l++)
                    s += AB[IDX(i, l, m)] * D[IDX(l, k, m)]
                         + AtB[IDX(i, l, m)] * D[IDX(k, l, m)];
                B_adj[IDX(i, k, m)] += adj * s;
            }
    }
}

double rt_determinant(const double *A, int n, double *work)
{
    double *LU = work;
    if (n > 0)   /* a 0 x 0 matrix may come as NULL */
        memcpy(LU, A, sizeof *LU * (size_t)n * (size_t)n);
    double det = 1;
    for (int k = 0; k < n; k++) {
        int p = k;
        for (int i = k + 1; i < n; i++)
            if (fabs(LU[IDX(i, k, n)]) > fabs(LU[IDX(p, k, n)]))
                p = i;
        if (p != k) {
            det = -det;
            for (int j = 0; j < n; j++) {
                double t = LU[IDX(k, j, n)];
                LU[IDX(k, j, n)] = LU[IDX(p, j, n)];
                LU[IDX(p, j, n)] = t;
            }
        }
        double d = LU[IDX(k, k, n)];
        det *= d;
        if (d == 0)
            return isnan(det) ? det : 0.0;
        for (int i = k + 1; i < n; i++) {
            double f = LU[IDX(i, k, n)] / d;
            for (int j = k + 1; j < n; j++)
                LU[IDX(i, j, n)] -= f * LU[IDX(k, j, n)];
        }
    }
    return det;
}

/* d det(A) = det(A) tr(A^-1 dA): rt_log_determinant_adj's A^-T scaled. */
void rt_determinant_adj(const double *A, int n, double det, double adj,
                        double *A_adj, double *work)
{
    if (det != 0)
        rt_log_determinant_adj(A, n, adj * det, A_adj, work);
}

/* Symmetric, not NaN, positive definite; L receives the factor. */
static int spd_factor(const char *fn, const char *name, const double *A,
                      int n, double *L, RtError *err)
{
    if (rt_check_symmetric(fn, name, A, n, err))
        return -1;
    for (size_t i = 0; i < (size_t)n * (size_t)n; i++)
        if (isnan(A[i]))
            return rt_error(err, "%s: %s is nan, but must not be nan!", fn,
                            name);
    if (rt_cholesky_factor(A, n, L))
        return rt_error(err, "%s: Matrix %s is not positive definite", fn,
                        name);
    return 0;
}

/* X^T = A^-1 B^T = L^-T L^-1 B^T. */
int rt_mdivide_right_spd(const double *B, const double *A, int m, int n,
                         double *X, double *work, RtError *err)
{
    double *L = work, *T = work + (size_t)n * (size_t)n;
    if (spd_factor("mdivide_right_spd", "A", A, n, L, err)) {
        fill_nan(X, (size_t)m * (size_t)n);
        return -1;
    }
    for (int i = 0; i < m; i++)
        for (int j = 0; j < n; j++)
            T[IDX(j, i, m)] = B[IDX(i, j, n)];
    rt_tri_low_solve(L, n, T, m);
    rt_tri_low_solve_trans(L, n, T, m);
    for (int i = 0; i < m; i++)
        for (int j = 0; j < n; j++)
            X[IDX(i, j, n)] = T[IDX(j, i, m)];
    return 0;
}

/* With Z = X_adj A^-1 (Z^T = A^-1 X_adj^T): B_adj += Z and A_adj -=
 * sym(X^T Z), halves to (i, j) and (j, i) as rt_linalg.h's spd rules. */
void rt_mdivide_right_spd_adj(const double *A, const double *X,
                              const double *X_adj, int m, int n,
                              double *B_adj, double *A_adj, double *work)
{
    double *L = work, *Zt = work + (size_t)n * (size_t)n;
    double *M = Zt + (size_t)n * (size_t)m;
    if (rt_cholesky_factor(A, n, L))
        return;
    for (int i = 0; i < m; i++)
        for (int j = 0; j < n; j++)
            Zt[IDX(j, i, m)] = X_adj[IDX(i, j, n)];
    rt_tri_low_solve(L, n, Zt, m);
    rt_tri_low_solve_trans(L, n, Zt, m);
    if (B_adj)
        for (int i = 0; i < m; i++)
            for (int j = 0; j < n; j++)
                B_adj[IDX(i, j, n)] += Zt[IDX(j, i, m)];
    if (!A_adj)
        return;
    for (int a = 0; a < n; a++)
        for (int b = 0; b < n; b++) {
            double s = 0;
            for (int i = 0; i < m; i++)
                s += X[IDX(i, a, n)] * Zt[IDX(b, i, m)];
            M[IDX(a, b, n)] = s;
        }
    for (int a = 0; a < n; a++)
        for (int b = 0; b < n; b++)
            A_adj[IDX(a, b, n)] -= 0.5 * (M[IDX(a, b, n)] + M[IDX(b, a, n)]);
}

static void identity(double *Y, int n)
{
    if (n > 0)
        memset(Y, 0, sizeof *Y * (size_t)n * (size_t)n);
    for (int i = 0; i < n; i++)
        Y[IDX(i, i, n)] = 1;
}

int rt_matrix_power(const double *M, int n, int p, double *Y, double *work,
                    RtError *err)
{
    if (p < 0) {
        fill_nan(Y, (size_t)n * (size_t)n);
        return rt_error(err, "matrix_power: n is %d, but must be "
                        "nonnegative!", p);
    }
    identity(Y, n);
    for (int k = 0; k < p; k++) {
        rt_multiply(Y, M, n, n, n, work);
        if (n > 0)
            memcpy(Y, work, sizeof *Y * (size_t)n * (size_t)n);
    }
    return 0;
}

void rt_matrix_power_adj(const double *M, int n, int p, const double *Y_adj,
                         double *M_adj, double *work)
{
    if (p <= 0)
        return;
    size_t nn = (size_t)n * (size_t)n;
    double *P = work, *T = work + (size_t)p * nn, *U = T + nn;
    identity(P, n);                        /* P_k = M^k, k < p */
    for (int k = 1; k < p; k++)
        rt_multiply(P + (size_t)(k - 1) * nn, M, n, n, n, P + (size_t)k * nn);
    for (int k = 0; k < p; k++) {
        const double *Pk = P + (size_t)k * nn;
        const double *Pr = P + (size_t)(p - 1 - k) * nn;
        /* T = Pk^T Y_adj, U = T Pr^T */
        mul_tn(Pk, Y_adj, n, n, n, T);
        mul_nt(T, Pr, n, n, n, U);
        for (size_t i = 0; i < nn; i++)
            M_adj[i] += U[i];
    }
}

int rt_chol2inv(const double *L, int n, double *Y, RtError *err)
{
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++)
            if (L[IDX(i, j, n)] != 0) {
                fill_nan(Y, (size_t)n * (size_t)n);
                return rt_error(err, "chol2inv: L is not lower triangular; "
                                "L[%d,%d]=%g", i + 1, j + 1, L[IDX(i, j, n)]);
            }
    rt_chol_inverse(L, n, Y);
    return 0;
}

/* A = L L^T, Y = A^-1: A_adj = -Y Y_adj Y, L_adj = (A_adj + A_adj^T) L
 * on the lower triangle (the upper one is checked zero, never read). */
void rt_chol2inv_adj(const double *L, const double *Y, const double *Y_adj,
                     int n, double *L_adj, double *work)
{
    size_t nn = (size_t)n * (size_t)n;
    double *T = work, *G = work + nn;
    rt_multiply(Y, Y_adj, n, n, n, T);
    rt_multiply(T, Y, n, n, n, G);
    for (int i = 0; i < n; i++)
        for (int j = 0; j <= i; j++) {
            double s = 0;
            for (int k = 0; k < n; k++)
                s += (G[IDX(i, k, n)] + G[IDX(k, i, n)]) * L[IDX(k, j, n)];
            L_adj[IDX(i, j, n)] -= s;
        }
}

/* ------------------------------------------------------------------ SVD */

int rt_svd(const char *fn, const double *A, int m, int n, double *U,
           double *s, double *V, bool allow_empty, RtError *err)
{
    int k = m < n ? m : n;
    if (k == 0) {
        if (allow_empty)
            return 0;
        return rt_error(err, "%s: m has size 0, but must have a non-zero "
                        "size", fn);
    }
    for (size_t i = 0; i < (size_t)m * (size_t)n; i++)
        if (!isfinite(A[i])) {
            if (U)
                fill_nan(U, (size_t)m * (size_t)k);
            if (s)
                fill_nan(s, (size_t)k);
            if (V)
                fill_nan(V, (size_t)n * (size_t)k);
            return rt_error(err, "%s: m is %g, but must be finite!", fn, A[i]);
        }
    /* GSL wants rows >= columns: decompose A^T when m < n, whose U and
     * V are A's V and U */
    bool tr = m < n;
    int R = tr ? n : m;
    gsl_matrix *a = gsl_matrix_alloc((size_t)R, (size_t)k);
    gsl_matrix *v = gsl_matrix_alloc((size_t)k, (size_t)k);
    gsl_vector *sv = gsl_vector_alloc((size_t)k);
    gsl_vector *w = gsl_vector_alloc((size_t)k);
    if (!a || !v || !sv || !w) {
        if (a)
            gsl_matrix_free(a);
        if (v)
            gsl_matrix_free(v);
        if (sv)
            gsl_vector_free(sv);
        if (w)
            gsl_vector_free(w);
        return rt_fatal(err, "%s: out of memory", fn);
    }
    for (int i = 0; i < R; i++)
        for (int j = 0; j < k; j++)
            gsl_matrix_set(a, (size_t)i, (size_t)j,
                           tr ? A[IDX(j, i, n)] : A[IDX(i, j, n)]);
    gsl_error_handler_t *old = gsl_set_error_handler_off();
    gsl_linalg_SV_decomp(a, v, sv, w);
    gsl_set_error_handler(old);
    /* A's U is a (or v when transposed), m x k; A's V the other */
    const gsl_matrix *gu = tr ? v : a, *gv = tr ? a : v;
    for (int j = 0; j < k; j++) {
        int big = 0;
        for (int i = 1; i < m; i++)
            if (fabs(gsl_matrix_get(gu, (size_t)i, (size_t)j))
                > fabs(gsl_matrix_get(gu, (size_t)big, (size_t)j)))
                big = i;
        double sign = gsl_matrix_get(gu, (size_t)big, (size_t)j) < 0 ? -1 : 1;
        if (s)
            s[j] = gsl_vector_get(sv, (size_t)j);
        if (U)
            for (int i = 0; i < m; i++)
                U[IDX(i, j, k)] = sign * gsl_matrix_get(gu, (size_t)i,
                                                        (size_t)j);
        if (V)
            for (int i = 0; i < n; i++)
                V[IDX(i, j, k)] = sign * gsl_matrix_get(gv, (size_t)i,
                                                        (size_t)j);
    }
    gsl_vector_free(w);
    gsl_vector_free(sv);
    gsl_matrix_free(v);
    gsl_matrix_free(a);
    return 0;
}

/* ds_j = u_j^T dA v_j. */
int rt_singular_values_adj(const double *A, int m, int n,
                           const double *s_adj, double *A_adj, double *work)
{
    int k = m < n ? m : n;
    if (k == 0)
        return 0;
    double *U = work, *V = work + (size_t)m * (size_t)k;
    double *s = V + (size_t)n * (size_t)k;
    if (rt_svd("singular_values", A, m, n, U, s, V, true, NULL))
        return -1;
    for (int i = 0; i < m; i++)
        for (int j = 0; j < n; j++) {
            double g = 0;
            for (int c = 0; c < k; c++)
                g += U[IDX(i, c, k)] * s_adj[c] * V[IDX(j, c, k)];
            A_adj[IDX(i, j, n)] += g;
        }
    return 0;
}
