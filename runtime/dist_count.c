/* dist_count.c - unbounded counts (Stan Functions Reference, "Unbounded
 * discrete distributions"): poisson, poisson_log, neg_binomial,
 * neg_binomial_2, neg_binomial_2_log and beta_neg_binomial, with
 * partials, cumulative functions and random number generators.
 * Conventions: rt_math.h, rt_dist_disc.h.
 *
 * The cumulative functions are sums of the mass function in log space:
 * poisson's and neg_binomial_2's by dist_disc_walk.c, neg_binomial's and
 * beta_neg_binomial's by the series below, walked by the ratio of
 * successive terms, with the partials as the p-weighted means of the
 * terms' log-partials (d log sum p = sum p dlog p / sum p): every partial
 * is analytic, shape parameters included, and no incomplete beta or 3F2
 * is needed. */
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

/* Stan's limit on rates its Poisson sampler accepts (2^30). */
#define POISSON_MAX_RATE 1073741824.0

/* A tail sum stops once the bound on what is left (the current term over
 * 1 - the ratio bound) is below exp(-TAIL_NATS) of the sum so far. */
#define TAIL_NATS 45.0

/* ------------------------------------------------------------ poisson */

double rt_poisson_lpmf(RtIArg n, RtArg lambda, bool propto, double adj,
                       RtError *err)
{
    static const char fn[] = "poisson_lpmf";
    const char *names[] = {"Random variable", "Rate parameter"};
    int N = common_size(fn, 2, names, (int[]){RT_LEN(n), RT_LEN(lambda)}, err);
    if (N < 0 || !check_int_nonneg(fn, names[0], n, err)
        || !check_real(fn, names[1], lambda, CK_NONNEG, err))
        return fail();
    if (N == 0)
        return 0;
    for (int i = 0; i < N; i++)
        if (isinf(AT(lambda, i)) || (AT(lambda, i) == 0 && AT(n, i) != 0))
            return -INFINITY;
    if (propto && !lambda.ad)
        return 0;
    double lp = 0;
    for (int i = 0; i < N; i++) {
        int k = AT(n, i);
        double l = AT(lambda, i);
        if (!propto)
            lp -= lngamma(k + 1.0);
        lp += multiply_log(k, l) - l;
        if (lambda.g)
            GRAD(lambda, i, adj * ((k ? k / l : 0) - 1));
    }
    return lp;
}

static double poisson_cumulative(const char *fn, DiscCdfForm which, RtIArg n,
                                 RtArg lambda, double adj, RtError *err)
{
    const char *names[] = {"Random variable", "Rate parameter"};
    int N = common_size(fn, 2, names, (int[]){RT_LEN(n), RT_LEN(lambda)}, err);
    if (N < 0 || !check_real(fn, names[1], lambda, CK_NONNEG, err))
        return fail();
    for (int i = 0; i < N; i++)
        if (isinf(AT(lambda, i))) {
            rt_error(err, "%s: %s is inf, but must be finite!", fn,
                     names[1]);
            return fail();
        }
    RtIArg none = {NULL, 0, true};
    RtArg nop = {NULL, NULL, 0, false, true};
    return rt_disc_walk_cumulative(which, WALK_POISSON,
                                   n, none, lambda, nop, N, adj);
}

double rt_poisson_cdf(RtIArg n, RtArg lambda, double adj, RtError *err)
{
    return poisson_cumulative("poisson_cdf", DISC_CDF, n, lambda, adj, err);
}

double rt_poisson_lcdf(RtIArg n, RtArg lambda, double adj, RtError *err)
{
    return poisson_cumulative("poisson_lcdf", DISC_LCDF, n, lambda, adj, err);
}

double rt_poisson_lccdf(RtIArg n, RtArg lambda, double adj, RtError *err)
{
    return poisson_cumulative("poisson_lccdf", DISC_LCCDF, n, lambda, adj,
                              err);
}

static int poisson_draw(const char *fn, const char *name, double rate,
                        RtRng *rng, RtError *err)
{
    if (!(rate < POISSON_MAX_RATE)) {
        rt_error(err, "%s: %s is %g, but must be less than %g", fn, name,
                 rate, POISSON_MAX_RATE);
        return -1;
    }
    return (int)gsl_ran_poisson(rt_rng_gsl(rng), rate);
}

int rt_poisson_rng(double lambda, RtRng *rng, RtError *err)
{
    RtArg l = {&lambda, NULL, 1, false, false};
    if (!check_real("poisson_rng", "Rate parameter", l, CK_NONNEG, err))
        return -1;
    return poisson_draw("poisson_rng", "Rate parameter", lambda, rng, err);
}

double rt_poisson_log_lpmf(RtIArg n, RtArg alpha, bool propto, double adj,
                           RtError *err)
{
    static const char fn[] = "poisson_log_lpmf";
    const char *names[] = {"Random variable", "Log rate parameter"};
    int N = common_size(fn, 2, names, (int[]){RT_LEN(n), RT_LEN(alpha)}, err);
    if (N < 0 || !check_int_nonneg(fn, names[0], n, err)
        || !check_real(fn, names[1], alpha, CK_NOTNAN, err))
        return fail();
    if (N == 0)
        return 0;
    for (int i = 0; i < N; i++)
        if (AT(alpha, i) == INFINITY
            || (AT(alpha, i) == -INFINITY && AT(n, i) != 0))
            return -INFINITY;
    if (propto && !alpha.ad)
        return 0;
    double lp = 0;
    for (int i = 0; i < N; i++) {
        int k = AT(n, i);
        double a = AT(alpha, i), e = exp(a);
        if (!propto)
            lp -= lngamma(k + 1.0);
        lp += (k ? k * a : 0) - e;
        if (alpha.g)
            GRAD(alpha, i, adj * (k - e));
    }
    return lp;
}

int rt_poisson_log_rng(double alpha, RtRng *rng, RtError *err)
{
    RtArg a = {&alpha, NULL, 1, false, false};
    if (!check_real("poisson_log_rng", "Log rate parameter", a, CK_FINITE,
                    err))
        return -1;
    if (!(alpha < 30 * M_LN2)) {
        rt_error(err, "poisson_log_rng: Log rate parameter is %g, but must "
                 "be less than %g", alpha, 30 * M_LN2);
        return -1;
    }
    return poisson_draw("poisson_log_rng", "Rate parameter", exp(alpha),
                        rng, err);
}

/* -------------------------------------------------- negative binomial */

/* The terms of neg_binomial_2 in Stan's grouping: log choose(n + phi - 1,
 * n) depends on phi alone, n log mu on mu alone, the rest on both. */
static double nb2_term(int k, double mu, double phi, bool propto,
                       bool mu_ad, bool phi_ad)
{
    double lp = 0;
    if (!propto || phi_ad)
        lp += lngamma(k + phi) - lngamma(k + 1.0) - lngamma(phi);
    if (!propto || mu_ad)
        lp += multiply_log(k, mu);
    return lp - phi * log1p(mu / phi) - k * log(mu + phi);
}

double rt_neg_binomial_2_lpmf(RtIArg n, RtArg mu, RtArg phi, bool propto,
                              double adj, RtError *err)
{
    static const char fn[] = "neg_binomial_2_lpmf";
    const char *names[] = {"Failures variable", "Location parameter",
                           "Precision parameter"};
    int N = common_size(fn, 3, names, (int[]){RT_LEN(n), RT_LEN(mu), RT_LEN(phi)}, err);
    if (N < 0 || !check_int_nonneg(fn, names[0], n, err)
        || !check_real(fn, names[1], mu, CK_POSFIN, err)
        || !check_real(fn, names[2], phi, CK_POSFIN, err))
        return fail();
    if (N == 0 || (propto && !mu.ad && !phi.ad))
        return 0;
    double lp = 0;
    for (int i = 0; i < N; i++) {
        int k = AT(n, i);
        double m = AT(mu, i), p = AT(phi, i);
        lp += nb2_term(k, m, p, propto, mu.ad, phi.ad);
        if (mu.g)
            GRAD(mu, i, adj * (k / m - (k + p) / (m + p)));
        if (phi.g)
            GRAD(phi, i, adj * (gsl_sf_psi(k + p) - gsl_sf_psi(p)
                                - log1p(m / p) + (m - k) / (m + p)));
    }
    return lp;
}

static double nb2_cumulative(const char *fn, DiscCdfForm which, RtIArg n,
                             RtArg mu, RtArg phi, double adj, RtError *err)
{
    const char *names[] = {"Random variable", "Location parameter",
                           "Precision parameter"};
    int N = common_size(fn, 3, names, (int[]){RT_LEN(n), RT_LEN(mu), RT_LEN(phi)}, err);
    if (N < 0 || !check_real(fn, names[1], mu, CK_POSFIN, err)
        || !check_real(fn, names[2], phi, CK_POSFIN, err))
        return fail();
    RtIArg none = {NULL, 0, true};
    return rt_disc_walk_cumulative(which, WALK_NEG_BINOMIAL_2,
                                   n, none, mu, phi, N, adj);
}

double rt_neg_binomial_2_cdf(RtIArg n, RtArg mu, RtArg phi, double adj,
                             RtError *err)
{
    return nb2_cumulative("neg_binomial_2_cdf", DISC_CDF, n, mu, phi, adj,
                          err);
}

double rt_neg_binomial_2_lcdf(RtIArg n, RtArg mu, RtArg phi, double adj,
                              RtError *err)
{
    return nb2_cumulative("neg_binomial_2_lcdf", DISC_LCDF, n, mu, phi, adj,
                          err);
}

double rt_neg_binomial_2_lccdf(RtIArg n, RtArg mu, RtArg phi, double adj,
                               RtError *err)
{
    return nb2_cumulative("neg_binomial_2_lccdf", DISC_LCCDF, n, mu, phi, adj,
                          err);
}

/* A gamma-mixed Poisson: rate ~ gamma(shape, scale). */
static int gamma_poisson(const char *fn, double shape, double scale,
                         RtRng *rng, RtError *err)
{
    double rate = gsl_ran_gamma(rt_rng_gsl(rng), shape, scale);
    return poisson_draw(fn, "Random number that came from gamma "
                        "distribution", rate, rng, err);
}

int rt_neg_binomial_2_rng(double mu, double phi, RtRng *rng, RtError *err)
{
    static const char fn[] = "neg_binomial_2_rng";
    RtArg m = {&mu, NULL, 1, false, false}, p = {&phi, NULL, 1, false, false};
    if (!check_real(fn, "Location parameter", m, CK_POSFIN, err)
        || !check_real(fn, "Precision parameter", p, CK_POSFIN, err))
        return -1;
    return gamma_poisson(fn, phi, mu / phi, rng, err);
}

double rt_neg_binomial_2_log_lpmf(RtIArg n, RtArg eta, RtArg phi,
                                  bool propto, double adj, RtError *err)
{
    static const char fn[] = "neg_binomial_2_log_lpmf";
    const char *names[] = {"Failures variable", "Log location parameter",
                           "Precision parameter"};
    int N = common_size(fn, 3, names, (int[]){RT_LEN(n), RT_LEN(eta), RT_LEN(phi)}, err);
    if (N < 0 || !check_int_nonneg(fn, names[0], n, err)
        || !check_real(fn, names[1], eta, CK_FINITE, err)
        || !check_real(fn, names[2], phi, CK_POSFIN, err))
        return fail();
    if (N == 0 || (propto && !eta.ad && !phi.ad))
        return 0;
    double lp = 0;
    for (int i = 0; i < N; i++) {
        int k = AT(n, i);
        double e = AT(eta, i), p = AT(phi, i), lphi = log(p);
        /* log(1 + mu / phi) without forming mu = exp(eta). */
        double l1p = log1p_exp(e - lphi), s = inv_logit(e - lphi);
        if (!propto || phi.ad)
            lp += lngamma(k + p) - lngamma(k + 1.0) - lngamma(p);
        if (!propto || eta.ad)
            lp += k * e;
        lp += -(p + k) * l1p - k * lphi;
        if (eta.g)
            GRAD(eta, i, adj * (k - (k + p) * s));
        if (phi.g)
            GRAD(phi, i, adj * (gsl_sf_psi(k + p) - gsl_sf_psi(p) - l1p
                                + (p + k) * s / p - k / p));
    }
    return lp;
}

int rt_neg_binomial_2_log_rng(double eta, double phi, RtRng *rng,
                              RtError *err)
{
    static const char fn[] = "neg_binomial_2_log_rng";
    RtArg e = {&eta, NULL, 1, false, false}, p = {&phi, NULL, 1, false, false};
    if (!check_real(fn, "Log-location parameter", e, CK_FINITE, err)
        || !check_real(fn, "Inverse dispersion parameter", p, CK_POSFIN,
                       err))
        return -1;
    return gamma_poisson(fn, phi, exp(eta) / phi, rng, err);
}

/* neg_binomial(alpha, beta) is neg_binomial_2(alpha / beta, alpha). */
double rt_neg_binomial_lpmf(RtIArg n, RtArg alpha, RtArg beta, bool propto,
                            double adj, RtError *err)
{
    static const char fn[] = "neg_binomial_lpmf";
    const char *names[] = {"Failures variable", "Shape parameter",
                           "Inverse scale parameter"};
    int N = common_size(fn, 3, names, (int[]){RT_LEN(n), RT_LEN(alpha), RT_LEN(beta)}, err);
    if (N < 0 || !check_int_nonneg(fn, names[0], n, err)
        || !check_real(fn, names[1], alpha, CK_POSFIN, err)
        || !check_real(fn, names[2], beta, CK_POSFIN, err))
        return fail();
    if (N == 0 || (propto && !alpha.ad && !beta.ad))
        return 0;
    double lp = 0;
    for (int i = 0; i < N; i++) {
        int k = AT(n, i);
        double a = AT(alpha, i), b = AT(beta, i), l1b = log1p(b);
        /* log choose(n + a - 1, n) + a log(b / (1 + b)) - n log(1 + b) */
        if (!propto || alpha.ad)
            lp += lngamma(k + a) - lngamma(k + 1.0) - lngamma(a);
        lp += a * (log(b) - l1b) - k * l1b;
        if (alpha.g)
            GRAD(alpha, i, adj * (gsl_sf_psi(k + a) - gsl_sf_psi(a)
                                  + log(b) - l1b));
        if (beta.g)
            GRAD(beta, i, adj * (a / b - (a + k) / (1 + b)));
    }
    return lp;
}

int rt_neg_binomial_rng(double alpha, double beta, RtRng *rng, RtError *err)
{
    static const char fn[] = "neg_binomial_rng";
    RtArg a = {&alpha, NULL, 1, false, false}, b = {&beta, NULL, 1, false, false};
    if (!check_real(fn, "Shape parameter", a, CK_POSFIN, err)
        || !check_real(fn, "Inverse scale parameter", b, CK_POSFIN, err))
        return -1;
    return gamma_poisson(fn, alpha, 1 / beta, rng, err);
}

/* --------------------------------------------- series of mass terms */

enum { FAM_NB, FAM_BNB };

/* One family at fixed parameters: neg_binomial (p = alpha, beta) or
 * beta_neg_binomial (p = r, alpha, beta). */
typedef struct Series {
    int family;
    double p[3];
} Series;

/* A walk's state at term k: log p(k), d log p(k) / d p[j], and the
 * digamma values the recurrences carry. */
typedef struct Term {
    int k;
    double lp, d[3];
    double psi_kr, psi_ks, psi_kb;  /* BNB: psi(k+r), psi(k+r+a+b),
                                       psi(k+b); NB: psi(k+a) in psi_kr */
} Term;

static void term_start(const Series *s, int k, Term *t)
{
    t->k = k;
    if (s->family == FAM_NB) {
        double a = s->p[0], b = s->p[1], l1b = log1p(b);
        t->lp = lngamma(k + a) - lngamma(k + 1.0) - lngamma(a)
                + a * (log(b) - l1b) - k * l1b;
        t->psi_kr = gsl_sf_psi(k + a);
        t->d[0] = t->psi_kr - gsl_sf_psi(a) + log(b) - l1b;
        t->d[1] = a / b - (a + k) / (1 + b);
        t->d[2] = 0;
        return;
    }
    double r = s->p[0], a = s->p[1], b = s->p[2], sum = k + r + a + b;
    t->lp = lngamma(k + r) + lngamma(a + b) - lngamma(sum) - lngamma(r)
            - lngamma(a) + lngamma(r + a) + lngamma(k + b) - lngamma(k + 1.0)
            - lngamma(b);
    t->psi_kr = gsl_sf_psi(k + r);
    t->psi_ks = gsl_sf_psi(sum);
    t->psi_kb = gsl_sf_psi(k + b);
    double pra = gsl_sf_psi(r + a), pab = gsl_sf_psi(a + b);
    t->d[0] = t->psi_kr - t->psi_ks - gsl_sf_psi(r) + pra;
    t->d[1] = pab - t->psi_ks - gsl_sf_psi(a) + pra;
    t->d[2] = pab - t->psi_ks + t->psi_kb - gsl_sf_psi(b);
}

/* The ratio p(k + 1) / p(k). */
static double term_ratio(const Series *s, int k)
{
    if (s->family == FAM_NB)
        return (k + s->p[0]) / ((k + 1.0) * (1 + s->p[1]));
    double r = s->p[0], a = s->p[1], b = s->p[2];
    return (k + r) / (k + 1.0) * ((k + b) / (k + r + a + b));
}

/* From term k to k + 1, by psi(x + 1) = psi(x) + 1/x. */
static void term_step(const Series *s, Term *t)
{
    int k = t->k;
    t->lp += log(term_ratio(s, k));
    if (s->family == FAM_NB) {
        double a = s->p[0], b = s->p[1];
        t->d[0] += 1 / (k + a);
        t->d[1] -= 1 / (1 + b);
    } else {
        double r = s->p[0], a = s->p[1], b = s->p[2];
        double ds = 1 / (k + r + a + b);
        t->d[0] += 1 / (k + r) - ds;
        t->d[1] -= ds;
        t->d[2] += 1 / (k + b) - ds;
    }
    t->k = k + 1;
}

/* log sum_{k=from..to} p(k) and, in d, the partials of that log.  to < 0:
 * to infinity, for neg_binomial from a point past the mode (the terms
 * then fall at least geometrically, by at most the bound on the ratio). */
static double series_log_sum(const Series *s, int from, int to, double *d)
{
    Term t;
    term_start(s, from, &t);
    double total = -INFINITY, acc[3] = {0, 0, 0};
    for (;;) {
        double next = log_add(total, t.lp);
        if (next > -INFINITY) {
            /* acc is the weighted mean so far: rescale, then add */
            double w_old = exp(total - next), w_new = exp(t.lp - next);
            for (int j = 0; j < 3; j++)
                acc[j] = acc[j] * w_old + t.d[j] * w_new;
        }
        total = next;
        if (t.k == to || t.k == INT_MAX)
            break;
        if (to < 0) {
            /* every later ratio is at most the larger of this one and
             * its limit 1 / (1 + beta) */
            double bound = fmax(term_ratio(s, t.k), 1 / (1 + s->p[1]));
            if (bound < 1 && t.lp - log1p(-bound) < total - TAIL_NATS)
                break;
        }
        term_step(s, &t);
    }
    for (int j = 0; j < 3; j++)
        d[j] = acc[j];
    return total;
}

/* log P(X <= k) (lower) and log P(X > k) (upper) for k >= 0, each with
 * its partials.  The side that is summed directly is the one not ending
 * in the tail: neg_binomial sums 0..k below its mode and the tail past k
 * above it; beta_neg_binomial's tail falls only as a power of k, so it
 * always sums 0..k.  The other side is the complement, log(1 - P), whose
 * partials are -P / (1 - P) times those of log P. */
static void series_split(const Series *s, int k, double *lower,
                         double *dlower, double *upper, double *dupper)
{
    double mode = 0;
    if (s->family == FAM_NB && s->p[0] > 1)
        mode = (s->p[0] - 1) / s->p[1];
    double *dsum = dlower, *dother = dupper, *sum = lower, *other = upper;
    if (s->family == FAM_NB && k >= mode) {
        dsum = dupper, dother = dlower, sum = upper, other = lower;
        *sum = k == INT_MAX ? -INFINITY : series_log_sum(s, k + 1, -1, dsum);
        if (k == INT_MAX)
            dsum[0] = dsum[1] = dsum[2] = 0;
    } else {
        *sum = series_log_sum(s, 0, k, dsum);
    }
    if (*sum >= 0) {
        /* rounding: the summed side is all the mass */
        *sum = 0;
        *other = -INFINITY;
        for (int j = 0; j < 3; j++)
            dsum[j] = dother[j] = 0;
        return;
    }
    *other = log1m_exp(*sum);
    double w = -exp(*sum - *other);
    for (int j = 0; j < 3; j++)
        dother[j] = w * dsum[j];
}

/* The three cumulative forms, which = DISC_CDF, DISC_LCDF or DISC_LCCDF, of a
 * family with np parameters par[0..np-1] (already checked).  Per term: k < 0
 * has cdf 0 (so the cdf of the call is 0 and its lcdf -inf) and ccdf 1 (the
 * term adds log 1 = 0), as in Stan.  The product of cdfs takes its
 * partials as P d log P, so with partials it makes a second sweep once P
 * is known. */
static double series_cumulative(int family, DiscCdfForm which, RtIArg n,
                                const RtArg *par, int np, int len,
                                double adj)
{
    for (int i = 0; i < len; i++)
        if (which != DISC_LCCDF && AT(n, i) < 0)
            return which == DISC_CDF ? 0 : -INFINITY;
    bool grads = false;
    for (int j = 0; j < np; j++)
        grads |= par[j].g != NULL;
    double lp = 0;      /* the log of the result */
    for (int sweep = 0; sweep < 2; sweep++) {
        bool partials = grads && (sweep == 1 || which != DISC_CDF);
        double scale = sweep == 1 ? exp(lp) : 1;
        for (int i = 0; i < len; i++) {
            int k = AT(n, i);
            if (k < 0)
                continue;
            Series s = {family, {0, 0, 0}};
            for (int j = 0; j < np; j++)
                s.p[j] = AT(par[j], i);
            double lo, hi, dlo[3], dhi[3];
            series_split(&s, k, &lo, dlo, &hi, dhi);
            double l = which == DISC_LCCDF ? hi : lo,
                   *d = which == DISC_LCCDF ? dhi : dlo;
            if (sweep == 0)
                lp += l;
            if (!partials || l == -INFINITY)
                continue;
            for (int j = 0; j < np; j++)
                if (par[j].g)
                    GRAD(par[j], i, adj * scale * d[j]);
        }
        if (which != DISC_CDF || !grads || lp == -INFINITY)
            break;
    }
    return which == DISC_CDF ? exp(lp) : lp;
}

/* ------------------------------------------ neg_binomial cumulatives */

static double nb_cumulative(const char *fn, DiscCdfForm which, RtIArg n,
                            RtArg alpha, RtArg beta, double adj,
                            RtError *err)
{
    const char *names[] = {"Failures variable", "Shape parameter",
                           "Inverse scale parameter"};
    int len = common_size(fn, 3, names, (int[]){RT_LEN(n), RT_LEN(alpha), RT_LEN(beta)}, err);
    if (len < 0 || !check_real(fn, names[1], alpha, CK_POSFIN, err)
        || !check_real(fn, names[2], beta, CK_POSFIN, err))
        return fail();
    RtArg par[2] = {alpha, beta};
    return series_cumulative(FAM_NB, which, n, par, 2, len, adj);
}

double rt_neg_binomial_cdf(RtIArg n, RtArg alpha, RtArg beta, double adj,
                           RtError *err)
{
    return nb_cumulative("neg_binomial_cdf", DISC_CDF, n, alpha, beta, adj,
                         err);
}

double rt_neg_binomial_lcdf(RtIArg n, RtArg alpha, RtArg beta, double adj,
                            RtError *err)
{
    return nb_cumulative("neg_binomial_lcdf", DISC_LCDF, n, alpha, beta, adj,
                         err);
}

double rt_neg_binomial_lccdf(RtIArg n, RtArg alpha, RtArg beta, double adj,
                             RtError *err)
{
    return nb_cumulative("neg_binomial_lccdf", DISC_LCCDF, n, alpha, beta, adj,
                         err);
}

/* -------------------------------------------------- beta_neg_binomial */

static const char *const BNB_NAMES[] = {
    "Failures variable", "Number of successes parameter",
    "Prior success parameter", "Prior failure parameter"};

static bool bnb_checks(const char *fn, RtArg r, RtArg alpha, RtArg beta,
                       RtError *err)
{
    return check_real(fn, BNB_NAMES[1], r, CK_POSFIN, err)
           && check_real(fn, BNB_NAMES[2], alpha, CK_POSFIN, err)
           && check_real(fn, BNB_NAMES[3], beta, CK_POSFIN, err);
}

/* log p(n) = lbeta(n + r, alpha + beta) - lbeta(r, alpha)
 *            + lgamma(n + beta) - lgamma(n + 1) - lgamma(beta).
 * propto keeps each group while one of its parameters is not data. */
double rt_beta_neg_binomial_lpmf(RtIArg n, RtArg r, RtArg alpha, RtArg beta,
                                 bool propto, double adj, RtError *err)
{
    static const char fn[] = "beta_neg_binomial_lpmf";
    int len = common_size(fn, 4, BNB_NAMES,
                          (int[]){RT_LEN(n), RT_LEN(r), RT_LEN(alpha), RT_LEN(beta)}, err);
    if (len < 0 || !check_int_nonneg(fn, BNB_NAMES[0], n, err)
        || !bnb_checks(fn, r, alpha, beta, err))
        return fail();
    if (len == 0 || (propto && !r.ad && !alpha.ad && !beta.ad))
        return 0;
    double lp = 0;
    for (int i = 0; i < len; i++) {
        int k = AT(n, i);
        double rr = AT(r, i), a = AT(alpha, i), b = AT(beta, i);
        lp += lbeta(k + rr, a + b);
        if (!propto || r.ad || alpha.ad)
            lp -= lbeta(rr, a);
        if (!propto || beta.ad)
            lp += lngamma(k + b) - lngamma(b);
        if (!propto)
            lp -= lngamma(k + 1.0);
        if (!r.g && !alpha.g && !beta.g)
            continue;
        double ps = gsl_sf_psi(k + rr + a + b), pra = gsl_sf_psi(rr + a);
        double pab = gsl_sf_psi(a + b);
        if (r.g)
            GRAD(r, i, adj * (gsl_sf_psi(k + rr) - ps - gsl_sf_psi(rr)
                              + pra));
        if (alpha.g)
            GRAD(alpha, i, adj * (pab - ps - gsl_sf_psi(a) + pra));
        if (beta.g)
            GRAD(beta, i, adj * (pab - ps + gsl_sf_psi(k + b)
                                 - gsl_sf_psi(b)));
    }
    return lp;
}

static double bnb_cumulative(const char *fn, DiscCdfForm which, RtIArg n,
                             RtArg r, RtArg alpha, RtArg beta, double adj,
                             RtError *err)
{
    int len = common_size(fn, 4, BNB_NAMES,
                          (int[]){RT_LEN(n), RT_LEN(r), RT_LEN(alpha), RT_LEN(beta)}, err);
    if (len < 0 || !bnb_checks(fn, r, alpha, beta, err))
        return fail();
    RtArg par[3] = {r, alpha, beta};
    return series_cumulative(FAM_BNB, which, n, par, 3, len, adj);
}

double rt_beta_neg_binomial_cdf(RtIArg n, RtArg r, RtArg alpha, RtArg beta,
                                double adj, RtError *err)
{
    return bnb_cumulative("beta_neg_binomial_cdf", DISC_CDF, n, r, alpha, beta,
                          adj, err);
}

double rt_beta_neg_binomial_lcdf(RtIArg n, RtArg r, RtArg alpha,
                                 RtArg beta, double adj, RtError *err)
{
    return bnb_cumulative("beta_neg_binomial_lcdf", DISC_LCDF, n, r, alpha,
                          beta, adj, err);
}

double rt_beta_neg_binomial_lccdf(RtIArg n, RtArg r, RtArg alpha,
                                  RtArg beta, double adj, RtError *err)
{
    return bnb_cumulative("beta_neg_binomial_lccdf", DISC_LCCDF, n, r, alpha,
                          beta, adj, err);
}

/* p ~ beta(alpha, beta), then neg_binomial(r, p / (1 - p)): a Poisson
 * whose rate is gamma(r, scale (1 - p) / p). */
int rt_beta_neg_binomial_rng(double r, double alpha, double beta,
                             RtRng *rng, RtError *err)
{
    static const char fn[] = "beta_neg_binomial_rng";
    RtArg R = {&r, NULL, 1, false, false}, A = {&alpha, NULL, 1, false, false};
    RtArg B = {&beta, NULL, 1, false, false};
    if (!bnb_checks(fn, R, A, B, err))
        return -1;
    gsl_rng *g = rt_rng_gsl(rng);
    double p = gsl_ran_beta(g, alpha, beta);
    double rate = p > 0 ? gsl_ran_gamma(g, r, (1 - p) / p) : INFINITY;
    if (!(rate < POISSON_MAX_RATE)) {
        rt_error(err, "%s: Random number that came from gamma distribution "
                 "is %g, but must be less than %g", fn, rate,
                 POISSON_MAX_RATE);
        return -1;
    }
    return (int)gsl_ran_poisson(g, rate);
}
