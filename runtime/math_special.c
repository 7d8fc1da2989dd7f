/* math_special.c - the rest of rt_scalar.h's special functions: quantiles
 * of the normal (inv_erfc, std_normal_qf, std_normal_log_qf), Lambert's W,
 * beta, lmgamma, to_int, and the domain messages of these and of the
 * incomplete gamma functions and the inverse incomplete beta function
 * (math_incomplete.c).
 *
 * As in math_scalar.c, GSL is called through its _e forms with the error
 * handler off for the call: nothing here ends the process. */
#include <float.h>
#include <limits.h>
#include <math.h>
#include <string.h>

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
    /* beta and gamma_q are Boost's, whose domain errors Stan Math lets
     * through: Boost's messages (its %1% is 17 significant digits) */
    if (!strcmp(fn, "beta") && (x <= 0 || y <= 0))
        return rt_error(err, "Error in function boost::math::beta<double>"
                        "(double,double): The arguments to the beta "
                        "function must be greater than zero (got %s=%.17g).",
                        x <= 0 ? "a" : "b", x <= 0 ? x : y);
    if (!strcmp(fn, "gamma_q") && (x <= 0 || y < 0))
        return rt_error(err, "Error in function boost::math::gamma_q<double>"
                        "(double, double): Argument %s to the incomplete "
                        "gamma function must be %s (got %s=%.17g).",
                        x <= 0 ? "a" : "x", x <= 0 ? "greater than zero"
                        : ">= 0", x <= 0 ? "a" : "x", x <= 0 ? x : y);
    if (!strcmp(fn, "gamma_p") && !isnan(x) && !isnan(y)) {
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
