/* interp_grad_multi.c - closed-form derivative rules of the multivariate
 * normal densities, written from the mathematics with their own small
 * linear algebra (not the runtime's), for the trace's backward pass:
 *
 *   multi_normal(y | mu, Sigma):  r = y - mu, a = Sigma^-1 r,
 *     dy = -a, dmu = a, dSigma = 0.5 (a a' - Sigma^-1)   per observation
 *   multi_normal_cholesky(y | mu, L):  z = L^-1 r, w = L^-T z,
 *     dy = -w, dmu = w, dL = tril(w z') - diag(1 / L_ii)   per observation
 *
 * y and mu are vectors, row vectors or arrays of them (one of them may be
 * a single vector, used for every observation).  Returns 1 when the
 * shapes are not these (the caller differentiates numerically). */
#include <math.h>
#include <string.h>

#include "interp_impl.h"

/* The vectors of v, each of K values: pointers to them, their number. */
static int vectors(const IVal *v, int K, const double **out, int max,
                   int *n)
{
    if (v->k == IV_VEC || v->k == IV_ROWVEC) {
        if ((long)v->rows * v->cols != K)
            return 1;
        out[0] = v->d;
        *n = 1;
        return 0;
    }
    if (v->k != IV_ARRAY || v->n > max)
        return 1;
    for (int i = 0; i < v->n; i++) {
        const IVal *e = &v->el[i];
        if ((e->k != IV_VEC && e->k != IV_ROWVEC)
            || (long)e->rows * e->cols != K)
            return 1;
        out[i] = e->d;
    }
    *n = v->n;
    return 0;
}

/* Lower-triangular solves with L (K x K, row-major): x = L^-1 b, and
 * x = L^-T b. */
static void solve_lower(const double *L, int K, const double *b, double *x)
{
    for (int i = 0; i < K; i++) {
        double s = b[i];
        for (int j = 0; j < i; j++)
            s -= L[i * K + j] * x[j];
        x[i] = s / L[i * K + i];
    }
}

static void solve_upper_t(const double *L, int K, const double *b, double *x)
{
    for (int i = K - 1; i >= 0; i--) {
        double s = b[i];
        for (int j = i + 1; j < K; j++)
            s -= L[j * K + i] * x[j];
        x[i] = s / L[i * K + i];
    }
}

/* The Cholesky factor of S (K x K) into L: 0, or 1 if not positive
 * definite. */
static int cholesky(const double *S, int K, double *L)
{
    memset(L, 0, sizeof(double) * (size_t)K * K);
    for (int j = 0; j < K; j++) {
        double s = S[j * K + j];
        for (int k = 0; k < j; k++)
            s -= L[j * K + k] * L[j * K + k];
        if (!(s > 0))
            return 1;
        L[j * K + j] = sqrt(s);
        for (int i = j + 1; i < K; i++) {
            double t = S[i * K + j];
            for (int k = 0; k < j; k++)
                t -= L[i * K + k] * L[j * K + k];
            L[i * K + j] = t / L[j * K + j];
        }
    }
    return 0;
}

int interp_grad_multi_normal(Arena *a, const char *base, const IVal *args,
                             int nargs, double gout, double **ga)
{
    bool chol = !strcmp(base, "multi_normal_cholesky");
    if ((!chol && strcmp(base, "multi_normal")) || nargs != 3
        || args[2].k != IV_MAT || args[2].rows != args[2].cols)
        return 1;
    int K = args[2].rows, ny, nm;
    int maxy = args[0].k == IV_ARRAY ? args[0].n : 1;
    int maxm = args[1].k == IV_ARRAY ? args[1].n : 1;
    const double **ys = arena_alloc(a, sizeof(double *) * (size_t)(maxy + 1));
    const double **ms = arena_alloc(a, sizeof(double *) * (size_t)(maxm + 1));
    if (K < 1 || vectors(&args[0], K, ys, maxy, &ny)
        || vectors(&args[1], K, ms, maxm, &nm)
        || (ny != nm && ny != 1 && nm != 1))
        return 1;
    int n = ny > nm ? ny : nm;
    double *L = arena_alloc(a, sizeof(double) * (size_t)K * K);
    double *r = arena_alloc(a, sizeof(double) * (size_t)K * 4);
    double *z = r + K, *w = z + K, *e = w + K;
    if (chol)
        memcpy(L, args[2].d, sizeof(double) * (size_t)K * K);
    else if (cholesky(args[2].d, K, L))
        return 1;
    double *gS = ga[2];
    for (int o = 0; o < n; o++) {
        const double *y = ys[ny == 1 ? 0 : o], *mu = ms[nm == 1 ? 0 : o];
        for (int i = 0; i < K; i++)
            r[i] = y[i] - mu[i];
        solve_lower(L, K, r, z);
        solve_upper_t(L, K, z, w);          /* w = Sigma^-1 r */
        for (int i = 0; i < K; i++) {
            if (ga[0])
                ga[0][(ny == 1 ? 0 : o) * K + i] -= gout * w[i];
            if (ga[1])
                ga[1][(nm == 1 ? 0 : o) * K + i] += gout * w[i];
        }
        if (!gS)
            continue;
        for (int i = 0; i < K; i++)
            for (int j = 0; j < K; j++) {
                if (chol && j <= i)
                    gS[i * K + j] += gout * (w[i] * z[j]
                                             - (i == j ? 1 / L[i * K + i]
                                                       : 0));
                else if (!chol)
                    gS[i * K + j] += gout * 0.5 * w[i] * w[j];
            }
    }
    if (gS && !chol) {      /* - 0.5 n Sigma^-1, column by column */
        for (int j = 0; j < K; j++) {
            for (int i = 0; i < K; i++)
                e[i] = i == j;
            solve_lower(L, K, e, z);
            solve_upper_t(L, K, z, w);
            for (int i = 0; i < K; i++)
                gS[i * K + j] -= gout * 0.5 * n * w[i];
        }
    }
    return 0;
}

/* cholesky_decompose: A = L L'.  The adjoint of A's lower triangle from
 * L's (Murray 2016, the unblocked reverse algorithm), then shared half
 * and half between A[i, j] and A[j, i] (the argument is symmetric: its
 * maker computes both). */
int interp_grad_cholesky(Arena *a, const IVal *L, const double *gL,
                         double *gA)
{
    if (L->k != IV_MAT || L->rows != L->cols)
        return 1;
    int n = L->rows;
    const double *l = L->d;
    double *b = arena_alloc(a, sizeof(double) * ((size_t)n * n + 1));
    for (int i = 0; i < n; i++)
        for (int j = 0; j <= i; j++)
            b[i * n + j] = gL[i * n + j];
    for (int i = n - 1; i >= 0; i--)
        for (int j = i; j >= 0; j--) {
            if (i == j) {
                b[i * n + i] = 0.5 * b[i * n + i] / l[i * n + i];
            } else {
                b[i * n + j] /= l[j * n + j];
                b[j * n + j] -= b[i * n + j] * l[i * n + j];
            }
            for (int k = j - 1; k >= 0; k--) {
                b[i * n + k] -= b[i * n + j] * l[j * n + k];
                b[j * n + k] -= b[i * n + j] * l[i * n + k];
            }
        }
    for (int i = 0; i < n; i++) {
        gA[i * n + i] += b[i * n + i];
        for (int j = 0; j < i; j++) {
            gA[i * n + j] += 0.5 * b[i * n + j];
            gA[j * n + i] += 0.5 * b[i * n + j];
        }
    }
    return 0;
}

/* lkj_corr_cholesky(L | eta) = sum_(k=2..K) (K - k + 2 eta - 2) log L_kk
 * + c(eta), lkj_corr(S | eta) = (eta - 1) log det S + c(eta): the
 * partials with respect to the matrix (eta, when it is differentiated,
 * is left to the numeric rule: 1). */
int interp_grad_lkj(Arena *a, const char *base, const IVal *args, int nargs,
                    double g, double **ga)
{
    bool chol = !strcmp(base, "lkj_corr_cholesky");
    if ((!chol && strcmp(base, "lkj_corr")) || nargs != 2
        || args[0].k != IV_MAT || args[0].rows != args[0].cols || ga[1])
        return 1;
    int K = args[0].rows;
    double eta = iv_num(&args[1]), *gS = ga[0];
    if (!gS)
        return 0;
    if (chol) {
        for (int k = 1; k < K; k++)     /* 0-based: k + 1 is Stan's k */
            gS[k * K + k] += g * (K - (k + 1) + 2 * eta - 2)
                / args[0].d[k * K + k];
        return 0;
    }
    double *L = arena_alloc(a, sizeof(double) * (size_t)K * K);
    double *e = arena_alloc(a, sizeof(double) * (size_t)K * 3);
    double *z = e + K, *w = z + K;
    if (cholesky(args[0].d, K, L))
        return 1;
    for (int j = 0; j < K; j++) {       /* (eta - 1) S^-1, by columns */
        for (int i = 0; i < K; i++)
            e[i] = i == j;
        solve_lower(L, K, e, z);
        solve_upper_t(L, K, z, w);
        for (int i = 0; i < K; i++)
            gS[i * K + j] += g * (eta - 1) * w[i];
    }
    return 0;
}

/* M^-1 (K x K, symmetric positive definite) into inv and log|M|; 1 when
 * M is not positive definite. */
static int inverse(Arena *a, const double *M, int K, double *inv,
                   double *logdet)
{
    double *L = arena_alloc(a, sizeof(double) * (size_t)(K * K + 1));
    double *e = arena_alloc(a, sizeof(double) * (size_t)(3 * K + 1));
    double *z = e + K, *w = z + K;
    if (cholesky(M, K, L))
        return 1;
    *logdet = 0;
    for (int i = 0; i < K; i++)
        *logdet += 2 * log(L[i * K + i]);
    for (int j = 0; j < K; j++) {
        for (int i = 0; i < K; i++)
            e[i] = i == j;
        solve_lower(L, K, e, z);
        solve_upper_t(L, K, z, w);
        for (int i = 0; i < K; i++)
            inv[i * K + j] = w[i];
    }
    return 0;
}

/* wishart(W | nu, S) = (nu - K - 1)/2 log|W| - tr(S^-1 W)/2 - nu K/2 log 2
 *   - nu/2 log|S| - lmgamma(K, nu/2):
 *   dW = (nu - K - 1)/2 W^-1 - S^-1/2,  dS = S^-1 W S^-1/2 - nu/2 S^-1,
 *   dnu = log|W|/2 - K/2 log 2 - log|S|/2 - psi_K(nu)/2;
 * inv_wishart(W | nu, S) = nu/2 log|S| - nu K/2 log 2 - lmgamma(K, nu/2)
 *   - (nu + K + 1)/2 log|W| - tr(S W^-1)/2:
 *   dW = W^-1 S W^-1/2 - (nu + K + 1)/2 W^-1,  dS = nu/2 S^-1 - W^-1/2,
 *   dnu = log|S|/2 - K/2 log 2 - psi_K(nu)/2 - log|W|/2;
 * psi_K(nu) = sum_(j=1..K) digamma((nu + 1 - j)/2), the derivative of
 * lmgamma(K, nu/2) times 2. */
int interp_grad_wishart(Arena *a, const char *base, const IVal *args,
                        int nargs, double g, double **ga)
{
    bool inv = !strcmp(base, "inv_wishart");
    if ((!inv && strcmp(base, "wishart")) || nargs != 3
        || args[0].k != IV_MAT || args[2].k != IV_MAT
        || (args[1].k != IV_REAL && args[1].k != IV_INT))
        return 1;
    int K = args[0].rows;
    if (K < 1 || args[0].cols != K || args[2].rows != K || args[2].cols != K)
        return 1;
    double nu = iv_num(&args[1]), ldw, lds;
    size_t kk = (size_t)K * K;
    double *Wi = arena_alloc(a, sizeof(double) * (3 * kk + 1));
    double *Si = Wi + kk, *P = Si + kk;
    const double *W = args[0].d, *S = args[2].d;
    if (inverse(a, W, K, Wi, &ldw) || inverse(a, S, K, Si, &lds))
        return 1;
    /* P = W^-1 S W^-1 (inv_wishart) or S^-1 W S^-1 (wishart) */
    const double *A = inv ? Wi : Si, *B = inv ? S : W;
    for (int i = 0; i < K; i++)
        for (int j = 0; j < K; j++) {
            double s = 0;
            for (int p = 0; p < K; p++)
                for (int q = 0; q < K; q++)
                    s += A[i * K + p] * B[p * K + q] * A[q * K + j];
            P[i * K + j] = s;
        }
    for (size_t q = 0; q < kk; q++) {
        if (ga[0])
            ga[0][q] += g * (inv ? 0.5 * P[q] - 0.5 * (nu + K + 1) * Wi[q]
                                 : 0.5 * (nu - K - 1) * Wi[q] - 0.5 * Si[q]);
        if (ga[2])
            ga[2][q] += g * (inv ? 0.5 * nu * Si[q] - 0.5 * Wi[q]
                                 : 0.5 * P[q] - 0.5 * nu * Si[q]);
    }
    if (ga[1]) {
        double psi = 0;
        for (int j = 1; j <= K; j++)
            psi += interp_digamma((nu + 1 - j) / 2);
        double d = -0.5 * K * log(2.0) - 0.5 * psi
                   + (inv ? 0.5 * lds - 0.5 * ldw : 0.5 * ldw - 0.5 * lds);
        ga[1][0] += g * d;
    }
    return 0;
}
