/* rt_hypergeometric.h - the hypergeometric functions (Stan Functions
 * Reference, "Hypergeometric functions"; math_hypergeometric.c):
 * values, and adj times the partials ADDED into the g buffers of the
 * RtArg arguments that have one (rt_math.h's convention), so one call
 * gives the value (all g NULL) and another the reverse step.  Where the
 * series does not converge (see math_hypergeometric.c) they return NaN
 * with a message naming the function. */
#ifndef RT_HYPERGEOMETRIC_H
#define RT_HYPERGEOMETRIC_H

#include "rt_math.h"

/* 1F0(a;; z) = (1 - z)^(-a): "hypergeometric_1F0: abs(z) is 1, but must
 * be less than 1" unless |z| < 1. */
double rt_hypergeometric_1F0(RtArg a, RtArg z, double adj, RtError *err);
/* 2F1(a1, a2; b1; z), with Euler's transformation for z <= -1. */
double rt_hypergeometric_2F1(RtArg a1, RtArg a2, RtArg b1, RtArg z,
                             double adj, RtError *err);
/* 3F2(a; b; z), a of size 3 and b of size 2. */
double rt_hypergeometric_3F2(RtArg a, RtArg b, RtArg z, double adj,
                             RtError *err);
/* pFq(a; b; z), p = a.n, q = b.n. */
double rt_hypergeometric_pFq(RtArg a, RtArg b, RtArg z, double adj,
                             RtError *err);

#endif
