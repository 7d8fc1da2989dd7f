/* dist_glm.c - generalized linear models (Stan Functions Reference,
 * "normal_id_glm", "bernoulli_logit_glm", "poisson_log_glm"): the plain
 * distribution at the linear predictor alpha + x * beta, which is formed
 * one row at a time and never stored, so a call allocates nothing; and
 * bernoulli_logit_glm's random number generator.
 * Conventions: rt_math.h, rt_dist_disc.h. */
#include <math.h>

#include "pplrt.h"
#include "rt_dist_disc.h"
#include "dist_disc_internal.h"

/* Stan's check_consistent_size: a container must have the expected
 * length; a scalar (length 1) always fits. */
static bool check_size(const char *fn, const char *name, int n, int want,
                       RtError *err)
{
    if (n == 1 || n == want)
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
 * outcomes' length when x is a row_vector shared by all), K predictors.
 * Returns N, or -1 with err set. */
static int glm_shape(const char *fn, int ny, RtMat x, RtArg alpha,
                     RtArg beta, RtError *err)
{
    int N = x.rows == 1 ? ny : x.rows;
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
    if (!check_size(fn, "Vector of intercepts", alpha.n, N, err))
        return -1;
    return N;
}

/* The linear predictor of outcome i. */
static double glm_eta(RtMat x, RtArg alpha, RtArg beta, int i)
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
static void glm_backprop(RtMat x, RtArg alpha, RtArg beta, int i, double d)
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
static double glm_nonfinite(const char *fn, RtMat x, RtArg alpha,
                            RtArg beta, double lp, RtError *err)
{
    RtArg xs = {x.x, NULL, x.rows * x.cols, false};
    if (!check_real(fn, "Weight vector", beta, CK_FINITE, err)
        || !check_real(fn, "Intercept", alpha, CK_FINITE, err)
        || !check_real(fn, "Matrix of independent variables", xs, CK_FINITE,
                       err))
        return fail();
    return lp;
}

static bool glm_any_ad(RtMat x, RtArg alpha, RtArg beta)
{
    return x.ad || alpha.ad || beta.ad;
}

double rt_normal_id_glm_lpdf(RtArg y, RtMat x, RtArg alpha, RtArg beta,
                             RtArg sigma, bool propto, double adj,
                             RtError *err)
{
    static const char fn[] = "normal_id_glm_lpdf";
    int N = glm_shape(fn, y.n, x, alpha, beta, err);
    if (N < 0
        || !check_size(fn, "Vector of scale parameters", sigma.n, N, err)
        || !check_real(fn, "Scale vector", sigma, CK_POSFIN, err))
        return fail();
    if (N == 0
        || (propto && !glm_any_ad(x, alpha, beta) && !y.ad && !sigma.ad))
        return 0;
    double lp = 0, squares = 0;
    if (!propto)
        lp -= N * 0.5 * log(2 * M_PI);
    for (int i = 0; i < N; i++) {
        double s = AT(sigma, i), z = (AT(y, i) - glm_eta(x, alpha, beta, i))
                                     / s;
        squares += z * z;
        if (!propto || sigma.ad)
            lp -= log(s);
        double dmu = adj * z / s;
        if (y.g)
            GRAD(y, i, -dmu);
        if (sigma.g)
            GRAD(sigma, i, adj * (z * z - 1) / s);
        glm_backprop(x, alpha, beta, i, dmu);
    }
    lp -= 0.5 * squares;
    if (!isfinite(squares)) {
        if (!check_real(fn, "Vector of dependent variables", y, CK_FINITE,
                        err))
            return fail();
        return glm_nonfinite(fn, x, alpha, beta, lp, err);
    }
    return lp;
}

double rt_bernoulli_logit_glm_lpmf(RtIArg y, RtMat x, RtArg alpha,
                                   RtArg beta, bool propto, double adj,
                                   RtError *err)
{
    static const char fn[] = "bernoulli_logit_glm_lpmf";
    int N = glm_shape(fn, y.n, x, alpha, beta, err);
    if (N < 0
        || !check_int_bounded(fn, "Vector of dependent variables", y, 0, 1,
                              err))
        return fail();
    if (N == 0 || (propto && !glm_any_ad(x, alpha, beta)))
        return 0;
    double lp = 0;
    for (int i = 0; i < N; i++) {
        double eta = glm_eta(x, alpha, beta, i);
        int k = AT(y, i);
        /* log inv_logit(+-eta) and d/d eta = y - inv_logit(eta) from one
         * exp and one log1p: with t = exp(-|eta|), inv_logit(|eta|) =
         * 1 / (1 + t) and log inv_logit(|eta|) = -log1p(t) */
        double t = exp(-fabs(eta)), l = log1p(t);
        double big = 1 / (1 + t), small = t * big;  /* p(|eta|), 1 - it */
        bool pos = eta >= 0;
        double p = pos ? big : small, q = pos ? small : big;  /* p, 1 - p */
        lp += k ? (pos ? -l : eta - l) : (pos ? -eta - l : -l);
        glm_backprop(x, alpha, beta, i, adj * (k ? q : -p));
    }
    if (!isfinite(lp))
        return glm_nonfinite(fn, x, alpha, beta, lp, err);
    return lp;
}

double rt_poisson_log_glm_lpmf(RtIArg y, RtMat x, RtArg alpha, RtArg beta,
                               bool propto, double adj, RtError *err)
{
    static const char fn[] = "poisson_log_glm_lpmf";
    int N = glm_shape(fn, y.n, x, alpha, beta, err);
    if (N < 0
        || !check_int_nonneg(fn, "Vector of dependent variables", y, err))
        return fail();
    if (N == 0 || (propto && !glm_any_ad(x, alpha, beta)))
        return 0;
    double lp = 0;
    for (int i = 0; i < N; i++) {
        double eta = glm_eta(x, alpha, beta, i), e = exp(eta);
        int k = AT(y, i);
        if (!propto)
            lp -= lngamma(k + 1.0);
        lp += (k ? k * eta : 0) - e;
        glm_backprop(x, alpha, beta, i, adj * (k - e));
    }
    if (!isfinite(lp))
        return glm_nonfinite(fn, x, alpha, beta, lp, err);
    return lp;
}

/* ------------------------------------------ bernoulli_logit_glm_rng */

/* Stan's check_consistent_size message. */
static int size_error(const char *fn, const char *name, int n, int want,
                      RtError *err)
{
    return rt_error(err, "%s: %s has dimension = %d, expecting dimension = "
                    "%d; a function was called with arguments of different "
                    "scalar, array, vector, or matrix types, and they were "
                    "not consistently sized;  all arguments must be scalars "
                    "or multidimensional values of the same shape.", fn,
                    name, n, want);
}

/* Stan's checks, in Stan's order: beta's size against x's columns,
 * alpha's against x's rows, then x, beta and alpha finite.  x's elements
 * are named [row, column] (a 1-row x, a row_vector: [column]). */
static int glm_rng_checks(const char *fn, RtMat x, RtArg alpha, RtArg beta,
                          RtError *err)
{
    if (beta.n != x.cols)
        return size_error(fn, "Weight vector", beta.n, x.cols, err);
    if (alpha.n != 1 && alpha.n != x.rows)
        return size_error(fn, "Vector of intercepts", alpha.n, x.rows, err);
    /* column-major, the order Stan's check visits a matrix in */
    for (int c = 0; c < x.cols; c++)
        for (int r = 0; r < x.rows; r++) {
            double v = x.x[(size_t)r * x.cols + c];
            if (isfinite(v))
                continue;
            if (x.rows == 1)
                return rt_error(err, "%s: Matrix of independent variables"
                                "[%d] is %g, but must be finite!", fn, c + 1,
                                v);
            return rt_error(err, "%s: Matrix of independent variables[%d, "
                            "%d] is %g, but must be finite!", fn, r + 1,
                            c + 1, v);
        }
    for (int k = 0; k < beta.n; k++)
        if (!isfinite(beta.x[k]))
            return rt_error(err, "%s: Weight vector[%d] is %g, but must be "
                            "finite!", fn, k + 1, beta.x[k]);
    if (!check_real(fn, "Intercept", alpha, CK_FINITE, err))
        return -1;
    return 0;
}

int rt_bernoulli_logit_glm_rng(RtMat x, RtArg alpha, RtArg beta, int *out,
                               RtRng *rng, RtError *err)
{
    static const char fn[] = "bernoulli_logit_glm_rng";
    if (glm_rng_checks(fn, x, alpha, beta, err))
        return -1;
    for (int i = 0; i < x.rows; i++) {
        double eta = AT(alpha, i);
        for (int k = 0; k < x.cols; k++)
            eta += x.x[(size_t)i * x.cols + k] * beta.x[k];
        out[i] = rt_rng_uniform(rng) < inv_logit(eta);
    }
    return 0;
}
