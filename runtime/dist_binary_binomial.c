/* dist_binary_binomial.c - binary outcomes and counts out of N trials
 * (Stan Functions Reference, "Binary distributions" and "Bounded discrete
 * distributions"): bernoulli, bernoulli_logit, binomial, binomial_logit
 * and beta_binomial, with partials, cumulative functions and random
 * number generators.  Conventions: rt_math.h, rt_dist_disc.h.
 *
 * Cumulative functions are sums of the mass function in log space
 * (dist_disc_walk.c for binomial; beta_binomial's below), so no special
 * function can fail on an extreme argument; GSL's special functions are
 * only called on arguments inside their domains, since GSL's default
 * error handler aborts.  The cumulative functions of beta_binomial are
 * finite sums of the mass function, added in log space, so they neither
 * lose the lower tail to 1 - ccdf nor call a hypergeometric function
 * (Stan's 3F2) that can fail to converge. */
#include <gsl/gsl_randist.h>
#include <gsl/gsl_rng.h>
#include <gsl/gsl_sf_gamma.h>
#include <gsl/gsl_sf_psi.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>

#include "pplrt.h"
#include "rt_dist_disc.h"
#include "dist_disc_internal.h"

/* ---------------------------------------------------------- bernoulli */

double rt_bernoulli_lpmf(RtIArg n, RtArg theta, bool propto, double adj,
                         RtError *err)
{
    static const char fn[] = "bernoulli_lpmf";
    const char *names[] = {"n", "Probability parameter"};
    int N = common_size(fn, 2, names, (int[]){RT_LEN(n), RT_LEN(theta)}, err);
    if (N < 0 || !check_int_bounded(fn, "n", n, 0, 1, err)
        || !check_real(fn, names[1], theta, CK_PROB, err))
        return fail();
    if (N == 0 || (propto && !theta.ad))
        return 0;
    double lp = 0;
    for (int i = 0; i < N; i++) {
        double t = AT(theta, i);
        if (AT(n, i)) {
            lp += log(t);
            if (theta.g)
                GRAD(theta, i, adj / t);
        } else {
            lp += log1p(-t);
            if (theta.g)
                GRAD(theta, i, -adj / (1 - t));
        }
    }
    return lp;
}

/* The three cumulative forms of bernoulli: which = DISC_CDF, DISC_LCDF
 * or DISC_LCCDF.  Per term: cdf(n) = 0 (n < 0), 1 - theta (n = 0), 1
 * (n >= 1). */
static double bernoulli_cumulative(const char *fn, DiscCdfForm which, RtIArg n,
                                   RtArg theta, double adj, RtError *err)
{
    const char *names[] = {"Random variable", "Probability parameter"};
    int N = common_size(fn, 2, names, (int[]){RT_LEN(n), RT_LEN(theta)}, err);
    if (N < 0 || !check_real(fn, names[1], theta, CK_PROB, err))
        return fail();
    double lp = 0;      /* the log of the result */
    for (int i = 0; i < N; i++) {
        int k = AT(n, i);
        double t = AT(theta, i);
        if (which == DISC_LCCDF) {
            if (k < 0)
                continue;
            if (k >= 1)
                return -INFINITY;
            lp += log(t);
        } else {
            if (k < 0)
                return which == DISC_CDF ? 0 : -INFINITY;
            if (k >= 1)
                continue;
            lp += log1p(-t);
        }
    }
    /* d cdf = cdf * d log cdf */
    double scale = which == DISC_CDF ? exp(lp) : 1;
    if (theta.g)
        for (int i = 0; i < N; i++) {
            int k = AT(n, i);
            double t = AT(theta, i);
            if (which == DISC_LCCDF && k == 0)
                GRAD(theta, i, adj * scale / t);
            else if (which != DISC_LCCDF && k == 0)
                GRAD(theta, i, -adj * scale / (1 - t));
        }
    return which == DISC_CDF ? exp(lp) : lp;
}

double rt_bernoulli_cdf(RtIArg n, RtArg theta, double adj, RtError *err)
{
    return bernoulli_cumulative("bernoulli_cdf", DISC_CDF, n, theta, adj, err);
}

double rt_bernoulli_lcdf(RtIArg n, RtArg theta, double adj, RtError *err)
{
    return bernoulli_cumulative("bernoulli_lcdf", DISC_LCDF, n, theta, adj,
                                err);
}

double rt_bernoulli_lccdf(RtIArg n, RtArg theta, double adj, RtError *err)
{
    return bernoulli_cumulative("bernoulli_lccdf", DISC_LCCDF, n, theta, adj,
                                err);
}

int rt_bernoulli_rng(double theta, RtRng *rng, RtError *err)
{
    RtArg t = {&theta, NULL, 1, false, false};
    if (!check_real("bernoulli_rng", "Probability parameter", t, CK_PROB,
                    err))
        return -1;
    return rt_rng_uniform(rng) < theta;
}

double rt_bernoulli_logit_lpmf(RtIArg n, RtArg alpha, bool propto,
                               double adj, RtError *err)
{
    static const char fn[] = "bernoulli_logit_lpmf";
    const char *names[] = {"n", "Logit transformed probability parameter"};
    int N = common_size(fn, 2, names, (int[]){RT_LEN(n), RT_LEN(alpha)}, err);
    if (N < 0 || !check_int_bounded(fn, "n", n, 0, 1, err)
        || !check_real(fn, names[1], alpha, CK_NOTNAN, err))
        return fail();
    if (N == 0 || (propto && !alpha.ad))
        return 0;
    double lp = 0;
    for (int i = 0; i < N; i++) {
        double a = AT(alpha, i);
        int k = AT(n, i);
        lp += k ? log_inv_logit(a) : log1m_inv_logit(a);
        if (alpha.g)
            GRAD(alpha, i, adj * (k ? inv_logit(-a) : -inv_logit(a)));
    }
    return lp;
}

int rt_bernoulli_logit_rng(double alpha, RtRng *rng, RtError *err)
{
    RtArg a = {&alpha, NULL, 1, false, false};
    if (!check_real("bernoulli_logit_rng",
                    "Logit transformed probability parameter", a, CK_FINITE,
                    err))
        return -1;
    return rt_rng_uniform(rng) < inv_logit(alpha);
}

/* ----------------------------------------------------------- binomial */

/* Stan checks n against each N as the interval [0, N]. */
static bool check_successes(const char *fn, RtIArg n, RtIArg N, int len,
                            RtError *err)
{
    for (int i = 0; i < len; i++) {
        int k = AT(n, i), m = AT(N, i);
        if (k < 0 || k > m) {
            char buf[128];
            rt_error(err, "%s: %s is %d, but must be in the interval "
                     "[0, %d]", fn, elem(buf, sizeof buf,
                     "Successes variable", n.n, i), k, m);
            return false;
        }
    }
    return true;
}

double rt_binomial_lpmf(RtIArg n, RtIArg N, RtArg theta, bool propto,
                        double adj, RtError *err)
{
    static const char fn[] = "binomial_lpmf";
    const char *names[] = {"Successes variable", "Population size parameter",
                           "Probability parameter"};
    int len = common_size(fn, 3, names, (int[]){RT_LEN(n), RT_LEN(N), RT_LEN(theta)}, err);
    if (len < 0 || !check_successes(fn, n, N, len, err)
        || !check_int_nonneg(fn, names[1], N, err)
        || !check_real(fn, names[2], theta, CK_PROB, err))
        return fail();
    if (len == 0 || (propto && !theta.ad))
        return 0;
    double lp = 0;
    for (int i = 0; i < len; i++) {
        int k = AT(n, i), m = AT(N, i);
        double t = AT(theta, i);
        if (!propto)
            lp += gsl_sf_lnchoose((unsigned)m, (unsigned)k);
        lp += multiply_log(k, t) + multiply_log(m - k, 1 - t);
        if (theta.g && m > 0)
            GRAD(theta, i, adj * ((k ? k / t : 0)
                                  - (m - k ? (m - k) / (1 - t) : 0)));
    }
    return lp;
}

static double binomial_cumulative(const char *fn, DiscCdfForm which, RtIArg n,
                                  RtIArg N, RtArg theta, double adj,
                                  RtError *err)
{
    const char *names[] = {"Successes variable", "Population size parameter",
                           "Probability parameter"};
    int len = common_size(fn, 3, names, (int[]){RT_LEN(n), RT_LEN(N), RT_LEN(theta)}, err);
    if (len < 0 || !check_int_nonneg(fn, names[1], N, err)
        || !check_real(fn, names[2], theta, CK_PROB, err))
        return fail();
    RtArg none = {NULL, NULL, 0, false, true};
    return rt_disc_walk_cumulative(which, WALK_BINOMIAL,
                                   n, N, theta, none, len, adj);
}

double rt_binomial_cdf(RtIArg n, RtIArg N, RtArg theta, double adj,
                       RtError *err)
{
    return binomial_cumulative("binomial_cdf", DISC_CDF, n, N, theta, adj,
                               err);
}

double rt_binomial_lcdf(RtIArg n, RtIArg N, RtArg theta, double adj,
                        RtError *err)
{
    return binomial_cumulative("binomial_lcdf", DISC_LCDF, n, N, theta, adj,
                               err);
}

double rt_binomial_lccdf(RtIArg n, RtIArg N, RtArg theta, double adj,
                         RtError *err)
{
    return binomial_cumulative("binomial_lccdf", DISC_LCCDF, n, N, theta, adj,
                               err);
}

int rt_binomial_rng(int N, double theta, RtRng *rng, RtError *err)
{
    RtArg t = {&theta, NULL, 1, false, false};
    RtIArg m = {&N, 1, false};
    if (!check_int_nonneg("binomial_rng", "Population size parameter", m,
                          err)
        || !check_real("binomial_rng", "Probability parameter", t, CK_PROB,
                       err))
        return -1;
    return (int)gsl_ran_binomial(rt_rng_gsl(rng), theta, (unsigned)N);
}

double rt_binomial_logit_lpmf(RtIArg n, RtIArg N, RtArg alpha, bool propto,
                              double adj, RtError *err)
{
    static const char fn[] = "binomial_logit_lpmf";
    const char *names[] = {"Successes variable", "Population size parameter",
                           "Probability parameter"};
    int len = common_size(fn, 3, names, (int[]){RT_LEN(n), RT_LEN(N), RT_LEN(alpha)}, err);
    if (len < 0 || !check_successes(fn, n, N, len, err)
        || !check_int_nonneg(fn, names[1], N, err)
        || !check_real(fn, names[2], alpha, CK_FINITE, err))
        return fail();
    if (len == 0 || (propto && !alpha.ad))
        return 0;
    double lp = 0;
    for (int i = 0; i < len; i++) {
        int k = AT(n, i), m = AT(N, i);
        double a = AT(alpha, i);
        if (!propto)
            lp += gsl_sf_lnchoose((unsigned)m, (unsigned)k);
        lp += k * log_inv_logit(a) + (m - k) * log1m_inv_logit(a);
        if (alpha.g)
            GRAD(alpha, i, adj * (k - m * inv_logit(a)));
    }
    return lp;
}

int rt_binomial_logit_rng(int N, double alpha, RtRng *rng, RtError *err)
{
    RtArg a = {&alpha, NULL, 1, false, false};
    RtIArg m = {&N, 1, false};
    if (!check_int_nonneg("binomial_logit_rng", "Population size parameter",
                          m, err)
        || !check_real("binomial_logit_rng", "Probability parameter", a,
                       CK_FINITE, err))
        return -1;
    return (int)gsl_ran_binomial(rt_rng_gsl(rng), inv_logit(alpha),
                                 (unsigned)N);
}

double rt_beta_binomial_lpmf(RtIArg n, RtIArg N, RtArg alpha, RtArg beta,
                             bool propto, double adj, RtError *err)
{
    static const char fn[] = "beta_binomial_lpmf";
    const char *names[] = {"Successes variable", "Population size parameter",
                           "First prior sample size parameter",
                           "Second prior sample size parameter"};
    int len = common_size(fn, 4, names,
                          (int[]){RT_LEN(n), RT_LEN(N), RT_LEN(alpha), RT_LEN(beta)}, err);
    if (len < 0 || !check_int_nonneg(fn, names[1], N, err)
        || !check_real(fn, names[2], alpha, CK_POSFIN, err)
        || !check_real(fn, names[3], beta, CK_POSFIN, err))
        return fail();
    if (len == 0)
        return 0;
    for (int i = 0; i < len; i++)
        if (AT(n, i) < 0 || AT(n, i) > AT(N, i))
            return -INFINITY;
    if (propto && !alpha.ad && !beta.ad)
        return 0;
    double lp = 0;
    for (int i = 0; i < len; i++) {
        int k = AT(n, i), m = AT(N, i);
        double a = AT(alpha, i), b = AT(beta, i);
        if (!propto)
            lp += gsl_sf_lnchoose((unsigned)m, (unsigned)k);
        lp += lbeta(k + a, m - k + b) - lbeta(a, b);
        if (!alpha.g && !beta.g)
            continue;
        double common = gsl_sf_psi(a + b) - gsl_sf_psi(m + a + b);
        if (alpha.g)
            GRAD(alpha, i, adj * (gsl_sf_psi(k + a) - gsl_sf_psi(a)
                                  + common));
        if (beta.g)
            GRAD(beta, i, adj * (gsl_sf_psi(m - k + b) - gsl_sf_psi(b)
                                 + common));
    }
    return lp;
}

int rt_beta_binomial_rng(int N, double alpha, double beta, RtRng *rng,
                         RtError *err)
{
    static const char fn[] = "beta_binomial_rng";
    RtIArg m = {&N, 1, false};
    RtArg a = {&alpha, NULL, 1, false, false}, b = {&beta, NULL, 1, false, false};
    if (!check_int_nonneg(fn, "Population size parameter", m, err)
        || !check_real(fn, "First prior sample size parameter", a, CK_POSFIN,
                       err)
        || !check_real(fn, "Second prior sample size parameter", b,
                       CK_POSFIN, err))
        return -1;
    gsl_rng *g = rt_rng_gsl(rng);
    double p = gsl_ran_beta(g, alpha, beta);
    return (int)gsl_ran_binomial(g, p, (unsigned)N);
}

/* ------------------------------------------ beta_binomial cumulatives */

/* log sum_{j=from..to} p(j | m, a, b) for 0 <= from <= to <= m, and, when
 * d is non-NULL, in d[0] and d[1] the p-weighted means of d log p(j)/da
 * and d log p(j)/db, which are the partials of the log of the sum.
 *
 * The first term is computed directly, the others by the ratio
 * p(j + 1) / p(j) = (m - j)(j + a) / ((j + 1)(m - j - 1 + b)) and by
 * digamma's recurrence psi(x + 1) = psi(x) + 1/x, where
 *   d log p(j)/da = psi(j + a) - psi(a) + psi(a + b) - psi(m + a + b),
 *   d log p(j)/db = psi(m - j + b) - psi(b) + psi(a + b) - psi(m + a + b). */
static double beta_binomial_log_sum(int from, int to, int m, double a,
                                    double b, double *d)
{
    double lp = gsl_sf_lnchoose((unsigned)m, (unsigned)from)
                + lngamma(from + a) + lngamma(m - from + b)
                - lngamma(m + a + b) - lbeta(a, b);
    double da = 0, db = 0;
    if (d) {
        double common = gsl_sf_psi(a + b) - gsl_sf_psi(m + a + b);
        da = gsl_sf_psi(from + a) - gsl_sf_psi(a) + common;
        db = gsl_sf_psi(m - from + b) - gsl_sf_psi(b) + common;
    }
    double total = -INFINITY, acc[2] = {0, 0};
    for (int j = from;; j++) {
        double next = log_add(total, lp);
        if (d) {
            /* acc is the weighted mean so far: rescale, then add */
            double w_old = exp(total - next), w_new = exp(lp - next);
            acc[0] = acc[0] * w_old + da * w_new;
            acc[1] = acc[1] * w_old + db * w_new;
        }
        total = next;
        if (j == to)
            break;
        double rest = m - j - 1 + b;
        lp += log((m - j) / (j + 1.0)) + log((j + a) / rest);
        da += 1 / (j + a);
        db -= 1 / rest;
    }
    if (d) {
        d[0] = acc[0];
        d[1] = acc[1];
    }
    return total;
}

/* The three cumulative forms: which = DISC_CDF, DISC_LCDF or DISC_LCCDF.  Per
 * term, Stan's edges: n < 0 has cdf 0, n >= N cdf 1, both with zero partials.
 * The cdf sums the pmf over 0..n, the ccdf over n+1..N.  The product of
 * cdfs takes its partials as P d log P, so with partials it makes a
 * second sweep once P is known.  (Stan's lccdf returns 0 for the whole
 * call when any n < 0; here that term is log 1 = 0 and the others
 * count.) */
static double beta_binomial_cumulative(const char *fn, DiscCdfForm which,
                                       RtIArg n, RtIArg N, RtArg alpha,
                                       RtArg beta, double adj, RtError *err)
{
    const char *names[] = {"Successes variable", "Population size parameter",
                           "First prior sample size parameter",
                           "Second prior sample size parameter"};
    int len = common_size(fn, 4, names,
                          (int[]){RT_LEN(n), RT_LEN(N), RT_LEN(alpha), RT_LEN(beta)}, err);
    if (len < 0 || !check_int_nonneg(fn, names[1], N, err)
        || !check_real(fn, names[2], alpha, CK_POSFIN, err)
        || !check_real(fn, names[3], beta, CK_POSFIN, err))
        return fail();
    for (int i = 0; i < len; i++) {
        if (which != DISC_LCCDF && AT(n, i) < 0)
            return which == DISC_CDF ? 0 : -INFINITY;
        if (which == DISC_LCCDF && AT(n, i) >= AT(N, i))
            return -INFINITY;
    }
    bool grads = alpha.g || beta.g;
    double lp = 0;      /* the log of the result */
    for (int sweep = 0; sweep < 2; sweep++) {
        /* sweep 0: the value, and the partials of the log forms; sweep 1:
         * the cdf's partials */
        bool partials = grads && (sweep == 1 || which != DISC_CDF);
        double scale = sweep == 1 ? exp(lp) : 1;
        for (int i = 0; i < len; i++) {
            int k = AT(n, i), m = AT(N, i);
            if (k < 0 || k >= m)
                continue;       /* a cdf of 1 or a ccdf of 1 */
            double a = AT(alpha, i), b = AT(beta, i), d[2];
            double l = which == DISC_LCCDF
                ? beta_binomial_log_sum(k + 1, m, m, a, b, partials ? d : NULL)
                : beta_binomial_log_sum(0, k, m, a, b, partials ? d : NULL);
            if (sweep == 0)
                lp += l;
            if (!partials)
                continue;
            if (alpha.g)
                GRAD(alpha, i, adj * scale * d[0]);
            if (beta.g)
                GRAD(beta, i, adj * scale * d[1]);
        }
        if (which != DISC_CDF || !grads)
            break;
    }
    return which == DISC_CDF ? exp(lp) : lp;
}

double rt_beta_binomial_cdf(RtIArg n, RtIArg N, RtArg alpha, RtArg beta,
                            double adj, RtError *err)
{
    return beta_binomial_cumulative("beta_binomial_cdf", DISC_CDF, n, N, alpha,
                                    beta, adj, err);
}

double rt_beta_binomial_lcdf(RtIArg n, RtIArg N, RtArg alpha, RtArg beta,
                             double adj, RtError *err)
{
    return beta_binomial_cumulative("beta_binomial_lcdf", DISC_LCDF, n, N,
                                    alpha, beta, adj, err);
}

double rt_beta_binomial_lccdf(RtIArg n, RtIArg N, RtArg alpha, RtArg beta,
                              double adj, RtError *err)
{
    return beta_binomial_cumulative("beta_binomial_lccdf", DISC_LCCDF, n, N,
                                    alpha, beta, adj, err);
}
