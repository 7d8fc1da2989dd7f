/* test_rt_math_bessel.c - log_modified_bessel_first_kind
 * (math_bessel.c): values against GSL and closed forms, both partials
 * against central differences and a closed form (DLMF 10.38.6), Stan's
 * conventions at v = 0, 1 and z = 0, inf. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>
#include <gsl/gsl_sf_bessel.h>
#include <gsl/gsl_sf_expint.h>
#include <math.h>
#include <string.h>

#include "pplrt.h"
#include "rt_scalar.h"

#define CLOSE(a, b, tol) assert_true(fabs((a) - (b)) <= (tol) * (1 + fabs(b)))

static double lbi(double v, double z)
{
    return rt_log_modified_bessel_first_kind(v, z);
}

/* ----------------------------------------------------- Bessel values */

/* log I_v(z) by the power series in long double, relative to its first
 * term: an independent value for moderate z. */
static double series_log_bessel_i(double v, double z)
{
    long double h2 = 0.25L * z * z, t = 1, s = 1;
    for (int k = 1; k < 2000 && t > 1e-22L * s; k++) {
        t *= h2 / ((long double)k * (k + v));
        s += t;
    }
    return (double)(v * logl(0.5L * z) - lgammal(v + 1.0L) + logl(s));
}

static void test_bessel_values(void **state)
{
    (void)state;
    const double zs[] = {0.01, 0.5, 3, 19.5, 30, 300, 2500, 1e4};
    for (int n = 0; n <= 5; n++)
        for (size_t i = 0; i < sizeof zs / sizeof zs[0]; i++) {
            double z = zs[i];
            /* GSL's scaled I_n: log I_n(z) = log(e^-z I_n(z)) + z */
            double want = log(gsl_sf_bessel_In_scaled(n, z)) + z;
            if (fabs(lbi(n, z) - want) > 1e-13 * (1 + fabs(want)))
                fail_msg("log I_%d(%g) = %.17g, want %.17g", n, z,
                         lbi(n, z), want);
        }
    /* I_1/2(z) = sqrt(2 / (pi z)) sinh z */
    for (size_t i = 0; i < sizeof zs / sizeof zs[0]; i++) {
        double z = zs[i];
        double want = 0.5 * log(2 / (M_PI * z)) + z + log1p(-exp(-2 * z))
                      - M_LN2;
        CLOSE(lbi(0.5, z), want, 1e-13);
    }
    /* non-integer orders against the series */
    const double vs[] = {0.3, 2.7, 7.25, 20.5};
    const double zm[] = {0.01, 0.8, 4, 19.5, 45};
    for (int a = 0; a < 4; a++)
        for (int b = 0; b < 5; b++)
            CLOSE(lbi(vs[a], zm[b]), series_log_bessel_i(vs[a], zm[b]),
                  1e-13);
}

/* ----------------------------------------------------- Bessel partials */

/* The five-point central difference of log I in v (which = 0) or z. */
static double fd5(int which, double v, double z, double h)
{
    double f[4];
    const double steps[4] = {-2, -1, 1, 2};
    for (int i = 0; i < 4; i++)
        f[i] = which == 0 ? lbi(v + steps[i] * h, z)
                          : lbi(v, z + steps[i] * h);
    return (f[0] - 8 * f[1] + 8 * f[2] - f[3]) / (12 * h);
}

static void test_bessel_partials(void **state)
{
    (void)state;
    const double vs[] = {0.3, 0.5, 1.5, 2.7, 7.2, 25.5};
    const double zs[] = {0.05, 0.9, 4, 19, 21, 60, 700, 1e4};
    for (size_t a = 0; a < sizeof vs / sizeof vs[0]; a++)
        for (size_t b = 0; b < sizeof zs / sizeof zs[0]; b++) {
            double v = vs[a], z = zs[b], f = lbi(v, z), dv, dz;
            rt_log_modified_bessel_first_kind_d(v, z, f, &dv, &dz);
            double hv = 1e-3 * fmin(v, 1), hz = 1e-3 * fmin(z, 1 + z / 50);
            double fv = fd5(0, v, z, hv), fz = fd5(1, v, z, hz);
            /* rounding in f, divided by the step */
            double slack = 1e-15 * fabs(f);
            if (fabs(dv - fv) > 1e-8 * (1 + fabs(fv)) + slack / hv)
                fail_msg("d/dv at (%g, %g): %.12g, difference %.12g", v, z,
                         dv, fv);
            if (fabs(dz - fz) > 1e-8 * (1 + fabs(fz)) + slack / hz)
                fail_msg("d/dz at (%g, %g): %.12g, difference %.12g", v, z,
                         dz, fz);
        }
    /* DLMF 10.38.6: d I_v / dv at v = 1/2 is -(2 pi x)^-1/2 (E1(2x) e^x +
     * Ei(2x) e^-x); divided by I_1/2 = (2 / (pi x))^1/2 sinh x */
    const double xs[] = {0.1, 1, 5, 19, 25, 100, 300};
    for (size_t i = 0; i < sizeof xs / sizeof xs[0]; i++) {
        double x = xs[i], dv, dz;
        double want = -(gsl_sf_expint_E1(2 * x) * exp(x)
                        + gsl_sf_expint_Ei(2 * x) * exp(-x)) / (2 * sinh(x));
        rt_log_modified_bessel_first_kind_d(0.5, x, lbi(0.5, x), &dv, &dz);
        if (fabs(dv - want) > 1e-12 * fabs(want))
            fail_msg("d/dv at (0.5, %g): %.17g, want %.17g", x, dv, want);
        /* d/dz log I_1/2 = coth z - 1 / (2 z) */
        CLOSE(dz, 1 / tanh(x) - 0.5 / x, 1e-13);
    }
    /* large z: -v / z to first order, -(v / z)(1 + 1 / (2 z)) to second */
    double dv, dz;
    rt_log_modified_bessel_first_kind_d(0.5, 1e4, lbi(0.5, 1e4), &dv, &dz);
    CLOSE(dv, -0.5 / 1e4 * (1 + 0.5 / 1e4), 1e-11);
}

/* Where Stan's evaluation does not depend on v, or returns a constant. */
static void test_bessel_conventions(void **state)
{
    (void)state;
    double dv, dz;
    for (int v = 0; v <= 1; v++) {
        double z = 2.5, f = lbi(v, z);
        rt_log_modified_bessel_first_kind_d(v, z, f, &dv, &dz);
        assert_true(dv == 0);
        CLOSE(dz, fd5(1, v, z, 1e-3), 1e-9);
        CLOSE(dz, gsl_sf_bessel_In(v + 1, z) / gsl_sf_bessel_In(v, z)
                      + v / z, 1e-13);
    }
    rt_log_modified_bessel_first_kind_d(2.5, 0, lbi(2.5, 0), &dv, &dz);
    assert_true(dv == 0 && dz == 0);
    rt_log_modified_bessel_first_kind_d(0.7, INFINITY, INFINITY, &dv, &dz);
    assert_true(dv == 0 && dz == 1);
    rt_log_modified_bessel_first_kind_d(-0.5, 2, NAN, &dv, &dz);
    assert_true(isnan(dv) && isnan(dz));
    rt_log_modified_bessel_first_kind_d(1.5, -2, NAN, &dv, &dz);
    assert_true(isnan(dv) && isnan(dz));
    rt_log_modified_bessel_first_kind_d(NAN, 2, NAN, &dv, &dz);
    assert_true(isnan(dv) && isnan(dz));
    /* the two series meet where Hankel's takes over (z = max(20, v^2)):
     * both sides agree */
    const double meet[] = {0.05, 0.3, 2.7, 5, 7.5};
    for (int i = 0; i < 5; i++) {
        double v = meet[i], z = fmax(20, v * v), lo, hi;
        rt_log_modified_bessel_first_kind_d(v, z * (1 - 1e-15), 0, &lo, &dz);
        rt_log_modified_bessel_first_kind_d(v, z * (1 + 1e-15), 0, &hi, &dz);
        if (fabs(lo - hi) > 1e-12 * fabs(hi))
            fail_msg("v = %g: %.17g below z = %g, %.17g above", v, lo, z,
                     hi);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_bessel_values),
        cmocka_unit_test(test_bessel_partials),
        cmocka_unit_test(test_bessel_conventions),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
