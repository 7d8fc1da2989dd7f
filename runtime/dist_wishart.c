/* dist_wishart.c - the covariance matrix distributions (Stan Functions
 * Reference, "Covariance matrix distributions"): wishart, inv_wishart and
 * their Cholesky forms, with analytic partials, and their rngs
 * (rt_dist_multi.h).  Values, checks and the terms propto keeps follow
 * stan::math; the partials are derived in the comments above each
 * function.  Symmetric matrix arguments (W, S) get symmetric adjoints, as
 * in rt_linalg.h; Cholesky factors read, and receive adjoints on, their
 * lower triangle only. */

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_sf_psi.h>

#include "pplrt.h"
#include "rt_checks.h"
#include "rt_dist_multi.h"
#include "dist_multi_internal.h"

/* --------------------------------------------------------------- helpers */

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

/* Stan's names of nu in the densities' and in the rngs' messages. */
#define DOF "Degrees of freedom parameter"
#define RNG_DOF "degrees of freedom > dims - 1"

/* nu > K - 1, the message naming nu `name` (DOF or RNG_DOF). */
static int check_dof(const char *fn, const char *name, double nu, int K,
                     RtError *err)
{
    if (!(nu > K - 1))
        return rt_error(err, "%s: %s is %g, but must be greater than %d", fn,
                        name, nu, K - 1);
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
    if (dof_first && check_dof(fn, DOF, nu.x[0], K, err))
        return -1;
    if (check_square(fn, "random variable", W, err)
        || check_square(fn, "scale parameter", S, err))
        return -1;
    if (!dof_first && check_dof(fn, DOF, nu.x[0], K, err))
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
 *   +(nu - K - 1)/2 log det W           kept if !propto or W.ad, nu.ad;
 * log InvWishart(W | nu, S) =
 *   -lmgamma(K, nu/2)                   kept if !propto or nu.ad
 *   +nu/2 log det S - nu K/2 log 2      kept if !propto or nu.ad, S.ad
 *   -(nu + K + 1)/2 log det W           kept if !propto or any ad
 *   -1/2 tr(S W^-1)                     kept if !propto or W.ad, S.ad
 * (Stan's grouping: there the log 2 term goes with S, and log det W stays
 * when only S is a parameter).  Both are c(nu) + s nu/2 log det S + c_W
 * log det W - 1/2 tr(A^-1 B) with (A, B) = (S, W) or, inverse, (W, S):
 * the trace's partials are A^-1 B A^-1 / 2 = X X^T / 2, X = L_A^-T (L_A^-1
 * L_B), in A and -A^-1 / 2 in B; log det M's is M^-1; d/dnu = c'(nu) + s
 * log det S / 2 +- log det W / 2. */
static double wishart_dense(const char *fn, bool inverse, RtMat W, RtArg nu,
                            RtMat S, bool propto, double adj, double *work,
                            RtError *err)
{
    int K = S.rows;
    if (check_wishart(fn, W, nu, S, !inverse, err))
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
    const double *LA = inverse ? LW : LS, *LB = inverse ? LS : LW;
    bool keep_nu = !propto || nu.ad, keep_s = keep_nu || S.ad;
    bool keep_w = (inverse ? keep_s : keep_nu) || W.ad;
    bool keep_tr = !propto || S.ad || W.ad;
    double sgn = inverse ? 1 : -1;    /* of nu/2 log det S */
    double cw = inverse ? -0.5 * (n + K + 1) : 0.5 * (n - K - 1);
    double ln2 = 0.5 * n * K * M_LN2, dln2 = 0.5 * K * M_LN2;
    double ldW = log_det_chol(LW, K), ldS = log_det_chol(LS, K), gnu = 0;
    lp = 0;
    if (keep_nu) {
        lp -= lmgamma(K, 0.5 * n, &dlmg) + (inverse ? 0 : ln2);
        gnu -= 0.5 * dlmg + (inverse ? 0 : dln2);
    }
    if (keep_s) {
        lp += sgn * 0.5 * n * ldS - (inverse ? ln2 : 0);
        gnu += sgn * 0.5 * ldS - (inverse ? dln2 : 0);
    }
    /* inv_wishart sums log det W before the trace, wishart after it: the
     * order each always had, so that no value moves in the last bit */
    if (keep_w && inverse)
        lp += cw * ldW;
    if (keep_tr) {
        memcpy(X, LB, sizeof *X * KK(K));
        rt_tri_low_solve(LA, K, X, K);
        lp -= 0.5 * rt_dot_product(X, X, K * K);
    }
    if (keep_w && !inverse)
        lp += cw * ldW;
    if (keep_w)
        gnu -= sgn * 0.5 * ldW;
    double *Ag = inverse ? W.g : S.g;
    if (keep_tr && Ag) {
        rt_tri_low_solve_trans(LA, K, X, K);
        outer_self(X, K, Y);
    }
    if (W.g || (inverse && S.g))
        rt_chol_inverse(LW, K, Winv);
    if (S.g || (!inverse && W.g))
        rt_chol_inverse(LS, K, Sinv);
    const double *Ainv = inverse ? Winv : Sinv;
    /* the trace's partial in W (A when inverse, else B) and in S */
    for (size_t i = 0; W.g && i < KK(K); i++) {
        double tr = inverse ? 0.5 * Y[i] : -0.5 * Ainv[i];
        W.g[i] += adj * ((keep_w ? cw * Winv[i] : 0) + (keep_tr ? tr : 0));
    }
    for (size_t i = 0; S.g && i < KK(K); i++) {
        double tr = inverse ? -0.5 * Ainv[i] : 0.5 * Y[i];
        S.g[i] += adj * ((keep_s ? sgn * 0.5 * n * Sinv[i] : 0)
                         + (keep_tr ? tr : 0));
    }
    if (nu.g)
        nu.g[0] += adj * gnu;
done:
    free(own);
    return lp;
}

double rt_wishart_lpdf(RtMat W, RtArg nu, RtMat S, bool propto, double adj,
                       double *work, RtError *err)
{
    return wishart_dense("wishart_lpdf", false, W, nu, S, propto, adj, work,
                         err);
}

double rt_inv_wishart_lpdf(RtMat W, RtArg nu, RtMat S, bool propto,
                           double adj, double *work, RtError *err)
{
    return wishart_dense("inv_wishart_lpdf", true, W, nu, S, propto, adj,
                         work, err);
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
        if (check_dof(fn, DOF, n, K, err)
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
        if (check_dof(fn, DOF, n, K, err)
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

/* ------------------------------------------------------------------ rngs */

/* Bartlett's A, lower triangular, into out, in Stan's order: column j of
 * A^T (row j of A) is N(0, 1) draws, then sqrt(chi-square(nu - j)). */
static void bartlett(double nu, int K, RtRng *rng, double *A)
{
    memset(A, 0, sizeof *A * KK(K));
    for (int j = 0; j < K; j++) {
        for (int i = 0; i < j; i++)
            A[IDX(j, i, K)] = rt_rng_normal(rng);
        A[IDX(j, j, K)] = sqrt(2 * rt_gamma_draw(rng, 0.5 * (nu - j)));
    }
}

/* A <- L A for lower triangular L and A, in place: row i of L A needs
 * rows 0..i of A, so rows go bottom up, and entry (i, j) needs A's row i
 * only in column j. */
static void lower_times_lower(const double *L, int K, double *A)
{
    for (int i = K - 1; i >= 0; i--)
        for (int j = 0; j <= i; j++) {
            double s = 0;
            for (int k = j; k <= i; k++)
                s += L[IDX(i, k, K)] * A[IDX(k, j, K)];
            A[IDX(i, j, K)] = s;
        }
}

/* Checks nu and Sigma, and leaves chol(Sigma) in L. */
static int wishart_scale(const char *fn, double nu, const double *Sigma,
                         int K, double *L, RtError *err)
{
    if (check_dof(fn, RNG_DOF, nu, K, err)
        || rt_check_symmetric(fn, "scale parameter", Sigma, K, err))
        return -1;
    if (rt_cholesky_factor(Sigma, K, L))
        return rt_error(err,
                        "%s: Matrix scale parameter is not positive definite",
                        fn);
    return 0;
}

int rt_wishart_rng(double nu, const double *Sigma, int K, RtRng *rng,
                   double *out, double *work, RtError *err)
{
    const char *fn = "wishart_rng";
    double *own, *L = scratch(work, KK(K), &own);
    int rc = -1;
    fill_nan(out, KK(K));
    if (!L)
        return rt_fatal(err, "%s: out of memory", fn);
    if (!wishart_scale(fn, nu, Sigma, K, L, err)) {
        bartlett(nu, K, rng, out);
        lower_times_lower(L, K, out);
        rt_tcrossprod(out, K, K, L);
        memcpy(out, L, sizeof *out * KK(K));
        rc = 0;
    }
    free(own);
    return rc;
}

int rt_wishart_cholesky_rng(double nu, const double *L_S, int K, RtRng *rng,
                            double *out, RtError *err)
{
    const char *fn = "wishart_cholesky_rng";
    fill_nan(out, KK(K));
    if (check_dof(fn, RNG_DOF, nu, K, err)
        || prefixed(fn, rt_check_cholesky_factor_cov("scale parameter", L_S,
                                                     K, K, err),
                    err))
        return -1;
    bartlett(nu, K, rng, out);
    lower_times_lower(L_S, K, out);
    return 0;
}

/* W ~ InvWishart(nu, S) iff W^-1 ~ Wishart(nu, S^-1): with C =
 * chol(S^-1), L_X = C A is the Cholesky factor of a Wishart draw X, and
 * W = X^-1 = (L_X L_X^T)^-1. */
int rt_inv_wishart_rng(double nu, const double *Sigma, int K, RtRng *rng,
                       double *out, double *work, RtError *err)
{
    const char *fn = "inv_wishart_rng";
    double *own, *w = scratch(work, 2 * KK(K), &own);
    int rc = -1;
    fill_nan(out, KK(K));
    if (!w)
        return rt_fatal(err, "%s: out of memory", fn);
    double *L = w, *Sinv = w + KK(K);
    if (!wishart_scale(fn, nu, Sigma, K, L, err)) {
        rt_chol_inverse(L, K, Sinv);
        if (rt_cholesky_factor(Sinv, K, L)) {
            rt_error(err,
                     "%s: Matrix scale parameter is not positive definite",
                     fn);
        } else {
            bartlett(nu, K, rng, out);
            lower_times_lower(L, K, out);
            rt_chol_inverse(out, K, Sinv);
            memcpy(out, Sinv, sizeof *out * KK(K));
            rc = 0;
        }
    }
    free(own);
    return rc;
}

int rt_inv_wishart_cholesky_rng(double nu, const double *L_S, int K,
                                RtRng *rng, double *out, double *work,
                                RtError *err)
{
    const char *fn = "inv_wishart_cholesky_rng";
    double *own, *w;
    fill_nan(out, KK(K));
    if (check_dof(fn, RNG_DOF, nu, K, err)
        || prefixed(fn, rt_check_cholesky_factor_cov("scale parameter", L_S,
                                                     K, K, err),
                    err))
        return -1;
    w = scratch(work, 2 * KK(K), &own);
    if (!w)
        return rt_fatal(err, "%s: out of memory", fn);
    double *A = w, *B = w + KK(K);
    int rc = -1;
    rt_chol_inverse(L_S, K, A);                 /* S^-1 */
    if (rt_cholesky_factor(A, K, B)) {
        rt_error(err, "%s: Matrix scale parameter is not positive definite",
                 fn);
    } else {
        bartlett(nu, K, rng, out);
        lower_times_lower(B, K, out);           /* L_X */
        rt_chol_inverse(out, K, A);             /* W */
        if (rt_cholesky_factor(A, K, out))
            rt_error(err, "%s: the draw is not positive definite", fn);
        else
            rc = 0;
    }
    if (rc)
        fill_nan(out, KK(K));
    free(own);
    return rc;
}
