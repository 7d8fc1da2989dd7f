/* dist_yule_simon.c - the Yule-Simon distribution: mass, cumulative
 * functions with analytic partials, draws.  Definitions and conventions in
 * rt_dist_yule_simon.h. */
#include <gsl/gsl_sf_gamma.h>
#include <gsl/gsl_sf_psi.h>
#include <limits.h>
#include <math.h>

#include "pplrt.h"
#include "rt_dist_yule_simon.h"
#include "dist_disc_internal.h"

static const char *const YS_NAMES[] = {"Random variable", "Shape parameter"};

static int ys_size(const char *fn, RtIArg n, RtArg alpha, RtError *err)
{
    int len = common_size(fn, 2, YS_NAMES, (int[]){RT_LEN(n), RT_LEN(alpha)}, err);
    if (len < 0 || !check_real(fn, YS_NAMES[1], alpha, CK_POSFIN, err))
        return -1;
    return len;
}

/* log p(n) = log alpha + lgamma(n) + lgamma(alpha + 1)
 *            - lgamma(n + alpha + 1). */
double rt_yule_simon_lpmf(RtIArg n, RtArg alpha, bool propto, double adj,
                          RtError *err)
{
    static const char fn[] = "yule_simon_lpmf";
    int len = ys_size(fn, n, alpha, err);
    if (len < 0)
        return fail();
    for (int i = 0; i < n.n; i++)
        if (n.x[i] < 1) {
            char buf[128];
            rt_error(err, "%s: %s is %d, but must be greater than or equal "
                     "to 1", fn, elem(buf, sizeof buf, YS_NAMES[0], n.n, i),
                     n.x[i]);
            return fail();
        }
    if (len == 0 || (propto && !alpha.ad))
        return 0;
    double lp = 0;
    for (int i = 0; i < len; i++) {
        double k = AT(n, i), a = AT(alpha, i);
        lp += log(a) + lngamma(a + 1) - lngamma(k + a + 1);
        if (!propto)
            lp += lngamma(k);
        if (alpha.g)
            GRAD(alpha, i, adj * (1 / a + gsl_sf_psi(a + 1)
                                  - gsl_sf_psi(k + a + 1)));
    }
    return lp;
}

/* Per term: c = log P(N > n) = lgamma(n + 1) + lgamma(alpha + 1)
 * - lgamma(n + alpha + 1) and dc/dalpha; n < 1 gives c = 0, dc = 0. */
static double log_ccdf_term(int n, double a, double *dc)
{
    if (n < 1) {
        *dc = 0;
        return 0;
    }
    double k = n;
    *dc = gsl_sf_psi(a + 1) - gsl_sf_psi(k + a + 1);
    return lngamma(k + 1) + lngamma(a + 1) - lngamma(k + a + 1);
}

/* which: DISC_CDF, DISC_LCDF or DISC_LCCDF.  The cdf is exp of the lcdf
 * sum, its partials the cdf times the lcdf's. */
static double ys_cumulative(const char *fn, DiscCdfForm which, RtIArg n,
                            RtArg alpha, double adj, RtError *err)
{
    int len = ys_size(fn, n, alpha, err);
    if (len < 0)
        return fail();
    if (len == 0)
        return which == DISC_CDF ? 1 : 0;
    double total = 0;
    /* first pass: the value (the cdf's partials need the product) */
    for (int i = 0; i < len; i++) {
        double dc;
        double c = log_ccdf_term(AT(n, i), AT(alpha, i), &dc);
        total += which == DISC_LCCDF ? c
                 : AT(n, i) < 1      ? -INFINITY
                                     : log1m_exp(c);
    }
    if (!alpha.g)
        return which == DISC_CDF ? exp(total) : total;
    double scale = which == DISC_CDF ? exp(total) : 1;
    for (int i = 0; i < len && scale != 0; i++) {
        double dc;
        double c = log_ccdf_term(AT(n, i), AT(alpha, i), &dc);
        if (AT(n, i) < 1)
            continue;
        /* d log(1 - e^c) = -e^c / (1 - e^c) dc */
        double d = which == DISC_LCCDF ? dc : -dc / expm1(-c);
        GRAD(alpha, i, adj * scale * d);
    }
    return which == DISC_CDF ? exp(total) : total;
}

double rt_yule_simon_cdf(RtIArg n, RtArg alpha, double adj, RtError *err)
{
    return ys_cumulative("yule_simon_cdf", DISC_CDF, n, alpha, adj, err);
}

double rt_yule_simon_lcdf(RtIArg n, RtArg alpha, double adj, RtError *err)
{
    return ys_cumulative("yule_simon_lcdf", DISC_LCDF, n, alpha, adj, err);
}

double rt_yule_simon_lccdf(RtIArg n, RtArg alpha, double adj, RtError *err)
{
    return ys_cumulative("yule_simon_lccdf", DISC_LCCDF, n, alpha, adj, err);
}

int rt_yule_simon_rng(double alpha, RtRng *rng, RtError *err)
{
    static const char fn[] = "yule_simon_rng";
    RtArg A = {&alpha, NULL, 1, false, false};
    if (!check_real(fn, YS_NAMES[1], A, CK_POSFIN, err))
        return -1;
    /* success probability p = exp(-w); a geometric draw on 1, 2, ... is
     * 1 + floor(log u / log(1 - p)) */
    double w = rt_rng_exponential(rng) / alpha;
    double log_fail = w > M_LN2 ? log1p(-exp(-w)) : log(-expm1(-w));
    double k = 1 + floor(log(rt_rng_uniform(rng)) / log_fail);
    if (!(k <= INT_MAX)) {
        rt_error(err, "%s: Random number is %g, but must be at most %d (the "
                 "largest int)", fn, k, INT_MAX);
        return -1;
    }
    return (int)k;
}
