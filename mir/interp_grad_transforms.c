/* interp_grad_transforms.c - closed-form backward rules of the structured
 * constraining transforms (FnConstrain__) for the trace's backward pass:
 * simplex, stochastic_row and stochastic_column, unit_vector,
 * sum_to_zero_vector,
 * cov_matrix, cholesky_factor_cov, cholesky_factor_corr and corr_matrix,
 * each derived here from the transform's definition in the
 * Stan Reference Manual (2.36, "Constraint transforms"), not taken from
 * the runtime's adjoints, so that the interpreter's gradient stays an
 * independent opinion.  Each rule recomputes the forward values it needs
 * from the free values x and sends the output's adjoint gy and the
 * log-Jacobian's adjoint glj back to x.  An array of items is the items'
 * free values one after the other. */
#include <math.h>
#include <string.h>

#include "interp_impl.h"

static double inv_logit(double a)
{
    return a >= 0 ? 1 / (1 + exp(-a)) : exp(a) / (1 + exp(a));
}

/* Stick-breaking (K - 1 free values): a_k = x_k - log(K - 1 - k), p_k =
 * inv_logit(a_k), y_k = stick_k p_k, stick_(k+1) = stick_k (1 - p_k),
 * y_(K-1) = stick_(K-1); log|J| = sum_k log stick_k + log p_k + log(1 -
 * p_k).  Backward from the end: g_stick_k = g_stick_(k+1) (1 - p_k) +
 * gy_k p_k, and a_k gets (gy_k - g_stick_(k+1)) stick_k p_k (1 - p_k),
 * plus glj (1 - 2 p_k) from its own terms and -glj p_k from each later
 * log stick. */
static void back_simplex(Arena *a, const double *x, long xs, int K,
                         const double *gy, long ys, double glj, double *gx)
{
    int N = K - 1;
    double *stick = arena_alloc(a, sizeof(double) * (size_t)(K + 1));
    double *p = arena_alloc(a, sizeof(double) * (size_t)(K + 1));
    stick[0] = 1;
    for (int k = 0; k < N; k++) {
        double ak = x[k * xs] - log((double)(N - k));
        p[k] = inv_logit(ak);
        stick[k + 1] = stick[k] * inv_logit(-ak);
    }
    double gstick = gy[N * ys];
    for (int k = N - 1; k >= 0; k--) {
        double q = 1 - p[k], gyk = gy[k * ys];
        double ga = (gyk - gstick) * stick[k] * p[k] * q
                    + glj * ((1 - 2 * p[k]) - (N - 1 - k) * p[k]);
        gx[k * xs] += ga;
        gstick = gstick * q + gyk * p[k];
    }
}

/* stochastic_row (M x N, each row a simplex) and stochastic_column (each
 * column one): the free values as Stan's deserializer reads the free
 * matrix, column-major, so row i's are x[i + k M] and column j's
 * x[j (M - 1) + k]. */
static void back_stochastic(Arena *a, const double *x, bool rows, int M,
                            int N, const double *gy, double glj, double *gx)
{
    if (rows)
        for (int i = 0; i < M; i++)
            back_simplex(a, x + i, M, N, gy + (long)i * N, 1, glj, gx + i);
    else
        for (int j = 0; j < N; j++)
            back_simplex(a, x + (long)j * (M - 1), 1, M, gy + j, N, glj,
                         gx + (long)j * (M - 1));
}

/* cholesky_factor_cov (M x N, M >= N; free values row by row): L[m][n]
 * = x (n < m), exp(x) (n == m), 0 above; log|J| = sum of the diagonal's
 * x. */
static void back_cholesky_cov(const double *x, int M, int N,
                              const double *gy, double glj, double *gx)
{
    long pos = 0;
    for (int m = 0; m < M; m++)
        for (int n = 0; n < N && n <= m; n++, pos++) {
            double g = gy[(long)m * N + n];
            gx[pos] += n < m ? g : g * exp(x[pos]) + glj;
        }
}

/* unit_vector (K free values): y = x / |x|, log|J| = -x.x / 2; gx =
 * (gy - (gy . y) y) / |x| - glj x. */
static void back_unit_vector(const double *x, int K, const double *gy,
                             double glj, double *gx)
{
    double sn = 0, gyy = 0;
    for (int k = 0; k < K; k++)
        sn += x[k] * x[k];
    double r = sqrt(sn);
    for (int k = 0; k < K; k++)
        gyy += gy[k] * x[k] / r;
    for (int k = 0; k < K; k++)
        gx[k] += (gy[k] - gyy * x[k] / r) / r - glj * x[k];
}

/* sum_to_zero_vector (K - 1 free values, manual 2.36 "Zero sum vector"):
 * with w_j = x_j / sqrt((j + 1)(j + 2)), y_i = sum_(j >= i) w_j - i
 * w_(i-1) (0-based; y_(K-1) = -(K - 1) w_(K-2)); an isometry, log|J| = 0.
 * So gw_j = sum_(i <= j) gy_i - (j + 1) gy_(j+1). */
static void back_sum_to_zero(const double *x, int K, const double *gy,
                             double *gx)
{
    (void)x;
    double prefix = 0;
    for (int j = 0; j < K - 1; j++) {
        prefix += gy[j];
        double gw = prefix - (j + 1) * gy[j + 1];
        gx[j] += gw / sqrt((double)(j + 1) * (j + 2));
    }
}

/* cov_matrix (K (K + 1) / 2 free values, row by row, each row's diagonal
 * last): L[i][k] = x (k < i), exp(x) (k == i); Sigma = L L^T; log|J| =
 * K log 2 + sum_i (K - i + 1) x_ii (0-based i).  gL = (G + G^T) L. */
static void back_cov_matrix(Arena *a, const double *x, int K, const double *gy,
                            double glj, double *gx)
{
    double *L = arena_alloc(a, sizeof(double) * (size_t)(K * K + 1));
    for (int i = 0; i < K; i++)
        for (int k = 0; k <= i; k++) {
            double v = x[(size_t)i * (i + 1) / 2 + k];
            L[i * K + k] = k == i ? exp(v) : v;
        }
    for (int i = 0; i < K; i++)
        for (int k = 0; k <= i; k++) {
            double g = 0;
            for (int j = 0; j < K; j++)
                g += (gy[i * K + j] + gy[j * K + i]) * L[j * K + k];
            size_t at = (size_t)i * (i + 1) / 2 + k;
            gx[at] += k == i ? g * L[i * K + i] + glj * (K - i + 1) : g;
        }
}

/* Where the free value of L[i][k] (k < i) is: row by row (Cholesky
 * factor) or column by column (correlation matrix). */
static size_t corr_at(bool chol, int K, int i, int k)
{
    if (chol)
        return (size_t)i * (size_t)(i - 1) / 2 + (size_t)k;
    return (size_t)k * (size_t)(K - 1) - (size_t)k * (size_t)(k - 1) / 2
           + (size_t)(i - k - 1);
}

/* Row i of a correlation factor (manual, "Cholesky factors of correlation
 * matrices"): w_0 = 1, L[i][k] = tanh(v_k) w_k, w_(k+1) = w_k / cosh(v_k),
 * L[i][i] = w_i, with v_k = x at corr_at(i, k); log|J| adds -c log cosh
 * v_k, c = i + 1 - k for the Cholesky factor and K - k for the correlation
 * matrix (whose canonical partial correlations add (K - k - 2) such terms
 * to the factor's two).  Backward over k from the diagonal: gw_k = gw_(k+1)
 * / cosh v_k + gL_k tanh v_k, gv_k = gL_k w_k / cosh^2 v_k - gw_(k+1) w_k
 * tanh v_k / cosh v_k - glj c tanh v_k. */
static void back_corr_row(Arena *a, const double *x, bool chol, int K, int i,
                          const double *gL, double glj, double *gx)
{
    double *w = arena_alloc(a, sizeof(double) * (size_t)(i + 2));
    w[0] = 1;
    for (int k = 0; k < i; k++)
        w[k + 1] = w[k] / cosh(x[corr_at(chol, K, i, k)]);
    double gw = gL[i];
    for (int k = i - 1; k >= 0; k--) {
        double v = x[corr_at(chol, K, i, k)];
        double t = tanh(v), ch = cosh(v);
        double c = chol ? (double)(i + 1 - k) : (double)(K - k);
        gx[corr_at(chol, K, i, k)] += gL[k] * w[k] / (ch * ch)
                                      - gw * w[k] * t / ch - glj * c * t;
        gw = gw / ch + gL[k] * t;
    }
}

/* The factor L of the free values (K x K, row-major). */
static double *corr_factor(Arena *a, const double *x, bool chol, int K)
{
    double *L = arena_alloc(a, sizeof(double) * (size_t)(K * K + 1));
    for (int i = 0; i < K; i++) {
        double w = 1;
        for (int k = 0; k < i; k++) {
            double v = x[corr_at(chol, K, i, k)];
            L[i * K + k] = tanh(v) * w;
            w /= cosh(v);
        }
        L[i * K + i] = w;
    }
    return L;
}

/* cholesky_factor_corr: the rows' rules on gy's lower triangle.
 * corr_matrix: Omega = L L^T with its unit diagonal fixed, so gL = (G' +
 * G'^T) L with G' = G off the diagonal, then the rows' rules. */
static void back_corr(Arena *a, const double *x, bool chol, int K,
                      const double *gy, double glj, double *gx)
{
    const double *gL = gy;
    if (!chol) {
        double *L = corr_factor(a, x, false, K);
        double *g = arena_alloc(a, sizeof(double) * (size_t)(K * K + 1));
        for (int i = 0; i < K; i++)
            for (int k = 0; k <= i; k++) {
                double s = 0;
                for (int j = 0; j < K; j++)
                    if (j != i)
                        s += (gy[i * K + j] + gy[j * K + i]) * L[j * K + k];
                g[i * K + k] = s;
            }
        gL = g;
    }
    for (int i = 1; i < K; i++)
        back_corr_row(a, x, chol, K, i, gL + (size_t)i * K, glj, gx);
}

int interp_grad_transform(Arena *a, const MirTraceVals *kv, const double *gy,
                          double glj, double **ga)
{
    const char *tr = kv->nargs >= 3 && kv->args[1].k == IV_STR
        ? kv->args[1].s : "";
    bool simplex = !strcmp(tr, "simplex");
    bool stz = !strcmp(tr, "sum_to_zero_vector");
    bool cov = !strcmp(tr, "cov_matrix");
    bool chol = !strcmp(tr, "cholesky_factor_corr");
    bool corr = !strcmp(tr, "corr_matrix");
    bool cholcov = !strcmp(tr, "cholesky_factor_cov");
    bool srow = !strcmp(tr, "stochastic_row");
    bool scol = !strcmp(tr, "stochastic_column");
    bool unit = !strcmp(tr, "unit_vector");
    bool two = cholcov || srow || scol;
    if (!(simplex || stz || cov || chol || corr || unit || two)
        || kv->args[2].k != IV_INT
        || (two && (kv->nargs < 4 || kv->args[3].k != IV_INT)))
        return 1;
    long K = kv->args[2].i, N = two ? kv->args[3].i : K;
    if (K < 1 || K > 100000 || N < 1 || N > 100000 || (cholcov && K < N))
        return 1;
    long nfree = unit ? K : simplex || stz ? K - 1 : cov ? K * (K + 1) / 2
               : chol || corr ? K * (K - 1) / 2
               : cholcov ? N * (N + 1) / 2 + (K - N) * N
               : srow ? K * (N - 1) : (K - 1) * N;
    long nout = simplex || stz || unit ? K : two ? K * N : K * K;
    long m = iv_count(&kv->args[0]);
    if (nfree == 0 || !ga[0])
        return 0;
    if (m % nfree || iv_count(&kv->out) != m / nfree * nout)
        return 1;
    double *x = arena_alloc(a, sizeof(double) * (size_t)(m + 1));
    iv_flatten(&kv->args[0], x);
    for (long it = 0; it < m / nfree; it++) {
        const double *xi = x + it * nfree, *gi = gy + it * nout;
        double *gx = ga[0] + it * nfree;
        if (simplex)
            back_simplex(a, xi, 1, (int)K, gi, 1, glj, gx);
        else if (unit)
            back_unit_vector(xi, (int)K, gi, glj, gx);
        else if (stz)
            back_sum_to_zero(xi, (int)K, gi, gx);
        else if (cov)
            back_cov_matrix(a, xi, (int)K, gi, glj, gx);
        else if (cholcov)
            back_cholesky_cov(xi, (int)K, (int)N, gi, glj, gx);
        else if (srow || scol)
            back_stochastic(a, xi, srow, (int)K, (int)N, gi, glj, gx);
        else
            back_corr(a, xi, chol, (int)K, gi, glj, gx);
    }
    return 0;
}
