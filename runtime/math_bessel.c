/* math_bessel.c - the partial derivatives of log_modified_bessel_first_kind
 * (v, z) = log I_v(z) in both arguments (Stan Functions Reference,
 * "Bessel functions"); the value is math_scalar.c's.
 *
 * d/dz is I_{v+1}(z) / I_v(z) + v / z (math_scalar.c's _dz).  d/dv has no
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
 *     relative to it, so nothing overflows however large z is.
 *
 * Conventions: rt_scalar.h. */
#include <math.h>

#include "rt_scalar.h"

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
