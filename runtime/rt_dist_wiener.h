/* rt_dist_wiener.h - the Wiener first passage time distribution of a drift
 * diffusion model (Stan Functions Reference 2.38, "Positive lower-bounded
 * distributions", "Wiener First Passage Time Distribution"), following the
 * conventions of rt_math.h: vectorized RtArgs broadcast against each other,
 * partials ADDED (times adj) into each g, NaN with Stan's message on a
 * domain error.
 *
 * The density is that of the first passage over the UPPER boundary at time
 * y of a Wiener process with unit diffusion started at beta * alpha between
 * 0 and alpha with drift delta, shifted by the non-decision time tau (the
 * lower boundary is Wiener(y | alpha, tau, 1 - beta, -delta)).  With
 * t = y - tau, w = 1 - beta, v = -delta (Navarro & Fuss 2009, eq. 1-7):
 *
 *   f(y) = alpha^-2 exp(-v alpha w - v^2 t / 2) S(t / alpha^2, w)
 *
 * S(u, w) the standardized density, by whichever of Navarro & Fuss's two
 * series needs fewer terms:
 *   small times  (2 pi u^3)^(-1/2) sum_k (w + 2k) exp(-(w + 2k)^2 / (2u)),
 *   large times  pi sum_{k >= 1} k exp(-k^2 pi^2 u / 2) sin(k pi w).
 * Stan sums to a fixed error bound (absolute 1e-6 on S in the four-parameter
 * form); here every series runs until the terms left are below e^-50 of
 * its first, so values agree with Stan's to Stan's bound and the analytic
 * partials (of each series term by term) are exact to rounding.
 *
 * The five-parameter form adds inter-trial variability of the drift,
 * delta ~ normal(delta, var_delta), integrated in closed form (Blurton et
 * al. 2017): the exponential factor becomes
 *   exp(((alpha w sv)^2 - 2 alpha v w - v^2 t) / (2 (1 + sv^2 t)))
 *     / sqrt(1 + sv^2 t)
 * with sv = var_delta; var_delta = 0 is the four-parameter density.
 *
 * y <= tau has density 0: the term is -inf (no partials).  propto drops
 * nothing unless every argument is data (then 0).  File: dist_wiener.c. */
#ifndef RT_DIST_WIENER_H
#define RT_DIST_WIENER_H

#include <stdbool.h>

#include "rt_math.h"

/* wiener_lpdf(y | alpha, tau, beta, delta): y and alpha positive finite,
 * tau non-negative finite, beta in (0, 1), delta finite. */
double rt_wiener_lpdf(RtArg y, RtArg alpha, RtArg tau, RtArg beta,
                      RtArg delta, bool propto, double adj, RtError *err);
/* wiener_lpdf(y | alpha, tau, beta, delta, var_delta): var_delta
 * non-negative finite.  Stan's overload of the same name with six
 * arguments; the backend picks this one by the number of arguments. */
double rt_wiener5_lpdf(RtArg y, RtArg alpha, RtArg tau, RtArg beta,
                       RtArg delta, RtArg var_delta, bool propto, double adj,
                       RtError *err);

#endif
