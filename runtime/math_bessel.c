/* math_bessel.c - the Bessel functions (Stan Functions Reference,
 * "Bessel functions"): bessel_first_kind, bessel_second_kind,
 * modified_bessel_first_kind, modified_bessel_second_kind and
 * log_modified_bessel_first_kind, with their partials.  Conventions:
 * rt_scalar.h; GSL is called through its _e forms with the error handler
 * off for the call (math_internal.h), so nothing here ends the process.
 *
 * The partials of log_modified_bessel_first_kind(v, z) = log I_v(z) in
 * both arguments:
 *
 * d/dz is I_{v+1}(z) / I_v(z) + v / z (the _dz below).  d/dv has no
 * closed form; it comes from one of two series, chosen by where each is
 * accurate:
 *
 *   z large against v: Hankel's expansion I_v(z) ~ e^z / sqrt(2 pi z)
 *     S(v, z), S = sum_k (-1)^k a_k(v) / z^k with a_0 = 1 and
 *     a_k = a_{k-1} (4v^2 - (2k-1)^2) / (8k), so d/dv log I = S_v / S with
 *     S_v differentiated term by term.  No cancellation: at v = 0 every
 *     a_k' is 0.
 *   otherwise: the power series I_v(z) = sum_k t_k, t_k = (z/2)^(2k+v) /
 *     (k! Gamma(k+v+1)), whose terms have d t_k / dv = t_k (log(z/2) -
 *     digamma(k+v+1)): d/dv log I is the t-weighted mean of that
 *     difference.  The sum starts at the largest term and walks outward
 *     relative to it, so nothing overflows however large z is. */
#include <math.h>

#include <gsl/gsl_errno.h>
#include <gsl/gsl_sf_bessel.h>

#include "pplrt.h"
#include "rt_scalar.h"
#include "math_internal.h"

/* Stop a series when a term is below this fraction of the sum. */
#define SERIES_EPS 1e-17

/* d/dv log I_v(z) for v >= 0, z > 0 by the power series. */
static double dv_power_series(double v, double z)
{
    double h = 0.5 * z, h2 = h * h, log_h = log(h);
    /* t_k / t_{k-1} = h^2 / (k (k + v)) falls through 1 at the peak */
    double peak = floor(sqrt(h2 + 0.25 * v * v) - 0.5 * v);
    long k0 = peak > 0 ? (long)peak : 0;
    double psi0 = rt_digamma(k0 + v + 1);
    double weight = 1, mean = log_h - psi0;   /* sums relative to t_k0 */
    double t = 1, psi = psi0;
    for (long k = k0 + 1;; k++) {
        t *= h2 / (k * (k + v));
        psi += 1 / (k + v);                   /* digamma(k + v + 1) */
        weight += t;
        mean += t * (log_h - psi);
        if (t < SERIES_EPS * weight)
            break;
    }
    t = 1;
    psi = psi0;
    for (long k = k0; k > 0; k--) {
        t *= k * (k + v) / h2;                /* t_{k-1} */
        psi -= 1 / (k + v);                   /* digamma(k + v) */
        weight += t;
        mean += t * (log_h - psi);
        if (t < SERIES_EPS * weight)
            break;
    }
    return mean / weight;
}

/* d/dv log I_v(z) by Hankel's expansion into *dv; false if the expansion
 * has not converged before its terms start to grow (z too small for v). */
static bool dv_hankel(double v, double z, double *dv)
{
    double mu = 4 * v * v, a = 1, da = 0, s = 1, ds = 0, prev = INFINITY;
    for (int k = 1; k < 500; k++) {
        double odd = 2.0 * k - 1, f = (mu - odd * odd) / (8.0 * k * z);
        da = da * f + a * v / (k * z);        /* d/dv of a_k / z^k */
        a *= f;
        double sign = k % 2 ? -1 : 1, size = fabs(a) + fabs(da);
        s += sign * a;
        ds += sign * da;
        if (size <= SERIES_EPS * (fabs(s) + fabs(ds))) {
            *dv = ds / s;
            return true;
        }
        if (size > prev && k > v)
            return false;
        prev = size;
    }
    return false;
}

/* Stan differentiates its own evaluation of log I_v(z): at v == 0 and
 * v == 1 that is a rational approximation in z alone, so Stan's partial in
 * v there is 0 (its source says "will not autodiff for v = 0 correctly");
 * at z == 0 and z == inf it returns constants (z itself at inf).  These
 * follow Stan; elsewhere both partials are the true ones. */
void rt_log_modified_bessel_first_kind_d(double v, double z, double f,
                                         double *dv, double *dz)
{
    if (isnan(v) || isnan(z) || v < 0 || z < 0) {
        *dv = *dz = NAN;
        return;
    }
    if (z == 0 || isinf(z)) {
        *dv = 0;
        *dz = isinf(z) ? 1 : 0;
        return;
    }
    *dz = rt_log_modified_bessel_first_kind_dz(v, z, f);
    if (v == 0 || v == 1)
        *dv = 0;
    else if (!(z > 20 && z > v * v && dv_hankel(v, z, dv)))
        *dv = dv_power_series(v, z);
}

/* ----------------------------------------------------------- Bessel */

typedef int (*GslBesselFn)(int n, double x, gsl_sf_result *r);

static double gsl_bessel(GslBesselFn f, int n, double x)
{
    gsl_sf_result r = {NAN, 0};
    gsl_error_handler_t *old = gsl_set_error_handler_off();
    int status = f(n, x, &r);
    gsl_set_error_handler(old);
    return gsl_finish(status, &r);
}

static double odd_sign(int n) { return n % 2 ? -1 : 1; }

/* J_v(x) for any integer v and real x: J_{-v} = (-1)^v J_v and
 * J_v(-x) = (-1)^v J_v(x). */
double rt_bessel_first_kind(int v, double x)
{
    if (isnan(x))
        return NAN;
    double sign = (v < 0 ? odd_sign(v) : 1) * (x < 0 ? odd_sign(v) : 1);
    if (v < 0)
        v = -v;
    return sign * gsl_bessel(gsl_sf_bessel_Jn_e, v, fabs(x));
}

double rt_bessel_first_kind_dx(int v, double x, double f)
{
    (void)f;
    return 0.5 * (rt_bessel_first_kind(v - 1, x) -
                  rt_bessel_first_kind(v + 1, x));
}

double rt_bessel_second_kind(int v, double x)
{
    if (!(x > 0))
        return NAN;
    double sign = v < 0 ? odd_sign(v) : 1;
    return sign * gsl_bessel(gsl_sf_bessel_Yn_e, v < 0 ? -v : v, x);
}

double rt_bessel_second_kind_dx(int v, double x, double f)
{
    (void)f;
    return 0.5 * (rt_bessel_second_kind(v - 1, x) -
                  rt_bessel_second_kind(v + 1, x));
}

/* I_{-v} = I_v, I_v(-x) = (-1)^v I_v(x). */
double rt_modified_bessel_first_kind(int v, double x)
{
    if (isnan(x))
        return NAN;
    if (v < 0)
        v = -v;
    double sign = x < 0 ? odd_sign(v) : 1;
    return sign * gsl_bessel(gsl_sf_bessel_In_e, v, fabs(x));
}

/* I_v' = (I_{v-1} + I_{v+1}) / 2, the recurrence's form of the
 * derivative. */
double rt_modified_bessel_first_kind_dx(int v, double x, double f)
{
    (void)f;
    return 0.5 * (rt_modified_bessel_first_kind(v - 1, x) +
                  rt_modified_bessel_first_kind(v + 1, x));
}

double rt_modified_bessel_second_kind(int v, double x)
{
    if (!(x > 0))
        return NAN;
    return gsl_bessel(gsl_sf_bessel_Kn_e, v < 0 ? -v : v, x);
}

double rt_modified_bessel_second_kind_dx(int v, double x, double f)
{
    (void)f;
    return -0.5 * (rt_modified_bessel_second_kind(v - 1, x) +
                   rt_modified_bessel_second_kind(v + 1, x));
}

/* e^-z I_v(z) for real v >= 0, z > 0. */
static double bessel_inu_scaled(double v, double z)
{
    gsl_sf_result r = {NAN, 0};
    gsl_error_handler_t *old = gsl_set_error_handler_off();
    int status = gsl_sf_bessel_Inu_scaled_e(v, z, &r);
    gsl_set_error_handler(old);
    return gsl_finish(status, &r);
}

double rt_log_modified_bessel_first_kind(double v, double z)
{
    if (isnan(v) || isnan(z) || v < 0 || z < 0)
        return NAN;
    if (z == 0)
        return v == 0 ? 0 : -INFINITY;
    if (z < 1) {
        /* the series (z/2)^v / Gamma(v+1) sum_k (z^2/4)^k / (k! (v+1)_k),
         * its tail through log1p: log(I) of a value near 1 would lose the
         * digits that make up log I */
        double q = 0.25 * z * z, term = 1, tail = 0;
        for (int k = 1; k < 100 && term > 1e-17 * tail; k++) {
            term *= q / (k * (v + k));
            tail += term;
        }
        return v * log(0.5 * z) - rt_lgamma(v + 1) + log1p(tail);
    }
    return log(bessel_inu_scaled(v, z)) + z;
}

/* d log I_v / dz = I_{v+1}(z) / I_v(z) + v / z. */
double rt_log_modified_bessel_first_kind_dz(double v, double z, double f)
{
    (void)f;
    if (z == 0)
        return v == 0 ? 0 : INFINITY;
    return bessel_inu_scaled(v + 1, z) / bessel_inu_scaled(v, z) + v / z;
}

/* ------------------------------------ binary forms with an int order */

void rt_bessel_first_kind_d(int v, double x, double f, double *dv,
                            double *dx)
{
    *dv = 0;
    *dx = rt_bessel_first_kind_dx(v, x, f);
}

void rt_bessel_second_kind_d(int v, double x, double f, double *dv,
                             double *dx)
{
    *dv = 0;
    *dx = rt_bessel_second_kind_dx(v, x, f);
}

void rt_modified_bessel_first_kind_d(int v, double x, double f, double *dv,
                                     double *dx)
{
    *dv = 0;
    *dx = rt_modified_bessel_first_kind_dx(v, x, f);
}

void rt_modified_bessel_second_kind_d(int v, double x, double f,
                                      double *dv, double *dx)
{
    *dv = 0;
    *dx = rt_modified_bessel_second_kind_dx(v, x, f);
}
