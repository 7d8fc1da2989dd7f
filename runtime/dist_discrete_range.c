/* dist_discrete_range.c - the uniform distribution over a range of
 * integers (Stan Functions Reference, "Discrete range distribution"):
 * lpmf, cumulative functions and rng.  Conventions: rt_math.h,
 * rt_dist_disc.h. */
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
    if (common_size(fn, 2, bnames, (int[]){RT_LEN(lower), RT_LEN(upper)}, err) < 0)
        return -1;
    int nb = RT_LEN(lower) < 0 ? upper.n : lower.n;
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
    return common_size(fn, 3, names, (int[]){RT_LEN(y), RT_LEN(lower), RT_LEN(upper)}, err);
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
