/* dist_glm_continuous.c - the GLM of a continuous outcome (Stan Functions
 * Reference, "normal_id_glm"): normal(y | alpha + x * beta, sigma), the
 * linear predictor formed one row at a time and never stored, so a call
 * allocates nothing (dist_glm_internal.h).  Conventions: rt_math.h,
 * rt_dist_disc.h. */
#include <gsl/gsl_sf_gamma.h>
#include <gsl/gsl_sf_psi.h>
#include <math.h>

#include "pplrt.h"
#include "rt_dist_disc.h"
#include "dist_glm_internal.h"

double rt_normal_id_glm_lpdf(RtArg y, RtMat x, RtArg alpha, RtArg beta,
                             RtArg sigma, bool propto, double adj,
                             RtError *err)
{
    static const char fn[] = "normal_id_glm_lpdf";
    int N = glm_shape(fn, RT_LEN(y), x, alpha, beta, err);
    if (N < 0
        || !check_size(fn, "Vector of scale parameters", RT_LEN(sigma), N, err)
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
