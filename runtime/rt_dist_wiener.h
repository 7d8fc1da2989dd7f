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

/* wiener_lpdf(y | alpha, tau, beta, delta, var_delta, var_beta, var_tau):
 * the five-parameter density averaged over the starting point
 * beta' ~ uniform(beta - var_beta/2, beta + var_beta/2) and the
 * non-decision time tau' ~ uniform(tau, tau + var_tau) (Stan Functions
 * Reference 2.38; Ratcliff & Tuerlinckx 2002; Henrich et al. 2023):
 *   (1/var_tau) int_tau^{tau+var_tau} (1/var_beta)
 *       int_{beta-var_beta/2}^{beta+var_beta/2} p5(y | alpha, tau', beta',
 *       delta, var_delta) dbeta' dtau'
 * (an average skipped where its width is 0).  Stan's checks: y, alpha
 * positive finite, beta in (0, 1), tau, var_delta, var_tau non-negative
 * finite, var_beta in [0, 1], y > tau, var_beta < 2 beta and
 * < 2 (1 - beta).  y <= tau + var_tau is allowed (the times past y have
 * density 0).  Integrals by adaptive Gauss-Kronrod to a relative 1e-10
 * (dist_wiener_full.c); the partials by differentiating under the
 * integrals (the averages' end points for var_beta, var_tau and in y). */
double rt_wiener7_lpdf(RtArg y, RtArg alpha, RtArg tau, RtArg beta,
                       RtArg delta, RtArg var_delta, RtArg var_beta,
                       RtArg var_tau, bool propto, double adj, RtError *err);

/* wiener_lcdf_unnorm(y, alpha, tau, beta, delta) and the same of seven
 * parameters (Stan 2.38): the log of the unnormalized ("defective")
 * cdf of the first passage time at the UPPER boundary,
 *   log P(T <= y, the upper boundary first),
 * which tends to the log of the probability of the upper boundary
 * (1 - exp(-2 delta alpha beta)) / (1 - exp(-2 delta alpha)) rather
 * than to 0 as y grows (the lower boundary: 1 - beta, -delta); in the
 * seven-parameter form averaged like the density.  The integral over time
 * of the density (from 0, or to infinity for the ccdf: both are integrals
 * of a positive function, so each keeps its relative accuracy where it is
 * small), the average over tau' by parts.  Stan's checks as the density's
 * (y > tau an error here too). */
double rt_wiener_lcdf_unnorm(RtArg y, RtArg alpha, RtArg tau, RtArg beta,
                             RtArg delta, double adj, RtError *err);
double rt_wiener7_lcdf_unnorm(RtArg y, RtArg alpha, RtArg tau, RtArg beta,
                              RtArg delta, RtArg var_delta, RtArg var_beta,
                              RtArg var_tau, double adj, RtError *err);
/* wiener_lccdf_unnorm: log P(T > y, the upper boundary first); the two
 * add up to the probability of the upper boundary. */
double rt_wiener_lccdf_unnorm(RtArg y, RtArg alpha, RtArg tau, RtArg beta,
                              RtArg delta, double adj, RtError *err);
double rt_wiener7_lccdf_unnorm(RtArg y, RtArg alpha, RtArg tau, RtArg beta,
                               RtArg delta, RtArg var_delta, RtArg var_beta,
                               RtArg var_tau, double adj, RtError *err);

/* The forms with Stan 2.38's trailing tolerance (data, positive finite,
 * "Precision of the derivatives"): the relative tolerance of the
 * quadrature of the partials (the value keeps 1e-10; without the argument
 * the partials' is 1e-10 too; below 1e-13 it is 1e-13).  The
 * five-parameter density is a series summed to e^-50 whatever the
 * tolerance: tol is checked and already met. */
double rt_wiener5_tol_lpdf(RtArg y, RtArg alpha, RtArg tau, RtArg beta,
                           RtArg delta, RtArg var_delta, RtArg tol,
                           bool propto, double adj, RtError *err);
double rt_wiener7_tol_lpdf(RtArg y, RtArg alpha, RtArg tau, RtArg beta,
                           RtArg delta, RtArg var_delta, RtArg var_beta,
                           RtArg var_tau, RtArg tol, bool propto, double adj,
                           RtError *err);
double rt_wiener_tol_lcdf_unnorm(RtArg y, RtArg alpha, RtArg tau,
                                 RtArg beta, RtArg delta, RtArg tol,
                                 double adj, RtError *err);
double rt_wiener_tol_lccdf_unnorm(RtArg y, RtArg alpha, RtArg tau,
                                  RtArg beta, RtArg delta, RtArg tol,
                                  double adj, RtError *err);
double rt_wiener7_tol_lcdf_unnorm(RtArg y, RtArg alpha, RtArg tau,
                                  RtArg beta, RtArg delta, RtArg var_delta,
                                  RtArg var_beta, RtArg var_tau, RtArg tol,
                                  double adj, RtError *err);
double rt_wiener7_tol_lccdf_unnorm(RtArg y, RtArg alpha, RtArg tau,
                                   RtArg beta, RtArg delta, RtArg var_delta,
                                   RtArg var_beta, RtArg var_tau, RtArg tol,
                                   double adj, RtError *err);

#endif
