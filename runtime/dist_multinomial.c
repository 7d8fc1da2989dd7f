/* dist_multinomial.c - counts over categories out of N trials (Stan
 * Functions Reference, "Multinomial distribution", "Multinomial
 * distribution, logit parameterization", "Dirichlet-multinomial
 * distribution"): multinomial, multinomial_logit and
 * dirichlet_multinomial with partials, and their rngs (rt_dist_disc.h,
 * rt_dist_multi.h).  Values, checks and the terms propto keeps follow
 * stan::math. */

#include <gsl/gsl_randist.h>
#include <gsl/gsl_rng.h>
#include <gsl/gsl_sf_gamma.h>
#include <gsl/gsl_sf_psi.h>
#include <math.h>

#include "pplrt.h"
#include "rt_dist_disc.h"
#include "rt_dist_multi.h"
#include "dist_disc_internal.h"

/* --------------------------------------------------------------- helpers */

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

static void fill_minus_one(int *x, int n)
{
    for (int i = 0; i < n; i++)
        x[i] = -1;
}

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

/* -------------------------------------------------------- multinomial */

double rt_multinomial_lpmf(RtIArg ns, RtArg theta, bool propto, double adj,
                           RtError *err)
{
    static const char fn[] = "multinomial_lpmf";
    if (ns.n != theta.n) {
        rt_error(err, "%s: Size of number of trials variable (%d) and rows "
                 "of probabilities parameter (%d) must match in size", fn,
                 ns.n, theta.n);
        return fail();
    }
    if (!check_int_nonneg(fn, "Number of trials variable", ns, err)
        || !check_simplex(fn, "Probabilities parameter", theta, err))
        return fail();
    double lp = 0;
    if (!propto) {
        double total = 0;
        for (int k = 0; k < ns.n; k++) {
            total += ns.x[k];
            lp -= lngamma(ns.x[k] + 1.0);
        }
        lp += lngamma(total + 1);
    }
    if (propto && !theta.ad)
        return 0;
    for (int k = 0; k < ns.n; k++) {
        lp += multiply_log(ns.x[k], theta.x[k]);
        if (theta.g && ns.x[k])
            theta.g[k] += adj * ns.x[k] / theta.x[k];
    }
    return lp;
}

int rt_multinomial_rng(RtArg theta, int N, int *out, RtRng *rng,
                       RtError *err)
{
    static const char fn[] = "multinomial_rng";
    RtIArg m = {&N, 1, false};
    if (!check_simplex(fn, "Probabilities parameter", theta, err)
        || !check_int_nonneg(fn, "number of trials variables", m, err))
        return -1;
    /* Sequential binomials: category k takes its share of what is left. */
    gsl_rng *g = rt_rng_gsl(rng);
    double mass_left = 1;
    int left = N;
    for (int k = 0; k < theta.n; k++) {
        double p = mass_left > 0 ? theta.x[k] / mass_left : 0;
        p = p < 0 ? 0 : p > 1 ? 1 : p;
        out[k] = k == theta.n - 1 ? left
                 : (int)gsl_ran_binomial(g, p, (unsigned)left);
        left -= out[k];
        mass_left -= theta.x[k];
    }
    return 0;
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
