/* dist_disc2.c - beta_binomial's cumulative functions and
 * bernoulli_logit_glm's random number generator (Stan Functions
 * Reference, "Beta-binomial distribution" and "Bernoulli-logit generalized
 * linear model").  Conventions: rt_math.h, rt_dist_disc.h.
 *
 * The cumulative functions are finite sums of the mass function, added in
 * log space, so they neither lose the lower tail to 1 - ccdf nor call a
 * hypergeometric function (Stan's 3F2) that can fail to converge. */
#include <gsl/gsl_sf_gamma.h>
#include <gsl/gsl_sf_psi.h>
#include <math.h>

#include "pplrt.h"
#include "rt_dist_disc.h"
#include "dist_disc_internal.h"

/* ------------------------------------------ beta_binomial cumulatives */

static double lbeta(double a, double b)
{
    return lngamma(a) + lngamma(b) - lngamma(a + b);
}

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
                          (int[]){n.n, N.n, alpha.n, beta.n}, err);
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

/* ------------------------------------------ bernoulli_logit_glm_rng */

/* Stan's check_consistent_size message. */
static int size_error(const char *fn, const char *name, int n, int want,
                      RtError *err)
{
    return rt_error(err, "%s: %s has dimension = %d, expecting dimension = "
                    "%d; a function was called with arguments of different "
                    "scalar, array, vector, or matrix types, and they were "
                    "not consistently sized;  all arguments must be scalars "
                    "or multidimensional values of the same shape.", fn,
                    name, n, want);
}

/* Stan's checks, in Stan's order: beta's size against x's columns,
 * alpha's against x's rows, then x, beta and alpha finite.  x's elements
 * are named [row, column] (a 1-row x, a row_vector: [column]). */
static int glm_rng_checks(const char *fn, RtMat x, RtArg alpha, RtArg beta,
                          RtError *err)
{
    if (beta.n != x.cols)
        return size_error(fn, "Weight vector", beta.n, x.cols, err);
    if (alpha.n != 1 && alpha.n != x.rows)
        return size_error(fn, "Vector of intercepts", alpha.n, x.rows, err);
    /* column-major, the order Stan's check visits a matrix in */
    for (int c = 0; c < x.cols; c++)
        for (int r = 0; r < x.rows; r++) {
            double v = x.x[(size_t)r * x.cols + c];
            if (isfinite(v))
                continue;
            if (x.rows == 1)
                return rt_error(err, "%s: Matrix of independent variables"
                                "[%d] is %g, but must be finite!", fn, c + 1,
                                v);
            return rt_error(err, "%s: Matrix of independent variables[%d, "
                            "%d] is %g, but must be finite!", fn, r + 1,
                            c + 1, v);
        }
    for (int k = 0; k < beta.n; k++)
        if (!isfinite(beta.x[k]))
            return rt_error(err, "%s: Weight vector[%d] is %g, but must be "
                            "finite!", fn, k + 1, beta.x[k]);
    if (!check_real(fn, "Intercept", alpha, CK_FINITE, err))
        return -1;
    return 0;
}

int rt_bernoulli_logit_glm_rng(RtMat x, RtArg alpha, RtArg beta, int *out,
                               RtRng *rng, RtError *err)
{
    static const char fn[] = "bernoulli_logit_glm_rng";
    if (glm_rng_checks(fn, x, alpha, beta, err))
        return -1;
    for (int i = 0; i < x.rows; i++) {
        double eta = AT(alpha, i);
        for (int k = 0; k < x.cols; k++)
            eta += x.x[(size_t)i * x.cols + k] * beta.x[k];
        out[i] = rt_rng_uniform(rng) < inv_logit(eta);
    }
    return 0;
}
