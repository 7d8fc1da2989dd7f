/* dist_multi_student_t.c - the multivariate Student-t distribution (Stan
 * Functions Reference, "Multivariate Student-t distribution" and its
 * Cholesky parameterization): multi_student_t and
 * multi_student_t_cholesky with analytic partials, and their rngs
 * (rt_dist_multi.h).  Values, checks and the terms propto keeps follow
 * stan::math; the partials are derived in the comments above each
 * function.  Sigma gets a symmetric adjoint, L one on its lower triangle
 * only. */

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_sf_psi.h>

#include "pplrt.h"
#include "rt_checks.h"
#include "rt_dist_multi.h"
#include "dist_multi_internal.h"

/* ------------------------------------------------------- multi_student_t */

size_t rt_multi_student_t_work_size(int K)
{
    return 3 * KK(K) + 2 * (size_t)K;
}

size_t rt_multi_student_t_cholesky_work_size(int K)
{
    return 2 * (size_t)K;
}

/* nu not NaN, positive and, for the densities, finite (an infinite nu
 * draws from the normal). */
static int check_nu(const char *fn, double nu, bool finite, RtError *err)
{
    const char *name = "Degrees of freedom parameter";
    if (isnan(nu))
        return rt_error(err, "%s: %s is nan, but must not be nan!", fn, name);
    if (!(nu > 0))
        return rt_error(err, "%s: %s is %g, but must be positive!", fn, name,
                        nu);
    if (finite && isinf(nu))
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
    if (check_nu(fn, n, true, err))
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
    if (check_nu(fn, n, true, err)
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

/* ------------------------------------------------------------------ rngs */

/* out = mu + sqrt(w) L z: z first, then w, so a seed fixes the draw. */
static void student_draw(double nu, const double *mu, const double *L, int K,
                         RtRng *rng, double *out)
{
    for (int k = 0; k < K; k++)
        out[k] = rt_rng_normal(rng);
    /* w = 1 / Gamma(nu/2, rate nu/2); infinite nu gives the normal */
    double w = isinf(nu) ? 1 : nu / (2 * rt_gamma_draw(rng, 0.5 * nu));
    double s = sqrt(w);
    for (int i = K - 1; i >= 0; i--) {
        double t = 0;
        for (int j = 0; j <= i; j++)
            t += L[IDX(i, j, K)] * out[j];
        out[i] = mu[i] + s * t;
    }
}

int rt_multi_student_t_rng(double nu, const double *mu, const double *Sigma,
                           int K, RtRng *rng, double *out, double *work,
                           RtError *err)
{
    const char *fn = "multi_student_t_rng";
    double *own = NULL;
    int rc = -1;
    fill_nan(out, (size_t)K);
    if (check_nu(fn, nu, false, err))
        return -1;
    if (K <= 0)
        return rt_error(err,
                        "%s: Covariance matrix rows is %d, but must be "
                        "positive!",
                        fn, K);
    if (rt_check_symmetric(fn, "Covariance matrix", Sigma, K, err))
        return -1;
    if (!work) {
        own = malloc(sizeof *own * KK(K));
        if (!own)
            return rt_fatal(err, "%s: out of memory", fn);
        work = own;
    }
    if (rt_cholesky_factor(Sigma, K, work))
        rt_error(err,
                 "%s: Matrix covariance matrix argument is not positive "
                 "definite",
                 fn);
    else if (!check_location(fn, mu, K, err)) {
        student_draw(nu, mu, work, K, rng, out);
        rc = 0;
    }
    free(own);
    return rc;
}

int rt_multi_student_t_cholesky_rng(double nu, const double *mu,
                                    const double *L, int K, RtRng *rng,
                                    double *out, RtError *err)
{
    const char *fn = "multi_student_t_cholesky_rng";
    fill_nan(out, (size_t)K);
    if (check_nu(fn, nu, false, err) || check_location(fn, mu, K, err))
        return -1;
    student_draw(nu, mu, L, K, rng, out);
    return 0;
}
