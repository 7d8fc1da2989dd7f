/* dist_dirichlet.c - the Dirichlet distribution (Stan Functions
 * Reference, "Dirichlet distribution"): the density with analytic
 * partials and the rng (rt_dist_multi.h).  dirichlet_multinomial is
 * dist_multinomial.c's. */

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_sf_psi.h>

#include "pplrt.h"
#include "rt_dist_multi.h"
#include "dist_multi_internal.h"

/* d/dtheta_k = (alpha_k - 1) / theta_k; d/dalpha_k = digamma(sum alpha)
 * - digamma(alpha_k) + log theta_k. */
double rt_dirichlet_lpdf(RtMat theta, RtMat alpha, bool propto, double adj,
                         RtError *err)
{
    const char *fn = "dirichlet_lpdf";
    VecView vt = vec_view(theta), va = vec_view(alpha);
    int N = common_count(vt.count, va.count), K = vt.size;
    if (N < 0 || vt.size != va.size)
        return rt_error(err,
                        "%s: probabilities has dimension = %d, expecting "
                        "dimension = %d; all arguments must have "
                        "consistent sizes",
                        fn, vt.size, va.size),
               NAN;
    for (size_t i = 0; i < (size_t)va.count * (size_t)K; i++)
        if (!(alpha.x[i] > 0) || isinf(alpha.x[i]))
            return rt_error(err,
                            "%s: prior sample sizes[%zu] is %g, but must be "
                            "positive finite!",
                            fn, i % (size_t)K + 1, alpha.x[i]),
                   NAN;
    for (int i = 0; i < vt.count; i++) {
        const double *t = theta.x + IDX(i, 0, K);
        double s = 0;
        for (int k = 0; k < K; k++) {
            if (!(t[k] >= 0))
                return rt_error(err,
                                "%s: probabilities is not a valid simplex. "
                                "probabilities[%d] = %g, but should be "
                                "greater than or equal to 0",
                                fn, k + 1, t[k]),
                       NAN;
            s += t[k];
        }
        if (!(fabs(s - 1) <= RT_CONSTRAINT_TOLERANCE))
            return rt_error(err,
                            "%s: probabilities is not a valid simplex. "
                            "sum(probabilities) = %.10g, but should be 1",
                            fn, s),
                   NAN;
    }
    if (N == 0 || K == 0)
        return 0;
    bool keep_norm = !propto || alpha.ad;
    bool keep_kernel = !propto || theta.ad || alpha.ad;
    double lp = 0;
    for (int i = 0; i < N; i++) {
        size_t ti = vt.count == 1 ? 0 : IDX(i, 0, K);
        size_t ai = va.count == 1 ? 0 : IDX(i, 0, K);
        const double *t = theta.x + ti, *a = alpha.x + ai;
        double asum = 0, psi_sum = 0;
        for (int k = 0; k < K; k++)
            asum += a[k];
        if (keep_norm) {
            lp += lgamma(asum);
            for (int k = 0; k < K; k++)
                lp -= lgamma(a[k]);
            if (alpha.g)
                psi_sum = gsl_sf_psi(asum);
        }
        for (int k = 0; k < K; k++) {
            double lt = log(t[k]);
            /* alpha_k = 1 at theta_k = 0 is a zero term, not 0 * -inf */
            if (keep_kernel && a[k] != 1)
                lp += (a[k] - 1) * lt;
            if (theta.g && keep_kernel && a[k] != 1)
                theta.g[ti + (size_t)k] += adj * (a[k] - 1) / t[k];
            if (alpha.g) {
                double g = keep_kernel ? lt : 0;
                if (keep_norm)
                    g += psi_sum - gsl_sf_psi(a[k]);
                alpha.g[ai + (size_t)k] += adj * g;
            }
        }
    }
    return lp;
}

int rt_dirichlet_rng(const double *alpha, int K, RtRng *rng, double *out,
                     RtError *err)
{
    for (int k = 0; k < K; k++)
        if (!(alpha[k] > 0) || isinf(alpha[k])) {
            for (int j = 0; j < K; j++)
                out[j] = NAN;
            return rt_error(err,
                            "dirichlet_rng: prior sample sizes[%d] is %g, "
                            "but must be positive finite!",
                            k + 1, alpha[k]);
        }
    double mx = -INFINITY, s = 0;
    for (int k = 0; k < K; k++)
        mx = fmax(mx, out[k] = rt_log_gamma_draw(rng, alpha[k]));
    for (int k = 0; k < K; k++)
        s += (out[k] = exp(out[k] - mx));
    for (int k = 0; k < K; k++)
        out[k] /= s;
    return 0;
}
