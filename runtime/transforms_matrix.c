/* transforms_matrix.c - Stan's Cholesky-family transforms (Stan Reference
 * Manual, chapter "Constraint transforms"): cholesky_factor_corr,
 * corr_matrix, cholesky_factor_cov and cov_matrix.  The scalar and vector
 * transforms are in transforms.c; the contract is in pplrt.h.
 *
 * Both correlation transforms build the same lower-triangular factor L
 * from canonical partial correlations z = tanh(x): row i is a signed
 * stick-breaking of unit length,
 *   L[i][k] = z_ik w_ik,   w_ik = prod_{j<k} sqrt(1 - z_ij^2),
 *   L[i][i] = w_ii,
 * and sqrt(1 - tanh(x)^2) = 1 / cosh(x), so w is a product of 1/cosh
 * factors and log w a sum of -log cosh terms.  That makes both log
 * Jacobians sums of c * -log cosh(x) over the free values with integer
 * coefficients c (derived at jacobian_weight below), evaluated without the
 * cancellation of Stan's log1m(tanh(x)^2) and log1m(sum of squares) forms;
 * the values are the same.  They differ only in the order of the free
 * values: Stan's cholesky_corr_constrain reads them row by row, its
 * read_corr_L (behind corr_matrix_constrain) column by column. */
#include <math.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdlib.h>

#include "pplrt.h"

/* Stan's CONSTRAINT_TOLERANCE, for symmetry, unit diagonals and unit rows */
#define TOLERANCE 1e-8

static const double LOG_TWO = 0.693147180559945309417232121458;

/* ------------------------------------------------------------ helpers */

/* log cosh x without overflow: |x| + log(1 + exp(-2|x|)) - log 2. */
static double log_cosh(double x)
{
    double a = fabs(x);
    return a + log1p(exp(-2 * a)) - LOG_TWO;
}

static void fill_nan(double *v, size_t n)
{
    for (size_t i = 0; i < n; i++)
        v[i] = NAN;
}

/* y holds a lower-triangular L, row-major with zeros above the diagonal;
 * overwrite it with L L^T.  Off-diagonal products go above the diagonal
 * first (where L is zero and never read), then the diagonal, then the
 * mirror image, so no workspace is needed.  A correlation matrix gets an
 * exact unit diagonal. */
static void self_transpose_in_place(double *y, int K, bool unit_diagonal)
{
    for (int i = 1; i < K; i++)
        for (int j = 0; j < i; j++) {
            double s = 0;
            for (int k = 0; k <= j; k++)
                s += y[i * K + k] * y[j * K + k];
            y[j * K + i] = s;
        }
    for (int i = 0; i < K; i++) {
        double s = 0;
        for (int k = 0; k <= i; k++)
            s += y[i * K + k] * y[i * K + k];
        y[i * K + i] = unit_diagonal ? 1 : s;
    }
    for (int i = 1; i < K; i++)
        for (int j = 0; j < i; j++)
            y[i * K + j] = y[j * K + i];
}

/* Every entry finite, then Stan's check_symmetric: |y[i][j] - y[j][i]|
 * <= TOLERANCE. */
static int check_symmetric(const char *fn, const double *y, int K,
                           RtError *err)
{
    for (int i = 0; i < K * K; i++)
        if (!isfinite(y[i]))
            return rt_error(err, "%s: y[%d,%d] is %g, but must be finite", fn,
                            i / K + 1, i % K + 1, y[i]);
    for (int i = 0; i < K; i++)
        for (int j = 0; j <= i; j++)
            if (!(fabs(y[i * K + j] - y[j * K + i]) <= TOLERANCE))
                return rt_error(err, "%s: y is not symmetric. y[%d,%d] = "
                                "%g, but y[%d,%d] = %g", fn, i + 1, j + 1,
                                y[i * K + j], j + 1, i + 1, y[j * K + i]);
    return 0;
}

/* Cholesky factor of the symmetric K x K matrix a (its lower triangle is
 * read) into l, row-major, zeros above the diagonal; false if a is not
 * positive definite. */
static bool cholesky(const double *a, int K, double *l)
{
    for (int i = 0; i < K; i++) {
        for (int j = 0; j <= i; j++) {
            double s = a[i * K + j];
            for (int k = 0; k < j; k++)
                s -= l[i * K + k] * l[j * K + k];
            if (i == j) {
                if (!(s > 0) || !isfinite(s))
                    return false;
                l[i * K + i] = sqrt(s);
            } else {
                l[i * K + j] = s / l[j * K + j];
            }
        }
        for (int j = i + 1; j < K; j++)
            l[i * K + j] = 0;
    }
    return true;
}

/* ------------------------------------------- the correlation factor L */

typedef enum CorrKind {
    CORR_CHOLESKY,   /* cholesky_factor_corr: free values row by row */
    CORR_MATRIX      /* corr_matrix: free values column by column */
} CorrKind;

/* Where the free value of L[i][k] (k < i) is. */
static size_t corr_index(CorrKind kind, int K, int i, int k)
{
    if (kind == CORR_CHOLESKY)
        return (size_t)i * (size_t)(i - 1) / 2 + (size_t)k;
    /* columns 0..k-1 hold K-1, K-2, ..., K-k values */
    return (size_t)k * (size_t)(K - 1) - (size_t)k * (size_t)(k - 1) / 2
           + (size_t)(i - k - 1);
}

/* log|J| = sum over i > k of -c(i, k) log cosh x_ik.
 *
 * cholesky_factor_corr (manual, "Cholesky factors of correlation
 * matrices", "Absolute Jacobian determinant of inverse transform"):
 * -2 log cosh x for each tanh, plus 1/2 log(1 - sum_{j'<j} L[i][j']^2) =
 * log w_ij for each i > j; log w_ij holds -log cosh x_ik for every k < j,
 * which is i - 1 - k of them in row i.  So c = 2 + (i - 1 - k) = i + 1 - k.
 *
 * corr_matrix (manual, "Correlation matrices", "Absolute Jacobian
 * determinant of the correlation matrix inverse transform", after LKJ's
 * equation 11): the tanh terms, plus sum (K - k - 1)/2 log(1 - z^2) over
 * the CPCs of 1-based column k; with 0-based columns that is (K - k - 2)
 * times -log cosh, so c = K - k. */
static double jacobian_weight(CorrKind kind, int K, int i, int k)
{
    return kind == CORR_CHOLESKY ? (double)(i + 1 - k) : (double)(K - k);
}

/* Row i of L into row[0..K-1]; adds log|J|'s terms of row i to *sum. */
static void corr_row(const double *x, CorrKind kind, int K, int i,
                     double *row, double *sum)
{
    double w = 1;
    for (int k = 0; k < i; k++) {
        double v = x[corr_index(kind, K, i, k)];
        row[k] = tanh(v) * w;
        w /= cosh(v);
        *sum -= jacobian_weight(kind, K, i, k) * log_cosh(v);
    }
    row[i] = w;
    for (int k = i + 1; k < K; k++)
        row[k] = 0;
}

/* Reverse sweep for row i, given adj_row[k] = d t / d L[i][k], k <= i.
 * With s_k = 1/cosh(x_ik), d L[i][k] / d x_ik = w_k s_k^2 and, for j > k
 * (the diagonal included), d L[i][j] / d x_ik = -z_k L[i][j].  So
 *   d t / d x_ik = w_k s_k (adj_k s_k - z_k R_k),
 * where R_k = sum_{j > k} adj_j L[i][j] / w_{k+1}, built backwards by
 * R_{k-1} = adj_k z_k + s_k R_k from R_{i-1} = adj_i.  w_k comes from
 * log w_i by removing log cosh terms on the way back: nothing is stored.
 * The log|J| term -c log cosh x adds -c z. */
static void corr_row_adjoint(const double *x, CorrKind kind, int K, int i,
                             const double *adj_row, bool jacobian,
                             double *adj_x)
{
    double log_w = 0;
    for (int k = 0; k < i; k++)
        log_w -= log_cosh(x[corr_index(kind, K, i, k)]);
    double r = adj_row[i];
    for (int k = i - 1; k >= 0; k--) {
        size_t at = corr_index(kind, K, i, k);
        double v = x[at];
        double z = tanh(v), s = 1 / cosh(v);
        log_w += log_cosh(v);
        double g = exp(log_w) * s * (adj_row[k] * s - z * r);
        if (jacobian)
            g -= jacobian_weight(kind, K, i, k) * z;
        adj_x[at] += g;
        r = adj_row[k] * z + s * r;
    }
}

/* The CPCs of a lower-triangular factor l with positive diagonal: z_ik is
 * L[i][k] over the length of row i from column k on, which is
 * sqrt(1 - sum_{j<k} L[i][j]^2) for a unit row and keeps |z| < 1 under
 * rounding; x = atanh(z) (manual, "Cholesky factor of correlation matrix
 * transform" and "Correlation matrix transform"). */
static void corr_free_from_factor(const double *l, CorrKind kind, int K,
                                  double *x)
{
    for (int i = 1; i < K; i++) {
        double tail = l[i * K + i] * l[i * K + i];
        for (int k = i - 1; k >= 0; k--) {
            double v = l[i * K + k];
            tail += v * v;
            x[corr_index(kind, K, i, k)] = atanh(v / sqrt(tail));
        }
    }
}

/* ------------------------------------------------- cholesky_factor_corr */

int rt_cholesky_corr_free_size(int K)
{
    return K > 1 ? K * (K - 1) / 2 : 0;
}

void rt_cholesky_corr_constrain(const double *x, int K, double *y,
                                double *lj)
{
    double sum = 0;
    for (int i = 0; i < K; i++)
        corr_row(x, CORR_CHOLESKY, K, i, y + (ptrdiff_t)i * K, &sum);
    if (lj)
        *lj += sum;
}

int rt_cholesky_corr_unconstrain(const double *y, int K, double *x,
                                 RtError *err)
{
    const char *fn = "cholesky_corr_free";
    for (int i = 0; i < K; i++)
        for (int j = i + 1; j < K; j++)
            if (y[i * K + j] != 0)
                return rt_error(err, "%s: y is not lower triangular; "
                                "y[%d,%d]=%g", fn, i + 1, j + 1,
                                y[i * K + j]);
    for (int i = 0; i < K; i++) {
        if (!(y[i * K + i] > 0))
            return rt_error(err, "%s: y is not a valid Cholesky factor: "
                            "y[%d,%d] is %g, but the diagonal must be "
                            "positive", fn, i + 1, i + 1, y[i * K + i]);
        double sn = 0;
        for (int j = 0; j <= i; j++)
            sn += y[i * K + j] * y[i * K + j];
        if (!(fabs(1 - sn) <= TOLERANCE))
            return rt_error(err, "%s: y is not a valid Cholesky factor of a "
                            "correlation matrix: the squares of row %d sum "
                            "to %g, but should sum to 1", fn, i + 1, sn);
    }
    corr_free_from_factor(y, CORR_CHOLESKY, K, x);
    return 0;
}

void rt_cholesky_corr_adjoint(const double *x, int K, const double *adj_y,
                              bool jacobian, double *adj_x)
{
    for (int i = 1; i < K; i++)
        corr_row_adjoint(x, CORR_CHOLESKY, K, i, adj_y + (ptrdiff_t)i * K,
                         jacobian, adj_x);
}

/* -------------------------------------------------------- corr_matrix */

int rt_corr_matrix_free_size(int K)
{
    return rt_cholesky_corr_free_size(K);
}

/* Manual, "Correlation matrix inverse transform": L from the CPCs, then
 * L L^T. */
void rt_corr_matrix_constrain(const double *x, int K, double *y, double *lj)
{
    double sum = 0;
    for (int i = 0; i < K; i++)
        corr_row(x, CORR_MATRIX, K, i, y + (ptrdiff_t)i * K, &sum);
    self_transpose_in_place(y, K, true);
    if (lj)
        *lj += sum;
}

int rt_corr_matrix_unconstrain(const double *y, int K, double *x,
                               RtError *err)
{
    const char *fn = "corr_matrix_free";
    if (check_symmetric(fn, y, K, err))
        return -1;
    for (int i = 0; i < K; i++)
        if (!(fabs(y[i * K + i] - 1) <= TOLERANCE))
            return rt_error(err, "%s: y is not a valid correlation matrix. "
                            "y[%d,%d] is %.9g, but should be near 1", fn,
                            i + 1, i + 1, y[i * K + i]);
    if (K <= 1)
        return 0;
    double *l = malloc(sizeof *l * (size_t)K * (size_t)K);
    if (!l)
        return rt_fatal(err, "%s: out of memory", fn);
    if (!cholesky(y, K, l)) {
        free(l);
        return rt_error(err, "%s: y is not positive definite", fn);
    }
    corr_free_from_factor(l, CORR_MATRIX, K, x);
    free(l);
    return 0;
}

/* Through Sigma = L L^T: d t / d L[a][k] = sum_b (A[a][b] + A[b][a])
 * L[b][k], where the diagonal (b = a) is left out because Sigma's
 * diagonal is the constant 1; then each row of L as for the Cholesky
 * factor.  If memory runs out the gradient is NaN, which rejects the
 * point. */
void rt_corr_matrix_adjoint(const double *x, int K, const double *adj_y,
                            bool jacobian, double *adj_x)
{
    if (K <= 1)
        return;
    size_t kk = (size_t)K * (size_t)K;
    double *l = malloc(sizeof *l * 2 * kk);
    if (!l) {
        fill_nan(adj_x, (size_t)rt_corr_matrix_free_size(K));
        return;
    }
    double *adj_l = l + kk, unused = 0;
    for (int i = 0; i < K; i++)
        corr_row(x, CORR_MATRIX, K, i, l + (ptrdiff_t)i * K, &unused);
    for (int a = 0; a < K; a++)
        for (int k = 0; k <= a; k++) {
            double s = 0;
            for (int b = k; b < K; b++)
                if (b != a)
                    s += (adj_y[a * K + b] + adj_y[b * K + a]) * l[b * K + k];
            adj_l[a * K + k] = s;
        }
    for (int a = 1; a < K; a++)
        corr_row_adjoint(x, CORR_MATRIX, K, a, adj_l + (ptrdiff_t)a * K,
                         jacobian, adj_x);
    free(l);
}

/* -------------------------------------------------- cholesky_factor_cov */

/* Manual, "Cholesky factors of covariance matrices": an M x N lower-
 * triangular factor, M >= N, with a positive diagonal stored as its log.
 * The free values go row by row, each row ending with its diagonal entry
 * (rows past N have no diagonal entry); log|J| = sum of the diagonal's
 * free values. */
int rt_cholesky_cov_free_size(int M, int N)
{
    if (N < 0 || M < N)
        return 0;
    return N * (N + 1) / 2 + (M - N) * N;
}

void rt_cholesky_cov_constrain(const double *x, int M, int N, double *y,
                               double *lj)
{
    if (N < 0 || M < N) {
        if (M > 0 && N > 0)
            fill_nan(y, (size_t)M * (size_t)N);
        if (lj)
            *lj += NAN;
        return;
    }
    size_t pos = 0;
    double sum = 0;
    for (int m = 0; m < M; m++)
        for (int n = 0; n < N; n++) {
            double *v = y + (ptrdiff_t)m * N + n;
            if (n < m) {
                *v = x[pos++];
            } else if (n == m) {
                *v = exp(x[pos]);
                sum += x[pos++];
            } else {
                *v = 0;
            }
        }
    if (lj)
        *lj += sum;
}

int rt_cholesky_cov_unconstrain(const double *y, int M, int N, double *x,
                                RtError *err)
{
    const char *fn = "cholesky_factor_free";
    if (N < 0 || M < N)
        return rt_error(err, "%s: a Cholesky factor needs at least as many "
                        "rows as columns, but is %d x %d", fn, M, N);
    for (int m = 0; m < M; m++)
        for (int n = 0; n < N; n++) {
            double v = y[m * N + n];
            if (n > m && v != 0)
                return rt_error(err, "%s: y is not lower triangular; "
                                "y[%d,%d]=%g", fn, m + 1, n + 1, v);
            if (n == m && !(v > 0))
                return rt_error(err, "%s: y is not a valid Cholesky factor: "
                                "y[%d,%d] is %g, but the diagonal must be "
                                "positive", fn, m + 1, n + 1, v);
            if (isnan(v))
                return rt_error(err, "%s: y[%d,%d] is nan", fn, m + 1,
                                n + 1);
        }
    size_t pos = 0;
    for (int m = 0; m < M; m++)
        for (int n = 0; n < N && n <= m; n++)
            x[pos++] = n == m ? log(y[m * N + n]) : y[m * N + n];
    return 0;
}

void rt_cholesky_cov_adjoint(const double *x, int M, int N,
                             const double *adj_y, bool jacobian,
                             double *adj_x)
{
    if (N < 0 || M < N)
        return;
    size_t pos = 0;
    for (int m = 0; m < M; m++)
        for (int n = 0; n < N && n <= m; n++, pos++) {
            double a = adj_y[m * N + n];
            if (n < m)
                adj_x[pos] += a;
            else
                adj_x[pos] += a * exp(x[pos]) + (jacobian ? 1 : 0);
        }
}

/* --------------------------------------------------------- cov_matrix */

/* Manual, "Covariance matrices": L lower-triangular with exp'd diagonal,
 * free values row by row with each row's diagonal last (as Stan's
 * cov_matrix_constrain reads them), Sigma = L L^T, and
 *   log|J| = K log 2 + sum_k (K - k + 1) x_kk      (0-based k),
 * from 2^K prod_k L_kk^(K - k + 2) in the manual's 1-based terms.  Stan
 * keeps the constant K log 2, and so does this. */
int rt_cov_matrix_free_size(int K)
{
    return K > 0 ? K * (K + 1) / 2 : 0;
}

/* Where the free value of L[i][k] (k <= i) is. */
static size_t cov_index(int i, int k)
{
    return (size_t)i * (size_t)(i + 1) / 2 + (size_t)k;
}

void rt_cov_matrix_constrain(const double *x, int K, double *y, double *lj)
{
    double sum = K * LOG_TWO;
    for (int i = 0; i < K; i++)
        for (int k = 0; k < K; k++) {
            double *v = y + (ptrdiff_t)i * K + k;
            if (k < i) {
                *v = x[cov_index(i, k)];
            } else if (k == i) {
                *v = exp(x[cov_index(i, i)]);
                sum += (K - i + 1) * x[cov_index(i, i)];
            } else {
                *v = 0;
            }
        }
    self_transpose_in_place(y, K, false);
    if (lj)
        *lj += sum;
}

int rt_cov_matrix_unconstrain(const double *y, int K, double *x,
                              RtError *err)
{
    const char *fn = "cov_matrix_free";
    if (check_symmetric(fn, y, K, err))
        return -1;
    if (K <= 0)
        return 0;
    double *l = malloc(sizeof *l * (size_t)K * (size_t)K);
    if (!l)
        return rt_fatal(err, "%s: out of memory", fn);
    if (!cholesky(y, K, l)) {
        free(l);
        return rt_error(err, "%s: y is not positive definite", fn);
    }
    for (int i = 0; i < K; i++)
        for (int k = 0; k <= i; k++)
            x[cov_index(i, k)] = k == i ? log(l[i * K + i]) : l[i * K + k];
    free(l);
    return 0;
}

/* d t / d L[a][k] = sum_{b >= k} (A[a][b] + A[b][a]) L[b][k], with L read
 * straight from x (one exp per diagonal entry used), so nothing is
 * allocated. */
void rt_cov_matrix_adjoint(const double *x, int K, const double *adj_y,
                           bool jacobian, double *adj_x)
{
    for (int a = 0; a < K; a++)
        for (int k = 0; k <= a; k++) {
            double s = 0;
            for (int b = k; b < K; b++) {
                double l_bk = b == k ? exp(x[cov_index(b, b)])
                                     : x[cov_index(b, k)];
                s += (adj_y[a * K + b] + adj_y[b * K + a]) * l_bk;
            }
            if (k < a)
                adj_x[cov_index(a, k)] += s;
            else
                adj_x[cov_index(a, a)] += s * exp(x[cov_index(a, a)])
                                          + (jacobian ? K - a + 1 : 0);
        }
}

/* ------------------------------------------- reverse steps of the frees */

/* The derivatives of the unconstraining functions as Stan functions
 * (cholesky_factor_corr_unconstrain, ...): adj_x = d t / d x for the free
 * values the rt_*_unconstrain call returned from y; d t / d y is added
 * into adj_y, differentiating the formulas rt_*_unconstrain evaluates (y
 * must have passed its checks).  Memory running out gives NaN. */

/* corr_free_from_factor's reverse step for row i, into adj_l.  With T_k =
 * sum_{j >= k} L[i][j]^2 (the tail, diagonal included) and u_k = L[i][k] /
 * sqrt(T_k), x_k = atanh(u_k), and 1 - u_k^2 = T_{k+1} / T_k, so
 *   d x_k / d L[i][k] = 1 / sqrt(T_k),
 *   d x_k / d L[i][j] = -L[i][j] h_k / a_k (j > k),
 *   h_k = a_k L[i][k] / (T_{k+1} sqrt(T_k)),
 * and L[i][j] gets -L[i][j] times the sum of h_k over k < j.  Two backward
 * sweeps (the tail is built backwards): the first sums h, the second takes
 * the terms off again. */
static void corr_free_row_adjoint(const double *l, CorrKind kind, int K,
                                  int i, const double *adj_x, double *adj_l)
{
    const double *row = l + (ptrdiff_t)i * K;
    double *adj = adj_l + (ptrdiff_t)i * K;
    double tail = row[i] * row[i], all = 0;
    for (int k = i - 1; k >= 0; k--) {
        double next = tail;
        tail += row[k] * row[k];
        all += adj_x[corr_index(kind, K, i, k)] * row[k]
               / (next * sqrt(tail));
    }
    adj[i] -= row[i] * all;
    tail = row[i] * row[i];
    for (int k = i - 1; k >= 0; k--) {
        double a = adj_x[corr_index(kind, K, i, k)], next = tail;
        tail += row[k] * row[k];
        all -= a * row[k] / (next * sqrt(tail));
        adj[k] += a / sqrt(tail) - row[k] * all;
    }
}

/* The reverse step of cholesky() above, which reads a's lower triangle:
 * adj_l (overwritten: it is the working adjoint of L) -> adj_a's lower
 * triangle, added.  Steps in the reverse order of the forward loop; s is
 * the running value of entry (i, j) there. */
static void cholesky_adjoint(const double *l, int K, double *adj_l,
                             double *adj_a)
{
    for (int i = K - 1; i >= 0; i--)
        for (int j = i; j >= 0; j--) {
            double s_adj;
            if (i == j) {
                s_adj = 0.5 * adj_l[i * K + i] / l[i * K + i];
            } else {
                s_adj = adj_l[i * K + j] / l[j * K + j];
                adj_l[j * K + j] -= s_adj * l[i * K + j];
            }
            adj_a[i * K + j] += s_adj;
            for (int k = j - 1; k >= 0; k--) {
                adj_l[i * K + k] -= s_adj * l[j * K + k];
                adj_l[j * K + k] -= s_adj * l[i * K + k];
            }
        }
}

void rt_cholesky_corr_unconstrain_adjoint(const double *y, int K,
                                          const double *adj_x,
                                          double *adj_y)
{
    for (int i = 1; i < K; i++)
        corr_free_row_adjoint(y, CORR_CHOLESKY, K, i, adj_x, adj_y);
}

/* x from the factor of y: the factor's reverse step, then cholesky's. */
void rt_corr_matrix_unconstrain_adjoint(const double *y, int K,
                                        const double *adj_x, double *adj_y)
{
    if (K <= 1)
        return;
    size_t kk = (size_t)K * (size_t)K;
    double *l = malloc(sizeof *l * 2 * kk);
    if (!l || !cholesky(y, K, l)) {
        free(l);
        fill_nan(adj_y, kk);
        return;
    }
    double *adj_l = l + kk;
    for (size_t k = 0; k < kk; k++)
        adj_l[k] = 0;
    for (int i = 1; i < K; i++)
        corr_free_row_adjoint(l, CORR_MATRIX, K, i, adj_x, adj_l);
    cholesky_adjoint(l, K, adj_l, adj_y);
    free(l);
}

void rt_cholesky_cov_unconstrain_adjoint(const double *y, int M, int N,
                                         const double *adj_x, double *adj_y)
{
    if (N < 0 || M < N)
        return;
    size_t pos = 0;
    for (int m = 0; m < M; m++)
        for (int n = 0; n < N && n <= m; n++, pos++)
            adj_y[m * N + n] += n == m ? adj_x[pos] / y[m * N + n]
                                       : adj_x[pos];
}

void rt_cov_matrix_unconstrain_adjoint(const double *y, int K,
                                       const double *adj_x, double *adj_y)
{
    if (K <= 0)
        return;
    size_t kk = (size_t)K * (size_t)K;
    double *l = malloc(sizeof *l * 2 * kk);
    if (!l || !cholesky(y, K, l)) {
        free(l);
        fill_nan(adj_y, kk);
        return;
    }
    double *adj_l = l + kk;
    for (size_t k = 0; k < kk; k++)
        adj_l[k] = 0;
    for (int i = 0; i < K; i++)
        for (int k = 0; k <= i; k++)
            adj_l[i * K + k] = k == i ? adj_x[cov_index(i, i)] / l[i * K + i]
                                      : adj_x[cov_index(i, k)];
    cholesky_adjoint(l, K, adj_l, adj_y);
    free(l);
}
