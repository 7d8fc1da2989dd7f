/* dist_glm3.c - binomial_logit_glm, neg_binomial_2_log_glm and
 * ordered_logistic_glm (Stan Functions Reference, "Binomial-logit
 * generalized linear model", "Negative-binomial-2-log generalized linear
 * model", "Ordered logistic generalized linear model"): the plain
 * distribution at the linear predictor, formed one row at a time and
 * never stored, as in dist_glm.c.  Conventions: rt_math.h,
 * rt_dist_disc.h. */
#include <gsl/gsl_sf_gamma.h>
#include <gsl/gsl_sf_psi.h>
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

/* beta has exactly x's columns. */
static bool check_weights(const char *fn, RtArg beta, RtMat x, RtError *err)
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
static double row_eta(RtMat x, const RtArg *alpha, RtArg beta, int i)
{
    const double *row = x.x + (size_t)(x.rows == 1 ? 0 : i) * x.cols;
    double eta = alpha ? AT(*alpha, i) : 0;
    for (int k = 0; k < x.cols; k++)
        eta += row[k] * beta.x[k];
    return eta;
}

/* Add d (already times adj), the partial by eta_i, into alpha, beta and
 * x. */
static void row_backprop(RtMat x, const RtArg *alpha, RtArg beta, int i,
                         double d)
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
static double glm_nonfinite(const char *fn, RtMat x, const RtArg *alpha,
                            RtArg beta, double lp, RtError *err)
{
    RtArg xs = {x.x, NULL, x.rows * x.cols, false};
    if (!check_real(fn, "Weight vector", beta, CK_FINITE, err)
        || (alpha && !check_real(fn, "Intercept", *alpha, CK_FINITE, err))
        || !check_real(fn, "Matrix of independent variables", xs, CK_FINITE,
                       err))
        return fail();
    return lp;
}

/* ------------------------------------------------ binomial_logit_glm */

double rt_binomial_logit_glm_lpmf(RtIArg n, RtIArg N, RtMat x, RtArg alpha,
                                  RtArg beta, bool propto, double adj,
                                  RtError *err)
{
    static const char fn[] = "binomial_logit_glm_lpmf";
    int rows = x.rows == 1 ? (n.n == 1 ? N.n : n.n) : x.rows;
    if (!check_size(fn, "Successes variable", n.n, rows, err)
        || !check_size(fn, "Population size parameter", N.n, rows, err)
        || !check_weights(fn, beta, x, err)
        || !check_size(fn, "Vector of intercepts", alpha.n, rows, err)
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
        return glm_nonfinite(fn, x, &alpha, beta, lp, err);
    return lp;
}

/* --------------------------------------------- neg_binomial_2_log_glm */

/* With mu = exp(eta): lgamma(y + phi) - lgamma(y + 1) - lgamma(phi)
 * + phi log phi + y eta - (y + phi) log(mu + phi).  propto drops
 * lgamma(y + 1); while phi is data also phi's terms lgamma(y + phi) -
 * lgamma(phi) + phi log phi, and while x, alpha and beta are data y eta,
 * as Stan does. */
double rt_neg_binomial_2_log_glm_lpmf(RtIArg y, RtMat x, RtArg alpha,
                                      RtArg beta, RtArg phi, bool propto,
                                      double adj, RtError *err)
{
    static const char fn[] = "neg_binomial_2_log_glm_lpmf";
    int rows = x.rows == 1 ? y.n : x.rows;
    if (!check_size(fn, "Vector of dependent variables", y.n, rows, err)
        || !check_size(fn, "Vector of precision parameters", phi.n, rows,
                       err)
        || !check_weights(fn, beta, x, err)
        || !check_size(fn, "Vector of intercepts", alpha.n, rows, err)
        || !check_int_nonneg(fn, "Failures variables", y, err)
        || !check_real(fn, "Precision parameter", phi, CK_POSFIN, err))
        return fail();
    bool eta_ad = x.ad || alpha.ad || beta.ad;
    if (rows == 0 || (propto && !eta_ad && !phi.ad))
        return 0;
    double lp = 0;
    for (int i = 0; i < rows; i++) {
        int k = AT(y, i);
        double eta = row_eta(x, &alpha, beta, i), p = AT(phi, i);
        double lphi = log(p);
        /* log(mu + phi) and mu / (mu + phi) without forming mu */
        double lsum = lphi + log1p_exp(eta - lphi), s = inv_logit(eta - lphi);
        if (!propto)
            lp -= lngamma(k + 1.0);
        if (!propto || phi.ad)
            lp += lngamma(k + p) - lngamma(p) + p * lphi;
        if (!propto || eta_ad)
            lp += k * eta;
        lp -= (k + p) * lsum;
        row_backprop(x, &alpha, beta, i, adj * (k - (k + p) * s));
        if (phi.g)
            GRAD(phi, i, adj * (gsl_sf_psi(k + p) - gsl_sf_psi(p) + lphi + 1
                                - lsum - (k + p) / p * (1 - s)));
    }
    if (!isfinite(lp))
        return glm_nonfinite(fn, x, &alpha, beta, lp, err);
    return lp;
}

/* ---------------------------------------------- ordered_logistic_glm */

/* The log probability of class k (1..K) at predictor eta and the partials
 * by eta and by the cutpoints below (c[k-2]) and above (c[k-1]); as in
 * rt_ordered_logistic_lpmf. */
static double ordered_logistic_term(int k, int K, double eta,
                                    const double *c, double *de,
                                    double *dlo, double *dhi)
{
    *dlo = *dhi = 0;
    if (k == 1) {
        double b = eta - c[0];
        *de = -inv_logit(b);
        *dhi = inv_logit(b);
        return log1m_inv_logit(b);
    }
    if (k == K) {
        double a = eta - c[K - 2];
        *de = inv_logit(-a);
        *dlo = -*de;
        return log_inv_logit(a);
    }
    double a = eta - c[k - 2], b = eta - c[k - 1];
    double r = 1 / expm1(a - b);
    *de = inv_logit(-a) - inv_logit(b);
    *dlo = -inv_logit(-a) - r;
    *dhi = inv_logit(b) + r;
    return log_inv_logit(a) + log1m_inv_logit(b) + log1m_exp(b - a);
}

/* y in 1..K, K = size(cuts) + 1; x N x K' (a row_vector shared by all),
 * beta K' weights; no intercept.  No constant terms: propto gives 0 only
 * when x, beta and cuts are all data. */
double rt_ordered_logistic_glm_lpmf(RtIArg y, RtMat x, RtArg beta,
                                    RtArg cuts, bool propto, double adj,
                                    RtError *err)
{
    static const char fn[] = "ordered_logistic_glm_lpmf";
    int rows = x.rows == 1 ? y.n : x.rows, K = cuts.n + 1;
    if (!check_size(fn, "Vector of dependent variables", y.n, rows, err)
        || !check_weights(fn, beta, x, err)
        || !check_int_bounded(fn, "Vector of dependent variables", y, 1, K,
                              err))
        return fail();
    for (int k = 1; k < cuts.n; k++)
        if (!(cuts.x[k] > cuts.x[k - 1])) {
            rt_error(err, "%s: Cut-points is not a valid ordered vector. The "
                     "element at %d is %g, but should be greater than the "
                     "previous element, %g", fn, k + 1, cuts.x[k],
                     cuts.x[k - 1]);
            return fail();
        }
    if (cuts.n > 0) {
        RtArg first = {cuts.x, NULL, 1, false};
        RtArg last = {cuts.x + cuts.n - 1, NULL, 1, false};
        if (!check_real(fn, "Final cut-point", last, CK_FINITE, err)
            || !check_real(fn, "First cut-point", first, CK_FINITE, err))
            return fail();
    }
    if (rows == 0 || K == 1 || (propto && !x.ad && !beta.ad && !cuts.ad))
        return 0;
    double lp = 0;
    for (int i = 0; i < rows; i++) {
        int k = AT(y, i);
        double de, dlo, dhi;
        lp += ordered_logistic_term(k, K, row_eta(x, NULL, beta, i), cuts.x,
                                    &de, &dlo, &dhi);
        row_backprop(x, NULL, beta, i, adj * de);
        if (cuts.g) {
            if (k > 1)
                cuts.g[k - 2] += adj * dlo;
            if (k < K)
                cuts.g[k - 1] += adj * dhi;
        }
    }
    if (!isfinite(lp))
        return glm_nonfinite(fn, x, NULL, beta, lp, err);
    return lp;
}
