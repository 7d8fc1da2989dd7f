/* dist_disc3.c - neg_binomial's cumulative functions, discrete_range and
 * beta_neg_binomial (Stan Functions Reference, "Negative binomial
 * distribution", "Discrete range distribution", "Beta negative binomial
 * distribution").
 * Conventions: rt_math.h, rt_dist_disc.h.
 *
 * The cumulative functions are sums of the mass function in log space,
 * walked by the ratio of successive terms, with the partials as the
 * p-weighted means of the terms' log-partials (d log sum p = sum p dlog p
 * / sum p): every partial is analytic, shape parameters included, and no
 * incomplete beta or 3F2 is needed. */
#include <gsl/gsl_randist.h>
#include <gsl/gsl_sf_erf.h>
#include <gsl/gsl_sf_gamma.h>
#include <gsl/gsl_sf_psi.h>
#include <limits.h>
#include <math.h>

#include "pplrt.h"
#include "rt_dist_disc.h"
#include "dist_disc_internal.h"

/* Stan's limit on rates its Poisson sampler accepts (2^30). */
#define POISSON_MAX_RATE 1073741824.0

/* A tail sum stops once the bound on what is left (the current term over
 * 1 - the ratio bound) is below exp(-TAIL_NATS) of the sum so far. */
#define TAIL_NATS 45.0

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
    int len = common_size(fn, 3, names, (int[]){n.n, alpha.n, beta.n}, err);
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

/* ------------------------------------------------------ discrete_range */

/* The bounds arrive as RtArgs holding integers (the backend passes every
 * argument after the variate as a real); they have no partials. */
static int bound_at(RtArg a, int i)
{
    return (int)AT(a, i);
}

/* Stan's checks: lower and upper of one size, upper >= lower, then the
 * variate's size against theirs.  Returns the common length or -1. */
static int range_checks(const char *fn, RtIArg y, RtArg lower, RtArg upper,
                        RtError *err)
{
    const char *bnames[] = {"Lower bound parameter",
                            "Upper bound parameter"};
    if (common_size(fn, 2, bnames, (int[]){lower.n, upper.n}, err) < 0)
        return -1;
    int nb = lower.n == 1 ? upper.n : lower.n;
    for (int i = 0; i < nb; i++) {
        int lo = bound_at(lower, i), hi = bound_at(upper, i);
        if (hi < lo) {
            char buf[128];
            rt_error(err, "%s: %s is %d, but must be greater than or equal "
                     "to %d", fn, elem(buf, sizeof buf, bnames[1], upper.n,
                                       i), hi, lo);
            return -1;
        }
    }
    const char *names[] = {"Random variable", "Lower bound parameter",
                           "Upper bound parameter"};
    return common_size(fn, 3, names, (int[]){y.n, lower.n, upper.n}, err);
}

double rt_discrete_range_lpmf(RtIArg y, RtArg lower, RtArg upper,
                              bool propto, double adj, RtError *err)
{
    (void)adj;
    int len = range_checks("discrete_range_lpmf", y, lower, upper, err);
    if (len < 0)
        return fail();
    if (len == 0)
        return 0;
    for (int i = 0; i < len; i++) {
        int k = AT(y, i);
        if (k < bound_at(lower, i) || k > bound_at(upper, i))
            return -INFINITY;
    }
    /* every argument is an integer, so data: propto drops everything */
    if (propto)
        return 0;
    double lp = 0;
    for (int i = 0; i < len; i++)
        lp -= log((double)bound_at(upper, i) - bound_at(lower, i) + 1);
    return lp;
}

/* which: DISC_CDF, DISC_LCDF or DISC_LCCDF.  Per term, Stan's edges: y < lower
 * has cdf 0, y >= upper cdf 1. */
static double range_cumulative(const char *fn, DiscCdfForm which, RtIArg y,
                               RtArg lower, RtArg upper, RtError *err)
{
    int len = range_checks(fn, y, lower, upper, err);
    if (len < 0)
        return fail();
    double lp = 0;
    for (int i = 0; i < len; i++) {
        double k = AT(y, i), lo = bound_at(lower, i), hi = bound_at(upper, i);
        double width = hi - lo + 1;
        if (k < lo) {
            if (which != DISC_LCCDF)
                return which == DISC_CDF ? 0 : -INFINITY;
            continue;
        }
        if (k >= hi) {
            if (which == DISC_LCCDF)
                return -INFINITY;
            continue;
        }
        lp += which == DISC_LCCDF ? log((hi - k) / width)
                                  : log((k - lo + 1) / width);
    }
    return which == DISC_CDF ? exp(lp) : lp;
}

double rt_discrete_range_cdf(RtIArg y, RtArg lower, RtArg upper, double adj,
                             RtError *err)
{
    (void)adj;
    return range_cumulative("discrete_range_cdf", DISC_CDF, y, lower, upper,
                            err);
}

double rt_discrete_range_lcdf(RtIArg y, RtArg lower, RtArg upper,
                              double adj, RtError *err)
{
    (void)adj;
    return range_cumulative("discrete_range_lcdf", DISC_LCDF, y, lower, upper,
                            err);
}

double rt_discrete_range_lccdf(RtIArg y, RtArg lower, RtArg upper,
                               double adj, RtError *err)
{
    (void)adj;
    return range_cumulative("discrete_range_lccdf", DISC_LCCDF, y, lower,
                            upper, err);
}

int rt_discrete_range_rng(int lower, int upper, RtRng *rng, RtError *err)
{
    if (upper < lower) {
        rt_error(err, "discrete_range_rng: Upper bound parameter is %d, but "
                 "must be greater than or equal to %d", upper, lower);
        return INT_MIN;
    }
    double width = (double)upper - lower + 1;
    double k = floor(rt_rng_uniform(rng) * width);
    if (k >= width)     /* u rounding up to 1 */
        k = width - 1;
    return (int)(lower + k);
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

static double lbeta(double a, double b)
{
    return lngamma(a) + lngamma(b) - lngamma(a + b);
}

/* log p(n) = lbeta(n + r, alpha + beta) - lbeta(r, alpha)
 *            + lgamma(n + beta) - lgamma(n + 1) - lgamma(beta).
 * propto keeps each group while one of its parameters is not data. */
double rt_beta_neg_binomial_lpmf(RtIArg n, RtArg r, RtArg alpha, RtArg beta,
                                 bool propto, double adj, RtError *err)
{
    static const char fn[] = "beta_neg_binomial_lpmf";
    int len = common_size(fn, 4, BNB_NAMES,
                          (int[]){n.n, r.n, alpha.n, beta.n}, err);
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
                          (int[]){n.n, r.n, alpha.n, beta.n}, err);
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
    RtArg R = {&r, NULL, 1, false}, A = {&alpha, NULL, 1, false};
    RtArg B = {&beta, NULL, 1, false};
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
