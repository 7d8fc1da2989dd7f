/* dist_wishart_student_t.c - more multivariate densities with analytic partials
 * (rt_dist_multi.h): wishart, inv_wishart and their Cholesky forms,
 * multi_student_t and multi_student_t_cholesky, multi_normal_prec.
 *
 * Values, checks and the terms propto keeps follow stan::math (Stan
 * Functions Reference, "Multivariate continuous distributions" and
 * "Covariance matrix distributions"); the partials are derived in the
 * comments above each function.  Symmetric matrix arguments (W, Sigma,
 * Omega) get symmetric adjoints, as in rt_linalg.h; Cholesky factors
 * read, and receive adjoints on, their lower triangle only. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_sf_psi.h>

#include "pplrt.h"
#include "rt_checks.h"
#include "rt_dist_multi.h"
#include "rt_linalg.h"

#define IDX(i, j, ncol) ((size_t)(i) * (size_t)(ncol) + (size_t)(j))
#define KK(K) ((size_t)(K) * (size_t)(K))
#define LOG_PI 1.1447298858494001741
#define LOG_TWO_PI 1.8378770664093454836

/* ------------------------------------------------------------ helpers */

/* work, or n doubles of our own (in *own, for the caller to free). */
static double *scratch(double *work, size_t n, double **own)
{
    *own = NULL;
    if (work)
        return work;
    *own = malloc(sizeof **own * (n ? n : 1));
    return *own;
}

static double out_of_memory(const char *fn, RtError *err)
{
    rt_fatal(err, "%s: out of memory", fn);
    return NAN;
}

/* Prefix a message of rt_checks.h with the function's name. */
static int prefixed(const char *fn, int rc, RtError *err)
{
    if (rc && err) {
        char msg[sizeof err->msg];
        memcpy(msg, err->msg, sizeof msg);
        rt_error(err, "%s: %s", fn, msg);
    }
    return rc;
}

/* log of the multivariate gamma function Gamma_K(x) and its derivative:
 * K(K-1)/4 log pi + sum_{j=1..K} lgamma(x + (1 - j)/2). */
static double lmgamma(int K, double x, double *dx)
{
    double v = 0.25 * K * (K - 1) * LOG_PI, d = 0;
    for (int j = 1; j <= K; j++) {
        v += lgamma(x + 0.5 * (1 - j));
        d += gsl_sf_psi(x + 0.5 * (1 - j));
    }
    *dx = d;
    return v;
}

static double log_det_chol(const double *L, int K)
{
    double s = 0;
    for (int k = 0; k < K; k++)
        s += log(L[IDX(k, k, K)]);
    return 2 * s;
}

static int check_square(const char *fn, const char *name, RtMat m,
                        RtError *err)
{
    if (m.rows != m.cols)
        return rt_error(err,
                        "%s: Expecting a square matrix; rows of %s (%d) and "
                        "columns of %s (%d) must match in size",
                        fn, name, m.rows, name, m.cols);
    return 0;
}

static int check_dof(const char *fn, double nu, int K, RtError *err)
{
    if (!(nu > K - 1))
        return rt_error(err,
                        "%s: Degrees of freedom parameter is %g, but must be "
                        "greater than %d",
                        fn, nu, K - 1);
    return 0;
}

/* Stan's check_ldlt_factor, then chol(A) into L (which must succeed when
 * the LDLT does; if rounding makes it fail, the same message). */
static int ldlt_then_chol(const char *fn, const char *name, const double *A,
                          int K, double *L, RtError *err)
{
    double last;
    if (!rt_ldlt_is_positive(A, K, L, &last) || rt_cholesky_factor(A, K, L))
        return rt_error(err,
                        "%s: %s is not positive definite.  last conditional "
                        "variance is %g.",
                        fn, name, last);
    return 0;
}

/* Y = tril(A), the rest of Y untouched: adds adj * tril(A) into g. */
static void add_lower(double *g, const double *A, int K, double adj)
{
    for (int i = 0; i < K; i++)
        for (int j = 0; j <= i; j++)
            g[IDX(i, j, K)] += adj * A[IDX(i, j, K)];
}

/* Y = X X^T for K x K X (Y and X distinct). */
static void outer_self(const double *X, int K, double *Y)
{
    rt_tcrossprod(X, K, K, Y);
}

/* ------------------------------------------------- wishart, inv_wishart */

size_t rt_wishart_work_size(int K)
{
    return 6 * KK(K);
}

/* The checks wishart_lpdf and inv_wishart_lpdf share; Stan checks nu
 * before the shapes in wishart_lpdf and after them in inv_wishart_lpdf. */
static int check_wishart(const char *fn, RtMat W, RtArg nu, RtMat S,
                         bool dof_first, RtError *err)
{
    int K = S.rows;
    if (W.rows != S.rows)
        return rt_error(err,
                        "%s: Rows of random variable (%d) and columns of "
                        "scale parameter (%d) must match in size",
                        fn, W.rows, S.rows);
    if (dof_first && check_dof(fn, nu.x[0], K, err))
        return -1;
    if (check_square(fn, "random variable", W, err)
        || check_square(fn, "scale parameter", S, err))
        return -1;
    if (!dof_first && check_dof(fn, nu.x[0], K, err))
        return -1;
    if (rt_check_symmetric(fn, "random variable", W.x, K, err)
        || rt_check_symmetric(fn, "scale parameter", S.x, K, err))
        return -1;
    return 0;
}

/* log Wishart(W | nu, S) =
 *   -nu K/2 log 2 - lmgamma(K, nu/2)    kept if !propto or nu.ad
 *   -nu/2 log det S                     kept if !propto or nu.ad, S.ad
 *   -1/2 tr(S^-1 W)                     kept if !propto or S.ad, W.ad
 *   +(nu - K - 1)/2 log det W           kept if !propto or W.ad, nu.ad.
 * d/dW = (nu - K - 1)/2 W^-1 - S^-1/2; d/dS = -nu/2 S^-1 + S^-1 W S^-1/2
 * with S^-1 W S^-1 = X X^T, X = L_S^-T (L_S^-1 L_W); d/dnu = -K/2 log 2
 * - psi_K(nu/2)/2 - log det S/2 + log det W/2. */
double rt_wishart_lpdf(RtMat W, RtArg nu, RtMat S, bool propto, double adj,
                       double *work, RtError *err)
{
    const char *fn = "wishart_lpdf";
    int K = S.rows;
    if (check_wishart(fn, W, nu, S, true, err))
        return NAN;
    double *own, *w = scratch(work, rt_wishart_work_size(K), &own);
    if (!w)
        return out_of_memory(fn, err);
    double *LW = w, *LS = LW + KK(K), *Winv = LS + KK(K);
    double *Sinv = Winv + KK(K), *X = Sinv + KK(K), *Y = X + KK(K);
    double lp = NAN, n = nu.x[0], dlmg;
    if (ldlt_then_chol(fn, "LDLT_Factor of random variable", W.x, K, LW, err)
        || ldlt_then_chol(fn, "LDLT_Factor of scale parameter", S.x, K, LS,
                          err))
        goto done;
    bool keep_nu = !propto || nu.ad, keep_nu_s = keep_nu || S.ad;
    bool keep_s_w = !propto || S.ad || W.ad, keep_w_nu = keep_nu || W.ad;
    double ldW = log_det_chol(LW, K), ldS = log_det_chol(LS, K), gnu = 0;
    lp = 0;
    if (keep_nu) {
        lp -= n * K * 0.5 * M_LN2 + lmgamma(K, 0.5 * n, &dlmg);
        gnu -= 0.5 * K * M_LN2 + 0.5 * dlmg;
    }
    if (keep_nu_s) {
        lp -= 0.5 * n * ldS;
        gnu -= 0.5 * ldS;
    }
    if (keep_s_w) {
        memcpy(X, LW, sizeof *X * KK(K));
        rt_tri_low_solve(LS, K, X, K);
        lp -= 0.5 * rt_dot_product(X, X, K * K);
    }
    if (keep_w_nu) {
        lp += 0.5 * (n - K - 1) * ldW;
        gnu += 0.5 * ldW;
    }
    if (W.g || S.g)
        rt_chol_inverse(LS, K, Sinv);
    if (W.g) {
        rt_chol_inverse(LW, K, Winv);
        for (size_t i = 0; i < KK(K); i++)
            W.g[i] += adj * ((keep_w_nu ? 0.5 * (n - K - 1) * Winv[i] : 0)
                             - (keep_s_w ? 0.5 * Sinv[i] : 0));
    }
    if (S.g) {
        if (keep_s_w) {
            rt_tri_low_solve_trans(LS, K, X, K);
            outer_self(X, K, Y);
        }
        for (size_t i = 0; i < KK(K); i++)
            S.g[i] += adj * ((keep_s_w ? 0.5 * Y[i] : 0)
                             - (keep_nu_s ? 0.5 * n * Sinv[i] : 0));
    }
    if (nu.g)
        nu.g[0] += adj * gnu;
done:
    free(own);
    return lp;
}

/* log InvWishart(W | nu, S) =
 *   -lmgamma(K, nu/2)                   kept if !propto or nu.ad
 *   +nu/2 log det S - nu K/2 log 2      kept if !propto or nu.ad, S.ad
 *   -(nu + K + 1)/2 log det W           kept if !propto or any ad
 *   -1/2 tr(S W^-1)                     kept if !propto or W.ad, S.ad
 * (Stan's grouping: the log 2 term goes with S, and log det W stays when
 * only S is a parameter).  d/dW = -(nu + K + 1)/2 W^-1 + W^-1 S W^-1/2
 * with W^-1 S W^-1 = X X^T, X = L_W^-T (L_W^-1 L_S); d/dS = nu/2 S^-1 -
 * W^-1/2; d/dnu = -psi_K(nu/2)/2 + log det S/2 - K/2 log 2 - log det W/2. */
double rt_inv_wishart_lpdf(RtMat W, RtArg nu, RtMat S, bool propto,
                           double adj, double *work, RtError *err)
{
    const char *fn = "inv_wishart_lpdf";
    int K = S.rows;
    if (check_wishart(fn, W, nu, S, false, err))
        return NAN;
    double *own, *w = scratch(work, rt_wishart_work_size(K), &own);
    if (!w)
        return out_of_memory(fn, err);
    double *LW = w, *LS = LW + KK(K), *Winv = LS + KK(K);
    double *Sinv = Winv + KK(K), *X = Sinv + KK(K), *Y = X + KK(K);
    double lp = NAN, n = nu.x[0], dlmg;
    if (ldlt_then_chol(fn, "LDLT_Factor of random variable", W.x, K, LW, err)
        || ldlt_then_chol(fn, "LDLT_Factor of scale parameter", S.x, K, LS,
                          err))
        goto done;
    bool keep_nu = !propto || nu.ad, keep_nu_s = keep_nu || S.ad;
    bool keep_all = keep_nu_s || W.ad, keep_w_s = !propto || W.ad || S.ad;
    double ldW = log_det_chol(LW, K), ldS = log_det_chol(LS, K), gnu = 0;
    lp = 0;
    if (keep_nu) {
        lp -= lmgamma(K, 0.5 * n, &dlmg);
        gnu -= 0.5 * dlmg;
    }
    if (keep_nu_s) {
        lp += 0.5 * n * ldS - 0.5 * n * K * M_LN2;
        gnu += 0.5 * ldS - 0.5 * K * M_LN2;
    }
    if (keep_all) {
        lp -= 0.5 * (n + K + 1) * ldW;
        gnu -= 0.5 * ldW;
    }
    if (keep_w_s) {
        memcpy(X, LS, sizeof *X * KK(K));
        rt_tri_low_solve(LW, K, X, K);
        lp -= 0.5 * rt_dot_product(X, X, K * K);
    }
    if (W.g || S.g)
        rt_chol_inverse(LW, K, Winv);
    if (W.g) {
        if (keep_w_s) {
            rt_tri_low_solve_trans(LW, K, X, K);
            outer_self(X, K, Y);
        }
        for (size_t i = 0; i < KK(K); i++)
            W.g[i] += adj * ((keep_w_s ? 0.5 * Y[i] : 0)
                             - (keep_all ? 0.5 * (n + K + 1) * Winv[i] : 0));
    }
    if (S.g) {
        rt_chol_inverse(LS, K, Sinv);
        for (size_t i = 0; i < KK(K); i++)
            S.g[i] += adj * ((keep_nu_s ? 0.5 * n * Sinv[i] : 0)
                             - (keep_w_s ? 0.5 * Winv[i] : 0));
    }
    if (nu.g)
        nu.g[0] += adj * gnu;
done:
    free(own);
    return lp;
}

/* ------------------------------- wishart_cholesky, inv_wishart_cholesky */

size_t rt_wishart_cholesky_work_size(int K)
{
    return 3 * KK(K);
}

/* The density of L_W = chol(W) is that of W times the Jacobian 2^K
 * prod_i L_ii^(K - i) (0-based i) of L -> L L^T (Muirhead 2005, Theorem
 * 2.1.9).  For the Wishart, with M = L_S^-1 L_W (lower triangular):
 *   K log 2 (1 - nu/2) - lmgamma(K, nu/2)      kept if !propto or nu.ad
 *   sum_i [(nu - i - 1) log L_W,ii - nu log L_S,ii] - |M|^2 / 2
 *                                              kept if !propto or any ad.
 * d/dL_W = tril(-L_S^-T M) + diag((nu - i - 1)/L_W,ii);
 * d/dL_S = tril(L_S^-T M M^T) - diag(nu/L_S,ii) (since dM = -L_S^-1 dL_S M);
 * d/dnu = -K/2 log 2 - psi_K(nu/2)/2 + sum log L_W,ii - sum log L_S,ii.
 * For the inverse Wishart, with M = L_W^-1 L_S, the same steps give
 *   sum_i [nu log L_S,ii - (nu + i + 1) log L_W,ii] - |M|^2 / 2,
 * d/dL_S = tril(-L_W^-T M) + diag(nu/L_S,ii), d/dL_W = tril(L_W^-T M M^T)
 * - diag((nu + i + 1)/L_W,ii), d/dnu = -K/2 log 2 - psi_K(nu/2)/2 +
 * sum log L_S,ii - sum log L_W,ii. */
static double wishart_cholesky(const char *fn, bool inverse, RtMat LW,
                               RtArg nu, RtMat LS, bool propto, double adj,
                               double *work, RtError *err)
{
    int K = LW.rows;
    double n = nu.x[0];
    if (!inverse) {
        if (LW.rows != LS.rows)
            return rt_error(err,
                            "%s: Rows of random variable (%d) and columns of "
                            "scale parameter (%d) must match in size",
                            fn, LW.rows, LS.rows),
                   NAN;
        if (check_dof(fn, n, K, err)
            || prefixed(fn, rt_check_cholesky_factor_cov("random variable",
                                                         LW.x, LW.rows,
                                                         LW.cols, err),
                        err)
            || prefixed(fn, rt_check_cholesky_factor_cov("scale parameter",
                                                         LS.x, LS.rows,
                                                         LS.cols, err),
                        err))
            return NAN;
    } else {
        if (check_dof(fn, n, K, err)
            || check_square(fn, "Cholesky random variable", LW, err)
            || check_square(fn, "Cholesky Scale parameter", LS, err))
            return NAN;
        if (LW.rows != LS.rows)
            return rt_error(err,
                            "%s: side length of random variable (%d) and side "
                            "length of scale parameter (%d) must match in "
                            "size",
                            fn, LW.rows, LS.rows),
                   NAN;
        if (prefixed(fn, rt_check_cholesky_factor_cov(
                             "Cholesky random variable", LW.x, K, K, err),
                     err)
            || prefixed(fn, rt_check_cholesky_factor_cov(
                                "Cholesky Scale matrix", LS.x, K, K, err),
                        err))
            return NAN;
    }
    /* a lower triangular K x K factor has K columns, K > 0, from here */
    double lp = 0, gnu = 0, dlmg;
    if (!propto || nu.ad) {
        lp += K * M_LN2 * (1 - 0.5 * n) - lmgamma(K, 0.5 * n, &dlmg);
        gnu += -0.5 * K * M_LN2 - 0.5 * dlmg;
    }
    if (!(!propto || nu.ad || LW.ad || LS.ad))
        return lp;
    double *own, *w = scratch(work, rt_wishart_cholesky_work_size(K), &own);
    if (!w)
        return out_of_memory(fn, err);
    /* A is the factor solved against, B the one solved for: M = A^-1 B */
    RtMat A = inverse ? LW : LS, B = inverse ? LS : LW;
    double *M = w, *X = M + KK(K), *Y = X + KK(K);
    for (int i = 0; i < K; i++)
        for (int j = 0; j < K; j++)
            M[IDX(i, j, K)] = j <= i ? B.x[IDX(i, j, K)] : 0;
    rt_tri_low_solve(A.x, K, M, K);
    lp -= 0.5 * rt_dot_product(M, M, K * K);
    for (int i = 0; i < K; i++) {
        double lw = log(LW.x[IDX(i, i, K)]), ls = log(LS.x[IDX(i, i, K)]);
        lp += inverse ? n * ls - (n + i + 1) * lw : (n - i - 1) * lw - n * ls;
        gnu += inverse ? ls - lw : lw - ls;
    }
    if (A.g || B.g) {
        memcpy(X, M, sizeof *X * KK(K));
        rt_tri_low_solve_trans(A.x, K, X, K);   /* X = A^-T M */
        if (B.g)
            add_lower(B.g, X, K, -adj);
        if (A.g) {
            /* Y = X M^T, lower part */
            for (int i = 0; i < K; i++)
                for (int j = 0; j <= i; j++) {
                    double s = 0;
                    for (int k = 0; k < K; k++)
                        s += X[IDX(i, k, K)] * M[IDX(j, k, K)];
                    Y[IDX(i, j, K)] = s;
                }
            add_lower(A.g, Y, K, adj);
        }
    }
    for (int i = 0; i < K; i++) {
        if (LW.g) {
            double c = inverse ? -(n + i + 1) : n - i - 1;
            LW.g[IDX(i, i, K)] += adj * c / LW.x[IDX(i, i, K)];
        }
        if (LS.g)
            LS.g[IDX(i, i, K)] += adj * (inverse ? n : -n) / LS.x[IDX(i, i, K)];
    }
    if (nu.g)
        nu.g[0] += adj * gnu;
    free(own);
    return lp;
}

double rt_wishart_cholesky_lpdf(RtMat L_W, RtArg nu, RtMat L_S, bool propto,
                                double adj, double *work, RtError *err)
{
    return wishart_cholesky("wishart_cholesky_lpdf", false, L_W, nu, L_S,
                            propto, adj, work, err);
}

double rt_inv_wishart_cholesky_lpdf(RtMat L_W, RtArg nu, RtMat L_S,
                                    bool propto, double adj, double *work,
                                    RtError *err)
{
    return wishart_cholesky("inv_wishart_cholesky_lpdf", true, L_W, nu, L_S,
                            propto, adj, work, err);
}

/* -------------------------------------------- vectors against a matrix */

/* How an RtMat holds vectors (as in dist_multi.c): with K fixed by the
 * matrix argument, K columns are rows of vectors and a K x 1 one (K > 1)
 * is one vector. */
typedef struct VecView {
    int count, size;
} VecView;

static VecView vec_view_sized(RtMat a, int K)
{
    VecView v = {a.rows, a.cols};
    if (a.cols != K && a.cols == 1) {
        v.count = 1;
        v.size = a.rows;
    }
    return v;
}

/* The number of terms of y against mu (1 broadcasts), the sizes checked
 * against the K x K matrix argument called `what`; -1 with err. */
static int vectors_against(const char *fn, RtMat y, RtMat mu, int K,
                           const char *what, VecView *vy, VecView *vmu,
                           RtError *err)
{
    *vy = vec_view_sized(y, K);
    *vmu = vec_view_sized(mu, K);
    int a = vy->count, b = vmu->count;
    if (a == 0 || b == 0)
        return 0;
    int N = a == b || b == 1 ? a : a == 1 ? b : -1;
    if (N < 0)
        return rt_error(err,
                        "%s: number of random variables (%d) and number of "
                        "location parameters (%d) must match in size",
                        fn, a, b);
    if (vy->size != vmu->size)
        return rt_error(err,
                        "%s: Size of random variable (%d) and size of "
                        "location parameter (%d) must match in size",
                        fn, vy->size, vmu->size);
    if (vy->size != K)
        return rt_error(err,
                        "%s: Size of random variable (%d) and rows of %s (%d) "
                        "must match in size",
                        fn, vy->size, what, K);
    for (size_t i = 0; i < (size_t)b * (size_t)K; i++)
        if (!isfinite(mu.x[i]))
            return rt_error(err,
                            "%s: Location parameter[%zu] is %g, but must be "
                            "finite!",
                            fn, i % (size_t)K + 1, mu.x[i]);
    for (size_t i = 0; i < (size_t)a * (size_t)K; i++)
        if (isnan(y.x[i]))
            return rt_error(err,
                            "%s: Random variable[%zu] is nan, but must not be "
                            "nan!",
                            fn, i % (size_t)K + 1);
    return N;
}

static void residual(RtMat y, RtMat mu, VecView vy, VecView vmu, int i, int K,
                     double *r)
{
    const double *yi = y.x + (vy.count == 1 ? 0 : IDX(i, 0, K));
    const double *mi = mu.x + (vmu.count == 1 ? 0 : IDX(i, 0, K));
    for (int k = 0; k < K; k++)
        r[k] = yi[k] - mi[k];
}

/* y.g -= c a and mu.g += c a for term i. */
static void add_location(RtMat y, RtMat mu, VecView vy, VecView vmu, int i,
                         int K, double c, const double *a)
{
    if (y.g) {
        double *g = y.g + (vy.count == 1 ? 0 : IDX(i, 0, K));
        for (int k = 0; k < K; k++)
            g[k] -= c * a[k];
    }
    if (mu.g) {
        double *g = mu.g + (vmu.count == 1 ? 0 : IDX(i, 0, K));
        for (int k = 0; k < K; k++)
            g[k] += c * a[k];
    }
}

/* ---------------------------------------------------- multi_student_t */

size_t rt_multi_student_t_work_size(int K)
{
    return 3 * KK(K) + 2 * (size_t)K;
}

size_t rt_multi_student_t_cholesky_work_size(int K)
{
    return 2 * (size_t)K;
}

static int check_nu(const char *fn, double nu, RtError *err)
{
    const char *name = "Degrees of freedom parameter";
    if (isnan(nu))
        return rt_error(err, "%s: %s is nan, but must not be nan!", fn, name);
    if (!(nu > 0))
        return rt_error(err, "%s: %s is %g, but must be positive!", fn, name,
                        nu);
    if (isinf(nu))
        return rt_error(err, "%s: %s is %g, but must be finite!", fn, name,
                        nu);
    return 0;
}

/* Per vector, with r = y - mu, z = L^-1 r, q = z.z, a = Sigma^-1 r:
 *   lgamma((nu+K)/2) - lgamma(nu/2) - K/2 log nu   kept if !propto, nu.ad
 *   -K/2 log pi                                    dropped under propto
 *   -1/2 log det Sigma                             kept if !propto, Sigma.ad
 *   -(nu+K)/2 log1p(q/nu)                          kept if !propto, any ad.
 * d/dy = -(nu+K)/(nu+q) a = -d/dmu; d/dSigma = (nu+K)/(2(nu+q)) a a^T -
 * Sigma^-1/2 (symmetric); with L, d/dL = (nu+K)/(nu+q) tril(a z^T) -
 * diag(1/L_ii); d/dnu = [psi((nu+K)/2) - psi(nu/2)]/2 - K/(2 nu) (the nu
 * terms) - log1p(q/nu)/2 + (nu+K) q/(2 nu (nu+q)) (the last one).
 * Adds the quadratic term's partials (into acc, K x K, if given: lower
 * triangle for L, the full a a^T part for Sigma) and returns its value;
 * *gnu gets its nu partial. */
static double mst_quadratic(RtMat y, RtMat mu, VecView vy, VecView vmu, int N,
                            const double *L, int K, double nu, double adj,
                            bool chol, double *acc, double *gnu, double *w)
{
    double *z = w, *a = w + K, sum = 0, dnu = 0;
    bool need_a = y.g || mu.g || acc;
    for (int i = 0; i < N; i++) {
        residual(y, mu, vy, vmu, i, K, z);
        rt_tri_low_solve(L, K, z, 1);
        double q = rt_dot_product(z, z, K), l1p = log1p(q / nu);
        double c = (nu + K) / (nu + q);
        sum += l1p;
        dnu += -0.5 * l1p + 0.5 * (nu + K) * q / (nu * (nu + q));
        if (!need_a)
            continue;
        memcpy(a, z, sizeof *a * (size_t)K);
        rt_tri_low_solve_trans(L, K, a, 1);
        add_location(y, mu, vy, vmu, i, K, adj * c, a);
        if (acc)
            for (int r = 0; r < K; r++)
                for (int s = 0; s < (chol ? r + 1 : K); s++)
                    acc[IDX(r, s, K)] += adj * c * a[r]
                                         * (chol ? z[s] : 0.5 * a[s]);
    }
    *gnu = dnu;
    return -0.5 * (nu + K) * sum;
}

/* The terms in nu alone, per vector, and their derivative. */
static double mst_nu_terms(double nu, int K, double *d)
{
    *d = 0.5 * (gsl_sf_psi(0.5 * (nu + K)) - gsl_sf_psi(0.5 * nu))
         - 0.5 * K / nu;
    return lgamma(0.5 * (nu + K)) - lgamma(0.5 * nu) - 0.5 * K * log(nu);
}

double rt_multi_student_t_lpdf(RtMat y, RtArg nu, RtMat mu, RtMat Sigma,
                               bool propto, double adj, double *work,
                               RtError *err)
{
    const char *fn = "multi_student_t";
    VecView vy, vmu;
    int K = Sigma.rows;
    double n = nu.x[0];
    if (check_nu(fn, n, err))
        return NAN;
    int N = vectors_against(fn, y, mu, K, "scale parameter", &vy, &vmu, err);
    if (N <= 0)
        return N < 0 ? NAN : 0;
    if (Sigma.cols != K)
        return rt_error(err,
                        "%s: Size of random variable (%d) and columns of "
                        "scale parameter (%d) must match in size",
                        fn, K, Sigma.cols),
               NAN;
    if (rt_check_symmetric(fn, "Scale parameter", Sigma.x, K, err))
        return NAN;
    double *own, *w = scratch(work, rt_multi_student_t_work_size(K), &own);
    if (!w)
        return out_of_memory(fn, err);
    double *L = w, *S = L + KK(K), *inv = S + KK(K), *vecs = inv + KK(K);
    double lp = NAN;
    if (ldlt_then_chol(fn, "LDLT_Factor of scale parameter", Sigma.x, K, L,
                       err))
        goto done;
    bool keep_nu = !propto || nu.ad, keep_det = !propto || Sigma.ad;
    bool keep_quad = !propto || y.ad || nu.ad || mu.ad || Sigma.ad;
    double gnu = 0, d;
    lp = 0;
    if (keep_nu) {
        lp += N * mst_nu_terms(n, K, &d);
        gnu += N * d;
    }
    if (!propto)
        lp -= 0.5 * N * K * LOG_PI;
    if (keep_det)
        lp -= 0.5 * N * log_det_chol(L, K);
    if (keep_quad) {
        if (Sigma.g)
            memset(S, 0, sizeof *S * KK(K));
        lp += mst_quadratic(y, mu, vy, vmu, N, L, K, n, adj, false,
                            Sigma.g ? S : NULL, &d, vecs);
        gnu += d;
    }
    if (Sigma.g) {
        rt_chol_inverse(L, K, inv);
        for (size_t i = 0; i < KK(K); i++)
            Sigma.g[i] += (keep_quad ? S[i] : 0) - 0.5 * adj * N * inv[i];
    }
    if (nu.g)
        nu.g[0] += adj * gnu;
done:
    free(own);
    return lp;
}

double rt_multi_student_t_cholesky_lpdf(RtMat y, RtArg nu, RtMat mu, RtMat L,
                                        bool propto, double adj, double *work,
                                        RtError *err)
{
    const char *fn = "multi_student_t_cholesky";
    VecView vy, vmu;
    int K = L.rows;
    double n = nu.x[0];
    VecView cy = vec_view_sized(y, K), cmu = vec_view_sized(mu, K);
    if (!(cy.count == cmu.count || cy.count == 1 || cmu.count == 1))
        return rt_error(err,
                        "%s: number of random variables (%d) and number of "
                        "location parameters (%d) must match in size",
                        fn, cy.count, cmu.count),
               NAN;
    if (cy.count == 0 || cmu.count == 0)
        return 0;
    if (check_nu(fn, n, err)
        || prefixed(fn, rt_check_cholesky_factor_cov("scale parameter", L.x,
                                                     L.rows, L.cols, err),
                    err))
        return NAN;
    if (L.cols != K)
        return rt_error(err,
                        "%s: Size of random variable (%d) and columns of "
                        "scale parameter (%d) must match in size",
                        fn, K, L.cols),
               NAN;
    int N = vectors_against(fn, y, mu, K, "scale parameter", &vy, &vmu, err);
    if (N <= 0)
        return N < 0 ? NAN : 0;
    double local[32], *own = NULL, *w = work;
    if (!w && 2 * K <= 32)
        w = local;
    w = scratch(w, rt_multi_student_t_cholesky_work_size(K), &own);
    if (!w)
        return out_of_memory(fn, err);
    bool keep_nu = !propto || nu.ad, keep_det = !propto || L.ad;
    bool keep_quad = !propto || y.ad || nu.ad || mu.ad || L.ad;
    double lp = 0, gnu = 0, d;
    if (!propto)
        lp -= 0.5 * N * K * LOG_PI;
    if (keep_nu) {
        lp += N * mst_nu_terms(n, K, &d);
        gnu += N * d;
    }
    if (keep_det)
        for (int k = 0; k < K; k++) {
            double l = L.x[IDX(k, k, K)];
            lp -= N * log(l);
            if (L.g)
                L.g[IDX(k, k, K)] -= adj * N / l;
        }
    if (keep_quad) {
        lp += mst_quadratic(y, mu, vy, vmu, N, L.x, K, n, adj, true, L.g, &d,
                            w);
        gnu += d;
    }
    if (nu.g)
        nu.g[0] += adj * gnu;
    free(own);
    return lp;
}

/* --------------------------------------------------- multi_normal_prec */

size_t rt_multi_normal_prec_work_size(int K)
{
    return 2 * KK(K) + 2 * (size_t)K;
}

/* Per vector, with r = y - mu:
 *   +1/2 log det Omega          kept if !propto or Omega.ad
 *   -K/2 log(2 pi)              dropped under propto
 *   -1/2 r^T Omega r            kept if !propto or any ad.
 * d/dy = -Omega r = -d/dmu; d/dOmega = Omega^-1/2 - r r^T/2 (symmetric). */
double rt_multi_normal_prec_lpdf(RtMat y, RtMat mu, RtMat Omega, bool propto,
                                 double adj, double *work, RtError *err)
{
    const char *fn = "multi_normal_prec_lpdf";
    const char *name = "Precision matrix";
    VecView vy, vmu;
    int K = Omega.rows;
    if (K <= 0)
        return rt_error(err, "%s: %s rows is %d, but must be positive!", fn,
                        name, K),
               NAN;
    if (check_square(fn, name, Omega, err)
        || rt_check_symmetric(fn, name, Omega.x, K, err))
        return NAN;
    double *own, *w = scratch(work, rt_multi_normal_prec_work_size(K), &own);
    if (!w)
        return out_of_memory(fn, err);
    double *L = w, *inv = L + KK(K), *r = inv + KK(K), *Or = r + K;
    double lp = NAN;
    if (ldlt_then_chol(fn, "LDLT_Factor of precision parameter", Omega.x, K,
                       L, err))
        goto done;
    int N = vectors_against(fn, y, mu, K, "covariance parameter", &vy, &vmu,
                            err);
    if (N < 0)
        goto done;
    lp = 0;
    if (N == 0)
        goto done;
    bool keep_det = !propto || Omega.ad;
    bool keep_quad = !propto || y.ad || mu.ad || Omega.ad;
    if (keep_det)
        lp += 0.5 * N * log_det_chol(L, K);
    if (!propto)
        lp -= 0.5 * N * K * LOG_TWO_PI;
    if (keep_quad)
        for (int i = 0; i < N; i++) {
            residual(y, mu, vy, vmu, i, K, r);
            rt_multiply(Omega.x, r, K, K, 1, Or);
            lp -= 0.5 * rt_dot_product(r, Or, K);
            add_location(y, mu, vy, vmu, i, K, adj, Or);
            if (Omega.g)
                for (int a = 0; a < K; a++)
                    for (int b = 0; b < K; b++)
                        Omega.g[IDX(a, b, K)] -= 0.5 * adj * r[a] * r[b];
        }
    if (Omega.g && keep_det) {
        rt_chol_inverse(L, K, inv);
        for (size_t i = 0; i < KK(K); i++)
            Omega.g[i] += 0.5 * adj * N * inv[i];
    }
done:
    free(own);
    return lp;
}
