/* dist_disc_internal.h - helpers shared by the discrete distribution
 * files (rt_dist_disc.h lists them): stable logistic forms, broadcasting
 * access, Stan's argument checks with Stan's messages, and the
 * mass-function walk behind the cumulative functions of poisson, binomial
 * and neg_binomial_2.  Not part of libpplrt's interface. */
#ifndef DIST_DISC_INTERNAL_H
#define DIST_DISC_INTERNAL_H

#include <gsl/gsl_sf_gamma.h>
#include <math.h>
#include <stdio.h>

#include "pplrt.h"

/* rng.c: the gsl_rng under an RtRng. */
void *rt_rng_gsl(RtRng *r);

#define SIMPLEX_TOLERANCE 1e-8

/* ---------------------------------------------------------- helpers */

#define AT(a, i) ((a).x[(a).n == 1 ? 0 : (i)])
#define GRAD(a, i, v) ((a).g[(a).n == 1 ? 0 : (i)] += (v))

static inline double lngamma(double x) { return gsl_sf_lngamma(x); }

static inline double log1p_exp(double x)
{
    return x > 0 ? x + log1p(exp(-x)) : log1p(exp(x));
}

static inline double inv_logit(double x)
{
    if (x < 0) {
        double e = exp(x);
        return e / (1 + e);
    }
    return 1 / (1 + exp(-x));
}

static inline double log_inv_logit(double x) { return -log1p_exp(-x); }
static inline double log1m_inv_logit(double x) { return -log1p_exp(x); }

/* log(1 - exp(x)) for x < 0. */
static inline double log1m_exp(double x)
{
    return x > -M_LN2 ? log(-expm1(x)) : log1p(-exp(x));
}

/* n log x with 0 log 0 = 0. */
static inline double multiply_log(double n, double x)
{
    return n == 0 ? 0 : n * log(x);
}

static inline double log_add(double a, double b)
{
    if (a == -INFINITY)
        return b;
    if (b == -INFINITY)
        return a;
    return a > b ? a + log1p(exp(b - a)) : b + log1p(exp(a - b));
}

/* "name" for a scalar, "name[i]" (1-based) for a container. */
static inline const char *elem(char *buf, size_t size, const char *name,
                               int n, int i)
{
    if (n == 1)
        return name;
    snprintf(buf, size, "%s[%d]", name, i + 1);
    return buf;
}

/* The common length of the arguments given their RT_LEN (scalars, -1,
 * broadcast), or -1 with Stan's message naming the first two containers
 * that disagree. */
static inline int common_size(const char *fn, int count,
                              const char *const *names, const int *sizes,
                              RtError *err)
{
    int first = -1;
    for (int i = 0; i < count; i++) {
        if (sizes[i] < 0)
            continue;
        if (first < 0) {
            first = i;
        } else if (sizes[i] != sizes[first]) {
            rt_error(err, "%s: %s has size = %d, but %s has size %d; and "
                     "they must be the same size.", fn, names[first],
                     sizes[first], names[i], sizes[i]);
            return -1;
        }
    }
    return first < 0 ? 1 : sizes[first];
}

/* Which of its three cumulative functions a distribution's shared
 * implementation computes: the cdf (a product of per-term probabilities),
 * the log cdf or the log ccdf (sums of logs). */
typedef enum DiscCdfForm { DISC_CDF, DISC_LCDF, DISC_LCCDF } DiscCdfForm;

enum { CK_NONNEG, CK_POSFIN, CK_FINITE, CK_NOTNAN, CK_PROB };

static inline bool check_real(const char *fn, const char *name, RtArg a,
                              int kind, RtError *err)
{
    static const char *const must[] = {
        "must be nonnegative!", "must be positive finite!",
        "must be finite!", "must not be nan!",
        "must be in the interval [0, 1]"};
    for (int i = 0; i < a.n; i++) {
        double v = a.x[i];
        bool ok = kind == CK_NONNEG   ? v >= 0
                  : kind == CK_POSFIN ? v > 0 && isfinite(v)
                  : kind == CK_FINITE ? isfinite(v)
                  : kind == CK_NOTNAN ? !isnan(v)
                                      : v >= 0 && v <= 1;
        if (!ok) {
            char buf[128];
            rt_error(err, "%s: %s is %g, but %s", fn,
                     elem(buf, sizeof buf, name, a.n, i), v, must[kind]);
            return false;
        }
    }
    return true;
}

static inline bool check_int_nonneg(const char *fn, const char *name,
                                    RtIArg a, RtError *err)
{
    for (int i = 0; i < a.n; i++)
        if (a.x[i] < 0) {
            char buf[128];
            rt_error(err, "%s: %s is %d, but must be nonnegative!", fn,
                     elem(buf, sizeof buf, name, a.n, i), a.x[i]);
            return false;
        }
    return true;
}

static inline bool check_int_bounded(const char *fn, const char *name,
                                     RtIArg a, int lo, int hi, RtError *err)
{
    for (int i = 0; i < a.n; i++)
        if (a.x[i] < lo || a.x[i] > hi) {
            char buf[128];
            rt_error(err, "%s: %s is %d, but must be in the interval "
                     "[%d, %d]", fn, elem(buf, sizeof buf, name, a.n, i),
                     a.x[i], lo, hi);
            return false;
        }
    return true;
}

/* Stan's check_simplex: a non-empty vector summing to 1 (within 1e-8)
 * with no negative element. */
static inline bool check_simplex(const char *fn, const char *name,
                                 RtArg t, RtError *err)
{
    if (t.n == 0) {
        rt_error(err, "%s: %s has size 0, but must have a non-zero size",
                 fn, name);
        return false;
    }
    double sum = 0;
    for (int k = 0; k < t.n; k++)
        sum += t.x[k];
    if (!(fabs(1 - sum) <= SIMPLEX_TOLERANCE)) {
        rt_error(err, "%s: %s is not a valid simplex. sum(%s) = %.*g, but "
                 "should be 1", fn, name, name, 15, sum);
        return false;
    }
    for (int k = 0; k < t.n; k++)
        if (!(t.x[k] >= 0)) {
            rt_error(err, "%s: %s is not a valid simplex. %s[%d] = %g, but "
                     "should be greater than or equal to 0", fn, name, name,
                     k + 1, t.x[k]);
            return false;
        }
    return true;
}

static inline double fail(void) { return NAN; }

static inline double lbeta(double a, double b)
{
    return lngamma(a) + lngamma(b) - lngamma(a + b);
}

/* The families whose cumulative functions rt_disc_walk_cumulative sums. */
typedef enum PmfFamily {
    WALK_POISSON,           /* p1 = lambda */
    WALK_BINOMIAL,          /* N trials, p1 = theta */
    WALK_NEG_BINOMIAL_2     /* p1 = mu, p2 = phi */
} PmfFamily;

/* The cdf, lcdf or lccdf (which) of len terms of a family at counts n
 * (and trials Nt for binomial), parameters p1 (and p2), already checked;
 * adds adj times the partials into p1.g and p2.g (dist_disc_walk.c). */
double rt_disc_walk_cumulative(DiscCdfForm which, PmfFamily family,
                               RtIArg n, RtIArg Nt, RtArg p1, RtArg p2,
                               int len, double adj);

/* ------------------------------------------------- ordinal outcomes */

/* Stan's checks of ordered cut-points: strictly increasing, the first and
 * last finite (ordered_logistic, ordered_probit, ordered_logistic_glm). */
static inline bool check_cutpoints(const char *fn, RtArg c, RtError *err)
{
    for (int k = 1; k < c.n; k++)
        if (!(c.x[k] > c.x[k - 1])) {
            rt_error(err, "%s: Cut-points is not a valid ordered vector. The "
                     "element at %d is %g, but should be greater than the "
                     "previous element, %g", fn, k + 1, c.x[k], c.x[k - 1]);
            return false;
        }
    if (c.n > 0) {
        RtArg first = {c.x, NULL, 1, false, false};
        RtArg last = {c.x + c.n - 1, NULL, 1, false, false};
        if (!check_real(fn, "Final cut-point", last, CK_FINITE, err)
            || !check_real(fn, "First cut-point", first, CK_FINITE, err))
            return false;
    }
    return true;
}

/* The ordered logistic log probability of category k (1..K) at location
 * e with cut-points c, and its partials in e (*de), in the cut-point
 * below, c[k-2] (*dlo, k > 1), and the one above, c[k-1] (*dhi, k < K);
 * the partials a category does not have are 0 (ordered_logistic and
 * ordered_logistic_glm).  F = inv_logit; the middle difference is taken
 * in log space as
 *   log inv_logit(a) + log1m_inv_logit(b) + log1m_exp(b - a),
 * a = e - c[k-1] > b = e - c[k]. */
static inline double ordered_logistic_term(int k, int K, double e,
                                           const double *c, double *de,
                                           double *dlo, double *dhi)
{
    *dlo = *dhi = 0;
    if (k == 1) {
        double b = e - c[0];
        *de = -inv_logit(b);
        *dhi = inv_logit(b);
        return log1m_inv_logit(b);
    }
    if (k == K) {
        double a = e - c[K - 2];
        *de = inv_logit(-a);
        *dlo = -*de;
        return log_inv_logit(a);
    }
    double a = e - c[k - 2], b = e - c[k - 1];
    double r = 1 / expm1(a - b);
    *de = inv_logit(-a) - inv_logit(b);
    *dlo = -inv_logit(-a) - r;
    *dhi = inv_logit(b) + r;
    return log_inv_logit(a) + log1m_inv_logit(b) + log1m_exp(b - a);
}

#endif
