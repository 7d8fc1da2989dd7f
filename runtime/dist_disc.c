/* dist_disc.c - discrete distributions (Stan Functions Reference,
 * "Discrete distributions"): log mass functions with partials, cdfs and
 * random number generators.  Conventions: rt_math.h, rt_dist_disc.h.
 *
 * Cumulative functions are sums of the mass function in log space, so
 * no special function can fail on an extreme argument; GSL's special
 * functions are only called on arguments inside their domains, since
 * GSL's default error handler aborts. */
#include <gsl/gsl_randist.h>
#include <gsl/gsl_rng.h>
#include <gsl/gsl_sf_gamma.h>
#include <gsl/gsl_sf_psi.h>
#include <math.h>
#include <stdio.h>

#include "pplrt.h"
#include "rt_dist_disc.h"
#include "dist_disc_internal.h"

/* Stan's limit on rates its Poisson sampler accepts (2^30). */
#define POISSON_MAX_RATE 1073741824.0

/* ---------------------------------------------------------- bernoulli */

double rt_bernoulli_lpmf(RtIArg n, RtArg theta, bool propto, double adj,
                         RtError *err)
{
    static const char fn[] = "bernoulli_lpmf";
    const char *names[] = {"n", "Probability parameter"};
    int N = common_size(fn, 2, names, (int[]){n.n, theta.n}, err);
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
    int N = common_size(fn, 2, names, (int[]){n.n, theta.n}, err);
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
    RtArg t = {&theta, NULL, 1, false};
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
    int N = common_size(fn, 2, names, (int[]){n.n, alpha.n}, err);
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
    RtArg a = {&alpha, NULL, 1, false};
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
    int len = common_size(fn, 3, names, (int[]){n.n, N.n, theta.n}, err);
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

/* ---- cumulative functions as sums of the mass function ----
 *
 * A family supplies log p(k) and d log p(k) / d param for up to two
 * parameters, by recurrence from k to k + 1.  sum_terms() adds p(k) for
 * k in [from, to] (to < 0: until the terms are negligible past the mode),
 * returning log sum p(k) and, in d[0..1], sum p(k) dlog p(k) / sum p(k). */
typedef enum PmfFamily {
    WALK_POISSON,           /* p1 = lambda */
    WALK_BINOMIAL,          /* N trials, p1 = theta */
    WALK_NEG_BINOMIAL_2     /* p1 = mu, p2 = phi */
} PmfFamily;

typedef struct PmfWalk {
    PmfFamily family;
    int N;                  /* binomial trials */
    double p1, p2;          /* lambda | theta | mu, phi */
    double mode;
} PmfWalk;

static void walk_term(const PmfWalk *w, int k, double *lp, double *d)
{
    double a = w->p1, b = w->p2;
    if (w->family == WALK_POISSON) {
        *lp = multiply_log(k, a) - a - lngamma(k + 1.0);
        d[0] = (a > 0 ? k / a : 0) - 1;
    } else if (w->family == WALK_BINOMIAL) {
        *lp = gsl_sf_lnchoose((unsigned)w->N, (unsigned)k)
              + multiply_log(k, a) + multiply_log(w->N - k, 1 - a);
        d[0] = (k ? k / a : 0) - (w->N - k ? (w->N - k) / (1 - a) : 0);
    } else {
        double lmp = log(a + b);
        *lp = lngamma(k + b) - lngamma(k + 1.0) - lngamma(b)
              + multiply_log(k, a) - k * lmp + b * (log(b) - lmp);
        d[0] = k / a - (k + b) / (a + b);
        d[1] = gsl_sf_psi(k + b) - gsl_sf_psi(b) + log(b) - lmp
               + (a - k) / (a + b);
    }
}

static double sum_terms(const PmfWalk *w, int from, int to, double *d)
{
    double total = -INFINITY, acc[2] = {0, 0};
    for (long k = from; to < 0 || k <= to; k++) {
        double lp, dk[2] = {0, 0};
        walk_term(w, (int)k, &lp, dk);
        double nt = log_add(total, lp);
        /* acc is the p-weighted mean of d so far: rescale and add. */
        if (nt > -INFINITY) {
            double wold = exp(total - nt), wnew = exp(lp - nt);
            for (int j = 0; j < 2; j++)
                acc[j] = acc[j] * wold + dk[j] * wnew;
        }
        total = nt;
        if (to < 0 && k > w->mode && (lp == -INFINITY || lp < total - 40))
            break;
        if (k >= 100000000)
            break;
    }
    d[0] = acc[0];
    d[1] = acc[1];
    return total;
}

/* which: DISC_CDF, DISC_LCDF or DISC_LCCDF.  Each term's log and its
 * log-partials d[i][0..1] are combined as in bernoulli_cumulative. */
static double cumulative(DiscCdfForm which, PmfFamily family, RtIArg n,
                         RtIArg Nt, RtArg p1, RtArg p2, int len, double adj)
{
    double lp = 0;
    for (int pass = 0; pass < 2; pass++) {
        double scale = which == DISC_CDF ? exp(lp) : 1;
        for (int i = 0; i < len; i++) {
            PmfWalk w = {family, Nt.n ? AT(Nt, i) : 0, AT(p1, i),
                         p2.n ? AT(p2, i) : 0, 0};
            int k = AT(n, i), top = family == WALK_BINOMIAL ? w.N : -1;
            w.mode = family == WALK_BINOMIAL ? w.N * w.p1 : w.p1;
            double d[2] = {0, 0}, l;
            if (k < 0) {
                if (which != DISC_LCCDF)
                    return which == DISC_CDF ? 0 : -INFINITY;
                continue;
            }
            if (top >= 0 && k >= top) {
                if (which == DISC_LCCDF)
                    return -INFINITY;
                continue;
            }
            if (family == WALK_BINOMIAL && (w.p1 == 0 || w.p1 == 1)) {
                /* A point mass: cdf 1 (theta 0) or 0 (theta 1) below N;
                 * derivative of the cdf at an end: -N C(N-1, k) ... is 0
                 * or N at the ends; left to the limit of the sum. */
                l = (w.p1 == 0) == (which != DISC_LCCDF) ? 0 : -INFINITY;
                d[0] = 0;
            } else if (which == DISC_LCCDF) {
                l = sum_terms(&w, k + 1, top, d);
            } else {
                l = sum_terms(&w, 0, k, d);
            }
            if (pass == 0) {
                lp += l;
                continue;
            }
            if (p1.g)
                GRAD(p1, i, adj * scale * d[0]);
            if (p2.n && p2.g)
                GRAD(p2, i, adj * scale * d[1]);
        }
        if (pass == 0 && !p1.g && !(p2.n && p2.g))
            break;
    }
    return which == DISC_CDF ? exp(lp) : lp;
}

static double binomial_cumulative(const char *fn, DiscCdfForm which, RtIArg n,
                                  RtIArg N, RtArg theta, double adj,
                                  RtError *err)
{
    const char *names[] = {"Successes variable", "Population size parameter",
                           "Probability parameter"};
    int len = common_size(fn, 3, names, (int[]){n.n, N.n, theta.n}, err);
    if (len < 0 || !check_int_nonneg(fn, names[1], N, err)
        || !check_real(fn, names[2], theta, CK_PROB, err))
        return fail();
    RtArg none = {NULL, NULL, 0, false};
    return cumulative(which, WALK_BINOMIAL, n, N, theta, none, len, adj);
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
    RtArg t = {&theta, NULL, 1, false};
    RtIArg m = {&N, 1};
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
    int len = common_size(fn, 3, names, (int[]){n.n, N.n, alpha.n}, err);
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
    RtArg a = {&alpha, NULL, 1, false};
    RtIArg m = {&N, 1};
    if (!check_int_nonneg("binomial_logit_rng", "Population size parameter",
                          m, err)
        || !check_real("binomial_logit_rng", "Probability parameter", a,
                       CK_FINITE, err))
        return -1;
    return (int)gsl_ran_binomial(rt_rng_gsl(rng), inv_logit(alpha),
                                 (unsigned)N);
}

static double lbeta(double a, double b)
{
    return lngamma(a) + lngamma(b) - lngamma(a + b);
}

double rt_beta_binomial_lpmf(RtIArg n, RtIArg N, RtArg alpha, RtArg beta,
                             bool propto, double adj, RtError *err)
{
    static const char fn[] = "beta_binomial_lpmf";
    const char *names[] = {"Successes variable", "Population size parameter",
                           "First prior sample size parameter",
                           "Second prior sample size parameter"};
    int len = common_size(fn, 4, names,
                          (int[]){n.n, N.n, alpha.n, beta.n}, err);
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
    RtIArg m = {&N, 1};
    RtArg a = {&alpha, NULL, 1, false}, b = {&beta, NULL, 1, false};
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

/* ------------------------------------------------------------ poisson */

double rt_poisson_lpmf(RtIArg n, RtArg lambda, bool propto, double adj,
                       RtError *err)
{
    static const char fn[] = "poisson_lpmf";
    const char *names[] = {"Random variable", "Rate parameter"};
    int N = common_size(fn, 2, names, (int[]){n.n, lambda.n}, err);
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
    int N = common_size(fn, 2, names, (int[]){n.n, lambda.n}, err);
    if (N < 0 || !check_real(fn, names[1], lambda, CK_NONNEG, err))
        return fail();
    for (int i = 0; i < N; i++)
        if (isinf(AT(lambda, i))) {
            rt_error(err, "%s: %s is inf, but must be finite!", fn,
                     names[1]);
            return fail();
        }
    RtIArg none = {NULL, 0};
    RtArg nop = {NULL, NULL, 0, false};
    return cumulative(which, WALK_POISSON, n, none, lambda, nop, N, adj);
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
    RtArg l = {&lambda, NULL, 1, false};
    if (!check_real("poisson_rng", "Rate parameter", l, CK_NONNEG, err))
        return -1;
    return poisson_draw("poisson_rng", "Rate parameter", lambda, rng, err);
}

double rt_poisson_log_lpmf(RtIArg n, RtArg alpha, bool propto, double adj,
                           RtError *err)
{
    static const char fn[] = "poisson_log_lpmf";
    const char *names[] = {"Random variable", "Log rate parameter"};
    int N = common_size(fn, 2, names, (int[]){n.n, alpha.n}, err);
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
    RtArg a = {&alpha, NULL, 1, false};
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
    int N = common_size(fn, 3, names, (int[]){n.n, mu.n, phi.n}, err);
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
    int N = common_size(fn, 3, names, (int[]){n.n, mu.n, phi.n}, err);
    if (N < 0 || !check_real(fn, names[1], mu, CK_POSFIN, err)
        || !check_real(fn, names[2], phi, CK_POSFIN, err))
        return fail();
    RtIArg none = {NULL, 0};
    return cumulative(which, WALK_NEG_BINOMIAL_2, n, none, mu, phi, N, adj);
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
    RtArg m = {&mu, NULL, 1, false}, p = {&phi, NULL, 1, false};
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
    int N = common_size(fn, 3, names, (int[]){n.n, eta.n, phi.n}, err);
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
    RtArg e = {&eta, NULL, 1, false}, p = {&phi, NULL, 1, false};
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
    int N = common_size(fn, 3, names, (int[]){n.n, alpha.n, beta.n}, err);
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
    RtArg a = {&alpha, NULL, 1, false}, b = {&beta, NULL, 1, false};
    if (!check_real(fn, "Shape parameter", a, CK_POSFIN, err)
        || !check_real(fn, "Inverse scale parameter", b, CK_POSFIN, err))
        return -1;
    return gamma_poisson(fn, alpha, 1 / beta, rng, err);
}
