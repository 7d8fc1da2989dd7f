/* rt_transform_fns.h - the scalar transforms as Stan functions (Stan
 * Functions Reference 2.37, "Variable Transformation Functions", the
 * transforms of the Reference Manual's "Constraint Transforms"):
 * lower_bound, upper_bound, lower_upper_bound and offset_multiplier, their
 * _constrain (free y -> constrained x) and _unconstrain (x -> y) with the
 * partials the emitted reverse steps need.  An infinite bound is no bound
 * (lower_bound_constrain(y, negative_infinity()) is y), as in Stan.
 * File: transform_fns.c. */
#ifndef RT_TRANSFORM_FNS_H
#define RT_TRANSFORM_FNS_H

#include "rt_math.h"

typedef enum RtScalarTransform {
    RT_TF_LOWER,              /* x = lb + exp(y) */
    RT_TF_UPPER,              /* x = ub - exp(y) */
    RT_TF_LOWER_UPPER,        /* x = lb + (ub - lb) inv_logit(y) */
    RT_TF_OFFSET_MULTIPLIER,  /* x = offset + multiplier y */
} RtScalarTransform;

/* *x = the constrained value of y with parameters a (and b: the upper
 * bound or the multiplier); d, when not NULL, gets dx/dy, dx/da, dx/db.
 * 0, or -1 with Stan's message naming fn in err (lb >= ub, a multiplier
 * not positive finite, an offset not finite). */
int rt_tf_constrain(RtScalarTransform k, const char *fn, double y, double a,
                    double b, double *x, double d[3], RtError *err);
/* *y = the free value of the constrained x; the same d for y, and -1 with
 * Stan's message when x is outside the constraint. */
int rt_tf_unconstrain(RtScalarTransform k, const char *fn, double x,
                      double a, double b, double *y, double d[3],
                      RtError *err);
/* log |dx/dy| of the constraining transform at y (and its partials in y,
 * a, b into dj when not NULL): what _jacobian functions add. */
double rt_tf_log_jacobian(RtScalarTransform k, double y, double a, double b,
                          double dj[3]);

#endif
