/* math_incomplete.c - the regularized incomplete gamma and beta
 * functions of rt_scalar.h with their partials: gamma_p and gamma_q,
 * inc_beta, and the inverse incomplete beta function inv_inc_beta (their
 * domain messages are with the others, math_scalar.c's rt_scalar_domain
 * and math_special.c's rt_special_domain).
 *
 * As in math_scalar.c, GSL is called through its _e forms with the error
 * handler off for the call: nothing here ends the process. */
#include <float.h>
#include <math.h>
#include <stdbool.h>

#include <gsl/gsl_cdf.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_sf_gamma.h>

#include "pplrt.h"
#include "rt_scalar.h"
#include "math_internal.h"

/* ---------------------------------------- incomplete gamma functions */

#define INC_GAMMA_MAX_TERMS 1000000

static bool inc_gamma_args(double a, double z)
{
    return a > 0 && z >= 0 && a < INFINITY;
}

double rt_gamma_p(double a, double z)
{
    if (!inc_gamma_args(a, z))
        return NAN;
    if (z == INFINITY)
        return 1;
    gsl_sf_result r = {NAN, 0};
    gsl_error_handler_t *old = gsl_set_error_handler_off();
    int status = gsl_sf_gamma_inc_P_e(a, z, &r);
    gsl_set_error_handler(old);
    return gsl_finish(status, &r);
}

double rt_gamma_q(double a, double z)
{
    if (!inc_gamma_args(a, z))
        return NAN;
    if (z == INFINITY)
        return 0;
    gsl_sf_result r = {NAN, 0};
    gsl_error_handler_t *old = gsl_set_error_handler_off();
    int status = gsl_sf_gamma_inc_Q_e(a, z, &r);
    gsl_set_error_handler(old);
    return gsl_finish(status, &r);
}

/* dP/dz = z^(a-1) e^-z / Gamma(a) (1 at z = 0 when a = 1, where the
 * formula would give 0 * -inf). */
static double gamma_p_dz(double a, double z)
{
    if (a == 1)
        return exp(-z);
    return exp((a - 1) * log(z) - z - rt_lgamma(a));
}

/* dP/da for z <= a + 1 from the series
 *   P = sum_n t_n,  t_n = z^(a+n) e^-z / Gamma(a + n + 1),
 *   dt_n/da = t_n (log z - psi(a + n + 1)),
 * whose terms fall at least as fast as (a + 1) / (a + n + 1). */
static double gamma_p_da_series(double a, double z)
{
    double lz = log(z);
    double t = exp(a * lz - z - rt_lgamma(a + 1));
    double psi = rt_digamma(a + 1);
    double sum = t, dsum = t * (lz - psi);
    for (int n = 1; n < INC_GAMMA_MAX_TERMS; n++) {
        psi += 1 / (a + n);
        t *= z / (a + n);
        double dt = t * (lz - psi);
        sum += t;
        dsum += dt;
        if (t <= 1e-17 * sum && fabs(dt) <= 1e-17 * fabs(dsum) + DBL_MIN)
            return dsum;
    }
    return NAN;
}

/* dQ/da for z > a + 1 from the continued fraction
 *   Q = e^-z z^a / Gamma(a) h,  h = 1/(z+1-a-) 1(1-a)/(z+3-a-) 2(2-a)/...,
 * evaluated by the modified Lentz method with the derivative in a of
 * every quantity carried alongside (forward mode); then
 *   dQ/da = Q (log z - psi(a) + h'/h).
 * The fraction converges fast for z > a + 1; no cancellation. */
static double gamma_q_da_fraction(double a, double z)
{
    const double tiny = 1e-300;
    double b = z + 1 - a, db = -1;
    double c = 1 / tiny, dc = 0;
    double d = 1 / b, dd = -db / (b * b);
    double h = d, dh = dd;
    for (int i = 1; i < INC_GAMMA_MAX_TERMS; i++) {
        double an = -i * (i - a), dan = i;
        b += 2;   /* db stays -1 */
        double dn = an * d + b, ddn = dan * d + an * dd + db;
        if (fabs(dn) < tiny)
            dn = tiny;
        double cn = b + an / c, dcn = db + (dan * c - an * dc) / (c * c);
        if (fabs(cn) < tiny)
            cn = tiny;
        d = 1 / dn;
        dd = -ddn * d * d;
        c = cn;
        dc = dcn;
        double del = d * c, ddel = dd * c + d * dc;
        dh = dh * del + h * ddel;
        h *= del;
        if (fabs(del - 1) < 1e-16 && fabs(h * ddel) <= 1e-16 * fabs(dh))
            break;
        if (i == INC_GAMMA_MAX_TERMS - 1)
            return NAN;
    }
    double log_q = -z + a * log(z) - rt_lgamma(a) + log(h);
    if (log_q < -745)
        return 0;
    return exp(log_q) * (log(z) - rt_digamma(a) + dh / h);
}

/* dP/da (= -dQ/da), 0 at z = 0 and z = inf. */
static double gamma_p_da(double a, double z)
{
    if (z == 0 || z == INFINITY)
        return 0;
    return z <= a + 1 ? gamma_p_da_series(a, z)
                      : -gamma_q_da_fraction(a, z);
}

void rt_gamma_p_d(double a, double z, double f, double *da, double *dz)
{
    (void)f;
    if (!inc_gamma_args(a, z)) {
        *da = *dz = NAN;
        return;
    }
    *da = gamma_p_da(a, z);
    *dz = z == INFINITY ? 0 : gamma_p_dz(a, z);
}

void rt_gamma_q_d(double a, double z, double f, double *da, double *dz)
{
    rt_gamma_p_d(a, z, f, da, dz);
    *da = -*da;
    *dz = -*dz;
}

/* ----------------------------------------------- incomplete beta */

double rt_inc_beta(double a, double b, double x)
{
    if (!(a > 0 && b > 0 && x >= 0 && x <= 1))
        return NAN;
    gsl_sf_result r = {NAN, 0};
    gsl_error_handler_t *old = gsl_set_error_handler_off();
    int status = gsl_sf_beta_inc_e(a, b, x, &r);
    gsl_set_error_handler(old);
    return gsl_finish(status, &r);
}

#define INC_BETA_MAX_TERMS 1000000

/* The unnormalized B_x(a, b) = x^a (1-x)^b / a * sum_k t_k, with t_0 = 1,
 * t_{k+1} = t_k (a + b + k) x / (a + 1 + k): positive terms, decreasing
 * from the start when x <= (a + 1) / (a + b + 2).  Gives log B_x and its
 * derivatives in a and b (d log t_k / da and / db summed alongside).
 * Returns false if the series has not converged. */
static bool inc_beta_series(double a, double b, double x, double *log_bx,
                            double *dlog_da, double *dlog_db)
{
    double t = 1, sum = 1, sum_da = 0, sum_db = 0, dt_da = 0, dt_db = 0;
    for (int k = 0; k < INC_BETA_MAX_TERMS; k++) {
        double ab = a + b + k, a1 = a + 1 + k;
        t *= ab * x / a1;
        dt_da += 1 / ab - 1 / a1;
        dt_db += 1 / ab;
        sum += t;
        sum_da += t * dt_da;
        sum_db += t * dt_db;
        if (t < DBL_EPSILON * 1e-3 * sum && t * fabs(dt_da) <
            DBL_EPSILON * 1e-3 * fabs(sum_da) + DBL_MIN &&
            t * dt_db < DBL_EPSILON * 1e-3 * sum_db + DBL_MIN) {
            *log_bx = a * log(x) + b * log1p(-x) - log(a) + log(sum);
            *dlog_da = log(x) - 1 / a + sum_da / sum;
            *dlog_db = log1p(-x) + sum_db / sum;
            return true;
        }
    }
    return false;
}

void rt_inc_beta_d(double a, double b, double x, double f, double *da,
                   double *db, double *dx)
{
    (void)f;
    if (!(a > 0 && b > 0 && x >= 0 && x <= 1)) {
        *da = *db = *dx = NAN;
        return;
    }
    double lbeta = rt_lbeta(a, b);
    *dx = exp((a - 1) * log(x) + (b - 1) * log1p(-x) - lbeta);
    if (x == 0 || x == 1) {
        *da = *db = 0;
        return;
    }
    double psi_ab = rt_digamma(a + b), psi_a = rt_digamma(a),
           psi_b = rt_digamma(b);
    double log_bx, d_first, d_second;
    if (x <= (a + 1) / (a + b + 2)) {
        if (!inc_beta_series(a, b, x, &log_bx, &d_first, &d_second)) {
            *da = *db = NAN;
            return;
        }
        double ix = exp(log_bx - lbeta);
        *da = ix * (d_first - psi_a + psi_ab);
        *db = ix * (d_second - psi_b + psi_ab);
    } else {
        /* I_x(a, b) = 1 - I_{1-x}(b, a) */
        if (!inc_beta_series(b, a, 1 - x, &log_bx, &d_first, &d_second)) {
            *da = *db = NAN;
            return;
        }
        double j = exp(log_bx - lbeta);
        *da = -j * (d_second - psi_a + psi_ab);
        *db = -j * (d_first - psi_b + psi_ab);
    }
}

/* ------------------------------------------ inverse incomplete beta */

/* dI/dx = x^(a-1) (1-x)^(b-1) / B(a, b). */
static double inc_beta_dx(double a, double b, double x)
{
    return exp((a - 1) * log(x) + (b - 1) * log1p(-x) - rt_lbeta(a, b));
}

/* The beta distribution's quantile from GSL as the start (quietly: it
 * may fail for extreme shapes, then the start is 1/2), then Newton steps
 * kept inside a bracket [lo, hi] of the root (I is increasing in x): a
 * step that would leave it is replaced by halving the bracket, toward 0
 * geometrically while lo is 0 so that tiny roots are reached too. */
double rt_inv_inc_beta(double a, double b, double p)
{
    if (!(a > 0 && b > 0 && p >= 0 && p <= 1))
        return NAN;
    if (p == 0 || p == 1)
        return p;
    gsl_error_handler_t *old = gsl_set_error_handler_off();
    double x = gsl_cdf_beta_Pinv(p, a, b);
    gsl_set_error_handler(old);
    if (!(x > 0 && x < 1))
        x = 0.5;
    double lo = 0, hi = 1;
    for (int i = 0; i < 400; i++) {
        double g = rt_inc_beta(a, b, x) - p;
        if (g == 0)
            return x;
        if (g < 0)
            lo = x;
        else
            hi = x;
        double next = x - g / inc_beta_dx(a, b, x);
        if (!(next > lo && next < hi))
            next = lo > 0 ? 0.5 * (lo + hi) : 0.0625 * hi;
        if (fabs(next - x) <= 4 * DBL_EPSILON * x)
            return next;
        x = next;
    }
    return x;
}

/* x(a, b, p) with I_x(a, b) = p: dx/dp = 1 / I'_x, and dx/da =
 * -(dI/da) / I'_x, dx/db = -(dI/db) / I'_x. */
void rt_inv_inc_beta_d(double a, double b, double p, double f, double *da,
                       double *db, double *dp)
{
    if (!(a > 0 && b > 0 && p >= 0 && p <= 1)) {
        *da = *db = *dp = NAN;
        return;
    }
    double slope = inc_beta_dx(a, b, f);
    *dp = 1 / slope;
    if (p == 0 || p == 1) {
        *da = *db = 0;
        return;
    }
    double dia, dib, dix;
    rt_inc_beta_d(a, b, f, p, &dia, &dib, &dix);
    *da = -dia / slope;
    *db = -dib / slope;
}
