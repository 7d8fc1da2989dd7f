/* rt_scalar.h - elementwise math and special functions of Stan, each as a
 * value function and a derivative function that the emitted adjoint code
 * calls (rt_math.h has the library's conventions).
 *
 *   unary:   double rt_NAME(double x)
 *            double rt_NAME_dx(double x, double fx)
 *              d NAME / dx at x, given fx = rt_NAME(x) so that it can be
 *              reused (exp's derivative is fx itself).
 *   binary:  double rt_NAME(double x, double y)
 *            void rt_NAME_d(double x, double y, double f, double *dx,
 *                           double *dy)      (both pointers required)
 *   ternary: the same with three arguments (fma, log_mix).
 *   An int argument (a Bessel order, a factorial's n) has no derivative.
 *
 * Values follow Stan Math 4.x: the same domain, the same special cases
 * (Phi is 0 below -37.5 and 1 above 8.25; log_diff_exp(x, x) is -inf).
 * Where Stan throws a domain error these return NaN and never print; the
 * emitter, seeing NaN from such a function, asks rt_scalar_domain() for
 * Stan's message.  Derivatives at points where Stan's reverse mode uses a
 * convention (pow at base 0, fabs at 0, fmax on a tie) follow Stan; each
 * such case is noted at the function.
 *
 * The cheap functions are static inline (the emitted code's inner loops
 * call them); the special functions are in math_scalar.c. */
#ifndef RT_SCALAR_H
#define RT_SCALAR_H

#include <math.h>
#include <stdbool.h>

#include "rt_math.h"

#define RT_LOG_EPSILON (-36.04365338911715)       /* log(DBL_EPSILON) */
#define RT_LN2 0.693147180559945309417
#define RT_LN10 2.30258509299404568402
#define RT_SQRT1_2 0.707106781186547524401        /* 1 / sqrt(2) */
#define RT_INV_SQRT_2PI 0.398942280401432677940   /* 1 / sqrt(2 pi) */
#define RT_SQRT_2PI 2.50662827463100050242
#define RT_TWO_OVER_SQRT_PI 1.12837916709551257390

/* ------------------------------------------------------ powers, roots */

static inline double rt_square(double x) { return x * x; }
static inline double rt_square_dx(double x, double fx)
{
    (void)fx;
    return 2 * x;
}

static inline double rt_inv(double x) { return 1 / x; }
static inline double rt_inv_dx(double x, double fx)
{
    (void)x;
    return -fx * fx;
}

static inline double rt_inv_square(double x) { return 1 / (x * x); }
static inline double rt_inv_square_dx(double x, double fx)
{
    return -2 * fx / x;
}

static inline double rt_sqrt(double x) { return sqrt(x); }
static inline double rt_sqrt_dx(double x, double fx)
{
    (void)x;
    return 0.5 / fx;
}

static inline double rt_inv_sqrt(double x) { return 1 / sqrt(x); }
static inline double rt_inv_sqrt_dx(double x, double fx)
{
    return -0.5 * fx / x;
}

static inline double rt_cbrt(double x) { return cbrt(x); }
static inline double rt_cbrt_dx(double x, double fx)
{
    (void)x;
    return 1 / (3 * fx * fx);
}

/* pow(x, y).  Stan's reverse mode adds nothing to either adjoint when the
 * base is 0 (avoiding 0 * log 0), except through its special cases for a
 * data exponent of 1 (pow(x, 1) is x); a negative base gives a NaN
 * derivative in y (log x), as in Stan. */
static inline double rt_pow(double x, double y) { return pow(x, y); }
static inline void rt_pow_d(double x, double y, double f, double *dx,
                            double *dy)
{
    if (x == 0) {
        *dx = y == 1 ? 1 : 0;
        *dy = 0;
        return;
    }
    *dx = y == 1 ? 1 : y * f / x;
    *dy = f * log(x);
}

static inline double rt_hypot(double x, double y) { return hypot(x, y); }
static inline void rt_hypot_d(double x, double y, double f, double *dx,
                              double *dy)
{
    *dx = x / f;
    *dy = y / f;
}

/* ------------------------------------------------------- exp and log */

static inline double rt_exp(double x) { return exp(x); }
static inline double rt_exp_dx(double x, double fx)
{
    (void)x;
    return fx;
}

static inline double rt_exp2(double x) { return exp2(x); }
static inline double rt_exp2_dx(double x, double fx)
{
    (void)x;
    return fx * RT_LN2;
}

static inline double rt_expm1(double x) { return expm1(x); }
static inline double rt_expm1_dx(double x, double fx)
{
    (void)x;
    return fx + 1;
}

static inline double rt_log(double x) { return log(x); }
static inline double rt_log_dx(double x, double fx)
{
    (void)fx;
    return 1 / x;
}

static inline double rt_log2(double x) { return log2(x); }
static inline double rt_log2_dx(double x, double fx)
{
    (void)fx;
    return 1 / (x * RT_LN2);
}

static inline double rt_log10(double x) { return log10(x); }
static inline double rt_log10_dx(double x, double fx)
{
    (void)fx;
    return 1 / (x * RT_LN10);
}

/* log1p(x): x < -1 is a domain error in Stan. */
static inline double rt_log1p(double x) { return x < -1 ? NAN : log1p(x); }
static inline double rt_log1p_dx(double x, double fx)
{
    (void)fx;
    return 1 / (1 + x);
}

/* log1m(x) = log(1 - x): x > 1 is a domain error in Stan. */
static inline double rt_log1m(double x) { return x > 1 ? NAN : log1p(-x); }
static inline double rt_log1m_dx(double x, double fx)
{
    (void)fx;
    return -1 / (1 - x);
}

/* log(1 + exp(x)), without overflow for large x. */
static inline double rt_log1p_exp(double x)
{
    return x > 0 ? x + log1p(exp(-x)) : log1p(exp(x));
}

/* log(1 - exp(x)): NaN for x > 0 (no error in Stan), -inf at 0. */
static inline double rt_log1m_exp(double x)
{
    if (x > 0)
        return NAN;
    return x > -RT_LN2 ? log(-expm1(x)) : log1p(-exp(x));
}
static inline double rt_log1m_exp_dx(double x, double fx)
{
    (void)fx;
    return -1 / expm1(-x);
}

/* x * log(y), 0 when both are 0.  Stan's derivatives: log(y) and x / y
 * (so -inf and NaN at (0, 0)). */
static inline double rt_lmultiply(double x, double y)
{
    return x == 0 && y == 0 ? 0 : x * log(y);
}
static inline void rt_lmultiply_d(double x, double y, double f, double *dx,
                                  double *dy)
{
    (void)f;
    *dx = log(y);
    *dy = x / y;
}
static inline double rt_multiply_log(double x, double y)
{
    return rt_lmultiply(x, y);
}
static inline void rt_multiply_log_d(double x, double y, double f,
                                     double *dx, double *dy)
{
    rt_lmultiply_d(x, y, f, dx, dy);
}

/* --------------------------------------------------- logistic family */

/* 1 / (1 + exp(-x)), Stan's way: exp(x) itself below log(epsilon). */
static inline double rt_inv_logit(double x)
{
    if (x < 0) {
        double e = exp(x);
        return x < RT_LOG_EPSILON ? e : e / (1 + e);
    }
    return 1 / (1 + exp(-x));
}
/* f (1 - f), written with exp(-|x|) so that it keeps its precision in
 * both tails. */
static inline double rt_inv_logit_dx(double x, double fx)
{
    (void)fx;
    double e = exp(-fabs(x));
    return e / ((1 + e) * (1 + e));
}

static inline double rt_log1p_exp_dx(double x, double fx)
{
    (void)fx;
    return rt_inv_logit(x);
}

static inline double rt_logit(double x) { return log(x / (1 - x)); }
static inline double rt_logit_dx(double x, double fx)
{
    (void)fx;
    return 1 / (x - x * x);
}

static inline double rt_log_inv_logit(double x)
{
    return x < 0 ? x - log1p(exp(x)) : -log1p(exp(-x));
}
static inline double rt_log_inv_logit_dx(double x, double fx)
{
    (void)fx;
    return rt_inv_logit(-x);
}

static inline double rt_log1m_inv_logit(double x)
{
    return x > 0 ? -x - log1p(exp(-x)) : -log1p(exp(x));
}
static inline double rt_log1m_inv_logit_dx(double x, double fx)
{
    (void)fx;
    return -rt_inv_logit(x);
}

/* 1 - exp(-exp(x)) */
static inline double rt_inv_cloglog(double x) { return -expm1(-exp(x)); }
static inline double rt_inv_cloglog_dx(double x, double fx)
{
    (void)fx;
    return exp(x - exp(x));
}

/* log(inv_logit(x) - inv_logit(y)), NaN unless x > y (Stan does not
 * check; the log of a negative difference is NaN). */
static inline double rt_log_inv_logit_diff(double x, double y)
{
    if (isinf(x) && x > 0)
        return -rt_log1p_exp(y);
    return x - rt_log1p_exp(x) + rt_log1m_exp(y - x) - rt_log1p_exp(y);
}
static inline void rt_log_inv_logit_diff_d(double x, double y, double f,
                                           double *dx, double *dy)
{
    (void)f;
    *dx = -1 / expm1(y - x) - rt_inv_logit(x);
    *dy = -1 / expm1(x - y) - rt_inv_logit(y);
}

/* ------------------------------------------------- log-sum-exp family */

static inline double rt_log_sum_exp(double x, double y)
{
    if (x == -INFINITY)
        return y;
    if (x == INFINITY && y == INFINITY)
        return INFINITY;
    return x > y ? x + rt_log1p_exp(y - x) : y + rt_log1p_exp(x - y);
}
/* Stan's partials inv_logit(x - y) and inv_logit(y - x): NaN when both
 * are -inf. */
static inline void rt_log_sum_exp_d(double x, double y, double f,
                                    double *dx, double *dy)
{
    (void)f;
    *dx = rt_inv_logit(x - y);
    *dy = rt_inv_logit(y - x);
}

/* log(exp(x) - exp(y)): NaN when x < y (no error in Stan), -inf when
 * x == y finite. */
static inline double rt_log_diff_exp(double x, double y)
{
    if (x <= y)
        return x < INFINITY && x == y ? -INFINITY : NAN;
    return x + rt_log1m_exp(y - x);
}
static inline void rt_log_diff_exp_d(double x, double y, double f,
                                     double *dx, double *dy)
{
    (void)f;
    *dx = -1 / expm1(y - x);
    *dy = -1 / expm1(x - y);
}

/* log(theta exp(lp1) + (1 - theta) exp(lp2)); theta outside [0, 1] or a
 * NaN argument is a domain error in Stan. */
static inline double rt_log_mix(double theta, double lp1, double lp2)
{
    if (!(theta >= 0 && theta <= 1) || isnan(lp1) || isnan(lp2))
        return NAN;
    return rt_log_sum_exp(log(theta) + lp1, log1p(-theta) + lp2);
}
static inline void rt_log_mix_d(double theta, double lp1, double lp2,
                                double f, double *dtheta, double *dlp1,
                                double *dlp2)
{
    double e1 = exp(lp1 - f), e2 = exp(lp2 - f);
    *dtheta = e1 - e2;
    *dlp1 = theta * e1;
    *dlp2 = (1 - theta) * e2;
}

/* ------------------------------------------------------ trigonometry */

static inline double rt_sin(double x) { return sin(x); }
static inline double rt_sin_dx(double x, double fx)
{
    (void)fx;
    return cos(x);
}
static inline double rt_cos(double x) { return cos(x); }
static inline double rt_cos_dx(double x, double fx)
{
    (void)fx;
    return -sin(x);
}
static inline double rt_tan(double x) { return tan(x); }
static inline double rt_tan_dx(double x, double fx)
{
    (void)x;
    return 1 + fx * fx;
}
static inline double rt_asin(double x) { return asin(x); }
static inline double rt_asin_dx(double x, double fx)
{
    (void)fx;
    return 1 / sqrt(1 - x * x);
}
static inline double rt_acos(double x) { return acos(x); }
static inline double rt_acos_dx(double x, double fx)
{
    (void)fx;
    return -1 / sqrt(1 - x * x);
}
static inline double rt_atan(double x) { return atan(x); }
static inline double rt_atan_dx(double x, double fx)
{
    (void)fx;
    return 1 / (1 + x * x);
}
/* atan2(y, x): the first argument is the ordinate, as in C and Stan. */
static inline double rt_atan2(double y, double x) { return atan2(y, x); }
static inline void rt_atan2_d(double y, double x, double f, double *dy,
                              double *dx)
{
    (void)f;
    double r2 = x * x + y * y;
    *dy = x / r2;
    *dx = -y / r2;
}
static inline double rt_sinh(double x) { return sinh(x); }
static inline double rt_sinh_dx(double x, double fx)
{
    (void)fx;
    return cosh(x);
}
static inline double rt_cosh(double x) { return cosh(x); }
static inline double rt_cosh_dx(double x, double fx)
{
    (void)fx;
    return sinh(x);
}
static inline double rt_tanh(double x) { return tanh(x); }
static inline double rt_tanh_dx(double x, double fx)
{
    (void)x;
    return 1 - fx * fx;
}
static inline double rt_asinh(double x) { return asinh(x); }
static inline double rt_asinh_dx(double x, double fx)
{
    (void)fx;
    return 1 / sqrt(x * x + 1);
}
/* acosh: x < 1 is a domain error in Stan. */
static inline double rt_acosh(double x) { return x < 1 ? NAN : acosh(x); }
static inline double rt_acosh_dx(double x, double fx)
{
    (void)fx;
    return 1 / sqrt(x * x - 1);
}
/* atanh: |x| > 1 is a domain error in Stan. */
static inline double rt_atanh(double x)
{
    return x < -1 || x > 1 ? NAN : atanh(x);
}
static inline double rt_atanh_dx(double x, double fx)
{
    (void)fx;
    return 1 / (1 - x * x);
}

/* ------------------------------------------------ normal and erf family */

static inline double rt_erf(double x) { return erf(x); }
static inline double rt_erf_dx(double x, double fx)
{
    (void)fx;
    return RT_TWO_OVER_SQRT_PI * exp(-x * x);
}
static inline double rt_erfc(double x) { return erfc(x); }
static inline double rt_erfc_dx(double x, double fx)
{
    (void)fx;
    return -RT_TWO_OVER_SQRT_PI * exp(-x * x);
}

/* The standard normal cdf, with Stan's cut-offs: exactly 0 below -37.5
 * and 1 above 8.25.  NaN is a domain error in Stan.  (erfc serves the
 * whole lower half, where 1 + erf would lose relative precision.) */
static inline double rt_Phi(double x)
{
    if (x < -37.5)
        return 0;
    if (x > 8.25)
        return 1;
    return x < 0 ? 0.5 * erfc(-RT_SQRT1_2 * x) : 0.5 * (1 + erf(RT_SQRT1_2 * x));
}
/* The density, also beyond the cut-offs (as Stan's reverse mode). */
static inline double rt_Phi_dx(double x, double fx)
{
    (void)fx;
    return RT_INV_SQRT_2PI * exp(-0.5 * x * x);
}

/* Stan's logistic approximation inv_logit(0.07056 x^3 + 1.5976 x). */
static inline double rt_Phi_approx(double x)
{
    return rt_inv_logit(0.07056 * x * x * x + 1.5976 * x);
}
static inline double rt_Phi_approx_dx(double x, double fx)
{
    (void)fx;
    double u = 0.07056 * x * x * x + 1.5976 * x;
    return rt_inv_logit_dx(u, 0) * (3 * 0.07056 * x * x + 1.5976);
}

/* ----------------------------------------------- min, max, rounding */

static inline double rt_fabs(double x) { return fabs(x); }
/* Stan: 0 at x == 0. */
static inline double rt_fabs_dx(double x, double fx)
{
    (void)fx;
    return x > 0 ? 1 : x < 0 ? -1 : x == 0 ? 0 : NAN;
}
static inline double rt_abs(double x) { return fabs(x); }
static inline double rt_abs_dx(double x, double fx) { return rt_fabs_dx(x, fx); }

/* fmax/fmin: a NaN argument gives the other; on a tie Stan returns (and
 * differentiates) the second argument. */
static inline double rt_fmax(double x, double y) { return fmax(x, y); }
static inline void rt_fmax_d(double x, double y, double f, double *dx,
                             double *dy)
{
    (void)f;
    bool first = isnan(y) || x > y;
    *dx = first ? 1 : 0;
    *dy = first ? 0 : 1;
}
static inline double rt_fmin(double x, double y) { return fmin(x, y); }
static inline void rt_fmin_d(double x, double y, double f, double *dx,
                             double *dy)
{
    (void)f;
    bool first = isnan(y) || x < y;
    *dx = first ? 1 : 0;
    *dy = first ? 0 : 1;
}

/* fdim(x, y) = x - y if x > y, else 0. */
static inline double rt_fdim(double x, double y) { return fdim(x, y); }
static inline void rt_fdim_d(double x, double y, double f, double *dx,
                             double *dy)
{
    (void)f;
    bool positive = x > y;
    *dx = positive ? 1 : 0;
    *dy = positive ? -1 : 0;
}

static inline double rt_fma(double x, double y, double z)
{
    return fma(x, y, z);
}
static inline void rt_fma_d(double x, double y, double z, double f,
                            double *dx, double *dy, double *dz)
{
    (void)z;
    (void)f;
    *dx = y;
    *dy = x;
    *dz = 1;
}

/* fmod(x, y) = x - trunc(x / y) y. */
static inline double rt_fmod(double x, double y) { return fmod(x, y); }
static inline void rt_fmod_d(double x, double y, double f, double *dx,
                             double *dy)
{
    (void)f;
    *dx = 1;
    *dy = -trunc(x / y);
}

/* floor, ceil, round, trunc: piecewise constant, derivative 0. */
static inline double rt_floor(double x) { return floor(x); }
static inline double rt_ceil(double x) { return ceil(x); }
static inline double rt_round(double x) { return round(x); }
static inline double rt_trunc(double x) { return trunc(x); }
static inline double rt_step_dx(double x, double fx)
{
    (void)x;
    (void)fx;
    return 0;
}

/* step(x): 0 if x < 0, else 1 (so 1 at NaN); int_step(x): 1 if x > 0,
 * else 0 (so 0 at NaN).  Both have derivative 0. */
static inline int rt_step(double x) { return x < 0 ? 0 : 1; }
static inline int rt_int_step(double x) { return x > 0 ? 1 : 0; }
static inline int rt_is_inf(double x) { return isinf(x) ? 1 : 0; }
static inline int rt_is_nan(double x) { return isnan(x) ? 1 : 0; }

/* binary_log_loss(y, y_hat) = -log(y_hat) if y, else -log(1 - y_hat);
 * y outside {0, 1} or y_hat outside [0, 1] is a domain error. */
/* Stan Math's y ? -log(y_hat) : -log1m(y_hat): any y but 0 is 1, y_hat
 * is not checked but by log1m (y_hat > 1 with y == 0 is its domain
 * error, NaN here); -log of a negative y_hat is NaN. */
static inline double rt_binary_log_loss(int y, double y_hat)
{
    return y ? -log(y_hat) : -log1p(-y_hat);
}
static inline double rt_binary_log_loss_dx(int y, double y_hat, double f)
{
    (void)f;
    return y ? -1 / y_hat : 1 / (1 - y_hat);
}

/* ------------------------------------------- special functions (.c) */

/* log|Gamma(x)|: +inf at 0 and the negative integers. */
double rt_lgamma(double x);
double rt_lgamma_dx(double x, double fx);          /* digamma(x) */
/* Gamma(x): 0 and the negative integers are a domain error in Stan. */
double rt_tgamma(double x);
double rt_tgamma_dx(double x, double fx);          /* fx digamma(x) */
/* digamma: NaN at the poles 0, -1, -2, ... */
double rt_digamma(double x);
double rt_digamma_dx(double x, double fx);         /* trigamma(x) */
double rt_trigamma(double x);
double rt_trigamma_dx(double x, double fx);        /* psi_2(x) */

/* log Beta(a, b) = lgamma(a) + lgamma(b) - lgamma(a + b); a or b < 0 is a
 * domain error.  Accurate when one argument is much larger. */
double rt_lbeta(double a, double b);
void rt_lbeta_d(double a, double b, double f, double *da, double *db);

/* lchoose(n, k) = binomial_coefficient_log(n, k) for real n >= -1,
 * -1 <= k <= n + 1 (Stan's domain). */
double rt_lchoose(double n, double k);
void rt_lchoose_d(double n, double k, double f, double *dn, double *dk);
double rt_binomial_coefficient_log(double n, double k);
void rt_binomial_coefficient_log_d(double n, double k, double f, double *dn,
                                   double *dk);
/* choose(n, k) for ints: 0 when k > n; n < 0, k < 0 or a result above
 * INT_MAX is a domain error, reported as the return value -1. */
int rt_choose(int n, int k);

/* The inverse standard normal cdf: -inf at 0, inf at 1, p outside [0, 1]
 * a domain error. */
double rt_inv_Phi(double p);
double rt_inv_Phi_dx(double p, double fx);

/* log(x! / (x - n)!) = lgamma(x + 1) - lgamma(x - n + 1); x <= 0 is a
 * domain error. */
double rt_log_falling_factorial(double x, double n);
void rt_log_falling_factorial_d(double x, double n, double f, double *dx,
                                double *dn);
/* log Gamma(x + n) / Gamma(x); x <= 0 is a domain error. */
double rt_log_rising_factorial(double x, double n);
void rt_log_rising_factorial_d(double x, double n, double f, double *dx,
                               double *dn);
/* x (x - 1) ... (x - n + 1) and x (x + 1) ... (x + n - 1); n < 0 is a
 * domain error.  Derivatives in x only. */
/* falling_factorial and rising_factorial of ints (Stan's int signatures):
 * the exact product x (x - 1) ... (x - n + 1), x (x + 1) ... (x + n - 1)
 * into *out; 0, or -1 with Stan's message when n is negative (Stan's
 * check_nonnegative) or the product is outside the range of int (Stan's
 * double converted to int there, undefined behaviour; an error here, as
 * choose's check_less_or_equal is). */
int rt_falling_factorial_int(int x, int n, int *out, RtError *err);
int rt_rising_factorial_int(int x, int n, int *out, RtError *err);
double rt_falling_factorial(double x, int n);
double rt_falling_factorial_dx(double x, int n, double f);
double rt_rising_factorial(double x, int n);
double rt_rising_factorial_dx(double x, int n, double f);

/* Bessel functions of integer order v, derivatives in x:
 * J_v(x); Y_v(x) for x > 0; I_v(x); K_v(x) for x > 0 (x <= 0 a domain
 * error for Y and K). */
double rt_bessel_first_kind(int v, double x);
double rt_bessel_first_kind_dx(int v, double x, double f);
double rt_bessel_second_kind(int v, double x);
double rt_bessel_second_kind_dx(int v, double x, double f);
double rt_modified_bessel_first_kind(int v, double x);
double rt_modified_bessel_first_kind_dx(int v, double x, double f);
double rt_modified_bessel_second_kind(int v, double x);
double rt_modified_bessel_second_kind_dx(int v, double x, double f);
/* log I_v(z) for real v >= 0, z >= 0; derivative in z only. */
double rt_log_modified_bessel_first_kind(double v, double z);
double rt_log_modified_bessel_first_kind_dz(double v, double z, double f);

/* Owen's T function T(h, a) = 1/(2 pi) int_0^a exp(-h^2 (1 + x^2) / 2)
 * / (1 + x^2) dx. */
double rt_owens_t(double h, double a);
void rt_owens_t_d(double h, double a, double f, double *dh, double *da);

/* The regularized incomplete beta function I_x(a, b) (math_incomplete.c,
 * with gamma_p, gamma_q and inv_inc_beta below) for a, b > 0 and
 * 0 <= x <= 1, with its derivatives in a, b and x.  The derivatives in a
 * and b are from a positive power series; NaN if it has not converged in
 * 1e6 terms (a >> b with x very near 1). */
double rt_inc_beta(double a, double b, double x);
void rt_inc_beta_d(double a, double b, double x, double f, double *da,
                   double *db, double *dx);

/* ---------------------------------------------------------- messages */

/* Stan's domain check of `function` (a name above without the rt_ prefix,
 * e.g. "log1m") on its nargs arguments: 0 if Stan would accept them, or -1
 * with Stan's message in err (err may be NULL), e.g. "log1m: x is 2, but
 * must be less than or equal to 1.000000".  Functions that never throw in
 * Stan always give 0. */
int rt_scalar_domain(const char *function, int nargs, const double *args,
                     RtError *err);

/* ------------------------------------- log I_v(z), both partials (.c) */

/* The partials of log_modified_bessel_first_kind(v, z) (value: rt_log_
 * modified_bessel_first_kind above; f is that value) in the order v and
 * the variable z, for the backend's binary calls (math_bessel.c).  Where
 * Stan's own evaluation does not depend on v (v == 0 and v == 1 exactly)
 * its partial in v is 0, and so is this one; at z == 0 both are 0, at
 * z == inf they are (0, 1), as Stan's constants give.  NaN outside the
 * value's domain. */
void rt_log_modified_bessel_first_kind_d(double v, double z, double f,
                                         double *dv, double *dz);

/* ------------------------------- more of Stan's scalar functions (.c) */

/* The rest of the elementwise library (math_special.c): the forms the
 * backend's lists call (rt_NAME_dx, rt_NAME_d) for the functions above
 * that lacked one, and the functions below.  Domain errors are NaN, as
 * above; rt_special_domain gives Stan's messages for them. */

/* floor, ceil, round, trunc: derivative 0 (rt_step_dx). */
static inline double rt_floor_dx(double x, double fx)
{
    return rt_step_dx(x, fx);
}
static inline double rt_ceil_dx(double x, double fx)
{
    return rt_step_dx(x, fx);
}
static inline double rt_round_dx(double x, double fx)
{
    return rt_step_dx(x, fx);
}
static inline double rt_trunc_dx(double x, double fx)
{
    return rt_step_dx(x, fx);
}

/* x 2^n; d/dx = 2^n. */
static inline double rt_ldexp(double x, int n) { return ldexp(x, n); }
static inline void rt_ldexp_d(double x, int n, double f, double *dx,
                              double *dn)
{
    (void)x;
    (void)f;
    *dx = ldexp(1.0, n);
    *dn = 0;
}

/* The binary forms of the functions above with an int argument: the
 * partial in the int is 0. */
static inline void rt_binary_log_loss_d(int y, double y_hat, double f,
                                        double *dy, double *dy_hat)
{
    *dy = 0;
    *dy_hat = rt_binary_log_loss_dx(y, y_hat, f);
}
void rt_bessel_first_kind_d(int v, double x, double f, double *dv,
                            double *dx);
void rt_bessel_second_kind_d(int v, double x, double f, double *dv,
                             double *dx);
void rt_modified_bessel_first_kind_d(int v, double x, double f, double *dv,
                                     double *dx);
void rt_modified_bessel_second_kind_d(int v, double x, double f,
                                      double *dv, double *dx);
void rt_falling_factorial_d(double x, int n, double f, double *dx,
                            double *dn);
void rt_rising_factorial_d(double x, int n, double f, double *dx,
                           double *dn);

/* inv_erfc(x) for 0 <= x <= 2 (inf at 0, -inf at 2). */
double rt_inv_erfc(double x);
double rt_inv_erfc_dx(double x, double fx);
/* std_normal_qf(p) = inv_Phi(p). */
double rt_std_normal_qf(double p);
double rt_std_normal_qf_dx(double p, double fx);
/* std_normal_log_qf(lp): the x with log Phi(x) = lp, for lp <= 0 (-inf at
 * -inf, inf at 0), accurate also where exp(lp) underflows. */
double rt_std_normal_log_qf(double lp);
double rt_std_normal_log_qf_dx(double lp, double fx);
/* The branches W0 (x >= -1/e) and W-1 (-1/e <= x <= 0, -inf at 0) of
 * Lambert's W; W' = 1 / (x + exp(W)). */
double rt_lambert_w0(double x);
double rt_lambert_w0_dx(double x, double fx);
double rt_lambert_wm1(double x);
double rt_lambert_wm1_dx(double x, double fx);

/* Beta(a, b) = exp(lbeta(a, b)) for a, b > 0. */
double rt_beta(double a, double b);
void rt_beta_d(double a, double b, double f, double *da, double *db);
/* The regularized incomplete gamma functions P(a, z) and Q(a, z) for
 * a > 0, z >= 0, with both partials.  The partial in a is from the
 * power series of P (z <= a + 1) or the continued fraction of Q
 * differentiated alongside (z > a + 1): against 50-digit references,
 * relative errors of 1e-13 typically and below 1e-10 up to a = 1e4
 * (where lgamma's and digamma's own rounding shows).  Unlike Stan, which
 * sets both partials to 0 when z / a > 10, these are the derivatives
 * everywhere. */
double rt_gamma_p(double a, double z);
void rt_gamma_p_d(double a, double z, double f, double *da, double *dz);
double rt_gamma_q(double a, double z);
void rt_gamma_q_d(double a, double z, double f, double *da, double *dz);
/* log Gamma_k(x) = k (k - 1) / 4 log pi + sum_{j=1..k} lgamma(x + (1 - j)
 * / 2), the multivariate log gamma; derivative in x only. */
double rt_lmgamma(int k, double x);
void rt_lmgamma_d(int k, double x, double f, double *dk, double *dx);

/* The x in [0, 1] with inc_beta(a, b, x) = p, for a, b > 0, 0 <= p <= 1,
 * and its partials in a, b and p (implicit differentiation of
 * rt_inc_beta_d; 0 in a and b at p = 0 and p = 1). */
double rt_inv_inc_beta(double a, double b, double p);
void rt_inv_inc_beta_d(double a, double b, double p, double f, double *da,
                       double *db, double *dp);

/* student_t_qf(p, nu, mu, sigma): the Student-t quantile (math_quantile.c),
 * NaN outside the domain (rt_quantile_domain has Stan's message), and its
 * partials given the value f. */
double rt_student_t_qf(double p, double nu, double mu, double sigma);
void rt_student_t_qf_d(double p, double nu, double mu, double sigma,
                       double f, double *dp, double *dnu, double *dmu,
                       double *dsigma);
int rt_quantile_domain(const char *function, int nargs, const double *args,
                       RtError *err);

/* to_int(x): x truncated, into *out; 0, or -1 with Stan's message when x
 * is NaN or outside the range of int. */
int rt_to_int(double x, int *out, RtError *err);

/* rt_scalar_domain for the functions of math_special.c too (and the
 * others, through it). */
int rt_special_domain(const char *function, int nargs, const double *args,
                      RtError *err);

#endif
