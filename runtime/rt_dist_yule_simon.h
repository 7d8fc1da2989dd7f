/* rt_dist_yule_simon.h - the Yule-Simon distribution (Stan Functions
 * Reference 2.38, "Unbounded discrete distributions", "Yule-Simon
 * distribution"; Stan Math 5.2 yule_simon_lpmf), following the conventions
 * of rt_math.h and rt_dist_disc.h: a vectorized RtIArg outcome and RtArg
 * shape broadcast against each other, partials ADDED (times adj) into
 * alpha's g, NaN with Stan's message on a domain error.
 *
 *   YuleSimon(n | alpha) = alpha B(n, alpha + 1),  n >= 1, alpha > 0,
 *   P(N > n)             = n B(n, alpha + 1)       (closed form),
 *
 * so every function here is a sum of lbeta terms, its derivative one of
 * digammas.  File: dist_yule_simon.c. */
#ifndef RT_DIST_YULE_SIMON_H
#define RT_DIST_YULE_SIMON_H

#include <stdbool.h>

#include "rt_math.h"

/* n >= 1 (an error otherwise, as in Stan); alpha positive finite.  propto
 * drops lgamma(n) and, while alpha is data, everything. */
double rt_yule_simon_lpmf(RtIArg n, RtArg alpha, bool propto, double adj,
                          RtError *err);
/* The cumulative functions: per term, n < 1 has cdf 0 (lcdf -inf, lccdf
 * 0), as the discrete cdfs below their support do in Stan. */
double rt_yule_simon_cdf(RtIArg n, RtArg alpha, double adj, RtError *err);
double rt_yule_simon_lcdf(RtIArg n, RtArg alpha, double adj, RtError *err);
double rt_yule_simon_lccdf(RtIArg n, RtArg alpha, double adj, RtError *err);
/* A draw in 1, 2, ...: geometric(exp(-W)) with W ~ exponential(alpha).
 * -1 with err set on a domain error or a draw past the int range. */
int rt_yule_simon_rng(double alpha, RtRng *rng, RtError *err);

#endif
