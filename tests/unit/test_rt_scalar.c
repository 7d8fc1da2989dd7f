/* test_rt_scalar.c - libpplrt's elementwise math (rt_scalar.h): values
 * against libm, GSL and closed forms, Stan's edge cases and domain errors,
 * and every derivative against a fourth-order central difference
 * (relative 1e-7 at well-conditioned points). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <float.h>
#include <limits.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include <gsl/gsl_cdf.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_integration.h>
#include <gsl/gsl_sf_bessel.h>
#include <gsl/gsl_sf_gamma.h>
#include <gsl/gsl_sf_psi.h>

#include "pplrt.h"
#include "rt_scalar.h"

/* ---------------------------------------------------------- helpers */

/* relative, or absolute below `floor` */
static bool close_to(double got, double want, double tol, double floor)
{
    if (isnan(want))
        return isnan(got);
    return fabs(got - want) <= tol * fmax(fabs(want), floor);
}

#define CHECK_CLOSE(got, want, tol, floor)                                  \
    do {                                                                    \
        double got_ = (got), want_ = (want);                                \
        if (!close_to(got_, want_, tol, floor))                             \
            fail_msg("%s = %.17g, want %.17g (line %d)", #got, got_, want_, \
                     __LINE__);                                             \
    } while (0)

/* (f(x-2h) - 8 f(x-h) + 8 f(x+h) - f(x+2h)) / 12h */
static double fd5(double (*f)(const void *, double), const void *ctx,
                  double x, double h)
{
    return (f(ctx, x - 2 * h) - 8 * f(ctx, x - h) + 8 * f(ctx, x + h) -
            f(ctx, x + 2 * h)) / (12 * h);
}

/* ------------------------------------------------ unary derivatives */

typedef struct Unary {
    const char *name;
    double (*f)(double);
    double (*df)(double, double);
    double points[8];
    int npoints;
} Unary;

static double call_unary(const void *ctx, double x)
{
    return ((const Unary *)ctx)->f(x);
}

/* relative steps: points near a singularity (log at 1e-3) need small ones */
static double step_of(double x) { return x == 0 ? 1e-5 : 1e-4 * fabs(x); }

static void check_unary(const Unary *u)
{
    for (int i = 0; i < u->npoints; i++) {
        double x = u->points[i], fx = u->f(x);
        double got = u->df(x, fx);
        double want = fd5(call_unary, u, x, step_of(x));
        if (!close_to(got, want, 1e-7, 1e-6 * fmax(1, fabs(fx))))
            fail_msg("%s'(%g) = %.17g, finite difference %.17g", u->name, x,
                     got, want);
    }
}

static double floor_as_double(double x) { return rt_floor(x); }

#define U(fn, ...)                                                          \
    {#fn, rt_##fn, rt_##fn##_dx, {__VA_ARGS__},                             \
     sizeof((double[]){__VA_ARGS__}) / sizeof(double)}

static void test_unary_derivatives(void **state)
{
    (void)state;
    static const Unary table[] = {
        U(square, -3, -0.5, 0.7, 4),
        U(inv, -3, -0.5, 0.7, 40),
        U(inv_square, -3, -0.5, 0.7, 40),
        U(sqrt, 0.01, 0.7, 4, 1e4),
        U(inv_sqrt, 0.01, 0.7, 4, 1e4),
        U(cbrt, -8, -0.3, 0.2, 27),
        U(exp, -30, -1, 0.5, 20),
        U(exp2, -30, -1, 0.5, 20),
        U(expm1, -30, -1e-3, 1e-3, 0.5, 20),
        U(log, 1e-3, 0.5, 3, 1e6),
        U(log2, 1e-3, 0.5, 3, 1e6),
        U(log10, 1e-3, 0.5, 3, 1e6),
        U(log1p, -0.9, -1e-3, 0.5, 1e3),
        U(log1m, -1e3, -0.5, 1e-3, 0.9),
        U(log1p_exp, -40, -1, 0, 2, 40),
        U(log1m_exp, -40, -1, -0.5, -1e-2),
        U(inv_logit, -40, -5, -0.3, 0, 2, 38),
        U(logit, 1e-4, 0.3, 0.5, 0.9),
        U(log_inv_logit, -40, -2, 0, 3, 30),
        U(log1m_inv_logit, -30, -2, 0, 3, 40),
        U(inv_cloglog, -5, -0.5, 0.5, 2),
        U(sin, -3, 0.2, 1.5, 10),
        U(cos, -3, 0.2, 1.5, 10),
        U(tan, -1.2, 0.2, 1),
        U(asin, -0.9, 0, 0.5),
        U(acos, -0.9, 0, 0.5),
        U(atan, -30, -0.5, 0, 2),
        U(sinh, -5, 0, 0.5, 3),
        U(cosh, -5, 0.1, 0.5, 3),
        U(tanh, -5, 0, 0.5, 3),
        U(asinh, -50, -0.5, 0, 2),
        U(acosh, 1.01, 1.5, 4, 100),
        U(atanh, -0.9, 0, 0.5, 0.99),
        U(erf, -3, -0.5, 0, 0.3, 2.5),
        U(erfc, -3, -0.5, 0, 0.3, 2.5, 8),
        U(Phi, -30, -6, -1, 0, 0.5, 3, 7),
        U(Phi_approx, -6, -1, 0, 0.5, 3),
        U(inv_Phi, 1e-10, 0.01, 0.3, 0.5, 0.9, 0.98),
        U(fabs, -3, -0.1, 0.1, 5),
        U(abs, -3, 0.1),
        U(lgamma, -2.5, -0.3, 0.1, 1, 3.7, 150),
        U(tgamma, -2.5, -0.3, 0.1, 1, 3.7, 15),
        U(digamma, -2.5, -0.3, 0.1, 1, 3.7, 150),
        U(trigamma, -2.5, -0.3, 0.1, 1, 3.7, 150),
    };
    for (size_t i = 0; i < sizeof table / sizeof table[0]; i++)
        check_unary(&table[i]);
    /* The piecewise constant functions. */
    assert_true(rt_step_dx(0.3, floor_as_double(0.3)) == 0);
}

/* ----------------------------------------------- binary derivatives */

typedef struct Binary {
    const char *name;
    double (*f)(double, double);
    void (*d)(double, double, double, double *, double *);
    double points[8][2];
    int npoints;
} Binary;

typedef struct BinaryAt {
    const Binary *b;
    double other;
    bool in_y;
} BinaryAt;

static double call_binary(const void *ctx, double t)
{
    const BinaryAt *at = ctx;
    return at->in_y ? at->b->f(at->other, t) : at->b->f(t, at->other);
}

static void check_binary(const Binary *b)
{
    for (int i = 0; i < b->npoints; i++) {
        double x = b->points[i][0], y = b->points[i][1];
        double f = b->f(x, y), dx = NAN, dy = NAN;
        b->d(x, y, f, &dx, &dy);
        BinaryAt in_x = {b, y, false}, in_y = {b, x, true};
        double want_x = fd5(call_binary, &in_x, x, step_of(x));
        double want_y = fd5(call_binary, &in_y, y, step_of(y));
        double floor = 1e-6 * fmax(1, fabs(f));
        if (!close_to(dx, want_x, 1e-7, floor) ||
            !close_to(dy, want_y, 1e-7, floor))
            fail_msg("%s(%g, %g): d = (%.17g, %.17g), finite difference "
                     "(%.17g, %.17g)", b->name, x, y, dx, dy, want_x,
                     want_y);
    }
}

#define B(fn, ...)                                                          \
    {#fn, rt_##fn, rt_##fn##_d, {__VA_ARGS__},                              \
     sizeof((double[][2]){__VA_ARGS__}) / sizeof(double[2])}

static void test_binary_derivatives(void **state)
{
    (void)state;
    static const Binary table[] = {
        B(pow, {2, 3}, {0.5, -1.5}, {3, 0.5}, {-2, 3}, {1.5, 1}),
        B(hypot, {3, 4}, {-1, 0.5}, {0.1, 2}),
        B(lmultiply, {2, 3}, {0.5, 0.1}, {-1, 7}),
        B(multiply_log, {2, 3}),
        B(log_inv_logit_diff, {1, 0}, {3, -2}, {-1, -1.5}, {30, 29}),
        B(log_sum_exp, {0, 0}, {-3, 2}, {100, 99}, {-50, 10}),
        B(log_diff_exp, {1, 0}, {3, -2}, {0.1, 0}, {30, 29}),
        B(atan2, {1, 2}, {-1, 0.5}, {3, -4}),
        B(fmax, {1, 2}, {3, -1}),
        B(fmin, {1, 2}, {3, -1}),
        B(fdim, {3, 1}, {1, 3}),
        B(fmod, {7.5, 2}, {-7.5, 2}, {5, -3.2}),
        B(lbeta, {0.5, 0.5}, {2, 3}, {0.1, 40}, {1e3, 2}),
        B(lchoose, {5, 2}, {10.5, 3.2}, {7.3, 6.1}, {50, 0.4}),
        B(binomial_coefficient_log, {5, 2}),
        B(log_falling_factorial, {5, 2}, {4.5, 1.3}, {0.5, -2}),
        B(log_rising_factorial, {5, 2}, {4.5, 1.3}, {0.5, -0.2}),
        B(owens_t, {0.5, 0.3}, {2, 0.7}, {-1, 3}, {0.3, -2}, {5, 0.9},
          {1, 1.5}),
    };
    for (size_t i = 0; i < sizeof table / sizeof table[0]; i++)
        check_binary(&table[i]);
}

/* -------------------------------------------- the other derivatives */

typedef struct Ternary {
    int which;                      /* the argument varied */
    double a[3];
    double (*f)(double, double, double);
} Ternary;

static double call_ternary(const void *ctx, double t)
{
    const Ternary *c = ctx;
    double a[3] = {c->a[0], c->a[1], c->a[2]};
    a[c->which] = t;
    return c->f(a[0], a[1], a[2]);
}

static double inc_beta_abx(double a, double b, double x)
{
    return rt_inc_beta(a, b, x);
}

static void test_ternary_derivatives(void **state)
{
    (void)state;
    const double mix[][3] = {{0.3, -1, 2}, {0.9, 5, 4.5}, {0.01, -3, -80}};
    for (int i = 0; i < 3; i++) {
        double f = rt_log_mix(mix[i][0], mix[i][1], mix[i][2]), d[3];
        rt_log_mix_d(mix[i][0], mix[i][1], mix[i][2], f, &d[0], &d[1],
                     &d[2]);
        for (int k = 0; k < 3; k++) {
            Ternary c = {k, {mix[i][0], mix[i][1], mix[i][2]}, rt_log_mix};
            CHECK_CLOSE(d[k], fd5(call_ternary, &c, mix[i][k], 1e-4), 1e-7,
                        1e-3);
        }
    }
    double f = rt_fma(2, 3, 4), d[3];
    rt_fma_d(2, 3, 4, f, &d[0], &d[1], &d[2]);
    assert_true(f == 10 && d[0] == 3 && d[1] == 2 && d[2] == 1);

    const double ib[][3] = {{2, 3, 0.4},    {0.5, 0.5, 0.1}, {5, 1.5, 0.9},
                            {30, 40, 0.45}, {0.7, 8, 0.02},  {1.2, 0.8, 0.97},
                            {200, 3, 0.99}};
    for (int i = 0; i < 7; i++) {
        const double *p = ib[i];
        double v = rt_inc_beta(p[0], p[1], p[2]), g[3];
        rt_inc_beta_d(p[0], p[1], p[2], v, &g[0], &g[1], &g[2]);
        for (int k = 0; k < 3; k++) {
            Ternary c = {k, {p[0], p[1], p[2]}, inc_beta_abx};
            double h = k == 2 ? 1e-5 * fmin(p[2], 1 - p[2]) * 10
                              : 1e-4 * fmax(1, p[k]);
            CHECK_CLOSE(g[k], fd5(call_ternary, &c, p[k], h), 1e-7, 1e-7);
        }
    }
}

typedef struct IntOrder {
    int v;
    double (*f)(int, double);
} IntOrder;

static double call_int_order(const void *ctx, double x)
{
    const IntOrder *c = ctx;
    return c->f(c->v, x);
}

static double falling(int n, double x) { return rt_falling_factorial(x, n); }
static double rising(int n, double x) { return rt_rising_factorial(x, n); }

static void test_int_argument_derivatives(void **state)
{
    (void)state;
    struct {
        double (*f)(int, double);
        double (*df)(int, double, double);
    } bessel[] = {
        {rt_bessel_first_kind, rt_bessel_first_kind_dx},
        {rt_bessel_second_kind, rt_bessel_second_kind_dx},
        {rt_modified_bessel_first_kind, rt_modified_bessel_first_kind_dx},
        {rt_modified_bessel_second_kind, rt_modified_bessel_second_kind_dx},
    };
    const double xs[] = {0.3, 1.7, 6.5, 25};
    for (int k = 0; k < 4; k++)
        for (int v = -3; v <= 4; v++)
            for (int i = 0; i < 4; i++) {
                IntOrder c = {v, bessel[k].f};
                double f = bessel[k].f(v, xs[i]);
                CHECK_CLOSE(bessel[k].df(v, xs[i], f),
                            fd5(call_int_order, &c, xs[i], 1e-4), 1e-7,
                            1e-6 * fmax(1, fabs(f)));
            }
    const double fx[] = {-2.5, -0.3, 0.5, 3, 7.25};
    for (int n = 0; n <= 5; n++)
        for (int i = 0; i < 5; i++) {
            IntOrder c = {n, falling}, r = {n, rising};
            double f = rt_falling_factorial(fx[i], n);
            CHECK_CLOSE(rt_falling_factorial_dx(fx[i], n, f),
                        fd5(call_int_order, &c, fx[i], 1e-4), 1e-7, 1e-6);
            f = rt_rising_factorial(fx[i], n);
            CHECK_CLOSE(rt_rising_factorial_dx(fx[i], n, f),
                        fd5(call_int_order, &r, fx[i], 1e-4), 1e-7, 1e-6);
        }
    /* derivative at a zero factor: d/dx x (x - 1) at 1 is 1 */
    assert_true(rt_falling_factorial_dx(1, 2, 0) == 1);

    const double vz[][2] = {{0, 0.5}, {1.5, 2}, {3, 30}, {0.25, 700}};
    for (int i = 0; i < 4; i++) {
        double v = vz[i][0], z = vz[i][1];
        double f = rt_log_modified_bessel_first_kind(v, z);
        double h = 1e-4 * fmax(1, z);
        double want = (rt_log_modified_bessel_first_kind(v, z - 2 * h) -
                       8 * rt_log_modified_bessel_first_kind(v, z - h) +
                       8 * rt_log_modified_bessel_first_kind(v, z + h) -
                       rt_log_modified_bessel_first_kind(v, z + 2 * h)) /
                      (12 * h);
        CHECK_CLOSE(rt_log_modified_bessel_first_kind_dz(v, z, f), want,
                    1e-7, 1e-6);
    }
    double f = rt_binary_log_loss(1, 0.3);
    CHECK_CLOSE(rt_binary_log_loss_dx(1, 0.3, f), -1 / 0.3, 1e-15, 1);
    f = rt_binary_log_loss(0, 0.3);
    CHECK_CLOSE(rt_binary_log_loss_dx(0, 0.3, f), 1 / 0.7, 1e-15, 1);
}

/* ------------------------------------------------------------ values */

static void test_values_libm_and_closed_forms(void **state)
{
    (void)state;
    for (double x = -40; x <= 40; x += 0.37) {
        CHECK_CLOSE(rt_inv_logit(x), 1 / (1 + exp(-x)), 1e-14, 1e-300);
        CHECK_CLOSE(rt_log_inv_logit(x), -log1p(exp(-x)), 1e-13,
                    1e-13);
        CHECK_CLOSE(rt_log1m_inv_logit(x), -log1p(exp(x)), 1e-13,
                    1e-13);
        CHECK_CLOSE(rt_log1p_exp(x), log1p(exp(x)), 1e-14, 1e-300);
        CHECK_CLOSE(rt_Phi_approx(x / 5),
                    1 / (1 + exp(-(0.07056 * pow(x / 5, 3) +
                                   1.5976 * x / 5))), 1e-14, 1e-300);
    }
    /* tails: no overflow, full precision */
    assert_true(rt_inv_logit(-800) == 0 && rt_inv_logit(800) == 1);
    CHECK_CLOSE(rt_inv_logit(-700), exp(-700), 1e-14, 0);
    assert_true(rt_log_inv_logit(-800) == -800);
    CHECK_CLOSE(rt_log_inv_logit(40), -exp(-40), 1e-14, 0);
    assert_true(rt_log1m_inv_logit(800) == -800);
    assert_true(rt_log1p_exp(800) == 800);
    CHECK_CLOSE(rt_inv_logit_dx(-40, rt_inv_logit(-40)), exp(-40), 1e-14, 0);
    CHECK_CLOSE(rt_inv_logit_dx(40, rt_inv_logit(40)), exp(-40), 1e-14, 0);
    CHECK_CLOSE(rt_logit(0.25), log(1.0 / 3), 1e-15, 0);
    assert_true(rt_logit(0) == -INFINITY && rt_logit(1) == INFINITY);
    assert_true(isnan(rt_logit(1.5)));

    /* log1m, log1p, log1m_exp and friends at their edges */
    assert_true(isnan(rt_log1m(1.5)) && rt_log1m(1) == -INFINITY);
    assert_true(isnan(rt_log1p(-1.5)) && rt_log1p(-1) == -INFINITY);
    CHECK_CLOSE(rt_log1m(1e-20), -1e-20, 1e-15, 0);
    assert_true(isnan(rt_log1m_exp(0.1)) && rt_log1m_exp(0) == -INFINITY);
    CHECK_CLOSE(rt_log1m_exp(-1e-10), log(1e-10), 1e-9, 0);
    CHECK_CLOSE(rt_log1m_exp(-50), -exp(-50), 1e-14, 0);
    CHECK_CLOSE(rt_inv_cloglog(0.3), 1 - exp(-exp(0.3)), 1e-15, 0);
    assert_true(isnan(rt_acosh(0.5)) && isnan(rt_atanh(1.5)));
    assert_true(rt_atanh(1) == INFINITY);

    /* log_sum_exp, log_diff_exp, log_mix, log_inv_logit_diff */
    assert_true(rt_log_sum_exp(-INFINITY, 3) == 3);
    assert_true(rt_log_sum_exp(3, -INFINITY) == 3);
    assert_true(rt_log_sum_exp(INFINITY, INFINITY) == INFINITY);
    CHECK_CLOSE(rt_log_sum_exp(1000, 1000), 1000 + log(2), 1e-15, 0);
    CHECK_CLOSE(rt_log_sum_exp(log(2), log(3)), log(5), 1e-15, 0);
    CHECK_CLOSE(rt_log_diff_exp(log(3), 0), log(2), 1e-15, 0);
    assert_true(isnan(rt_log_diff_exp(1, 2)));
    assert_true(rt_log_diff_exp(2, 2) == -INFINITY);
    assert_true(isnan(rt_log_diff_exp(INFINITY, INFINITY)));
    assert_true(rt_log_diff_exp(3, -INFINITY) == 3);
    CHECK_CLOSE(rt_log_mix(0.3, -1, 2), log(0.3 * exp(-1) + 0.7 * exp(2)),
                1e-15, 0);
    assert_true(isnan(rt_log_mix(1.5, 0, 0)) && isnan(rt_log_mix(0.5, NAN, 0)));
    CHECK_CLOSE(rt_log_mix(1, -2, 7), -2, 1e-15, 0);
    CHECK_CLOSE(rt_log_inv_logit_diff(1, -0.5),
                log(1 / (1 + exp(-1)) - 1 / (1 + exp(0.5))), 1e-14, 0);
    CHECK_CLOSE(rt_log_inv_logit_diff(INFINITY, 0), log(0.5), 1e-15, 0);
    assert_true(isnan(rt_log_inv_logit_diff(0, 1)));

    /* pow: Stan's derivative conventions */
    double dx, dy;
    rt_pow_d(0, 2.5, 0, &dx, &dy);
    assert_true(dx == 0 && dy == 0);
    rt_pow_d(0, 1, 0, &dx, &dy);
    assert_true(dx == 1 && dy == 0);
    rt_pow_d(-2, 3, -8, &dx, &dy);
    assert_true(dx == 12 && isnan(dy));
    assert_true(rt_pow(-8, 1.0 / 3) != rt_pow(-8, 1.0 / 3));

    /* fmax, fmin, fdim, fabs */
    assert_true(rt_fmax(NAN, 2) == 2 && rt_fmin(3, NAN) == 3);
    rt_fmax_d(2, 2, 2, &dx, &dy);
    assert_true(dx == 0 && dy == 1);
    rt_fmin_d(2, 2, 2, &dx, &dy);
    assert_true(dx == 0 && dy == 1);
    rt_fmax_d(NAN, 2, 2, &dx, &dy);
    assert_true(dx == 0 && dy == 1);
    assert_true(rt_fdim(1, 3) == 0 && rt_fdim(3, 1) == 2);
    assert_true(rt_fabs_dx(0, 0) == 0 && rt_fabs_dx(-0.0, 0) == 0);
    assert_true(rt_step(0) == 1 && rt_step(-0.5) == 0 && rt_step(NAN) == 1);
    assert_true(rt_int_step(0) == 0 && rt_int_step(2) == 1);
    assert_true(rt_int_step(NAN) == 0);
    assert_true(rt_is_inf(-INFINITY) == 1 && rt_is_inf(1) == 0);
    assert_true(rt_is_nan(NAN) == 1 && rt_is_nan(INFINITY) == 0);
    assert_true(rt_lmultiply(0, 0) == 0);
    CHECK_CLOSE(rt_lmultiply(2, 3), 2 * log(3), 1e-15, 0);
    CHECK_CLOSE(rt_binary_log_loss(1, 0.3), -log(0.3), 1e-15, 0);
    CHECK_CLOSE(rt_binary_log_loss(0, 0.3), -log(0.7), 1e-15, 0);
    /* Stan Math's y ? -log(y_hat) : -log1m(y_hat): any y but 0 is 1, and
     * only log1m checks y_hat (NaN here, its message rt_scalar_domain's) */
    CHECK_CLOSE(rt_binary_log_loss(2, 0.3), -log(0.3), 1e-15, 0);
    CHECK_CLOSE(rt_binary_log_loss(1, 1.3), -log(1.3), 1e-15, 0);
    assert_true(isnan(rt_binary_log_loss(0, 1.3)));
    assert_true(isnan(rt_binary_log_loss(1, -0.5)));
    assert_true(rt_round(2.5) == 3 && rt_trunc(-2.7) == -2);
    assert_true(rt_ceil(2.1) == 3 && rt_fmod(7.5, 2) == 1.5);
}

static void test_values_normal(void **state)
{
    (void)state;
    /* GSL's own lower tail is good to about 1e-12 relative */
    for (double x = -37; x <= 8.25; x += 0.173)
        CHECK_CLOSE(rt_Phi(x), gsl_cdf_ugaussian_P(x), 1e-12, 1e-300);
    assert_true(rt_Phi(-37.6) == 0 && rt_Phi(-37.4) > 0);
    assert_true(rt_Phi(8.26) == 1 && rt_Phi(8.2) < 1);
    assert_true(isnan(rt_Phi(NAN)));
    assert_true(rt_Phi(0) == 0.5);
    const double ps[] = {1e-300, 1e-100, 1e-20, 1e-8,      0.001, 0.02,
                         0.3,    0.5,    0.77,  1 - 1e-10, 0.999};
    for (size_t i = 0; i < sizeof ps / sizeof ps[0]; i++) {
        double x = rt_inv_Phi(ps[i]);
        CHECK_CLOSE(x, gsl_cdf_ugaussian_Pinv(ps[i]), 1e-12, 1e-12);
        /* Phi's relative slope is |x|: one ulp of x moves it by |x| ulps */
        if (ps[i] <= 0.5)
            CHECK_CLOSE(rt_Phi(x), ps[i], 1e-14 * fmax(1, x * x), 0);
    }
    assert_true(rt_inv_Phi(0) == -INFINITY && rt_inv_Phi(1) == INFINITY);
    assert_true(isnan(rt_inv_Phi(1.5)) && isnan(rt_inv_Phi(-0.1)));
    assert_true(isnan(rt_inv_Phi(NAN)));
    for (double x = -5; x <= 5; x += 0.25) {
        CHECK_CLOSE(rt_erf(x), erf(x), 1e-15, 1e-300);
        CHECK_CLOSE(rt_erfc(x), erfc(x), 1e-15, 1e-300);
    }
}

static void test_values_gamma_family(void **state)
{
    (void)state;
    const double xs[] = {-7.5, -2.3, -0.4, 1e-8, 0.1, 0.5, 1, 2.5, 10,
                         171.2, 1e5};
    for (size_t i = 0; i < sizeof xs / sizeof xs[0]; i++) {
        double x = xs[i];
        CHECK_CLOSE(rt_lgamma(x), gsl_sf_lngamma(x), 1e-13, 1e-13);
        CHECK_CLOSE(rt_digamma(x), gsl_sf_psi(x), 1e-13, 1e-13);
        CHECK_CLOSE(rt_trigamma(x), gsl_sf_psi_1(x), 1e-13, 1e-13);
        if (x < 171)
            CHECK_CLOSE(rt_tgamma(x), gsl_sf_gamma(x), 1e-13, 1e-300);
    }
    assert_true(rt_lgamma(0) == INFINITY && rt_lgamma(-3) == INFINITY);
    assert_true(isnan(rt_tgamma(0)) && isnan(rt_tgamma(-2)));
    CHECK_CLOSE(rt_tgamma(-0.5), -2 * sqrt(M_PI), 1e-15, 0);
    CHECK_CLOSE(rt_tgamma(5), 24, 1e-15, 0);
    CHECK_CLOSE(rt_digamma(1), -0.57721566490153286061, 1e-15, 0);
    CHECK_CLOSE(rt_trigamma(1), M_PI * M_PI / 6, 1e-15, 0);
    assert_true(isnan(rt_digamma(0)) && isnan(rt_digamma(-4)));
    /* psi_2 below zero, stepped up by the recurrence */
    CHECK_CLOSE(rt_trigamma_dx(-1.5, 0), gsl_sf_psi_n(2, 0.5) + 2 / 0.125 -
                2 / (-0.125 * 27), 1e-12, 0);

    CHECK_CLOSE(rt_lbeta(2, 3), log(1.0 / 12), 1e-15, 0);
    CHECK_CLOSE(rt_lbeta(0.5, 0.5), log(M_PI), 1e-15, 0);
    /* one argument huge: lgamma(b) - b log a + O(1/a) */
    CHECK_CLOSE(rt_lbeta(1e12, 0.5), lgamma(0.5) - 0.5 * log(1e12), 1e-11,
                0);
    assert_true(rt_lbeta(0, 1) == INFINITY && isnan(rt_lbeta(-1, 2)));
    assert_true(isnan(rt_lbeta(NAN, 2)));

    CHECK_CLOSE(rt_lchoose(5, 2), log(10), 1e-15, 0);
    CHECK_CLOSE(rt_lchoose(10.5, 3.2),
                lgamma(11.5) - lgamma(4.2) - lgamma(8.3), 1e-13, 0);
    CHECK_CLOSE(rt_lchoose(1e6, 3), log(1e6 * (1e6 - 1) * (1e6 - 2) / 6),
                1e-13, 0);
    assert_true(rt_lchoose(7, 0) == 0 && rt_lchoose(7, 7) == 0);
    assert_true(rt_lchoose(4, -1) == -INFINITY);
    assert_true(rt_lchoose(4, 5) == -INFINITY);
    assert_true(isnan(rt_lchoose(-2, 0)) && isnan(rt_lchoose(3, 5)));
    assert_true(isnan(rt_lchoose(3, -2)));
    CHECK_CLOSE(rt_binomial_coefficient_log(6, 3), log(20), 1e-15, 0);

    assert_true(rt_choose(5, 2) == 10 && rt_choose(2, 5) == 0);
    assert_true(rt_choose(0, 0) == 1 && rt_choose(30, 15) == 155117520);
    assert_true(rt_choose(33, 16) == 1166803110);
    assert_true(rt_choose(34, 17) == -1 && rt_choose(1000, 500) == -1);
    assert_true(rt_choose(-1, 0) == -1 && rt_choose(3, -1) == -1);
    assert_true(rt_choose(100000, 1) == 100000);

    CHECK_CLOSE(rt_falling_factorial(5, 2), 20, 1e-15, 0);
    CHECK_CLOSE(rt_falling_factorial(4.5, 0), 1, 1e-15, 0);
    CHECK_CLOSE(rt_rising_factorial(3, 3), 60, 1e-15, 0);
    CHECK_CLOSE(rt_rising_factorial(-0.5, 2), -0.25, 1e-15, 0);
    assert_true(isnan(rt_falling_factorial(3, -1)));
    assert_true(isnan(rt_rising_factorial(3, -1)));
    CHECK_CLOSE(rt_log_falling_factorial(5, 2), log(20), 1e-15, 0);
    CHECK_CLOSE(rt_log_rising_factorial(3, 3), log(60), 1e-15, 0);
    CHECK_CLOSE(rt_log_falling_factorial(4.5, 1.3),
                lgamma(5.5) - lgamma(4.2), 1e-14, 0);
    assert_true(isnan(rt_log_falling_factorial(0, 1)));
    assert_true(isnan(rt_log_rising_factorial(-1, 1)));
}

static void test_values_bessel(void **state)
{
    (void)state;
    const double xs[] = {0.01, 0.5, 2, 7.3, 40};
    for (int v = 0; v <= 5; v++)
        for (int i = 0; i < 5; i++) {
            double x = xs[i], sign = v % 2 ? -1 : 1;
            CHECK_CLOSE(rt_bessel_first_kind(v, x), gsl_sf_bessel_Jn(v, x),
                        1e-14, 1e-300);
            CHECK_CLOSE(rt_bessel_first_kind(-v, x),
                        sign * gsl_sf_bessel_Jn(v, x), 1e-14, 1e-300);
            CHECK_CLOSE(rt_bessel_first_kind(v, -x),
                        sign * gsl_sf_bessel_Jn(v, x), 1e-14, 1e-300);
            CHECK_CLOSE(rt_bessel_second_kind(v, x), gsl_sf_bessel_Yn(v, x),
                        1e-14, 1e-300);
            CHECK_CLOSE(rt_modified_bessel_first_kind(v, x),
                        gsl_sf_bessel_In(v, x), 1e-14, 1e-300);
            CHECK_CLOSE(rt_modified_bessel_first_kind(-v, -x),
                        sign * gsl_sf_bessel_In(v, x), 1e-14, 1e-300);
            CHECK_CLOSE(rt_modified_bessel_second_kind(v, x),
                        gsl_sf_bessel_Kn(v, x), 1e-14, 1e-300);
            CHECK_CLOSE(rt_log_modified_bessel_first_kind(v, x),
                        log(gsl_sf_bessel_In(v, x)), 1e-13, 1);
        }
    /* near z = 0 log I_0 is tiny: full relative precision */
    double q = 0.25 * 0.01 * 0.01;
    CHECK_CLOSE(rt_log_modified_bessel_first_kind(0, 0.01),
                log1p(q + q * q / 4 + q * q * q / 36), 1e-14, 0);
    assert_true(isnan(rt_bessel_second_kind(1, 0)));
    assert_true(isnan(rt_modified_bessel_second_kind(1, -1)));
    /* no abort on underflow: GSL's handler is off for the call */
    assert_true(rt_modified_bessel_second_kind(2, 800) == 0);
    assert_true(rt_bessel_first_kind(3, 1e-300) >= 0);
    CHECK_CLOSE(rt_log_modified_bessel_first_kind(0.5, 2000),
                2000 - 0.5 * log(2 * M_PI * 2000), 1e-6, 0);
    assert_true(rt_log_modified_bessel_first_kind(0, 0) == 0);
    assert_true(rt_log_modified_bessel_first_kind(2, 0) == -INFINITY);
    assert_true(isnan(rt_log_modified_bessel_first_kind(-1, 2)));
}

typedef struct OwensParams {
    double h, a;
} OwensParams;

static double owens_integrand(double x, void *p)
{
    const OwensParams *o = p;
    double q = 1 + x * x;
    return exp(-0.5 * o->h * o->h * q) / q / (2 * M_PI);
}

static void test_values_owens_t(void **state)
{
    (void)state;
    gsl_integration_workspace *w = gsl_integration_workspace_alloc(1000);
    const double hs[] = {0, 0.1, 0.7, 1.5, 3, 6, 12};
    const double as[] = {0.05, 0.5, 0.99, 1, 1.01, 2.5, 10, 100};
    for (int i = 0; i < 7; i++)
        for (int j = 0; j < 8; j++) {
            OwensParams o = {hs[i], as[j]};
            gsl_function fn = {owens_integrand, &o};
            double want, abserr;
            gsl_integration_qags(&fn, 0, as[j], 0, 1e-13, 1000, w, &want,
                                 &abserr);
            CHECK_CLOSE(rt_owens_t(hs[i], as[j]), want, 1e-11, 1e-300);
            CHECK_CLOSE(rt_owens_t(-hs[i], -as[j]), -want, 1e-11, 1e-300);
        }
    gsl_integration_workspace_free(w);
    for (double h = -3; h <= 3; h += 0.5) {
        double phi = gsl_cdf_ugaussian_P(h);
        CHECK_CLOSE(rt_owens_t(h, 1), 0.5 * phi * (1 - phi), 1e-13, 0);
        CHECK_CLOSE(rt_owens_t(h, INFINITY),
                    h == 0 ? 0.25 : 0.5 * gsl_cdf_ugaussian_Q(fabs(h)),
                    1e-13, 0);
    }
    CHECK_CLOSE(rt_owens_t(0, 3), atan(3) / (2 * M_PI), 1e-15, 0);
    assert_true(rt_owens_t(2, 0) == 0 && isnan(rt_owens_t(NAN, 1)));
}

static void test_values_inc_beta(void **state)
{
    (void)state;
    const double as[] = {0.1, 0.5, 1, 2.5, 30, 500};
    const double xs[] = {0, 1e-6, 0.05, 0.3, 0.5, 0.77, 0.999, 1};
    for (int i = 0; i < 6; i++)
        for (int j = 0; j < 6; j++)
            for (int k = 0; k < 8; k++)
                CHECK_CLOSE(rt_inc_beta(as[i], as[j], xs[k]),
                            gsl_sf_beta_inc(as[i], as[j], xs[k]), 1e-13,
                            1e-300);
    CHECK_CLOSE(rt_inc_beta(1, 1, 0.3), 0.3, 1e-15, 0);
    CHECK_CLOSE(rt_inc_beta(2, 1, 0.3), 0.09, 1e-14, 0);
    assert_true(isnan(rt_inc_beta(0, 1, 0.5)) && isnan(rt_inc_beta(1, 1, 2)));
    /* d/da of I_x(a, 1) = x^a is x^a log x; d/db of I_x(1, b) = 1 - (1-x)^b
     * is -(1-x)^b log(1-x) */
    double da, db, dx;
    rt_inc_beta_d(2.5, 1, 0.3, 0, &da, &db, &dx);
    CHECK_CLOSE(da, pow(0.3, 2.5) * log(0.3), 1e-13, 0);
    CHECK_CLOSE(dx, 2.5 * pow(0.3, 1.5), 1e-13, 0);
    rt_inc_beta_d(1, 3.5, 0.8, 0, &da, &db, &dx);
    CHECK_CLOSE(db, -pow(0.2, 3.5) * log(0.2), 1e-13, 0);
    rt_inc_beta_d(2, 3, 0, 0, &da, &db, &dx);
    assert_true(da == 0 && db == 0 && dx == 0);
}

/* falling_factorial and rising_factorial of ints: the exact products
 * (5 * 4 = 20, 3 * 4 * 5 = 60, 12! / 1 = 479001600, 13 * 12 * ... * 2 =
 * 13! = 6227020800 > INT_MAX), Stan's check_nonnegative of n, and a
 * product outside the range of int an error, never a conversion of a
 * double past INT_MAX to int (undefined behaviour). */
static void expect_factorial(bool rising, int x, int n, int want,
                             const char *msg)
{
    RtError err = {.msg = ""};
    int out = 12345;
    int rc = rising ? rt_rising_factorial_int(x, n, &out, &err)
                    : rt_falling_factorial_int(x, n, &out, &err);
    if (msg) {
        assert_int_equal(rc, -1);
        if (strcmp(err.msg, msg))
            fail_msg("(%d, %d): got \"%s\", want \"%s\"", x, n, err.msg,
                     msg);
        return;
    }
    assert_int_equal(rc, 0);
    assert_int_equal(out, want);
}

static void test_int_factorials(void **state)
{
    (void)state;
    expect_factorial(false, 5, 2, 20, NULL);
    expect_factorial(false, 5, 0, 1, NULL);
    expect_factorial(false, 0, 0, 1, NULL);
    expect_factorial(false, 3, 5, 0, NULL);      /* 3 * 2 * 1 * 0 * -1 */
    expect_factorial(false, 0, 3, 0, NULL);
    expect_factorial(false, -3, 3, -60, NULL);   /* -3 * -4 * -5 */
    expect_factorial(false, 12, 12, 479001600, NULL);
    expect_factorial(false, INT_MAX, 1, INT_MAX, NULL);
    expect_factorial(false, INT_MIN, 1, INT_MIN, NULL);
    /* 1 * 0 * ... : n up to INT_MAX ends at the zero */
    expect_factorial(false, 1, INT_MAX, 0, NULL);
    expect_factorial(true, 3, 3, 60, NULL);
    expect_factorial(true, -2, 2, 2, NULL);      /* -2 * -1 */
    expect_factorial(true, -2, 5, 0, NULL);      /* passes 0 */
    expect_factorial(true, -1, INT_MAX, 0, NULL);
    expect_factorial(true, 1, 12, 479001600, NULL);
    expect_factorial(false, 13, 13, 0,
                     "falling_factorial: falling_factorial(13, 13) is "
                     "6.22702e+09, but must be in the range of int "
                     "[-2147483648, 2147483647]");
    expect_factorial(true, 1, 13, 0,
                     "rising_factorial: rising_factorial(1, 13) is "
                     "6.22702e+09, but must be in the range of int "
                     "[-2147483648, 2147483647]");
    /* below INT_MIN: -2^31 * (-2^31 - 1) ... and a long run */
    expect_factorial(false, INT_MIN, 2, 0,
                     "falling_factorial: falling_factorial(-2147483648, 2) "
                     "is 4.61169e+18, but must be in the range of int "
                     "[-2147483648, 2147483647]");
    expect_factorial(false, -2, INT_MAX, 0,
                     "falling_factorial: falling_factorial(-2, 2147483647) "
                     "is -inf, but must be in the range of int "
                     "[-2147483648, 2147483647]");
    expect_factorial(false, INT_MAX, 2, 0,
                     "falling_factorial: falling_factorial(2147483647, 2) "
                     "is 4.61169e+18, but must be in the range of int "
                     "[-2147483648, 2147483647]");
    expect_factorial(true, 5, -1, 0,
                     "rising_factorial: second argument is -1, but must be "
                     "nonnegative!");
    expect_factorial(false, 5, -1, 0,
                     "falling_factorial: second argument is -1, but must be "
                     "nonnegative!");
}

/* ----------------------------------------------------------- messages */

static void expect_message(const char *fn, int nargs, const double *args,
                           const char *want)
{
    RtError err = {.msg = ""};
    int rc = rt_scalar_domain(fn, nargs, args, &err);
    if (!want) {
        assert_int_equal(rc, 0);
        return;
    }
    assert_int_equal(rc, -1);
    if (strcmp(err.msg, want))
        fail_msg("%s: got \"%s\", want \"%s\"", fn, err.msg, want);
}

static void test_domain_messages(void **state)
{
    (void)state;
    expect_message("log1m", 1, (double[]){2},
                   "log1m: x is 2, but must be less than or equal to "
                   "1.000000");
    expect_message("log1m", 1, (double[]){0.5}, NULL);
    expect_message("falling_factorial", 2, (double[]){NAN, 2},
                   "falling_factorial: first argument is nan, but must not "
                   "be nan!");
    expect_message("rising_factorial", 2, (double[]){2.5, -1},
                   "rising_factorial: second argument is -1, but must be "
                   "nonnegative!");
    expect_message("log1p", 1, (double[]){-1.5},
                   "log1p: x is -1.5, but must be greater than or equal to "
                   "-1.000000");
    expect_message("Phi", 1, (double[]){NAN},
                   "Phi: x is nan, but must not be nan!");
    expect_message("inv_Phi", 1, (double[]){1.5},
                   "inv_Phi: Probability variable is 1.5, but must be in "
                   "the interval [0, 1]");
    expect_message("lbeta", 2, (double[]){1, -2},
                   "lbeta: second argument is -2, but must be "
                   "nonnegative!");
    expect_message("lchoose", 2, (double[]){3, 5},
                   "binomial_coefficient_log: (first argument - second "
                   "argument + 1) is -1, but must be greater than or equal "
                   "to 0.000000");
    expect_message("log_mix", 3, (double[]){1.2, 0, 0},
                   "log_mix: theta is 1.2, but must be in the interval "
                   "[0, 1]");
    expect_message("log_falling_factorial", 2, (double[]){-1, 2},
                   "log_falling_factorial: first argument is -1, but must "
                   "be positive!");
    expect_message("choose", 2, (double[]){40, 20},
                   "choose: n choose k is 1.37847e+11, but must be less "
                   "than or equal to 2147483647");
    expect_message("modified_bessel_second_kind", 2, (double[]){1, 0},
                   "modified_bessel_second_kind: z is 0, but must be "
                   "positive!");
    expect_message("atanh", 1, (double[]){-2},
                   "atanh: x is -2, but must be in the interval [-1, 1]");
    expect_message("tgamma", 1, (double[]){-3},
                   "tgamma: x is -3, but must not be 0 or a negative "
                   "integer");
    expect_message("log_diff_exp", 2, (double[]){1, 2}, NULL);
    expect_message("sqrt", 1, (double[]){-1}, NULL);
    assert_int_equal(rt_scalar_domain("log1m", 1, (double[]){2}, NULL), -1);
}

int main(void)
{
    gsl_set_error_handler_off();    /* the reference integrals' warnings */
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_unary_derivatives),
        cmocka_unit_test(test_binary_derivatives),
        cmocka_unit_test(test_ternary_derivatives),
        cmocka_unit_test(test_int_argument_derivatives),
        cmocka_unit_test(test_values_libm_and_closed_forms),
        cmocka_unit_test(test_values_normal),
        cmocka_unit_test(test_values_gamma_family),
        cmocka_unit_test(test_values_bessel),
        cmocka_unit_test(test_values_owens_t),
        cmocka_unit_test(test_values_inc_beta),
        cmocka_unit_test(test_int_factorials),
        cmocka_unit_test(test_domain_messages),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
