/* dist_lkj.c - the LKJ correlation matrix distributions (Stan Functions
 * Reference, "Correlation matrix distributions"): lkj_corr and
 * lkj_corr_cholesky with analytic partials, the normalizing constant, and
 * their rngs (rt_dist_multi.h).  lkj_cov is dist_lkj_cov.c's. */

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_sf_psi.h>

#include "pplrt.h"
#include "rt_dist_multi.h"
#include "dist_multi_internal.h"

/* LKJ 2009: the density of a K x K correlation matrix is det^(eta-1) / c
 * with log c = sum_{k=1}^{K-1} [(2 eta - 2 + K - k)(K - k) log 2
 *                               + (K - k) lbeta(b_k, b_k)],
 * b_k = eta + (K - k - 1) / 2, and lbeta(b, b) = 2 lgamma(b) - lgamma(2b). */
double rt_lkj_log_constant(double eta, int K, double *d_eta)
{
    double lc = 0, dlc = 0;
    for (int k = 1; k < K; k++) {
        double m = K - k, b = eta + 0.5 * (m - 1);
        lc += (2 * eta - 2 + m) * m * M_LN2
              + m * (2 * lgamma(b) - lgamma(2 * b));
        if (d_eta)
            dlc += 2 * m * M_LN2
                   + m * (2 * gsl_sf_psi(b) - 2 * gsl_sf_psi(2 * b));
    }
    if (d_eta)
        *d_eta = -dlc;
    return -lc;
}

static int check_eta(const char *fn, RtArg eta, RtError *err)
{
    if (!(eta.x[0] > 0) || isinf(eta.x[0]))
        return rt_error(err,
                        "%s: Shape parameter is %g, but must be positive "
                        "finite!",
                        fn, eta.x[0]);
    return 0;
}

/* d/dL_ii = (K - i + 2 eta - 2) / L_ii (1-based i >= 2);
 * d/deta = dconst/deta + 2 sum_{i>=2} log L_ii. */
double rt_lkj_corr_cholesky_lpdf(RtMat L, RtArg eta, bool propto, double adj,
                                 RtError *err)
{
    const char *fn = "lkj_corr_cholesky_lpdf";
    int K = L.rows;
    if (check_eta(fn, eta, err))
        return NAN;
    if (L.cols != K)
        return rt_error(err,
                        "%s: Expecting a square matrix; rows of Random "
                        "variable (%d) and columns of Random variable (%d) "
                        "must match in size",
                        fn, L.rows, L.cols),
               NAN;
    for (int i = 0; i < K; i++)
        for (int j = i + 1; j < K; j++)
            if (L.x[IDX(i, j, K)] != 0)
                return rt_error(err,
                                "%s: Random variable is not lower "
                                "triangular; Random variable[%d,%d]=%g",
                                fn, i + 1, j + 1, L.x[IDX(i, j, K)]),
                       NAN;
    if (K == 0)
        return 0;
    double e = eta.x[0], lp = 0, geta = 0;
    if (!propto || eta.ad) {
        double dc;
        lp += rt_lkj_log_constant(e, K, &dc);
        geta += dc;
    }
    if (!propto || eta.ad || L.ad) {
        for (int i = 1; i < K; i++) {
            double d = L.x[IDX(i, i, K)], ld = log(d);
            lp += (K - i + 2 * e - 3) * ld;
            geta += 2 * ld;
            if (L.g)
                L.g[IDX(i, i, K)] += adj * (K - i + 2 * e - 3) / d;
        }
    }
    if (eta.g)
        eta.g[0] += adj * geta;
    return lp;
}

size_t rt_lkj_corr_work_size(int K)
{
    return 2 * (size_t)K * (size_t)K;
}

/* d/dy = (eta - 1) y^-1 (symmetric); d/deta = dconst + log det y. */
double rt_lkj_corr_lpdf(RtMat y, RtArg eta, bool propto, double adj,
                        double *work, RtError *err)
{
    const char *fn = "lkj_corr_lpdf";
    const char *name = "Correlation matrix";
    int K = y.rows;
    if (check_eta(fn, eta, err))
        return NAN;
    if (y.cols != K)
        return rt_error(err,
                        "%s: Expecting a square matrix; rows of %s (%d) and "
                        "columns of %s (%d) must match in size",
                        fn, name, y.rows, name, y.cols),
               NAN;
    for (int k = 0; k < K; k++) {
        double d = y.x[IDX(k, k, K)];
        if (!(fabs(d - 1) <= RT_CONSTRAINT_TOLERANCE))
            return rt_error(err,
                            "%s: %s is not a valid correlation matrix. "
                            "%s(%d,%d) is %g, but should be near 1",
                            fn, name, name, k + 1, k + 1, d),
                   NAN;
    }
    if (rt_check_symmetric(fn, name, y.x, K, err))
        return NAN;
    if (K == 0)
        return 0;
    double *own = NULL;
    if (!work) {
        own = malloc(sizeof *own * rt_lkj_corr_work_size(K));
        if (!own)
            return rt_fatal(err, "%s: out of memory", fn), NAN;
        work = own;
    }
    double *L = work, *inv = work + (size_t)K * K;
    if (rt_cholesky_factor(y.x, K, L)) {
        free(own);
        return rt_error(err, "%s: %s is not positive definite.", fn, name),
               NAN;
    }
    double e = eta.x[0], lp = 0, geta = 0;
    if (!propto || eta.ad) {
        double dc;
        lp += rt_lkj_log_constant(e, K, &dc);
        geta += dc;
    }
    if (!propto || eta.ad || y.ad) {
        double ld = 0;
        for (int k = 0; k < K; k++)
            ld += 2 * log(L[IDX(k, k, K)]);
        lp += (e - 1) * ld;
        geta += ld;
        if (y.g) {
            rt_chol_inverse(L, K, inv);
            for (size_t i = 0; i < (size_t)K * K; i++)
                y.g[i] += adj * (e - 1) * inv[i];
        }
    }
    if (eta.g)
        eta.g[0] += adj * geta;
    free(own);
    return lp;
}

/* ------------------------------------------------------------------ rngs */

/* The C-vine of LKJ 2009: the partial correlation of (i, j) given
 * 1..i-1 is 2 Beta(b_i, b_i) - 1 with b_i = eta + (K - 1 - i) / 2
 * (1-based i), and row j of L is built from its partial correlations:
 * L[j][i] = p_ij sqrt(1 - sum_{m<i} L[j][m]^2). */
int rt_lkj_corr_cholesky_rng(int K, double eta, RtRng *rng, double *L,
                             RtError *err)
{
    if (!(eta > 0) || isinf(eta)) {
        for (size_t i = 0; i < (size_t)K * K; i++)
            L[i] = NAN;
        return rt_error(err,
                        "lkj_corr_cholesky_rng: Shape parameter is %g, but "
                        "must be positive finite!",
                        eta);
    }
    memset(L, 0, sizeof *L * (size_t)K * K);
    for (int i = 0; i < K - 1; i++) {
        double b = eta + 0.5 * (K - 2 - i);
        for (int j = i + 1; j < K; j++) {
            double lx = rt_log_gamma_draw(rng, b);
            double ly = rt_log_gamma_draw(rng, b);
            double u = 1 / (1 + exp(ly - lx));
            double p = 2 * u - 1, rest = 1;
            for (int m = 0; m < i; m++)
                rest -= L[IDX(j, m, K)] * L[IDX(j, m, K)];
            L[IDX(j, i, K)] = p * sqrt(fmax(rest, 0));
        }
    }
    for (int j = 0; j < K; j++) {
        double rest = 1;
        for (int m = 0; m < j; m++)
            rest -= L[IDX(j, m, K)] * L[IDX(j, m, K)];
        L[IDX(j, j, K)] = sqrt(fmax(rest, 0));
    }
    return 0;
}

int rt_lkj_corr_rng(int K, double eta, RtRng *rng, double *out, double *work,
                    RtError *err)
{
    const char *fn = "lkj_corr_rng";
    fill_nan(out, KK(K));
    if (!(eta > 0))
        return rt_error(err, "%s: Shape parameter is %g, but must be "
                        "positive!", fn, eta);
    double *own, *L = scratch(work, KK(K), &own);
    if (!L)
        return rt_fatal(err, "%s: out of memory", fn);
    int rc = rt_lkj_corr_cholesky_rng(K, eta, rng, L, err);
    if (!rc) {
        rt_multiply_lower_tri_self_transpose(L, K, K, out);
        for (int k = 0; k < K; k++)
            out[IDX(k, k, K)] = 1;
    }
    free(own);
    return rc;
}
