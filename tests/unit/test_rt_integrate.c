/* test_rt_integrate.c - integrate_1d (rt_integrate.h): integrals against
 * closed forms on finite, half-infinite and infinite intervals, xc as the
 * Stan Functions Reference defines it on each, the gradient with respect
 * to theta and to the bounds against closed forms, Stan's rule for a NaN
 * gradient where the integrand vanishes, the argument checks, a failing
 * integrand, and an integral that does not converge. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "pplrt.h"
#include "rt_integrate.h"

/* which: the integrand; lo and hi the interval, for the xc check (the
 * largest difference from the expected xc goes to xc_error). */
typedef struct Ctx {
    int which;
    double theta[2];
    double lo, hi;
    double xc_error;
    long calls;
} Ctx;

enum { EXP_DECAY, GAUSS, INV_X, FAILS, VANISHING };

static double expected_xc(const Ctx *c, double x)
{
    if (isinf(c->lo) || isinf(c->hi))
        return NAN;
    double lo = c->lo, hi = c->hi;
    if (lo < 0 && hi > 0) {
        if (x < 0)
            hi = 0;
        else
            lo = 0;
    }
    return x - lo <= hi - x ? lo - x : hi - x;
}

static int f(void *ctx, double x, double xc, double *fx, RtError *err)
{
    Ctx *c = ctx;
    c->calls++;
    double want = expected_xc(c, x);
    if (isnan(want) != isnan(xc))
        c->xc_error = INFINITY;
    else if (!isnan(want))
        c->xc_error = fmax(c->xc_error, fabs(xc - want));
    double k = c->theta[0];
    switch (c->which) {
    case EXP_DECAY: *fx = exp(-k * x); break;
    case GAUSS: *fx = exp(-k * (x - c->theta[1]) * (x - c->theta[1])); break;
    case INV_X: *fx = 1 / x; break;
    case VANISHING: *fx = x > 0.5 ? 0 : 1; break;
    default: return rt_error(err, "my_integrand: cannot evaluate at %g", x);
    }
    return 0;
}

static int grad(void *ctx, double x, double xc, double *g, RtError *err)
{
    (void)xc, (void)err;
    Ctx *c = ctx;
    double k = c->theta[0], m = c->theta[1];
    switch (c->which) {
    case EXP_DECAY: g[0] += -x * exp(-k * x); break;
    case GAUSS:
        g[0] += -(x - m) * (x - m) * exp(-k * (x - m) * (x - m));
        g[1] += 2 * k * (x - m) * exp(-k * (x - m) * (x - m));
        break;
    case VANISHING: g[0] += x > 0.5 ? NAN : 0; break;
    default: g[0] += NAN; break;
    }
    return 0;
}

static double integral(Ctx *c, double a, double b, double tol)
{
    RtIntegrand itg = {2, f, grad, c};
    double v = NAN;
    RtError err = {.msg = ""};
    c->lo = a;
    c->hi = b;
    c->xc_error = 0;
    if (rt_integrate_1d(&itg, a, b, tol, &v, &err))
        fail_msg("[%g, %g]: %s", a, b, err.msg);
    assert_true(c->xc_error < 1e-15);
    return v;
}

static void test_closed_forms(void **state)
{
    (void)state;
    Ctx e = {.which = EXP_DECAY, .theta = {1.5, 0}};
    Ctx g = {.which = GAUSS, .theta = {2, 0.3}};
    double tol = RT_INTEGRATE_1D_TOLERANCE;
    assert_true(fabs(integral(&e, 0, 2, tol) - (1 - exp(-3)) / 1.5) < 1e-12);
    assert_true(fabs(integral(&e, -1, 2, tol)
                     - (exp(1.5) - exp(-3)) / 1.5) < 1e-11);
    assert_true(fabs(integral(&e, 0, INFINITY, tol) - 1 / 1.5) < 1e-10);
    double s = sqrt(M_PI / 2);
    assert_true(fabs(integral(&g, -INFINITY, INFINITY, tol) - s) < 1e-10);
    assert_true(fabs(integral(&g, -INFINITY, 0.3, tol) - s / 2) < 1e-10);
    assert_true(fabs(integral(&g, -1, INFINITY, tol)
                     - s / 2 * (1 + erf(1.3 * sqrt(2)))) < 1e-10);
    /* a == b: 0, the integrand never called */
    e.calls = 0;
    assert_true(integral(&e, 1, 1, tol) == 0 && e.calls == 0);
}

static void test_gradient(void **state)
{
    (void)state;
    Ctx c = {.which = EXP_DECAY, .theta = {1.5, 0}};
    RtIntegrand itg = {1, f, grad, &c};
    double g[1], ga, gb;
    c.lo = 0.5;
    c.hi = 2;
    assert_int_equal(rt_integrate_1d_grad(&itg, 0.5, 2,
                                          RT_INTEGRATE_1D_TOLERANCE, g, &ga,
                                          &gb, NULL), 0);
    /* d/dk (e^{-k a} - e^{-k b}) / k */
    double k = 1.5, a = 0.5, b = 2;
    double want = (-a * exp(-k * a) + b * exp(-k * b)) / k
                  - (exp(-k * a) - exp(-k * b)) / (k * k);
    assert_true(fabs(g[0] - want) < 1e-11);
    assert_true(fabs(ga + exp(-k * a)) < 1e-15);
    assert_true(fabs(gb - exp(-k * b)) < 1e-15);
    /* a bound that is infinite, or not wanted, has no derivative */
    Ctx gs = {.which = GAUSS, .theta = {2, 0.3}, .lo = -INFINITY,
              .hi = INFINITY};
    RtIntegrand g2 = {2, f, grad, &gs};
    double gg[2];
    ga = gb = 7;
    assert_int_equal(rt_integrate_1d_grad(&g2, -INFINITY, INFINITY,
                                          RT_INTEGRATE_1D_TOLERANCE, gg, &ga,
                                          NULL, NULL), 0);
    /* sqrt(pi / k): d/dk = -sqrt(pi) / (2 k^1.5), d/dm = 0 */
    assert_true(fabs(gg[0] + sqrt(M_PI) / (2 * pow(2, 1.5))) < 1e-10);
    assert_true(fabs(gg[1]) < 1e-10);
    assert_true(ga == 0 && gb == 7);
}

static void test_nan_gradient(void **state)
{
    (void)state;
    /* NaN where f is 0 counts as 0 (Stan's rule) */
    Ctx c = {.which = VANISHING, .theta = {1, 0}, .lo = 0, .hi = 1};
    RtIntegrand itg = {1, f, grad, &c};
    double g[1];
    RtError err = {.msg = ""};
    assert_int_equal(rt_integrate_1d_grad(&itg, 0, 1, 1e-8, g, NULL, NULL,
                                          &err), 0);
    assert_true(g[0] == 0);
    /* elsewhere it is an error */
    Ctx e = {.which = INV_X, .theta = {1, 0}, .lo = 1, .hi = 2};
    RtIntegrand inv = {1, f, grad, &e};
    assert_int_equal(rt_integrate_1d_grad(&inv, 1, 2, 1e-8, g, NULL, NULL,
                                          &err), -1);
    assert_string_equal(err.msg, "integrate_1d: the gradient of the "
                        "integrand with respect to theta[1] is nan at "
                        "x = 1.5, but must be finite!");
}

static void expect_failure(Ctx *c, double a, double b, double tol,
                           const char *want)
{
    RtIntegrand itg = {1, f, grad, c};
    double v;
    RtError err = {.msg = ""};
    assert_int_equal(rt_integrate_1d(&itg, a, b, tol, &v, &err), -1);
    if (strcmp(err.msg, want) != 0)
        fail_msg("got \"%s\", expected \"%s\"", err.msg, want);
}

static void test_failures(void **state)
{
    (void)state;
    Ctx e = {.which = EXP_DECAY, .theta = {1, 0}};
    expect_failure(&e, 2, 1, 1e-8, "integrate_1d: lower limit is 2, but "
                   "must be less than or equal to 1.000000");
    expect_failure(&e, NAN, 1, 1e-8, "integrate_1d: lower limit is nan, but "
                   "must be less than or equal to 1.000000");
    expect_failure(&e, -INFINITY, -INFINITY, 1e-8, "integrate_1d: "
                   "Integration endpoints are both -inf");
    expect_failure(&e, 0, 1, -1, "integrate_1d: relative_tolerance is -1, "
                   "but must be positive finite!");
    Ctx bad = {.which = FAILS, .theta = {1, 0}};
    expect_failure(&bad, 0, 1, 1e-8, "my_integrand: cannot evaluate at 0.5");
    /* 1/x on (0, 1] has no integral: GSL's estimate does not converge */
    Ctx inv = {.which = INV_X, .theta = {1, 0}};
    RtIntegrand itg = {1, f, grad, &inv};
    double v;
    RtError err = {.msg = ""};
    assert_int_equal(rt_integrate_1d(&itg, 0, 1, 1e-8, &v, &err), -1);
    assert_true(strncmp(err.msg, "integrate_1d: error estimate of integral ",
                        40) == 0);
    assert_non_null(strstr(err.msg, " exceeds the given relative tolerance "
                           "times norm of integral"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_closed_forms),
        cmocka_unit_test(test_gradient),
        cmocka_unit_test(test_nan_gradient),
        cmocka_unit_test(test_failures),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
