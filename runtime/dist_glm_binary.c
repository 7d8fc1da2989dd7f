/* dist_glm_binary.c - the GLMs of binary outcomes and of successes out
 * of N trials (Stan Functions Reference, "Bernoulli-logit generalized
 * linear model", "Binomial-logit generalized linear model"):
 * bernoulli_logit_glm with its random number generator, and
 * binomial_logit_glm; the linear predictor formed one row at a time and
 * never stored (dist_glm_internal.h).  Conventions: rt_math.h,
 * rt_dist_disc.h. */
#include <gsl/gsl_sf_gamma.h>
#include <gsl/gsl_sf_psi.h>
#include <math.h>

#include "pplrt.h"
#include "rt_dist_disc.h"
#include "dist_glm_internal.h"

double rt_bernoulli_logit_glm_lpmf(RtIArg y, RtMat x, RtArg alpha,
                                   RtArg beta, bool propto, double adj,
                                   RtError *err)
{
    static const char fn[] = "bernoulli_logit_glm_lpmf";
    int N = glm_shape(fn, RT_LEN(y), x, alpha, beta, err);
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


/* ------------------------------------------------ binomial_logit_glm */

double rt_binomial_logit_glm_lpmf(RtIArg n, RtIArg N, RtMat x, RtArg alpha,
                                  RtArg beta, bool propto, double adj,
                                  RtError *err)
{
    static const char fn[] = "binomial_logit_glm_lpmf";
    int rows = x.rows == 1 ? (n.n == 1 ? N.n : n.n) : x.rows;
    if (!check_size(fn, "Successes variable", RT_LEN(n), rows, err)
        || !check_size(fn, "Population size parameter", RT_LEN(N), rows, err)
        || !check_weights(fn, beta, x, err)
        || !check_size(fn, "Vector of intercepts", RT_LEN(alpha), rows, err)
        || !check_int_nonneg(fn, "Population size parameter", N, err))
        return fail();
    for (int i = 0; i < rows; i++) {
        int k = AT(n, i), m = AT(N, i);
        if (k < 0 || k > m) {
            char buf[128];
            rt_error(err, "%s: %s is %d, but must be in the interval [0, %d]",
                     fn, elem(buf, sizeof buf, "Successes variable", n.n, i),
                     k, m);
            return fail();
        }
    }
    if (rows == 0 || (propto && !x.ad && !alpha.ad && !beta.ad))
        return 0;
    double lp = 0;
    for (int i = 0; i < rows; i++) {
        int k = AT(n, i), m = AT(N, i);
        double eta = row_eta(x, &alpha, beta, i);
        if (!propto)
            lp += gsl_sf_lnchoose((unsigned)m, (unsigned)k);
        lp += (k ? k * log_inv_logit(eta) : 0)
              + (m - k ? (m - k) * log1m_inv_logit(eta) : 0);
        row_backprop(x, &alpha, beta, i, adj * (k - m * inv_logit(eta)));
    }
    if (!isfinite(lp))
        return row_nonfinite(fn, x, &alpha, beta, lp, err);
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
    if (RT_LEN(alpha) >= 0 && alpha.n != x.rows)
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
