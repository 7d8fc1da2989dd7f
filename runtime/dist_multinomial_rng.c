/* dist_multinomial_rng.c - multinomial_logit and dirichlet_multinomial with
 * partials, and the rngs of the multivariate distributions that
 * dist_multi.c and dist_categorical.c lack (rt_dist_multi.h):
 * multinomial_logit, dirichlet_multinomial, multi_student_t(_cholesky),
 * wishart(_cholesky), inv_wishart(_cholesky) and lkj_corr.
 *
 * Values, checks and the terms propto keeps follow stan::math (Stan
 * Functions Reference, "Multivariate discrete distributions" and
 * "Covariance matrix distributions"). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_randist.h>
#include <gsl/gsl_sf_gamma.h>
#include <gsl/gsl_sf_psi.h>

#include "pplrt.h"
#include "rt_checks.h"
#include "rt_dist_cont.h"       /* rt_rng_gsl */
#include "rt_dist_multi.h"
#include "rt_linalg.h"

#define IDX(i, j, ncol) ((size_t)(i) * (size_t)(ncol) + (size_t)(j))
#define KK(K) ((size_t)(K) * (size_t)(K))

/* ------------------------------------------------------------ helpers */

/* "FN: NAME[i] is v, but must be nonnegative!" over an int array. */
static int check_counts(const char *fn, const char *name, RtIArg ns,
                        RtError *err)
{
    for (int k = 0; k < ns.n; k++)
        if (ns.x[k] < 0)
            return rt_error(err, "%s: %s[%d] is %d, but must be nonnegative!",
                            fn, name, k + 1, ns.x[k]);
    return 0;
}

static int check_finite_vec(const char *fn, const char *name, RtArg a,
                            RtError *err)
{
    for (int k = 0; k < a.n; k++)
        if (!isfinite(a.x[k]))
            return rt_error(err, "%s: %s[%d] is %g, but must be finite!", fn,
                            name, k + 1, a.x[k]);
    return 0;
}

static int check_positive_finite_vec(const char *fn, const char *name,
                                     RtArg a, RtError *err)
{
    for (int k = 0; k < a.n; k++)
        if (!(a.x[k] > 0) || isinf(a.x[k]))
            return rt_error(err,
                            "%s: %s[%d] is %g, but must be positive finite!",
                            fn, name, k + 1, a.x[k]);
    return 0;
}

static double log_sum_exp(const double *x, int n)
{
    double m = -INFINITY, s = 0;
    for (int k = 0; k < n; k++)
        m = fmax(m, x[k]);
    if (isinf(m))
        return m;
    for (int k = 0; k < n; k++)
        s += exp(x[k] - m);
    return m + log(s);
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

static void fill_nan(double *x, size_t n)
{
    for (size_t i = 0; i < n; i++)
        x[i] = NAN;
}

static void fill_minus_one(int *x, int n)
{
    for (int i = 0; i < n; i++)
        x[i] = -1;
}

/* ------------------------------------------------- multinomial_logit */

/* d/dbeta_k = ns_k - N softmax(beta)_k, N = sum ns. */
double rt_multinomial_logit_lpmf(RtIArg ns, RtArg beta, bool propto,
                                 double adj, RtError *err)
{
    const char *fn = "multinomial_logit_lpmf";
    if (check_counts(fn, "Number of trials variable", ns, err)
        || check_finite_vec(fn, "log-probabilities parameter", beta, err))
        return NAN;
    if (ns.n != beta.n)
        return rt_error(err,
                        "%s: Size of number of trials variable (%d) and rows "
                        "of log-probabilities parameter (%d) must match in "
                        "size",
                        fn, ns.n, beta.n),
               NAN;
    double lp = 0, total = 0;
    for (int k = 0; k < ns.n; k++)
        total += ns.x[k];
    if (!propto) {
        lp += lgamma(1 + total);
        for (int k = 0; k < ns.n; k++)
            lp -= lgamma(1 + ns.x[k]);
    }
    if (propto && !beta.ad)
        return lp;
    double lse = log_sum_exp(beta.x, beta.n);
    for (int k = 0; k < ns.n; k++) {
        if (ns.x[k] != 0)
            lp += ns.x[k] * (beta.x[k] - lse);
        if (beta.g)
            beta.g[k] += adj * (ns.x[k] - total * exp(beta.x[k] - lse));
    }
    return lp;
}

/* --------------------------------------------- dirichlet_multinomial */

/* d/dalpha_k = psi(a0) - psi(a0 + N) + [ns_k > 0] (psi(alpha_k + ns_k) -
 * psi(alpha_k)). */
double rt_dirichlet_multinomial_lpmf(RtIArg ns, RtArg alpha, bool propto,
                                     double adj, RtError *err)
{
    const char *fn = "dirichlet_multinomial_lpmf";
    if (ns.n != alpha.n)
        return rt_error(err,
                        "%s: Size of number of trials variable (%d) and rows "
                        "of prior size parameter (%d) must match in size",
                        fn, ns.n, alpha.n),
               NAN;
    if (check_counts(fn, "Number of trials variable", ns, err)
        || check_positive_finite_vec(fn, "Prior size parameter", alpha, err))
        return NAN;
    if (propto && !alpha.ad)
        return 0;
    int total = 0;
    for (int k = 0; k < ns.n; k++)
        total += ns.x[k];
    if (total == 0)
        return 0;
    double a0 = 0, lp = 0;
    for (int k = 0; k < alpha.n; k++)
        a0 += alpha.x[k];
    if (!propto) {
        lp += log(total);
        for (int k = 0; k < ns.n; k++)
            if (ns.x[k] > 0)
                lp -= log(ns.x[k]);
    }
    lp += gsl_sf_lnbeta(a0, total);
    for (int k = 0; k < ns.n; k++)
        if (ns.x[k] > 0)
            lp -= gsl_sf_lnbeta(alpha.x[k], ns.x[k]);
    if (alpha.g) {
        double common = gsl_sf_psi(a0) - gsl_sf_psi(a0 + total);
        for (int k = 0; k < alpha.n; k++) {
            double g = common;
            if (ns.x[k] > 0)
                g += gsl_sf_psi(alpha.x[k] + ns.x[k]) - gsl_sf_psi(alpha.x[k]);
            alpha.g[k] += adj * g;
        }
    }
    return lp;
}

/* -------------------------------------------------- discrete rngs */

static int check_trials(const char *fn, int N, RtError *err)
{
    if (N < 0)
        return rt_error(err,
                        "%s: number of trials variables is %d, but must be "
                        "nonnegative!",
                        fn, N);
    return 0;
}

/* A Binomial(left, p) draw, p clamped into [0, 1]. */
static int binomial_draw(RtRng *rng, double p, int left)
{
    p = p < 0 ? 0 : p > 1 ? 1 : p;
    return (int)gsl_ran_binomial(rt_rng_gsl(rng), p, (unsigned)left);
}

/* Category k takes Binomial(left, theta_k / mass left) of what is left. */
int rt_multinomial_logit_rng(RtArg beta, int N, int *out, RtRng *rng,
                             RtError *err)
{
    const char *fn = "multinomial_logit_rng";
    if (check_finite_vec(fn, "Log-probabilities parameter", beta, err)
        || check_trials(fn, N, err)) {
        fill_minus_one(out, beta.n);
        return -1;
    }
    double lse = log_sum_exp(beta.x, beta.n), mass_left = 1;
    int left = N;
    for (int k = 0; k < beta.n; k++) {
        double p = exp(beta.x[k] - lse);
        out[k] = k == beta.n - 1 ? left
                 : mass_left > 0 ? binomial_draw(rng, p / mass_left, left)
                                 : 0;
        left -= out[k];
        mass_left -= p;
    }
    return 0;
}

/* theta ~ Dirichlet(alpha) splits as theta_k / (theta_k + ... + theta_K)
 * ~ Beta(alpha_k, alpha_{k+1} + ... + alpha_K), independently, so the
 * counts follow by sequential binomials without storing theta.  Beta
 * draws come from log gamma draws, so tiny alphas do not underflow. */
int rt_dirichlet_multinomial_rng(RtArg alpha, int N, int *out, RtRng *rng,
                                 RtError *err)
{
    const char *fn = "dirichlet_multinomial_rng";
    if (check_positive_finite_vec(fn, "prior size variable", alpha, err)
        || check_trials(fn, N, err)) {
        fill_minus_one(out, alpha.n);
        return -1;
    }
    double rest = 0;
    for (int k = 0; k < alpha.n; k++)
        rest += alpha.x[k];
    int left = N;
    for (int k = 0; k < alpha.n; k++) {
        rest -= alpha.x[k];
        if (k == alpha.n - 1 || left == 0) {
            out[k] = k == alpha.n - 1 ? left : 0;
        } else {
            double lx = rt_log_gamma_draw(rng, alpha.x[k]);
            double ly = rt_log_gamma_draw(rng, fmax(rest, 1e-300));
            out[k] = binomial_draw(rng, 1 / (1 + exp(ly - lx)), left);
        }
        left -= out[k];
    }
    return 0;
}

/* ---------------------------------------------------- multi_student_t */

static int check_student_nu(const char *fn, double nu, RtError *err)
{
    const char *name = "Degrees of freedom parameter";
    if (isnan(nu))
        return rt_error(err, "%s: %s is nan, but must not be nan!", fn, name);
    if (!(nu > 0))
        return rt_error(err, "%s: %s is %g, but must be positive!", fn, name,
                        nu);
    return 0;
}

static int check_location(const char *fn, const double *mu, int K,
                          RtError *err)
{
    for (int k = 0; k < K; k++)
        if (!isfinite(mu[k]))
            return rt_error(err,
                            "%s: Location parameter[%d] is %g, but must be "
                            "finite!",
                            fn, k + 1, mu[k]);
    return 0;
}

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
    if (check_student_nu(fn, nu, err))
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
    if (check_student_nu(fn, nu, err) || check_location(fn, mu, K, err))
        return -1;
    student_draw(nu, mu, L, K, rng, out);
    return 0;
}

/* ------------------------------------------------------------ wishart */

static int check_rng_dof(const char *fn, double nu, int K, RtError *err)
{
    if (!(nu > K - 1))
        return rt_error(err,
                        "%s: degrees of freedom > dims - 1 is %g, but must be "
                        "greater than %d",
                        fn, nu, K - 1);
    return 0;
}

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
    if (check_rng_dof(fn, nu, K, err)
        || rt_check_symmetric(fn, "scale parameter", Sigma, K, err))
        return -1;
    if (rt_cholesky_factor(Sigma, K, L))
        return rt_error(err,
                        "%s: Matrix scale parameter is not positive definite",
                        fn);
    return 0;
}

/* Allocates n doubles if work is NULL; *own is what to free. */
static double *rng_work(double *work, size_t n, double **own)
{
    *own = NULL;
    if (work)
        return work;
    *own = malloc(sizeof **own * (n ? n : 1));
    return *own;
}

int rt_wishart_rng(double nu, const double *Sigma, int K, RtRng *rng,
                   double *out, double *work, RtError *err)
{
    const char *fn = "wishart_rng";
    double *own, *L = rng_work(work, KK(K), &own);
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
    if (check_rng_dof(fn, nu, K, err)
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
    double *own, *w = rng_work(work, 2 * KK(K), &own);
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
    if (check_rng_dof(fn, nu, K, err)
        || prefixed(fn, rt_check_cholesky_factor_cov("scale parameter", L_S,
                                                     K, K, err),
                    err))
        return -1;
    w = rng_work(work, 2 * KK(K), &own);
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

/* ------------------------------------------------------------ lkj_corr */

int rt_lkj_corr_rng(int K, double eta, RtRng *rng, double *out, double *work,
                    RtError *err)
{
    const char *fn = "lkj_corr_rng";
    fill_nan(out, KK(K));
    if (!(eta > 0))
        return rt_error(err, "%s: Shape parameter is %g, but must be "
                        "positive!", fn, eta);
    double *own, *L = rng_work(work, KK(K), &own);
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
