/* dist_categorical.c - distributions over categories (Stan Functions
 * Reference, "Categorical distribution"): categorical and
 * categorical_logit, with partials and random number generators.
 * multinomial is dist_multinomial.c's.  Conventions: rt_math.h,
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
