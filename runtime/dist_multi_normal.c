/* dist_multi_normal.c - the multivariate normal distribution (Stan
 * Functions Reference, "Multivariate normal distribution" and its
 * Cholesky and precision parameterizations): multi_normal,
 * multi_normal_cholesky and multi_normal_prec with analytic partials, and
 * the rngs of the first two (rt_dist_multi.h).  The partials are derived
 * in the comments above each function; Sigma's and Omega's adjoints are
 * symmetric, as in rt_linalg.h. */

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "pplrt.h"
#include "rt_dist_multi.h"
#include "dist_multi_internal.h"

/* ---------------------------------------------------------- multi_normal */

size_t rt_multi_normal_work_size(int K)
{
    return 3 * (size_t)K * (size_t)K + 2 * (size_t)K;
}

size_t rt_multi_normal_cholesky_work_size(int K)
{
    return 2 * (size_t)K;
}

/* The checks both multi_normal densities share; *N receives the number
 * of terms.  Returns 0 or -1 with err. */
static int check_mvn_args(const char *fn, RtMat y, RtMat mu, RtMat S,
                          VecView *vy, VecView *vmu, int *N, RtError *err)
{
    int K = S.rows;
    *vy = vec_view_sized(y, K);
    *vmu = vec_view_sized(mu, K);
    *N = common_count(vy->count, vmu->count);
    if (*N < 0)
        return rt_error(err,
                        "%s: number of random variables (%d) and number of "
                        "location parameters (%d) must match in size",
                        fn, vy->count, vmu->count);
    if (vy->size != vmu->size)
        return rt_error(err,
                        "%s: Size of random variable (%d) and size of "
                        "location parameter (%d) must match in size",
                        fn, vy->size, vmu->size);
    if (vy->size != S.rows)
        return rt_error(err,
                        "%s: Size of random variable (%d) and rows of "
                        "covariance parameter (%d) must match in size",
                        fn, vy->size, S.rows);
    if (vy->size != S.cols)
        return rt_error(err,
                        "%s: Size of random variable (%d) and columns of "
                        "covariance parameter (%d) must match in size",
                        fn, vy->size, S.cols);
    size_t nmu = (size_t)vmu->count * (size_t)K;
    for (size_t i = 0; i < nmu; i++)
        if (!isfinite(mu.x[i]))
            return rt_error(err,
                            "%s: Location parameter[%zu] is %g, but must be "
                            "finite!",
                            fn, i % (size_t)K + 1, mu.x[i]);
    size_t ny = (size_t)vy->count * (size_t)K;
    for (size_t i = 0; i < ny; i++)
        if (isnan(y.x[i]))
            return rt_error(err,
                            "%s: Random variable[%zu] is nan, but must not "
                            "be nan!",
                            fn, i % (size_t)K + 1);
    return 0;
}

/* The shared core, given L = chol(Sigma).  Per vector, with r = y - mu,
 * z = L^-1 r and a = L^-T z = Sigma^-1 r: lp -= z.z / 2, dlp/dy = -a,
 * dlp/dmu = a, and since dz = -L^-1 dL z, dlp/dL = tril(a z^T).  Adds the
 * quadratic term's partials: into y.g, mu.g, and (if acc_L) into acc_L
 * (K x K, lower) or (if acc_S) adds a a^T / 2 into acc_S. */
static double mvn_quadratic(RtMat y, RtMat mu, VecView vy, VecView vmu,
                            int N, const double *L, int K, double adj,
                            double *acc_L, double *acc_S, double *work)
{
    double *z = work, *a = work + K, q = 0;
    bool need_a = y.g || mu.g || acc_L || acc_S;
    for (int i = 0; i < N; i++) {
        residual(y, mu, vy, vmu, i, K, z);
        rt_tri_low_solve(L, K, z, 1);
        q += rt_dot_product(z, z, K);
        if (!need_a)
            continue;
        memcpy(a, z, sizeof *a * (size_t)K);
        rt_tri_low_solve_trans(L, K, a, 1);
        add_location(y, mu, vy, vmu, i, K, adj, a);
        if (acc_L)
            for (int r = 0; r < K; r++)
                for (int c = 0; c <= r; c++)
                    acc_L[IDX(r, c, K)] += adj * a[r] * z[c];
        if (acc_S)
            for (int r = 0; r < K; r++)
                for (int c = 0; c < K; c++)
                    acc_S[IDX(r, c, K)] += 0.5 * adj * a[r] * a[c];
    }
    return -0.5 * q;
}

/* d(-N/2 log det Sigma)/dSigma = -N/2 Sigma^-1 and the quadratic term's
 * d/dSigma = sum a a^T / 2 (symmetric, so it is its own symmetric part). */
double rt_multi_normal_lpdf(RtMat y, RtMat mu, RtMat Sigma, bool propto,
                            double adj, double *work, RtError *err)
{
    const char *fn = "multi_normal_lpdf";
    VecView vy, vmu;
    int N, K = Sigma.rows;
    if (check_mvn_args(fn, y, mu, Sigma, &vy, &vmu, &N, err))
        return NAN;
    if (N == 0 || K == 0)
        return 0;
    bool keep_det = !propto || Sigma.ad;
    bool keep_quad = !propto || y.ad || mu.ad || Sigma.ad;
    if (!keep_quad)
        return 0;
    double *own = NULL;
    if (!work) {
        own = malloc(sizeof *own * rt_multi_normal_work_size(K));
        if (!own) {
            rt_fatal(err, "%s: out of memory", fn);
            return NAN;
        }
        work = own;
    }
    double *L = work, *S = L + (size_t)K * K, *inv = S + (size_t)K * K;
    double *vecs = inv + (size_t)K * K;
    double lp = 0;
    if (rt_cholesky_decompose(Sigma.x, K, L, err)) {
        free(own);
        return NAN;
    }
    if (!propto)
        lp -= 0.5 * N * K * LOG_TWO_PI;
    if (keep_det) {
        double ld = 0;
        for (int k = 0; k < K; k++)
            ld += log(L[IDX(k, k, K)]);
        lp -= N * ld;
    }
    if (Sigma.g)
        memset(S, 0, sizeof *S * (size_t)K * K);
    lp += mvn_quadratic(y, mu, vy, vmu, N, L, K, adj, NULL,
                        Sigma.g ? S : NULL, vecs);
    if (Sigma.g) {
        if (keep_det)
            rt_chol_inverse(L, K, inv);
        for (size_t i = 0; i < (size_t)K * K; i++)
            Sigma.g[i] += S[i] - (keep_det ? 0.5 * adj * N * inv[i] : 0);
    }
    free(own);
    return lp;
}

double rt_multi_normal_cholesky_lpdf(RtMat y, RtMat mu, RtMat L, bool propto,
                                     double adj, double *work, RtError *err)
{
    const char *fn = "multi_normal_cholesky_lpdf";
    VecView vy, vmu;
    int N, K = L.rows;
    if (check_mvn_args(fn, y, mu, L, &vy, &vmu, &N, err))
        return NAN;
    if (N == 0 || K == 0)
        return 0;
    bool keep_det = !propto || L.ad;
    bool keep_quad = !propto || y.ad || mu.ad || L.ad;
    if (!keep_quad)
        return 0;
    double local[32], *own = NULL;
    if (!work) {
        if (2 * K <= 32) {
            work = local;
        } else {
            own = malloc(sizeof *own * rt_multi_normal_cholesky_work_size(K));
            if (!own) {
                rt_fatal(err, "%s: out of memory", fn);
                return NAN;
            }
            work = own;
        }
    }
    double lp = 0;
    if (!propto)
        lp -= 0.5 * N * K * LOG_TWO_PI;
    if (keep_det) {
        for (int k = 0; k < K; k++) {
            double d = L.x[IDX(k, k, K)];
            lp -= N * log(d);
            if (L.g)
                L.g[IDX(k, k, K)] -= adj * N / d;
        }
    }
    lp += mvn_quadratic(y, mu, vy, vmu, N, L.x, K, adj, L.g, NULL, work);
    free(own);
    return lp;
}

/* ----------------------------------------------------- multi_normal_prec */

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

/* ------------------------------------------------------------------ rngs */

int rt_multi_normal_cholesky_rng(const double *mu, const double *L, int K,
                                 RtRng *rng, double *out, RtError *err)
{
    for (int k = 0; k < K; k++)
        if (!isfinite(mu[k])) {
            for (int j = 0; j < K; j++)
                out[j] = NAN;
            return rt_error(err,
                            "multi_normal_cholesky_rng: Location "
                            "parameter[%d] is %g, but must be finite!",
                            k + 1, mu[k]);
        }
    /* out = mu + L z; z drawn first, in order, so a seed fixes the draw */
    for (int k = 0; k < K; k++)
        out[k] = rt_rng_normal(rng);
    for (int i = K - 1; i >= 0; i--) {
        double s = 0;
        for (int j = 0; j <= i; j++)
            s += L[IDX(i, j, K)] * out[j];
        out[i] = s;
    }
    for (int k = 0; k < K; k++)
        out[k] += mu[k];
    return 0;
}

int rt_multi_normal_rng(const double *mu, const double *Sigma, int K,
                        RtRng *rng, double *out, double *work, RtError *err)
{
    const char *fn = "multi_normal_rng";
    double *own = NULL;
    int rc = -1;
    for (int k = 0; k < K; k++)
        out[k] = NAN;
    for (int k = 0; k < K; k++)
        if (!isfinite(mu[k]))
            return rt_error(err,
                            "%s: Location parameter[%d] is %g, but must be "
                            "finite!",
                            fn, k + 1, mu[k]);
    if (rt_check_symmetric(fn, "Covariance matrix", Sigma, K, err))
        return -1;
    if (!work) {
        own = malloc(sizeof *own * ((size_t)K * K + 1));
        if (!own)
            return rt_fatal(err, "%s: out of memory", fn);
        work = own;
    }
    if (rt_cholesky_factor(Sigma, K, work))
        rt_error(err, "%s: Covariance matrix is not positive definite.", fn);
    else
        rc = rt_multi_normal_cholesky_rng(mu, work, K, rng, out, err);
    free(own);
    return rc;
}
