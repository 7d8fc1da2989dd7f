/* dist_glm_internal.h - what the GLM files (dist_glm_*.c) share: shape
 * checks with Stan's messages, the linear predictor of one outcome formed
 * from its row and never stored, its backward step, and the finiteness
 * check Stan makes only when the result is not finite.  Not part of
 * libpplrt's interface.
 *
 * Two forms of the predictor live here: glm_eta (four partial sums, for
 * normal_id, bernoulli_logit and poisson_log) and row_eta (one running
 * sum, alpha optional, for binomial_logit, neg_binomial_2_log and
 * ordered_logistic).  They round differently, so making them one would
 * change results in the last bits: not a refactor, left for a change
 * that says so. */
#ifndef DIST_GLM_INTERNAL_H
#define DIST_GLM_INTERNAL_H

#include "dist_disc_internal.h"

/* Stan's check_consistent_size: a container must have the expected
 * length; a scalar (n is the argument's RT_LEN, -1) always fits. */
static inline bool check_size(const char *fn, const char *name, int n,
                              int want, RtError *err)
{
    if (n < 0 || n == want)
        return true;
    rt_error(err, "%s: %s has dimension = %d, expecting dimension = %d; a "
             "function was called with arguments of different scalar, "
             "array, vector, or matrix types, and they were not "
             "consistently sized;  all arguments must be scalars or "
             "multidimensional values of the same shape.", fn, name, n,
             want);
    return false;
}

/* The shapes shared by the three GLMs: N outcomes (x's rows, or the
 * outcomes' length when x is a row_vector shared by all), K predictors;
 * ny is the outcomes' RT_LEN.
 * Returns N, or -1 with err set. */
static inline int glm_shape(const char *fn, int ny, RtMat x, RtArg alpha,
                            RtArg beta, RtError *err)
{
    int N = x.rows == 1 ? (ny < 0 ? 1 : ny) : x.rows;
    if (!check_size(fn, "Vector of dependent variables", ny, N, err))
        return -1;
    if (beta.n != x.cols) {
        rt_error(err, "%s: Weight vector has dimension = %d, expecting "
                 "dimension = %d; a function was called with arguments of "
                 "different scalar, array, vector, or matrix types, and "
                 "they were not consistently sized;  all arguments must be "
                 "scalars or multidimensional values of the same shape.",
                 fn, beta.n, x.cols);
        return -1;
    }
    if (!check_size(fn, "Vector of intercepts", RT_LEN(alpha), N, err))
        return -1;
    return N;
}

/* The linear predictor of outcome i. */
static inline double glm_eta(RtMat x, RtArg alpha, RtArg beta, int i)
{
    const double *row = x.x + (size_t)(x.rows == 1 ? 0 : i) * x.cols;
    /* four partial sums: the products overlap instead of waiting on one
     * accumulator */
    double s0 = 0, s1 = 0, s2 = 0, s3 = 0;
    int k = 0;
    for (; k + 4 <= x.cols; k += 4) {
        s0 += row[k] * beta.x[k];
        s1 += row[k + 1] * beta.x[k + 1];
        s2 += row[k + 2] * beta.x[k + 2];
        s3 += row[k + 3] * beta.x[k + 3];
    }
    for (; k < x.cols; k++)
        s0 += row[k] * beta.x[k];
    return AT(alpha, i) + ((s0 + s1) + (s2 + s3));
}

/* Add d/d eta_i (already times adj) into alpha, beta and x. */
static inline void glm_backprop(RtMat x, RtArg alpha, RtArg beta, int i,
                                double d)
{
    int row = x.rows == 1 ? 0 : i;
    if (alpha.g)
        GRAD(alpha, i, d);
    if (beta.g)
        for (int k = 0; k < x.cols; k++)
            beta.g[k] += d * x.x[(size_t)row * x.cols + k];
    if (x.g)
        for (int k = 0; k < x.cols; k++)
            x.g[(size_t)row * x.cols + k] += d * beta.x[k];
}

/* Stan checks the inputs for finiteness only when the result is not
 * finite, naming the first culprit. */
static inline double glm_nonfinite(const char *fn, RtMat x, RtArg alpha,
                                   RtArg beta, double lp, RtError *err)
{
    RtArg xs = {x.x, NULL, x.rows * x.cols, false, true};
    if (!check_real(fn, "Weight vector", beta, CK_FINITE, err)
        || !check_real(fn, "Intercept", alpha, CK_FINITE, err)
        || !check_real(fn, "Matrix of independent variables", xs, CK_FINITE,
                       err))
        return fail();
    return lp;
}

static inline bool glm_any_ad(RtMat x, RtArg alpha, RtArg beta)
{
    return x.ad || alpha.ad || beta.ad;
}

/* beta has exactly x's columns. */
static inline bool check_weights(const char *fn, RtArg beta, RtMat x,
                                 RtError *err)
{
    if (beta.n == x.cols)
        return true;
    rt_error(err, "%s: Weight vector has dimension = %d, expecting "
             "dimension = %d; a function was called with arguments of "
             "different scalar, array, vector, or matrix types, and they "
             "were not consistently sized;  all arguments must be scalars "
             "or multidimensional values of the same shape.", fn, beta.n,
             x.cols);
    return false;
}

/* x[i] . beta (+ alpha[i] when alpha is given). */
static inline double row_eta(RtMat x, const RtArg *alpha, RtArg beta,
                             int i)
{
    const double *row = x.x + (size_t)(x.rows == 1 ? 0 : i) * x.cols;
    double eta = alpha ? AT(*alpha, i) : 0;
    for (int k = 0; k < x.cols; k++)
        eta += row[k] * beta.x[k];
    return eta;
}

/* Add d (already times adj), the partial by eta_i, into alpha, beta and
 * x. */
static inline void row_backprop(RtMat x, const RtArg *alpha, RtArg beta,
                                int i, double d)
{
    int row = x.rows == 1 ? 0 : i;
    if (alpha && alpha->g)
        GRAD(*alpha, i, d);
    if (beta.g)
        for (int k = 0; k < x.cols; k++)
            beta.g[k] += d * x.x[(size_t)row * x.cols + k];
    if (x.g)
        for (int k = 0; k < x.cols; k++)
            x.g[(size_t)row * x.cols + k] += d * beta.x[k];
}

/* Stan checks the inputs for finiteness only when the result is not
 * finite, naming the first culprit. */
static inline double row_nonfinite(const char *fn, RtMat x,
                                   const RtArg *alpha, RtArg beta, double lp,
                                   RtError *err)
{
    RtArg xs = {x.x, NULL, x.rows * x.cols, false, true};
    if (!check_real(fn, "Weight vector", beta, CK_FINITE, err)
        || (alpha && !check_real(fn, "Intercept", *alpha, CK_FINITE, err))
        || !check_real(fn, "Matrix of independent variables", xs, CK_FINITE,
                       err))
        return fail();
    return lp;
}

#endif
