/* rt_transform_fns.h - the scalar transforms as Stan functions (Stan
 * Functions Reference 2.37, "Variable Transformation Functions", the
 * transforms of the Reference Manual's "Constraint Transforms"):
 * lower_bound, upper_bound, lower_upper_bound and offset_multiplier, their
 * _constrain (free y -> constrained x) and _unconstrain (x -> y) with the
 * partials the emitted reverse steps need.  An infinite bound is no bound
 * (lower_bound_constrain(y, negative_infinity()) is y), as in Stan.
 * Files: transform_fns.c, transform_matrix_fns.c. */
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

/* ------------------------------------- the vector and matrix transforms */

/* ordered_constrain, ..., cov_matrix_unconstrain (transform_matrix_fns.c):
 * the transforms of the declared parameters of these types (pplrt.h), as
 * functions.  The constrained value is R x C (a vector: K x 1), row-major;
 * the free value is a vector, or for the stochastic and sum-to-zero
 * matrices a row-major matrix (the free matrix of the Functions
 * Reference). */
typedef enum RtShapedTransform {
    RT_ST_ORDERED,
    RT_ST_POSITIVE_ORDERED,
    RT_ST_SIMPLEX,
    RT_ST_SUM_TO_ZERO,            /* sum_to_zero_vector */
    RT_ST_UNIT_VECTOR,
    RT_ST_CHOLESKY_CORR,          /* free: vector, int K */
    RT_ST_CHOLESKY_COV,           /* free: vector, int M, int N */
    RT_ST_CORR_MATRIX,            /* free: vector, int K */
    RT_ST_COV_MATRIX,             /* free: vector, int K */
    RT_ST_STOCHASTIC_COLUMN,      /* free: (K-1) x M matrix */
    RT_ST_STOCHASTIC_ROW,         /* free: N x (K-1) matrix */
    RT_ST_SUM_TO_ZERO_MATRIX,     /* free: (N-1) x (M-1) matrix */
} RtShapedTransform;

/* The constrained shape *R x *C of a _constrain call from its free
 * argument's shape fr x fc (a vector: fr x 1) and its int arguments a, b
 * (K; or M, N), with Stan's checks that they agree: -1 with a message
 * naming fn in err (which may be NULL). */
int rt_st_shape(RtShapedTransform k, const char *fn, int fr, int fc, int a,
                int b, int *R, int *C, RtError *err);
/* The free shape *fr x *fc of an _unconstrain call's R x C argument, with
 * Stan's shape checks (square, rows >= columns). */
int rt_st_free_shape(RtShapedTransform k, const char *fn, int R, int C,
                     int *fr, int *fc, RtError *err);
/* y = the constrained R x C value of x; *lj += log|J| when lj is not
 * NULL.  -1 only when memory runs out. */
int rt_st_constrain(RtShapedTransform k, const double *x, int R, int C,
                    double *y, double *lj, RtError *err);
/* x = the free value of y, or -1 with Stan's message when y violates the
 * constraint. */
int rt_st_unconstrain(RtShapedTransform k, const double *y, int R, int C,
                      double *x, RtError *err);
/* adj_x += d t / d x given adj_y = d t / d y (and the log|J| with weight 1
 * when jacobian). */
void rt_st_adjoint(RtShapedTransform k, const double *x, int R, int C,
                   const double *adj_y, bool jacobian, double *adj_x);
/* adj_y += d t / d y of the unconstraining direction, given adj_x = d t /
 * d x at x = the free value of y (y valid). */
void rt_st_unconstrain_adjoint(RtShapedTransform k, const double *y, int R,
                               int C, const double *adj_x, double *adj_y);

#endif
