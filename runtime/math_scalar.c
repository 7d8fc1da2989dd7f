/* math_scalar.c - the special functions of rt_scalar.h: gamma family,
 * binomial coefficients, inverse normal cdf, factorials, Owen's T, and
 * Stan's domain messages.  The Bessel functions are math_bessel.c's, the
 * incomplete gamma and beta functions math_incomplete.c's.
 *
 * GSL supplies several values.  Its default error handler aborts on
 * underflow or a domain error, so every GSL call goes through the _e form
 * with the handler switched off for the call (gsl_quiet below): a
 * function of this library never ends the process. */
#define _DEFAULT_SOURCE   /* lgamma_r: lgamma writes the global signgam */
#include <float.h>
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

#include <gsl/gsl_cdf.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_sf_bessel.h>
#include <gsl/gsl_sf_gamma.h>
#include <gsl/gsl_sf_psi.h>

#include "pplrt.h"
#include "rt_scalar.h"
#include "math_internal.h"

/* -------------------------------------------------------- GSL, quietly */

typedef int (*GslFn1)(double x, gsl_sf_result *r);

static double gsl_quiet1(GslFn1 f, double x)
{
    gsl_sf_result r = {NAN, 0};
    gsl_error_handler_t *old = gsl_set_error_handler_off();
    int status = f(x, &r);
    gsl_set_error_handler(old);
    return gsl_finish(status, &r);
}

static bool is_nonpositive_integer(double x)
{
    return x <= 0 && x == floor(x);
}

/* ------------------------------------------------------- gamma family */

double rt_lgamma(double x)
{
    int sign;
    if (is_nonpositive_integer(x))
        return INFINITY;
    return lgamma_r(x, &sign);
}

double rt_lgamma_dx(double x, double fx)
{
    (void)fx;
    return rt_digamma(x);
}

double rt_tgamma(double x)
{
    if (is_nonpositive_integer(x))
        return NAN;
    return tgamma(x);
}

double rt_tgamma_dx(double x, double fx)
{
    return fx * rt_digamma(x);
}

double rt_digamma(double x)
{
    if (isnan(x) || is_nonpositive_integer(x))
        return NAN;
    if (x == INFINITY)
        return INFINITY;
    return gsl_quiet1(gsl_sf_psi_e, x);
}

double rt_digamma_dx(double x, double fx)
{
    (void)fx;
    return rt_trigamma(x);
}

double rt_trigamma(double x)
{
    if (isnan(x))
        return NAN;
    if (is_nonpositive_integer(x))
        return INFINITY;
    if (x == INFINITY)
        return 0;
    return gsl_quiet1(gsl_sf_psi_1_e, x);
}

static int psi_2_e(double x, gsl_sf_result *r)
{
    return gsl_sf_psi_n_e(2, x, r);
}

/* psi_2(x), stepped up from negative x by psi_2(x) = psi_2(x + 1) - 2/x^3
 * (GSL's psi_n takes x > 0 only). */
double rt_trigamma_dx(double x, double fx)
{
    (void)fx;
    if (isnan(x) || is_nonpositive_integer(x) || x < -1e6)
        return NAN;
    double shift = 0;
    while (x <= 0) {
        shift -= 2 / (x * x * x);
        x += 1;
    }
    return gsl_quiet1(psi_2_e, x) + shift;
}

double rt_lbeta(double a, double b)
{
    if (isnan(a) || isnan(b) || a < 0 || b < 0)
        return NAN;
    if (a == 0 || b == 0)
        return INFINITY;
    if (isinf(a) || isinf(b))
        return -INFINITY;
    gsl_sf_result r = {NAN, 0};
    gsl_error_handler_t *old = gsl_set_error_handler_off();
    int status = gsl_sf_lnbeta_e(a, b, &r);
    gsl_set_error_handler(old);
    return gsl_finish(status, &r);
}

void rt_lbeta_d(double a, double b, double f, double *da, double *db)
{
    (void)f;
    double ab = rt_digamma(a + b);
    *da = rt_digamma(a) - ab;
    *db = rt_digamma(b) - ab;
}

/* -------------------------------------------- binomial coefficients */

static bool lchoose_in_domain(double n, double k)
{
    return n >= -1 && k >= -1 && n - k + 1 >= 0;
}

double rt_lchoose(double n, double k)
{
    if (isnan(n) || isnan(k) || !lchoose_in_domain(n, k))
        return NAN;
    if (k == 0 || k == n)
        return 0;
    /* The smaller of k and n - k keeps lbeta's arguments apart. */
    if (n > -1 && k > n / 2 + 1e-8)
        k = n - k;
    if (n == -1)
        return rt_lgamma(n + 1) - rt_lgamma(k + 1) - rt_lgamma(n + 1 - k);
    return -rt_lbeta(n - k + 1, k + 1) - log1p(n);
}

void rt_lchoose_d(double n, double k, double f, double *dn, double *dk)
{
    (void)f;
    double d_nk = rt_digamma(n - k + 1);
    *dn = rt_digamma(n + 1) - d_nk;
    *dk = d_nk - rt_digamma(k + 1);
}

double rt_binomial_coefficient_log(double n, double k)
{
    return rt_lchoose(n, k);
}

void rt_binomial_coefficient_log_d(double n, double k, double f, double *dn,
                                   double *dk)
{
    rt_lchoose_d(n, k, f, dn, dk);
}

int rt_choose(int n, int k)
{
    if (n < 0 || k < 0)
        return -1;
    if (k > n)
        return 0;
    if (k > n - k)
        k = n - k;
    /* c is C(n - k + i, i) after step i: exact, and never more than the
     * answer, so c * (n - k + i) stays below 2^62 until c passes INT_MAX. */
    int64_t c = 1;
    for (int i = 1; i <= k; i++) {
        c = c * (n - k + i) / i;
        if (c > INT_MAX)
            return -1;
    }
    return (int)c;
}

/* --------------------------------------------------------- inv_Phi */

/* The lower half by GSL's quantile and one Newton step on erfc (accurate
 * in the lower tail); the upper half by symmetry, 1 - p being exact for
 * p >= 1/2. */
static double inv_Phi_lower(double p)
{
    double x = gsl_cdf_ugaussian_Pinv(p);
    if (!isfinite(x))
        return x;
    double density = RT_INV_SQRT_2PI * exp(-0.5 * x * x);
    if (density > 0)
        x -= (0.5 * erfc(-RT_SQRT1_2 * x) - p) / density;
    return x;
}

double rt_inv_Phi(double p)
{
    if (!(p >= 0 && p <= 1))
        return NAN;
    if (p == 0)
        return -INFINITY;
    if (p == 1)
        return INFINITY;
    return p <= 0.5 ? inv_Phi_lower(p) : -inv_Phi_lower(1 - p);
}

double rt_inv_Phi_dx(double p, double fx)
{
    (void)p;
    return RT_SQRT_2PI * exp(0.5 * fx * fx);
}

/* -------------------------------------------------------- factorials */

double rt_log_falling_factorial(double x, double n)
{
    if (isnan(x) || isnan(n) || x <= 0)
        return NAN;
    return rt_lgamma(x + 1) - rt_lgamma(x - n + 1);
}

void rt_log_falling_factorial_d(double x, double n, double f, double *dx,
                                double *dn)
{
    (void)f;
    double d_low = rt_digamma(x - n + 1);
    *dx = rt_digamma(x + 1) - d_low;
    *dn = d_low;
}

double rt_log_rising_factorial(double x, double n)
{
    if (isnan(x) || isnan(n) || x <= 0)
        return NAN;
    return rt_lgamma(x + n) - rt_lgamma(x);
}

void rt_log_rising_factorial_d(double x, double n, double f, double *dx,
                               double *dn)
{
    (void)f;
    double d_high = rt_digamma(x + n);
    *dx = d_high - rt_digamma(x);
    *dn = d_high;
}

/* prod_{i<n} (x + step i) and its derivative in x: the sum over j of the
 * product without factor j, from running prefix products and a suffix
 * pass (exact where a factor is 0, unlike f * sum 1/(x + step i)). */
static double factorial_product(double x, int n, int step)
{
    double p = 1;
    for (int i = 0; i < n; i++)
        p *= x + step * i;
    return p;
}

static double factorial_product_dx(double x, int n, int step)
{
    double suffix = 1, sum = 0;
    for (int j = n - 1; j >= 0; j--) {
        double prefix = factorial_product(x, j, step);
        sum += prefix * suffix;
        suffix *= x + step * j;
    }
    return sum;
}

/* The product of the n ints x, x + step, ... (step -1 or 1), exact, into
 * *out; false when it is outside the range of int.  The factors are
 * int64 (x - n + 1 may pass INT_MIN); with a zero factor the product is
 * 0, else every factor but one has |factor| >= 2 and |p| passes INT_MAX
 * within 33 of them, while |p| <= INT_MAX keeps p times a factor below
 * 2^63. */
static bool int_factorial_product(int x, int n, int step, int *out)
{
    int64_t first = x, last = (int64_t)x + (int64_t)step * (n - 1);
    int64_t lo = first < last ? first : last;
    int64_t hi = first < last ? last : first;
    if (n > 0 && lo <= 0 && hi >= 0) {
        *out = 0;
        return true;
    }
    int64_t p = 1;
    for (int i = 0; i < n; i++) {
        p *= first + (int64_t)step * i;
        if (p > INT_MAX || p < INT_MIN)
            return false;
    }
    *out = (int)p;
    return true;
}

static int factorial_int(const char *fn, int x, int n, int step, int *out,
                         RtError *err)
{
    if (n < 0)
        return rt_error(err, "%s: second argument is %d, but must be "
                        "nonnegative!", fn, n);
    if (int_factorial_product(x, n, step, out))
        return 0;
    /* the value for the message, as a double (Stan's), until it is
     * infinite; no factor is 0, so they have x's sign, and n negative
     * ones make the sign of the whole */
    double v = 1;
    for (int i = 0; i < n && isfinite(v); i++)
        v *= (double)x + (double)step * i;
    if (isinf(v))
        v = x < 0 && n % 2 ? -INFINITY : INFINITY;
    return rt_error(err, "%s: %s(%d, %d) is %g, but must be in the range "
                    "of int [%d, %d]", fn, fn, x, n, v, INT_MIN, INT_MAX);
}

int rt_falling_factorial_int(int x, int n, int *out, RtError *err)
{
    return factorial_int("falling_factorial", x, n, -1, out, err);
}

int rt_rising_factorial_int(int x, int n, int *out, RtError *err)
{
    return factorial_int("rising_factorial", x, n, 1, out, err);
}

double rt_falling_factorial(double x, int n)
{
    if (isnan(x) || n < 0)
        return NAN;
    return factorial_product(x, n, -1);
}

double rt_falling_factorial_dx(double x, int n, double f)
{
    (void)f;
    return n < 0 ? NAN : factorial_product_dx(x, n, -1);
}

double rt_rising_factorial(double x, int n)
{
    if (isnan(x) || n < 0)
        return NAN;
    return factorial_product(x, n, 1);
}

double rt_rising_factorial_dx(double x, int n, double f)
{
    (void)f;
    return n < 0 ? NAN : factorial_product_dx(x, n, 1);
}

void rt_falling_factorial_d(double x, int n, double f, double *dx,
                            double *dn)
{
    *dx = rt_falling_factorial_dx(x, n, f);
    *dn = 0;
}

void rt_rising_factorial_d(double x, int n, double f, double *dx,
                           double *dn)
{
    *dx = rt_rising_factorial_dx(x, n, f);
    *dn = 0;
}

/* ---------------------------------------------------------- Owen's T */

#define GL_POINTS 20

/* The nodes and weights of GL_POINTS-point Gauss-Legendre quadrature on
 * [-1, 1]: Newton's method on the Legendre polynomial from the usual
 * cosine guesses (cheap next to the exponentials of one integral). */
static void gauss_legendre(double *node, double *weight)
{
    const int n = GL_POINTS;
    for (int i = 0; i < (n + 1) / 2; i++) {
        double z = cos(M_PI * (i + 0.75) / (n + 0.5)), dp = 1;
        for (int iter = 0; iter < 100; iter++) {
            double p0 = 1, p1 = z;
            for (int k = 2; k <= n; k++) {
                double p2 = ((2 * k - 1) * z * p1 - (k - 1) * p0) / k;
                p0 = p1;
                p1 = p2;
            }
            dp = n * (z * p1 - p0) / (z * z - 1);
            double step = p1 / dp;
            z -= step;
            if (fabs(step) < 1e-16)
                break;
        }
        node[i] = -z;
        node[n - 1 - i] = z;
        weight[i] = weight[n - 1 - i] = 2 / ((1 - z * z) * dp * dp);
    }
}

/* T(h, a) for h >= 0 and 0 <= a <= 1 by composite Gauss-Legendre; the
 * integrand's width in x is about 1/h, so panels are sized by a h. */
static double owens_t_quadrature(double h, double a)
{
    double node[GL_POINTS], weight[GL_POINTS];
    gauss_legendre(node, weight);
    int panels = 1 + (int)(a * h);
    if (panels > 400)
        panels = 400;
    double width = a / panels, sum = 0;
    for (int p = 0; p < panels; p++) {
        double mid = (p + 0.5) * width;
        for (int i = 0; i < GL_POINTS; i++) {
            double x = mid + 0.5 * width * node[i], q = 1 + x * x;
            sum += weight[i] * exp(-0.5 * h * h * q) / q;
        }
    }
    return sum * 0.5 * width / (2 * M_PI);
}

static double normal_upper(double x) { return 0.5 * erfc(RT_SQRT1_2 * x); }

/* T is even in h and odd in a.  For a > 1 the identity
 *   T(h, a) = (Phi(h) Q(ah) + Phi(ah) Q(h)) / 2 - T(ah, 1/a)
 * (Q = 1 - Phi, h >= 0) brings a into [0, 1]. */
double rt_owens_t(double h, double a)
{
    if (isnan(h) || isnan(a))
        return NAN;
    double sign = a < 0 ? -1 : 1;
    h = fabs(h);
    a = fabs(a);
    if (a == 0)
        return 0;
    if (h == 0)
        return sign * atan(a) / (2 * M_PI);
    if (a <= 1)
        return sign * owens_t_quadrature(h, a);
    if (isinf(a))
        return sign * 0.5 * normal_upper(h);
    double ah = a * h;
    double t = 0.5 * ((1 - normal_upper(h)) * normal_upper(ah) +
                      (1 - normal_upper(ah)) * normal_upper(h)) -
               (isinf(ah) ? 0 : owens_t_quadrature(ah, 1 / a));
    return sign * t;
}

/* dT/dh = -phi(h) erf(a h / sqrt 2) / 2;
 * dT/da = exp(-h^2 (1 + a^2) / 2) / (2 pi (1 + a^2)). */
void rt_owens_t_d(double h, double a, double f, double *dh, double *da)
{
    (void)f;
    *dh = -0.5 * RT_INV_SQRT_2PI * exp(-0.5 * h * h) * erf(RT_SQRT1_2 * a * h);
    double q = 1 + a * a;
    *da = exp(-0.5 * h * h * q) / (2 * M_PI * q);
}

/* ------------------------------------------------- Stan's messages */

static int fail_ge(RtError *err, const char *fn, const char *name, double x,
                   double low)
{
    return rt_error(err, "%s: %s is %g, but must be greater than or equal "
                    "to %f", fn, name, x, low);
}

static int fail_le(RtError *err, const char *fn, const char *name, double x,
                   double high)
{
    return rt_error(err, "%s: %s is %g, but must be less than or equal to "
                    "%f", fn, name, x, high);
}

static int fail_bounded(RtError *err, const char *fn, const char *name,
                        double x, double low, double high)
{
    return rt_error(err, "%s: %s is %g, but must be in the interval "
                    "[%g, %g]", fn, name, x, low, high);
}

static int fail_sign(RtError *err, const char *fn, const char *name,
                     double x, const char *what)
{
    return rt_error(err, "%s: %s is %g, but must be %s!", fn, name, x, what);
}

/* The checks Stan makes, in its order, on arguments args[0..nargs-1]. */
int rt_scalar_domain(const char *fn, int nargs, const double *args,
                     RtError *err)
{
    double x = nargs > 0 ? args[0] : NAN, y = nargs > 1 ? args[1] : NAN;
    double z = nargs > 2 ? args[2] : NAN;
    if (!strcmp(fn, "log1m") && x > 1)
        return fail_le(err, fn, "x", x, 1);
    if (!strcmp(fn, "log1p") && x < -1)
        return fail_ge(err, fn, "x", x, -1);
    if (!strcmp(fn, "acosh") && x < 1)
        return fail_ge(err, fn, "x", x, 1);
    if (!strcmp(fn, "atanh") && (x < -1 || x > 1))
        return fail_bounded(err, fn, "x", x, -1, 1);
    if (!strcmp(fn, "Phi") && isnan(x))
        return rt_error(err, "Phi: x is nan, but must not be nan!");
    if (!strcmp(fn, "inv_Phi") && !(x >= 0 && x <= 1))
        return fail_bounded(err, fn, "Probability variable", x, 0, 1);
    if (!strcmp(fn, "tgamma") && is_nonpositive_integer(x))
        return rt_error(err, "tgamma: x is %g, but must not be 0 or a "
                        "negative integer", x);
    /* lbeta, binomial_coefficient_log: NaN in is NaN out, unchecked */
    if (!strcmp(fn, "lbeta") && !isnan(x) && !isnan(y)) {
        if (x < 0)
            return fail_sign(err, fn, "first argument", x, "nonnegative");
        if (y < 0)
            return fail_sign(err, fn, "second argument", y, "nonnegative");
    }
    if ((!strcmp(fn, "lchoose") || !strcmp(fn, "binomial_coefficient_log"))
        && !isnan(x) && !isnan(y)) {
        const char *stan = "binomial_coefficient_log";
        if (x < -1)
            return fail_ge(err, stan, "first argument", x, -1);
        if (y < -1)
            return fail_ge(err, stan, "second argument", y, -1);
        if (x - y + 1 < 0)
            return fail_ge(err, stan, "(first argument - second argument "
                           "+ 1)", x - y + 1, 0);
    }
    if (!strcmp(fn, "choose")) {
        if (x < 0)
            return fail_sign(err, fn, "n", x, "nonnegative");
        if (y < 0)
            return fail_sign(err, fn, "k", y, "nonnegative");
        if (rt_choose((int)x, (int)y) < 0)
            return rt_error(err, "choose: n choose k is %g, but must be "
                            "less than or equal to %d",
                            exp(rt_lchoose(x, y)), INT_MAX);
    }
    if (!strcmp(fn, "log_mix")) {
        if (isnan(y))
            return rt_error(err, "log_mix: lambda1 is nan, but must not be "
                            "nan!");
        if (isnan(z))
            return rt_error(err, "log_mix: lambda2 is nan, but must not be "
                            "nan!");
        if (!(x >= 0 && x <= 1))
            return fail_bounded(err, fn, "theta", x, 0, 1);
    }
    /* y ? -log(y_hat) : -log1m(y_hat): only log1m checks */
    if (!strcmp(fn, "binary_log_loss") && x == 0 && y > 1)
        return fail_le(err, "log1m", "x", y, 1);
    if ((!strcmp(fn, "log_falling_factorial") ||
         !strcmp(fn, "log_rising_factorial")) && !(x > 0) && !isnan(x))
        return fail_sign(err, fn, "first argument", x, "positive");
    if (!strcmp(fn, "falling_factorial") || !strcmp(fn, "rising_factorial")) {
        if (isnan(x))
            return rt_error(err, "%s: first argument is nan, but must not be "
                            "nan!", fn);
        if (y < 0)
            return fail_sign(err, fn, "second argument", y, "nonnegative");
    }
    if (!strcmp(fn, "bessel_second_kind") && !(y > 0))
        return fail_sign(err, fn, "x", y, "positive");
    if (!strcmp(fn, "modified_bessel_second_kind") && !(y > 0))
        return fail_sign(err, fn, "z", y, "positive");
    if (!strcmp(fn, "log_modified_bessel_first_kind")) {
        if (isnan(x))
            return rt_error(err, "%s: first argument (order) is nan, but "
                            "must not be nan!", fn);
        if (isnan(y))
            return rt_error(err, "%s: second argument (variable) is nan, "
                            "but must not be nan!", fn);
        if (y < 0)
            return fail_sign(err, fn, "second argument (variable)", y,
                             "nonnegative");
        if (x < -1)
            return fail_ge(err, fn, "first argument (order)", x, -1);
    }
    if ((!strcmp(fn, "bessel_first_kind")
         || !strcmp(fn, "modified_bessel_first_kind")) && isnan(y))
        return rt_error(err, "%s: z is nan, but must not be nan!", fn);
    if (!strcmp(fn, "inc_beta")) {
        if (!(x > 0))
            return fail_sign(err, fn, "first argument", x, "positive");
        if (!(y > 0))
            return fail_sign(err, fn, "second argument", y, "positive");
        if (!(z >= 0 && z <= 1))
            return fail_bounded(err, fn, "third argument", z, 0, 1);
    }
    return 0;
}
