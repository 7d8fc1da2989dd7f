/* dist_multi.c - multivariate distributions: densities with analytic
 * partials, and their rngs (rt_dist_multi.h).
 *
 * Densities follow the Stan Functions Reference, "Multivariate
 * continuous distributions" and "Correlation matrix distributions"; the
 * partials are derived in the comments above each function. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_sf_psi.h>

#include "pplrt.h"
#include "rt_dist_multi.h"
#include "rt_linalg.h"

#define IDX(i, j, ncol) ((size_t)(i) * (size_t)(ncol) + (size_t)(j))
#define LOG_TWO_PI 1.8378770664093454836

/* How an RtMat holds vectors: how many, of what size. */
typedef struct VecView {
    int count, size;
} VecView;

static VecView vec_view_sized(RtMat a, int K)
{
    VecView v = {a.rows, a.cols};
    if (a.cols != K && a.cols == 1) {   /* one column vector */
        v.count = 1;
        v.size = a.rows;
    }
    return v;
}

static VecView vec_view(RtMat a)
{
    VecView v;
    if (a.cols == 1) {
        v.count = 1;
        v.size = a.rows;
    } else {
        v.count = a.rows;
        v.size = a.cols;
    }
    return v;
}

/* The common count of two vector arrays (1 broadcasts), or -1. */
static int common_count(int a, int b)
{
    if (a == b || b == 1)
        return a;
    if (a == 1)
        return b;
    return -1;
}

/* ------------------------------------------------------- multi_normal */

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
        const double *yi = y.x + (vy.count == 1 ? 0 : IDX(i, 0, K));
        const double *mi = mu.x + (vmu.count == 1 ? 0 : IDX(i, 0, K));
        for (int k = 0; k < K; k++)
            z[k] = yi[k] - mi[k];
        rt_tri_low_solve(L, K, z, 1);
        q += rt_dot_product(z, z, K);
        if (!need_a)
            continue;
        memcpy(a, z, sizeof *a * (size_t)K);
        rt_tri_low_solve_trans(L, K, a, 1);
        if (y.g) {
            double *g = y.g + (vy.count == 1 ? 0 : IDX(i, 0, K));
            for (int k = 0; k < K; k++)
                g[k] -= adj * a[k];
        }
        if (mu.g) {
            double *g = mu.g + (vmu.count == 1 ? 0 : IDX(i, 0, K));
            for (int k = 0; k < K; k++)
                g[k] += adj * a[k];
        }
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

/* ---------------------------------------------------------- dirichlet */

/* d/dtheta_k = (alpha_k - 1) / theta_k; d/dalpha_k = digamma(sum alpha)
 * - digamma(alpha_k) + log theta_k. */
double rt_dirichlet_lpdf(RtMat theta, RtMat alpha, bool propto, double adj,
                         RtError *err)
{
    const char *fn = "dirichlet_lpdf";
    VecView vt = vec_view(theta), va = vec_view(alpha);
    int N = common_count(vt.count, va.count), K = vt.size;
    if (N < 0 || vt.size != va.size)
        return rt_error(err,
                        "%s: probabilities has dimension = %d, expecting "
                        "dimension = %d; all arguments must have "
                        "consistent sizes",
                        fn, vt.size, va.size),
               NAN;
    for (size_t i = 0; i < (size_t)va.count * (size_t)K; i++)
        if (!(alpha.x[i] > 0) || isinf(alpha.x[i]))
            return rt_error(err,
                            "%s: prior sample sizes[%zu] is %g, but must be "
                            "positive finite!",
                            fn, i % (size_t)K + 1, alpha.x[i]),
                   NAN;
    for (int i = 0; i < vt.count; i++) {
        const double *t = theta.x + IDX(i, 0, K);
        double s = 0;
        for (int k = 0; k < K; k++) {
            if (!(t[k] >= 0))
                return rt_error(err,
                                "%s: probabilities is not a valid simplex. "
                                "probabilities[%d] = %g, but should be "
                                "greater than or equal to 0",
                                fn, k + 1, t[k]),
                       NAN;
            s += t[k];
        }
        if (!(fabs(s - 1) <= RT_CONSTRAINT_TOLERANCE))
            return rt_error(err,
                            "%s: probabilities is not a valid simplex. "
                            "sum(probabilities) = %.10g, but should be 1",
                            fn, s),
                   NAN;
    }
    if (N == 0 || K == 0)
        return 0;
    bool keep_norm = !propto || alpha.ad;
    bool keep_kernel = !propto || theta.ad || alpha.ad;
    double lp = 0;
    for (int i = 0; i < N; i++) {
        size_t ti = vt.count == 1 ? 0 : IDX(i, 0, K);
        size_t ai = va.count == 1 ? 0 : IDX(i, 0, K);
        const double *t = theta.x + ti, *a = alpha.x + ai;
        double asum = 0, psi_sum = 0;
        for (int k = 0; k < K; k++)
            asum += a[k];
        if (keep_norm) {
            lp += lgamma(asum);
            for (int k = 0; k < K; k++)
                lp -= lgamma(a[k]);
            if (alpha.g)
                psi_sum = gsl_sf_psi(asum);
        }
        for (int k = 0; k < K; k++) {
            double lt = log(t[k]);
            /* alpha_k = 1 at theta_k = 0 is a zero term, not 0 * -inf */
            if (keep_kernel && a[k] != 1)
                lp += (a[k] - 1) * lt;
            if (theta.g && keep_kernel && a[k] != 1)
                theta.g[ti + (size_t)k] += adj * (a[k] - 1) / t[k];
            if (alpha.g) {
                double g = keep_kernel ? lt : 0;
                if (keep_norm)
                    g += psi_sum - gsl_sf_psi(a[k]);
                alpha.g[ai + (size_t)k] += adj * g;
            }
        }
    }
    return lp;
}

/* ---------------------------------------------------------------- LKJ */

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

/* --------------------------------------------------------------- rngs */

/* Marsaglia and Tsang (2000), "A simple method for generating gamma
 * variables": for a >= 1, d = a - 1/3, v = (1 + x / sqrt(9d))^3 with x
 * standard normal, accepted when log u < x^2/2 + d - d v + d log v.  For
 * a < 1, Gamma(a) = Gamma(a + 1) U^(1/a), computed in logs. */
double rt_log_gamma_draw(RtRng *rng, double a)
{
    double boost = 0;
    if (a < 1) {
        boost = log(rt_rng_uniform(rng)) / a;
        a += 1;
    }
    double d = a - 1.0 / 3, c = 1 / sqrt(9 * d);
    for (;;) {
        double x = rt_rng_normal(rng), v = 1 + c * x;
        if (v <= 0)
            continue;
        v = v * v * v;
        double u = rt_rng_uniform(rng);
        if (log(u) < 0.5 * x * x + d - d * v + d * log(v))
            return log(d * v) + boost;
    }
}

double rt_gamma_draw(RtRng *rng, double a)
{
    return exp(rt_log_gamma_draw(rng, a));
}

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

int rt_dirichlet_rng(const double *alpha, int K, RtRng *rng, double *out,
                     RtError *err)
{
    for (int k = 0; k < K; k++)
        if (!(alpha[k] > 0) || isinf(alpha[k])) {
            for (int j = 0; j < K; j++)
                out[j] = NAN;
            return rt_error(err,
                            "dirichlet_rng: prior sample sizes[%d] is %g, "
                            "but must be positive finite!",
                            k + 1, alpha[k]);
        }
    double mx = -INFINITY, s = 0;
    for (int k = 0; k < K; k++)
        mx = fmax(mx, out[k] = rt_log_gamma_draw(rng, alpha[k]));
    for (int k = 0; k < K; k++)
        s += (out[k] = exp(out[k] - mx));
    for (int k = 0; k < K; k++)
        out[k] /= s;
    return 0;
}

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
