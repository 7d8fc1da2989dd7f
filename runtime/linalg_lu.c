/* linalg_lu.c - general matrix division (Stan Functions Reference,
 * "Linear algebra functions and solvers": mdivide_left, mdivide_right and
 * the operators \ and / with a matrix divisor) by LU with partial
 * pivoting, as Eigen's partialPivLu that Stan uses.  Conventions:
 * rt_lu.h.
 *
 * The adjoint rules (Giles 2008, "Collected matrix derivative results"):
 *   X = A^-1 B:  dX = A^-1 (dB - dA X), so with W = A^-T X_adj,
 *                <X_adj, dX> = <W, dB> - <W X^T, dA>:
 *                B_adj += W, A_adj -= W X^T;
 *   X = B A^-1:  dX = (dB - X dA) A^-1, so with W = X_adj A^-T,
 *                <X_adj, dX> = <W, dB> - <X^T W, dA>:
 *                B_adj += W, A_adj -= X^T W.
 * The reverse step factors A again rather than keeping the forward
 * factors: the emitted reverse sweep recomputes what it needs.
 *
 * The solves take the right-hand sides through strides, so one routine
 * serves the columns of a row-major n x m matrix (row stride m, column
 * stride 1) and the rows of an m x n one (row stride 1, column stride n),
 * which is how B A^-1 = (A^-T B^T)^T needs no transposed copies. */
#include <math.h>
#include <string.h>

#include "pplrt.h"
#include "rt_lu.h"

#define IDX(i, j, ncol) ((size_t)(i) * (size_t)(ncol) + (size_t)(j))

static void fill_nan(double *x, size_t n)
{
    for (size_t i = 0; i < n; i++)
        x[i] = NAN;
}

/* ------------------------------------------------------------ factors */

/* P A = L U in place (Doolittle, L unit lower below the diagonal, U on
 * and above it); piv[k] is the row swapped with row k at step k, stored
 * as a double so the factors fit in `work`.  Returns false if a pivot is
 * exactly zero (A singular); a NaN in A does not stop it and reaches the
 * result, as in Eigen. */
static bool lu_factor(double *LU, int n, double *piv)
{
    for (int k = 0; k < n; k++) {
        int p = k;
        for (int i = k + 1; i < n; i++)
            if (fabs(LU[IDX(i, k, n)]) > fabs(LU[IDX(p, k, n)]))
                p = i;
        piv[k] = p;
        if (p != k)
            for (int j = 0; j < n; j++) {
                double t = LU[IDX(k, j, n)];
                LU[IDX(k, j, n)] = LU[IDX(p, j, n)];
                LU[IDX(p, j, n)] = t;
            }
        double d = LU[IDX(k, k, n)];
        if (d == 0)
            return false;
        for (int i = k + 1; i < n; i++) {
            double f = (LU[IDX(i, k, n)] /= d);
            if (f != 0)
                for (int j = k + 1; j < n; j++)
                    LU[IDX(i, j, n)] -= f * LU[IDX(k, j, n)];
        }
    }
    return true;
}

/* The right-hand sides: m vectors of n entries, entry i of vector j at
 * X[i * rs + j * cs]. */
typedef struct Rhs {
    double *X;
    int m;
    size_t rs, cs;
} Rhs;

#define AT(r, i, j) ((r).X[(size_t)(i) * (r).rs + (size_t)(j) * (r).cs])

/* Row i of the right-hand sides -= f times row k. */
static void axpy_row(Rhs r, int i, int k, double f)
{
    for (int j = 0; j < r.m; j++)
        AT(r, i, j) -= f * AT(r, k, j);
}

static void scale_row(Rhs r, int i, double d)
{
    for (int j = 0; j < r.m; j++)
        AT(r, i, j) /= d;
}

static void swap_rows(Rhs r, int i, int k)
{
    for (int j = 0; j < r.m; j++) {
        double t = AT(r, i, j);
        AT(r, i, j) = AT(r, k, j);
        AT(r, k, j) = t;
    }
}

/* r <- A^-1 r = U^-1 L^-1 P r. */
static void lu_solve(const double *LU, const double *piv, int n, Rhs r)
{
    for (int k = 0; k < n; k++)
        if ((int)piv[k] != k)
            swap_rows(r, k, (int)piv[k]);
    for (int i = 0; i < n; i++)
        for (int k = 0; k < i; k++)
            axpy_row(r, i, k, LU[IDX(i, k, n)]);
    for (int i = n - 1; i >= 0; i--) {
        for (int k = i + 1; k < n; k++)
            axpy_row(r, i, k, LU[IDX(i, k, n)]);
        scale_row(r, i, LU[IDX(i, i, n)]);
    }
}

/* r <- A^-T r = P^T L^-T U^-T r (A = P^T L U, so A^T = U^T L^T P; P^T
 * undoes the swaps in reverse order). */
static void lu_solve_trans(const double *LU, const double *piv, int n,
                           Rhs r)
{
    for (int i = 0; i < n; i++) {
        for (int k = 0; k < i; k++)
            axpy_row(r, i, k, LU[IDX(k, i, n)]);
        scale_row(r, i, LU[IDX(i, i, n)]);
    }
    for (int i = n - 1; i >= 0; i--)
        for (int k = i + 1; k < n; k++)
            axpy_row(r, i, k, LU[IDX(k, i, n)]);
    for (int k = n - 1; k >= 0; k--)
        if ((int)piv[k] != k)
            swap_rows(r, k, (int)piv[k]);
}

/* The LU factors of n x n A in work (n*n, then n pivots). */
static bool factor(const double *A, int n, double *work)
{
    memcpy(work, A, sizeof *work * (size_t)n * (size_t)n);
    return lu_factor(work, n, work + (size_t)n * (size_t)n);
}

/* ------------------------------------------------------------- checks */

/* Stan's check_square and check_multiplicable (the divisor's columns
 * against the other operand's rows, or the other operand's columns
 * against the divisor's rows: inner = the two sizes that must agree). */
static int check_sizes(const char *fn, const char *name_A, int rows_A,
                       int cols_A, const char *first, int inner1,
                       const char *second, int inner2, RtError *err)
{
    if (rows_A != cols_A)
        return rt_error(err, "%s: Expecting a square matrix; rows of %s (%d) "
                        "and columns of %s (%d) must match in size", fn,
                        name_A, rows_A, name_A, cols_A);
    if (inner1 != inner2)
        return rt_error(err, "%s: Columns of %s (%d) and Rows of %s (%d) "
                        "must match in size", fn, first, inner1, second,
                        inner2);
    return 0;
}

/* ---------------------------------------------------------- A^-1 B */

int rt_mdivide_left(const double *A, int rows_A, int cols_A,
                    const double *B, int rows_B, int cols_B, double *X,
                    double *work, RtError *err)
{
    if (check_sizes("mdivide_left", "A", rows_A, cols_A, "A", cols_A, "b",
                    rows_B, err))
        return -1;
    int n = rows_A, m = cols_B;
    size_t size = (size_t)n * (size_t)m;
    if (!factor(A, n, work)) {
        fill_nan(X, size);
        return rt_error(err, "mdivide_left: A is singular");
    }
    if (X != B)
        memmove(X, B, sizeof *X * size);
    Rhs r = {X, m, (size_t)m, 1};
    lu_solve(work, work + (size_t)n * (size_t)n, n, r);
    return 0;
}

void rt_mdivide_left_adj(const double *A, const double *X,
                         const double *X_adj, int n, int m, double *A_adj,
                         double *B_adj, double *work)
{
    double *W = work + (size_t)n * (size_t)n + (size_t)n;
    if (!factor(A, n, work))
        return;                         /* the forward pass failed */
    memcpy(W, X_adj, sizeof *W * (size_t)n * (size_t)m);
    Rhs r = {W, m, (size_t)m, 1};
    lu_solve_trans(work, work + (size_t)n * (size_t)n, n, r);
    if (B_adj)
        for (size_t i = 0; i < (size_t)n * (size_t)m; i++)
            B_adj[i] += W[i];
    if (A_adj)
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++) {
                double s = 0;           /* (W X^T)[i, j] */
                for (int k = 0; k < m; k++)
                    s += W[IDX(i, k, m)] * X[IDX(j, k, m)];
                A_adj[IDX(i, j, n)] -= s;
            }
}

/* ---------------------------------------------------------- B A^-1 */

int rt_mdivide_right(const double *B, int rows_B, int cols_B,
                     const double *A, int rows_A, int cols_A, double *X,
                     double *work, RtError *err)
{
    if (check_sizes("mdivide_right", "A", rows_A, cols_A, "b", cols_B, "A",
                    rows_A, err))
        return -1;
    int m = rows_B, n = rows_A;
    size_t size = (size_t)m * (size_t)n;
    if (!factor(A, n, work)) {
        fill_nan(X, size);
        return rt_error(err, "mdivide_right: A is singular");
    }
    if (X != B)
        memmove(X, B, sizeof *X * size);
    /* the rows of X are the right-hand sides: X^T = A^-T B^T */
    Rhs r = {X, m, 1, (size_t)n};
    lu_solve_trans(work, work + (size_t)n * (size_t)n, n, r);
    return 0;
}

void rt_mdivide_right_adj(const double *A, const double *X,
                          const double *X_adj, int m, int n, double *B_adj,
                          double *A_adj, double *work)
{
    double *W = work + (size_t)n * (size_t)n + (size_t)n;
    if (!factor(A, n, work))
        return;
    memcpy(W, X_adj, sizeof *W * (size_t)m * (size_t)n);
    Rhs r = {W, m, 1, (size_t)n};       /* W^T = A^-1 X_adj^T */
    lu_solve(work, work + (size_t)n * (size_t)n, n, r);
    if (B_adj)
        for (size_t i = 0; i < (size_t)m * (size_t)n; i++)
            B_adj[i] += W[i];
    if (A_adj)
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++) {
                double s = 0;           /* (X^T W)[i, j] */
                for (int k = 0; k < m; k++)
                    s += X[IDX(k, i, n)] * W[IDX(k, j, n)];
                A_adj[IDX(i, j, n)] -= s;
            }
}
