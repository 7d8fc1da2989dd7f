/* test_rt_math_hypergeometric.c - hypergeometric_1F0, _2F1, _3F2 and _pFq
 * (math_hypergeometric.c; Stan Functions Reference, "Hypergeometric
 * functions").
 *
 * Values against closed forms (DLMF 15.4 and 16): 2F1(1, 1; 2; z) =
 * -log(1 - z) / z inside the unit disk and past z = -1 (Euler's
 * transformation), 2F1(a, b; b; z) = (1 - z)^(-a), 2F1(1/2, 1/2; 3/2;
 * z^2) = asin(z) / z, a terminating 2F1 at z = 3 as its polynomial,
 * 3F2(1, 1, 1; 2, 2; z) = Li2(z) / z (GSL's dilog), 0F0(;; z) = e^z,
 * 0F1(; 1; -x^2 / 4) = J0(x) (GSL's Bessel), 1F1(1; 2; z) = (e^z - 1) / z,
 * 1F0(a;; z) = (1 - z)^(-a); d/dz 2F1 = a b / c 2F1(a + 1, b + 1; c + 1;
 * z) (GSL's 2F1); every partial against central differences; the
 * messages where the series does not converge. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <math.h>
#include <stdbool.h>
#include <string.h>

#include <gsl/gsl_sf_bessel.h>
#include <gsl/gsl_sf_dilog.h>
#include <gsl/gsl_sf_hyperg.h>

#include "pplrt.h"
#include "rt_hypergeometric.h"
#include "rt_fd_check.h"

static RtArg val(const double *x, int n)
{
    RtArg a = {x, NULL, n, false, true};
    return a;
}

static double f21(double a, double b, double c, double z, RtError *err)
{
    return rt_hypergeometric_2F1(val(&a, 1), val(&b, 1), val(&c, 1),
                                 val(&z, 1), 0, err);
}

static double pfq(const double *a, int p, const double *b, int q, double z,
                  RtError *err)
{
    return rt_hypergeometric_pFq(val(a, p), val(b, q), val(&z, 1), 0, err);
}

static bool close_to(double got, double want, double tol)
{
    return fabs(got - want) <= tol * fmax(1, fabs(want));
}

static void test_2f1_values(void **state)
{
    (void)state;
    RtError err = {.msg = ""};
    const double zs[] = {0.5, -0.5, 0.9, -1.0, -3.0, -20.0};
    for (size_t i = 0; i < sizeof zs / sizeof zs[0]; i++)
        assert_true(close_to(f21(1, 1, 2, zs[i], &err),
                             -log1p(-zs[i]) / zs[i], 1e-13));
    assert_true(close_to(f21(0.7, 1.3, 1.3, 0.4, &err), pow(0.6, -0.7),
                         1e-13));
    assert_true(close_to(f21(0.7, 1.3, 1.3, -2.5, &err), pow(3.5, -0.7),
                         1e-13));
    double x = 0.6;
    assert_true(close_to(f21(0.5, 0.5, 1.5, x * x, &err), asin(x) / x,
                         1e-13));
    /* a = -2 terminates: 1 - 2 b z / c + b (b + 1) z^2 / (c (c + 1)) */
    double b = 1.5, c = 2.5, z = 3;
    assert_true(close_to(f21(-2, b, c, z, &err),
                         1 - 2 * b * z / c + b * (b + 1) * z * z
                                                 / (c * (c + 1)),
                         1e-13));
    assert_string_equal(err.msg, "");
}

static void test_pfq_values(void **state)
{
    (void)state;
    RtError err = {.msg = ""};
    const double one3[3] = {1, 1, 1}, two2[2] = {2, 2};
    for (double z = -0.9; z < 0.95; z += 0.3) {
        double want = z == 0 ? 1 : gsl_sf_dilog(z) / z;
        assert_true(close_to(rt_hypergeometric_3F2(val(one3, 3), val(two2, 2),
                                                   val(&z, 1), 0, &err),
                             want, 1e-13));
        assert_true(close_to(pfq(one3, 3, two2, 2, z, &err), want, 1e-13));
    }
    assert_true(close_to(pfq(NULL, 0, NULL, 0, 2.5, &err), exp(2.5), 1e-14));
    const double one = 1, two = 2;
    assert_true(close_to(pfq(NULL, 0, &one, 1, -9.0 / 4, &err),
                         gsl_sf_bessel_J0(3), 1e-13));
    assert_true(close_to(pfq(&one, 1, &two, 1, -4, &err),
                         expm1(-4) / -4, 1e-13));
    double a = 0.8, z = -0.6;
    assert_true(close_to(rt_hypergeometric_1F0(val(&a, 1), val(&z, 1), 0,
                                               &err),
                         pow(1.6, -0.8), 1e-15));
    assert_string_equal(err.msg, "");
}

/* d/dz 2F1(a, b; c; z) = a b / c 2F1(a + 1, b + 1; c + 1; z). */
static void test_2f1_dz_identity(void **state)
{
    (void)state;
    double p[4] = {0.7, 1.4, 2.9, 0.35}, g[4] = {0};
    RtError err = {.msg = ""};
    RtArg args[4];
    for (int i = 0; i < 4; i++)
        args[i] = (RtArg){p + i, g + i, 1, true, false};
    rt_hypergeometric_2F1(args[0], args[1], args[2], args[3], 1, &err);
    double want = p[0] * p[1] / p[2]
                  * gsl_sf_hyperg_2F1(p[0] + 1, p[1] + 1, p[2] + 1, p[3]);
    assert_true(close_to(g[3], want, 1e-12));
}

/* x: a1, a2, b1, z of 2F1 (ctx NULL), or a (3), b (2), z of 3F2. */
static double eval_2f1(const double *x, double *g, void *ctx)
{
    (void)ctx;
    RtError err = {.msg = ""};
    RtArg a[4];
    for (int i = 0; i < 4; i++)
        a[i] = (RtArg){x + i, g ? g + i : NULL, 1, true, false};
    double v = rt_hypergeometric_2F1(a[0], a[1], a[2], a[3], 1, &err);
    assert_false(isnan(v));
    return v;
}

static double eval_3f2(const double *x, double *g, void *ctx)
{
    (void)ctx;
    RtError err = {.msg = ""};
    double v = rt_hypergeometric_3F2((RtArg){x, g, 3, true, true},
                                     (RtArg){x + 3, g ? g + 3 : NULL, 2, true, true},
                                     (RtArg){x + 5, g ? g + 5 : NULL, 1, true, false},
                                     1, &err);
    assert_false(isnan(v));
    return v;
}

static double eval_1f0(const double *x, double *g, void *ctx)
{
    (void)ctx;
    RtError err = {.msg = ""};
    return rt_hypergeometric_1F0((RtArg){x, g, 1, true, false},
                                 (RtArg){x + 1, g ? g + 1 : NULL, 1, true, false}, 1,
                                 &err);
}

static void test_gradients(void **state)
{
    (void)state;
    const double inside[4] = {0.7, 1.4, 2.9, 0.35};
    const double euler[4] = {0.7, 1.4, 2.9, -2.4};
    const double poly[4] = {-3, 1.4, 2.9, 0.5};
    assert_true(fd_worst(eval_2f1, NULL, inside, 4, 1e-4) < 1e-8);
    assert_true(fd_worst(eval_2f1, NULL, euler, 4, 1e-4) < 1e-8);
    assert_true(fd_worst(eval_2f1, NULL, poly, 4, 1e-4) < 1e-8);
    const double x32[6] = {0.6, 1.1, 1.7, 2.2, 3.1, -0.7};
    assert_true(fd_worst(eval_3f2, NULL, x32, 6, 1e-4) < 1e-8);
    const double x10[2] = {1.3, -0.4};
    assert_true(fd_worst(eval_1f0, NULL, x10, 2, 1e-4) < 1e-8);
}

static void test_errors(void **state)
{
    (void)state;
    RtError err = {.msg = ""};
    assert_true(isnan(f21(1, 1, 2, 1.5, &err)));
    assert_string_equal(err.msg, "hypergeometric_2F1: the series does not "
                        "converge for z = 1.5 (p = 2, q = 1: it converges "
                        "for |z| < 1 when p = q + 1, for every z when p <= "
                        "q, and everywhere when an element of a is a "
                        "non-positive integer)");
    RtError err2 = {.msg = ""};
    const double a3[3] = {1, 2, 3}, b1 = 4;
    assert_true(isnan(pfq(a3, 3, &b1, 1, 0.1, &err2)));
    assert_non_null(strstr(err2.msg, "hypergeometric_pFq: the series does "
                           "not converge for z = 0.1 (p = 3, q = 1"));
    RtError err3 = {.msg = ""};
    double a = 1, z = -1;
    assert_true(isnan(rt_hypergeometric_1F0(val(&a, 1), val(&z, 1), 0,
                                            &err3)));
    assert_string_equal(err3.msg, "hypergeometric_1F0: abs(z) is 1, but "
                        "must be less than 1");
    RtError err4 = {.msg = ""};
    assert_true(isnan(rt_hypergeometric_3F2(val(a3, 2), val(a3, 2),
                                            val(&z, 1), 0, &err4)));
    assert_string_equal(err4.msg, "hypergeometric_3F2: size of a (2) must "
                        "be 3");
    RtError err5 = {.msg = ""};
    const double a2[2] = {1, 1}, bpole = -2;
    assert_true(isnan(pfq(a2, 2, &bpole, 1, 0.5, &err5)));
    assert_string_equal(err5.msg, "hypergeometric_pFq: an element of b is "
                        "the non-positive integer -2: the series has a "
                        "pole");
    /* a terminating series outside the disk: its value, but not its
     * derivative in the terminating a */
    RtError err6 = {.msg = ""};
    const double ap[3] = {-2, 1.5, 2}, bp = 2.5;
    assert_false(isnan(pfq(ap, 3, &bp, 1, 3, &err6)));
    double ga[3] = {0}, zz = 3;
    assert_true(isnan(rt_hypergeometric_pFq((RtArg){ap, ga, 3, true, true},
                                            val(&bp, 1), val(&zz, 1), 1,
                                            &err6)));
    assert_non_null(strstr(err6.msg, "derivative in a does not converge"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_2f1_values),
        cmocka_unit_test(test_pfq_values),
        cmocka_unit_test(test_2f1_dz_identity),
        cmocka_unit_test(test_gradients),
        cmocka_unit_test(test_errors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
