/* dist_glm_count.c - the GLMs of counts (Stan Functions Reference,
 * "Poisson-log generalized linear model", "Negative-binomial-2-log
 * generalized linear model"): poisson_log_glm and neg_binomial_2_log_glm,
 * the linear predictor formed one row at a time and never stored
 * (dist_glm_internal.h).  Conventions: rt_math.h, rt_dist_disc.h. */
#include <gsl/gsl_sf_gamma.h>
#include <gsl/gsl_sf_psi.h>
#include <math.h>

#include "pplrt.h"
#include "rt_dist_disc.h"
#include "dist_glm_internal.h"

double rt_poisson_log_glm_lpmf(RtIArg y, RtMat x, RtArg alpha, RtArg beta,
                               bool propto, double adj, RtError *err)
{
    static const char fn[] = "poisson_log_glm_lpmf";
    int N = glm_shape(fn, RT_LEN(y), x, alpha, beta, err);
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
    if (!check_size(fn, "Vector of dependent variables", RT_LEN(y), rows, err)
        || !check_size(fn, "Vector of precision parameters", RT_LEN(phi), rows,
                       err)
        || !check_weights(fn, beta, x, err)
        || !check_size(fn, "Vector of intercepts", RT_LEN(alpha), rows, err)
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
        return row_nonfinite(fn, x, &alpha, beta, lp, err);
    return lp;
}
