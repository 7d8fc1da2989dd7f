/* dist_lkj_cov.c - lkj_cov (Stan Functions Reference, "Correlation Matrix
 * Distributions", deprecated "LKJ covariance"): a covariance matrix y
 * with standard deviations s_k = sqrt(y_kk) and correlation matrix
 * Omega = D y D, D = diag(1 / s),
 *   log LkjCov(y | mu, sigma, eta)
 *     = sum_k log LogNormal(s_k | mu_k, sigma_k) + log LkjCorr(Omega | eta)
 * as Stan's math library computes it (no Jacobian of y -> (s, Omega)).
 * Conventions: rt_dist_multi.h. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "pplrt.h"
#include "rt_dist_cont.h"
#include "rt_dist_multi.h"

#define IDX(i, j, ncol) ((size_t)(i) * (size_t)(ncol) + (size_t)(j))

size_t rt_lkj_cov_work_size(int K)
{
    return rt_lkj_corr_work_size(K) + 2 * (size_t)K * (size_t)K
           + 2 * (size_t)K;
}

/* Stan's checks: sizes, a positive finite eta, finite mu and sigma. */
static int check_lkj_cov(const char *fn, RtMat y, RtArg mu, RtArg sigma,
                         RtArg eta, RtError *err)
{
    if (mu.n != sigma.n)
        return rt_error(err, "%s: Rows of location parameter (%d) and "
                        "columns of scale parameter (%d) must match in size",
                        fn, mu.n, sigma.n);
    if (y.rows != y.cols)
        return rt_error(err, "%s: Expecting a square matrix; rows of random "
                        "variable (%d) and columns of random variable (%d) "
                        "must match in size", fn, y.rows, y.cols);
    if (y.rows != mu.n)
        return rt_error(err, "%s: Rows of random variable (%d) and rows of "
                        "location parameter (%d) must match in size", fn,
                        y.rows, mu.n);
    if (!(eta.x[0] > 0))
        return rt_error(err, "%s: Shape parameter is %g, but must be "
                        "positive!", fn, eta.x[0]);
    for (int k = 0; k < mu.n; k++)
        if (!isfinite(mu.x[k]))
            return rt_error(err, "%s: Location parameter[%d] is %g, but must "
                            "be finite!", fn, k + 1, mu.x[k]);
    for (int k = 0; k < sigma.n; k++)
        if (!isfinite(sigma.x[k]))
            return rt_error(err, "%s: Scale parameter[%d] is %g, but must be "
                            "finite!", fn, k + 1, sigma.x[k]);
    return 0;
}

/* With G the partials of the LKJ term in Omega_ij = y_ij / (s_i s_j) and
 * gs those of the lognormal terms in s_k = sqrt(y_kk):
 *   d/dy_ij = G_ij / (s_i s_j)                                  (i != j)
 *   d/dy_kk = gs_k / (2 s_k)
 *             - 1 / (2 y_kk) sum_{j != k} (G_kj + G_jk) Omega_kj
 * (Omega_kk = 1 whatever y is: G_kk contributes nothing). */
double rt_lkj_cov_lpdf(RtMat y, RtArg mu, RtArg sigma, RtArg eta,
                       bool propto, double adj, double *work, RtError *err)
{
    const char *fn = "lkj_cov_lpdf";
    if (check_lkj_cov(fn, y, mu, sigma, eta, err))
        return NAN;
    int K = y.rows;
    if (K == 0)
        return 0;
    double *own = NULL;
    if (!work) {
        own = malloc(sizeof *own * rt_lkj_cov_work_size(K));
        if (!own)
            return rt_fatal(err, "%s: out of memory", fn), NAN;
        work = own;
    }
    double *omega = work, *G = omega + (size_t)K * K;
    double *s = G + (size_t)K * K, *gs = s + K;
    double *lkj_work = gs + K;
    for (int k = 0; k < K; k++) {
        s[k] = sqrt(y.x[IDX(k, k, K)]);
        gs[k] = 0;
    }
    double lp = rt_lognormal_lpdf(rt_argn(s, y.g ? gs : NULL, K, y.ad), mu,
                                  sigma, propto, adj, err);
    if (isnan(lp)) {
        free(own);
        return NAN;
    }
    for (int i = 0; i < K; i++)
        for (int j = 0; j < K; j++)
            omega[IDX(i, j, K)] = i == j ? 1 : y.x[IDX(i, j, K)] / (s[i] * s[j]);
    memset(G, 0, sizeof *G * (size_t)K * K);
    double lc = rt_lkj_corr_lpdf((RtMat){omega, y.g ? G : NULL, K, K, y.ad},
                                 eta, propto, adj, lkj_work, err);
    if (isnan(lc)) {
        free(own);
        return NAN;
    }
    lp += lc;
    if (y.g)
        for (int k = 0; k < K; k++) {
            double dkk = gs[k] / (2 * s[k]), acc = 0;
            for (int j = 0; j < K; j++) {
                if (j == k)
                    continue;
                y.g[IDX(k, j, K)] += G[IDX(k, j, K)] / (s[k] * s[j]);
                acc += (G[IDX(k, j, K)] + G[IDX(j, k, K)])
                       * omega[IDX(k, j, K)];
            }
            y.g[IDX(k, k, K)] += dkk - acc / (2 * y.x[IDX(k, k, K)]);
        }
    free(own);
    return lp;
}
