/* math_quantile.c - quantile functions of several parameters (Stan
 * Functions Reference, "Student-t distribution": student_t_qf), with their
 * partials, and Stan's domain messages for them.
 *
 * student_t_qf(p, nu, mu, sigma) is the x with student_t_cdf(x | nu, mu,
 * sigma) = p.  Through the incomplete beta function: for p < 1/2,
 * 2 p = I_z(nu / 2, 1 / 2) with z = nu / (nu + t^2), t = (x - mu) / sigma
 * < 0, so t = -sqrt(nu (1 - z) / z) with z = inv_inc_beta(nu / 2, 1 / 2,
 * 2 p); p > 1/2 by symmetry (Abramowitz and Stegun 26.7.1 and 26.5.27).
 * The partials follow by the chain rule through rt_inv_inc_beta_d; at
 * p = 1/2 (t = 0) the one in p is 1 / density(mu) and the others are
 * those of x = mu. */
#include <math.h>
#include <string.h>

#include "pplrt.h"

/* |t| for the lower tail probability lo in (0, 1/2) and its partials in
 * nu and lo.  2 lo = I_z(nu / 2, 1 / 2) with z = nu / (nu + t^2); near
 * the centre (2 lo > 1/2) z is close to 1 and loses digits, so there the
 * complement w = 1 - z = inv_inc_beta(1 / 2, nu / 2, 1 - 2 lo) is used
 * (I_z(a, b) = 1 - I_{1-z}(b, a)). */
static double abs_t(double nu, double lo, double *dnu, double *dlo)
{
    double z, dz_a, dz_b, dz_p;
    if (2 * lo <= 0.5) {
        z = rt_inv_inc_beta(0.5 * nu, 0.5, 2 * lo);
        double r = sqrt((1 - z) / z);             /* |t| = sqrt(nu) r */
        if (dnu) {
            rt_inv_inc_beta_d(0.5 * nu, 0.5, 2 * lo, z, &dz_a, &dz_b, &dz_p);
            double dr = -0.5 / (r * z * z);
            *dnu = 0.5 / sqrt(nu) * r + sqrt(nu) * dr * 0.5 * dz_a;
            *dlo = sqrt(nu) * dr * 2 * dz_p;
        }
        return sqrt(nu) * r;
    }
    double w = rt_inv_inc_beta(0.5, 0.5 * nu, 1 - 2 * lo);
    double r = sqrt(w / (1 - w));
    if (dnu) {
        rt_inv_inc_beta_d(0.5, 0.5 * nu, 1 - 2 * lo, w, &dz_a, &dz_b, &dz_p);
        double dr = 0.5 / (r * (1 - w) * (1 - w));
        *dnu = 0.5 / sqrt(nu) * r + sqrt(nu) * dr * 0.5 * dz_b;
        *dlo = sqrt(nu) * dr * -2 * dz_p;
    }
    return sqrt(nu) * r;
}

double rt_student_t_qf(double p, double nu, double mu, double sigma)
{
    if (isnan(p) || isnan(nu) || isnan(mu) || isnan(sigma) || !(nu > 0)
        || !(sigma > 0) || !(p >= 0 && p <= 1))
        return NAN;
    if (p == 0)
        return -INFINITY;
    if (p == 1)
        return INFINITY;
    if (p == 0.5)
        return mu;
    double t = abs_t(nu, p < 0.5 ? p : 1 - p, NULL, NULL);
    return mu + (p < 0.5 ? -t : t) * sigma;
}

void rt_student_t_qf_d(double p, double nu, double mu, double sigma,
                       double f, double *dp, double *dnu, double *dmu,
                       double *dsigma)
{
    (void)mu;   /* the value f carries it */
    if (isnan(f) || isinf(f)) {
        *dp = *dnu = *dmu = *dsigma = isinf(f) ? 0 : NAN;
        return;
    }
    *dmu = 1;
    if (p == 0.5) {
        /* 1 / density at the centre: sigma sqrt(nu) B(nu / 2, 1 / 2) */
        *dp = sigma * sqrt(nu) * exp(lgamma(0.5 * nu) + lgamma(0.5)
                                     - lgamma(0.5 * nu + 0.5));
        *dnu = *dsigma = 0;
        return;
    }
    double s = p < 0.5 ? -1 : 1, tnu, tlo;
    double t = abs_t(nu, p < 0.5 ? p : 1 - p, &tnu, &tlo);
    *dsigma = s * t;
    *dnu = s * sigma * tnu;
    /* lo = p below 1/2 and 1 - p above: s = -1 with dlo/dp = 1, s = 1
     * with dlo/dp = -1 */
    *dp = -sigma * tlo;
}

int rt_quantile_domain(const char *fn, int nargs, const double *args,
                       RtError *err)
{
    if (strcmp(fn, "student_t_qf") != 0 || nargs != 4)
        return 0;
    static const char *const names[4] = {
        "Probability parameter", "Degrees of freedom parameter",
        "Location parameter", "Scale parameter"};
    for (int i = 0; i < 4; i++)
        if (isnan(args[i]))
            return rt_error(err, "student_t_qf: %s is nan, but must be not "
                            "nan!", names[i]);
    if (!(args[1] > 0))
        return rt_error(err, "student_t_qf: Degrees of freedom parameter is "
                        "%g, but must be positive!", args[1]);
    if (!(args[3] > 0))
        return rt_error(err, "student_t_qf: Scale parameter is %g, but must "
                        "be positive!", args[3]);
    if (!(args[0] >= 0 && args[0] <= 1))
        return rt_error(err, "student_t_qf: Probability parameter is %g, but "
                        "must be in the interval [0, 1]", args[0]);
    return 0;
}
