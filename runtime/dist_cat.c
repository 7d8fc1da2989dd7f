/* dist_cat.c - distributions over categories (Stan Functions Reference,
 * "Multivariate discrete distributions" and "Ordered logistic"):
 * categorical, categorical_logit, multinomial, ordered_logistic, with
 * partials and random number generators.  Conventions: rt_math.h,
 * rt_dist_disc.h. */
#include <gsl/gsl_randist.h>
#include <gsl/gsl_rng.h>
#include <math.h>

#include "pplrt.h"
#include "rt_dist_disc.h"
#include "dist_disc_internal.h"

/* -------------------------------------------------------- categorical */

double rt_categorical_lpmf(RtIArg n, RtArg theta, bool propto, double adj,
                           RtError *err)
{
    static const char fn[] = "categorical_lpmf";
    if (!check_int_bounded(fn, "Number of categories", n, 1, theta.n, err)
        || !check_simplex(fn, "Probabilities parameter", theta, err))
        return fail();
    if (n.n == 0 || (propto && !theta.ad))
        return 0;
    double lp = 0;
    for (int i = 0; i < n.n; i++) {
        int k = n.x[i] - 1;
        lp += log(theta.x[k]);
        if (theta.g)
            theta.g[k] += adj / theta.x[k];
    }
    return lp;
}

/* The first k with u < theta[0] + ... + theta[k] (the last if rounding
 * leaves u above the total). */
static int draw_category(const double *theta, int K, double u)
{
    double cum = 0;
    for (int k = 0; k < K - 1; k++) {
        cum += theta[k];
        if (u < cum)
            return k + 1;
    }
    return K;
}

int rt_categorical_rng(RtArg theta, RtRng *rng, RtError *err)
{
    if (!check_simplex("categorical_rng", "Probabilities parameter", theta,
                       err))
        return -1;
    return draw_category(theta.x, theta.n, rt_rng_uniform(rng));
}

static double log_sum_exp(const double *x, int n)
{
    double m = -INFINITY, s = 0;
    for (int k = 0; k < n; k++)
        if (x[k] > m)
            m = x[k];
    for (int k = 0; k < n; k++)
        s += exp(x[k] - m);
    return m + log(s);
}

double rt_categorical_logit_lpmf(RtIArg n, RtArg beta, bool propto,
                                 double adj, RtError *err)
{
    static const char fn[] = "categorical_logit_lpmf";
    if (!check_int_bounded(fn, "categorical outcome out of support", n, 1,
                           beta.n, err)
        || !check_real(fn, "log odds parameter", beta, CK_FINITE, err))
        return fail();
    if (n.n == 0 || (propto && !beta.ad))
        return 0;
    double lse = log_sum_exp(beta.x, beta.n), lp = -n.n * lse;
    for (int i = 0; i < n.n; i++) {
        lp += beta.x[n.x[i] - 1];
        if (beta.g)
            beta.g[n.x[i] - 1] += adj;
    }
    if (beta.g)
        for (int k = 0; k < beta.n; k++)
            beta.g[k] -= adj * n.n * exp(beta.x[k] - lse);
    return lp;
}

int rt_categorical_logit_rng(RtArg beta, RtRng *rng, RtError *err)
{
    static const char fn[] = "categorical_logit_rng";
    if (!check_real(fn, "Log odds parameter", beta, CK_FINITE, err))
        return -1;
    if (beta.n == 0) {
        rt_error(err, "%s: Log odds parameter has size 0, but must have a "
                 "non-zero size", fn);
        return -1;
    }
    /* Walk the softmax without storing it. */
    double lse = log_sum_exp(beta.x, beta.n), u = rt_rng_uniform(rng);
    double cum = 0;
    for (int k = 0; k < beta.n - 1; k++) {
        cum += exp(beta.x[k] - lse);
        if (u < cum)
            return k + 1;
    }
    return beta.n;
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
    RtIArg m = {&N, 1};
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

/* --------------------------------------------------- ordered_logistic */

static bool check_cutpoints(const char *fn, RtArg c, RtError *err)
{
    for (int k = 1; k < c.n; k++)
        if (!(c.x[k] > c.x[k - 1])) {
            rt_error(err, "%s: Cut-points is not a valid ordered vector. The "
                     "element at %d is %g, but should be greater than the "
                     "previous element, %g", fn, k + 1, c.x[k], c.x[k - 1]);
            return false;
        }
    if (c.n > 0) {
        RtArg first = {c.x, NULL, 1, false};
        RtArg last = {c.x + c.n - 1, NULL, 1, false};
        if (!check_real(fn, "Final cut-point", last, CK_FINITE, err)
            || !check_real(fn, "First cut-point", first, CK_FINITE, err))
            return false;
    }
    return true;
}

/* Stan Functions Reference: with K = size(c) + 1 categories,
 *   P(y = 1) = 1 - inv_logit(eta - c[1]),
 *   P(y = k) = inv_logit(eta - c[k-1]) - inv_logit(eta - c[k]),
 *   P(y = K) = inv_logit(eta - c[K-1]).
 * The middle difference is taken in log space as
 *   log inv_logit(a) + log1m_inv_logit(b) + log1m_exp(b - a),
 * a = eta - c[k-1] > b = eta - c[k]. */
double rt_ordered_logistic_lpmf(RtIArg y, RtArg eta, RtArg c, bool propto,
                                double adj, RtError *err)
{
    static const char fn[] = "ordered_logistic_lpmf";
    const char *names[] = {"Integers", "Locations"};
    int N = common_size(fn, 2, names, (int[]){y.n, eta.n}, err), K = c.n + 1;
    if (N < 0 || !check_int_bounded(fn, "Random variable", y, 1, K, err)
        || !check_cutpoints(fn, c, err)
        || !check_real(fn, "Location parameter", eta, CK_FINITE, err))
        return fail();
    if (N == 0 || K == 1 || (propto && !eta.ad && !c.ad))
        return 0;
    double lp = 0;
    for (int i = 0; i < N; i++) {
        int k = AT(y, i);
        double e = AT(eta, i), de, dlo = 0, dhi = 0;
        if (k == 1) {
            double b = e - c.x[0];
            lp += log1m_inv_logit(b);
            de = -inv_logit(b);
            dhi = inv_logit(b);
        } else if (k == K) {
            double a = e - c.x[K - 2];
            lp += log_inv_logit(a);
            de = inv_logit(-a);
            dlo = -de;
        } else {
            double a = e - c.x[k - 2], b = e - c.x[k - 1];
            lp += log_inv_logit(a) + log1m_inv_logit(b)
                  + log1m_exp(b - a);
            double r = 1 / expm1(a - b);
            de = inv_logit(-a) - inv_logit(b);
            dlo = -inv_logit(-a) - r;
            dhi = inv_logit(b) + r;
        }
        if (eta.g)
            GRAD(eta, i, adj * de);
        if (c.g) {
            if (k > 1)
                c.g[k - 2] += adj * dlo;
            if (k < K)
                c.g[k - 1] += adj * dhi;
        }
    }
    return lp;
}

int rt_ordered_logistic_rng(double eta, RtArg c, RtRng *rng, RtError *err)
{
    static const char fn[] = "ordered_logistic_rng";
    RtArg e = {&eta, NULL, 1, false};
    if (!check_real(fn, "Location parameter", e, CK_FINITE, err)
        || !check_cutpoints(fn, c, err))
        return -1;
    /* P(y <= k) = 1 - inv_logit(eta - c[k]): the first k whose cumulative
     * probability exceeds u. */
    double u = rt_rng_uniform(rng);
    for (int k = 0; k < c.n; k++)
        if (u < inv_logit(c.x[k] - eta))
            return k + 1;
    return c.n + 1;
}
