/* math_special.c - the rest of rt_scalar.h's special functions: quantiles
 * of the normal (inv_erfc, std_normal_qf, std_normal_log_qf), Lambert's W,
 * beta, the regularized incomplete gamma functions with their partials,
 * lmgamma, the inverse incomplete beta function, to_int, and the domain
 * messages of these.
 *
 * As in math_scalar.c, GSL is called through its _e forms with the error
 * handler off for the call: nothing here ends the process. */
#include <float.h>
#include <limits.h>
#include <math.h>
#include <string.h>

#include <gsl/gsl_cdf.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_sf_erf.h>
#include <gsl/gsl_sf_gamma.h>
#include <gsl/gsl_sf_lambert.h>

#include "pplrt.h"
#include "rt_scalar.h"
#include "math_internal.h"

#define LOG_SQRT_2PI 0.918938533204672741780   /* log sqrt(2 pi) */
#define INV_E 0.367879441171442321596           /* 1 / e */

/* ------------------------------------------------ normal quantiles */

/* erfc(y) = 2 Phi(-y sqrt 2), so inv_erfc(x) = -inv_Phi(x / 2) / sqrt 2
 * (x / 2 is exact; inv_Phi keeps its precision in both tails). */
double rt_inv_erfc(double x)
{
    if (!(x >= 0 && x <= 2))
        return NAN;
    return -RT_SQRT1_2 * rt_inv_Phi(0.5 * x);
}

/* d/dx inv_erfc = -sqrt(pi) / 2 exp(y^2). */
double rt_inv_erfc_dx(double x, double fx)
{
    (void)x;
    return -exp(fx * fx) / RT_TWO_OVER_SQRT_PI;
}

double rt_std_normal_qf(double p) { return rt_inv_Phi(p); }
double rt_std_normal_qf_dx(double p, double fx) { return rt_inv_Phi_dx(p, fx); }

/* log Phi(x) without underflow: log erfc in the lower tail, log1p of the
 * upper tail above. */
static double log_Phi(double x)
{
    if (x < -1) {
        gsl_sf_result r = {NAN, 0};
        gsl_error_handler_t *old = gsl_set_error_handler_off();
        int status = gsl_sf_log_erfc_e(-RT_SQRT1_2 * x, &r);
        gsl_set_error_handler(old);
        return -RT_LN2 + gsl_finish(status, &r);
    }
    return log1p(-0.5 * erfc(RT_SQRT1_2 * x));
}

/* Newton's method on log Phi(x) = lp, whose slope phi(x) / Phi(x) is
 * positive and increasing in -x: from a start close enough it converges
 * quadratically. */
static double log_Phi_newton(double x, double lp, int steps)
{
    for (int i = 0; i < steps; i++) {
        double g = log_Phi(x) - lp;
        double slope = exp(-0.5 * x * x - LOG_SQRT_2PI - log_Phi(x));
        double step = g / slope;
        x -= step;
        if (!(fabs(step) > 1e-15 * fabs(x)))
            break;
    }
    return x;
}

double rt_std_normal_log_qf(double lp)
{
    if (!(lp <= 0))
        return NAN;
    if (lp == 0)
        return INFINITY;
    if (lp == -INFINITY)
        return -INFINITY;
    if (lp > -RT_LN2)   /* p > 1/2: from the upper tail, 1 - p exact */
        return -rt_inv_Phi(-expm1(lp));
    if (lp > -700)      /* exp(lp) a normal number: one polishing step */
        return log_Phi_newton(rt_inv_Phi(exp(lp)), lp, 1);
    /* exp(lp) underflows: log Phi(x) ~ -x^2 / 2 - log(-x) - log sqrt(2
     * pi) gives x^2 ~ s - log s - log 2 pi with s = -2 lp as a start */
    double s = -2 * lp;
    return log_Phi_newton(-sqrt(s - log(s) - 2 * LOG_SQRT_2PI), lp, 50);
}

/* dx/dlp = Phi(x) / phi(x) = exp(lp + x^2 / 2 + log sqrt(2 pi)). */
double rt_std_normal_log_qf_dx(double lp, double fx)
{
    return exp(lp + 0.5 * fx * fx + LOG_SQRT_2PI);
}

/* ------------------------------------------------------- Lambert W */

typedef int (*GslFn1)(double x, gsl_sf_result *r);

static double gsl_quiet(GslFn1 f, double x)
{
    gsl_sf_result r = {NAN, 0};
    gsl_error_handler_t *old = gsl_set_error_handler_off();
    int status = f(x, &r);
    gsl_set_error_handler(old);
    return gsl_finish(status, &r);
}

double rt_lambert_w0(double x)
{
    if (!(x >= -INV_E))
        return NAN;
    return x == -INV_E ? -1 : gsl_quiet(gsl_sf_lambert_W0_e, x);
}

double rt_lambert_w0_dx(double x, double fx) { return 1 / (x + exp(fx)); }

double rt_lambert_wm1(double x)
{
    if (!(x >= -INV_E && x <= 0))
        return NAN;
    if (x == 0)
        return -INFINITY;
    return x == -INV_E ? -1 : gsl_quiet(gsl_sf_lambert_Wm1_e, x);
}

double rt_lambert_wm1_dx(double x, double fx) { return 1 / (x + exp(fx)); }

/* ------------------------------------------------------------ beta */

/* GSL's value (from the gamma functions directly where they are
 * representable), else exp(lbeta). */
double rt_beta(double a, double b)
{
    if (!(a > 0 && b > 0))
        return NAN;
    gsl_sf_result r = {NAN, 0};
    gsl_error_handler_t *old = gsl_set_error_handler_off();
    int status = gsl_sf_beta_e(a, b, &r);
    gsl_set_error_handler(old);
    double v = gsl_finish(status, &r);
    return isnan(v) ? exp(rt_lbeta(a, b)) : v;
}

/* d/da B = B (psi(a) - psi(a + b)), and the same in b. */
void rt_beta_d(double a, double b, double f, double *da, double *db)
{
    double dla, dlb;
    rt_lbeta_d(a, b, 0, &dla, &dlb);
    *da = f * dla;
    *db = f * dlb;
}

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

/* ------------------------------------------------------------ lmgamma */

#define LOG_PI 1.14472988584940017414

double rt_lmgamma(int k, double x)
{
    double sum = k * (k - 1) * 0.25 * LOG_PI;
    for (int j = 1; j <= k; j++)
        sum += rt_lgamma(x + 0.5 * (1 - j));
    return sum;
}

void rt_lmgamma_d(int k, double x, double f, double *dk, double *dx)
{
    (void)f;
    double sum = 0;
    for (int j = 1; j <= k; j++)
        sum += rt_digamma(x + 0.5 * (1 - j));
    *dk = 0;
    *dx = sum;
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

/* ------------------------------------------------------------ to_int */

int rt_to_int(double x, int *out, RtError *err)
{
    if (!(x >= INT_MIN && x <= INT_MAX)) {
        *out = 0;
        return rt_error(err, "to_int: x is %g, but must be in the interval "
                        "[%d, %d]", x, INT_MIN, INT_MAX);
    }
    *out = (int)x;
    return 0;
}

/* ---------------------------------------------------------- messages */

static int must_be(RtError *err, const char *fn, const char *name, double x,
                   const char *what)
{
    return rt_error(err, "%s: %s is %g, but must be %s", fn, name, x, what);
}

static int check_nan(RtError *err, const char *fn, const char *name,
                     double x)
{
    return isnan(x) ? must_be(err, fn, name, x, "not nan!") : 0;
}

int rt_special_domain(const char *fn, int nargs, const double *args,
                      RtError *err)
{
    if (rt_scalar_domain(fn, nargs, args, err)
        || rt_quantile_domain(fn, nargs, args, err))
        return -1;
    double x = nargs > 0 ? args[0] : NAN, y = nargs > 1 ? args[1] : NAN;
    double z = nargs > 2 ? args[2] : NAN;
    if ((!strcmp(fn, "std_normal_qf") || !strcmp(fn, "inv_Phi"))
        && !(x >= 0 && x <= 1))
        return rt_error(err, "%s: Probability variable is %g, but must be "
                        "in the interval [0, 1]", fn, x);
    if (!strcmp(fn, "inv_erfc") && !(x >= 0 && x <= 2))
        return rt_error(err, "inv_erfc: x is %g, but must be in the "
                        "interval [0, 2]", x);
    if (!strcmp(fn, "std_normal_log_qf")) {
        if (check_nan(err, fn, "Log probability variable", x))
            return -1;
        if (x > 0)
            return must_be(err, fn, "Probability variable", x,
                           "less than or equal to 0");
    }
    if (!strcmp(fn, "lambert_w0") && x < -INV_E)
        return must_be(err, fn, "x", x, "greater than or equal to -1/e");
    if (!strcmp(fn, "lambert_wm1") && !(x >= -INV_E && x <= 0))
        return rt_error(err, "lambert_wm1: x is %g, but must be in the "
                        "interval [-1/e, 0]", x);
    if (!strcmp(fn, "beta") && !(x > 0 && y > 0) && !isnan(x) && !isnan(y))
        return rt_error(err, "beta: a is %g and b is %g, but both must be "
                        "positive", x, y);
    if ((!strcmp(fn, "gamma_p") || !strcmp(fn, "gamma_q"))
        && !isnan(x) && !isnan(y)) {
        /* Stan's names for gamma_p's arguments, kept for gamma_q */
        if (!(x > 0))
            return must_be(err, fn, "first argument (z)", x, "positive!");
        if (!(y >= 0))
            return must_be(err, fn, "second argument (a)", y,
                           "nonnegative!");
    }
    if (!strcmp(fn, "inv_inc_beta")) {
        const char *names[3] = {"a", "b", "p"};
        for (int i = 0; i < 3; i++)
            if (check_nan(err, fn, names[i], args[i]))
                return -1;
        if (!(x > 0))
            return must_be(err, fn, "a", x, "positive!");
        if (!(y > 0))
            return must_be(err, fn, "b", y, "positive!");
        if (!(z >= 0 && z <= 1))
            return rt_error(err, "inv_inc_beta: p is %g, but must be in "
                            "the interval [0, 1]", z);
    }
    if (!strcmp(fn, "to_int")) {
        int out;
        return rt_to_int(x, &out, err);
    }
    return 0;
}
