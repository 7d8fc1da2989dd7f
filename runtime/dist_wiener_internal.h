/* dist_wiener_internal.h - what dist_wiener.c shares with
 * dist_wiener_full.c: the five-parameter term, the argument names and the
 * per-argument checks.  Not part of libpplrt's interface. */
#ifndef DIST_WIENER_INTERNAL_H
#define DIST_WIENER_INTERNAL_H

#include <stdbool.h>

#include "rt_math.h"

/* log f of the five-parameter density (rt_dist_wiener.h) at one point and
 * its partials d[0..5] in y, alpha, tau, beta, delta, sv; y <= tau: -inf
 * and no partials. */
double rt_wiener5_log_term(double y, double a, double tau, double beta,
                           double delta, double sv, double d[6]);

/* Stan's names of the eight arguments y, alpha, tau, beta, delta,
 * var_delta, var_beta, var_tau. */
const char *const *rt_wiener_names(void);

/* Each argument's own domain (the first nx of the eight), with Stan's
 * message naming it; relations between arguments are the caller's. */
bool rt_wiener_checks(const char *fn, const RtArg *x, int nx, RtError *err);

#endif
