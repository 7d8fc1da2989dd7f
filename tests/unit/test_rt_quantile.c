/* test_rt_quantile.c - math_quantile.c: student_t_qf against closed forms
 * (nu = 1 is the Cauchy quantile mu + sigma tan(pi (p - 1/2)); nu = 2 is
 * (2p - 1) / sqrt(2 p (1 - p)), Abramowitz and Stegun 26.7.5 inverted)
 * and a tabulated value (t_{0.975} with 10 degrees of freedom, 2.228138852,
 * A&S Table 26.10), the round trip through rt_student_t_cdf's
 * definition via the incomplete beta function, every partial against a
 * central difference, and Stan's domain messages. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <math.h>
#include <stdbool.h>
#include <string.h>

#include "pplrt.h"
#include "rt_scalar.h"

static void check_close(double got, double want, double tol)
{
    if (!(fabs(got - want) <= tol * fmax(1, fabs(want))))
        fail_msg("got %.17g, want %.17g", got, want);
}

static void test_values(void **state)
{
    (void)state;
    const double pi = 3.14159265358979323846;
    double ps[] = {0.01, 0.2, 0.4, 0.6, 0.975};
    for (int i = 0; i < 5; i++) {
        double p = ps[i];
        check_close(rt_student_t_qf(p, 1, 0.5, 2),
                    0.5 + 2 * tan(pi * (p - 0.5)), 1e-12);
        check_close(rt_student_t_qf(p, 2, -1, 3),
                    -1 + 3 * (2 * p - 1) / sqrt(2 * p * (1 - p)), 1e-12);
    }
    check_close(rt_student_t_qf(0.975, 10, 0, 1), 2.228138852, 1e-9);
    check_close(rt_student_t_qf(0.025, 10, 0, 1), -2.228138852, 1e-9);
    assert_true(rt_student_t_qf(0.5, 3.5, 1.25, 2) == 1.25);
    assert_true(rt_student_t_qf(0, 3, 0, 1) == -INFINITY);
    assert_true(rt_student_t_qf(1, 3, 0, 1) == INFINITY);
    assert_true(isnan(rt_student_t_qf(1.5, 3, 0, 1)));
    assert_true(isnan(rt_student_t_qf(0.5, -1, 0, 1)));
    assert_true(isnan(rt_student_t_qf(0.5, 3, 0, 0)));
    /* the cdf of the quantile is p: for t > 0, 1 - I_z(nu/2, 1/2) / 2
     * with z = nu / (nu + t^2) */
    double nu = 4.5, q = rt_student_t_qf(0.8, nu, 0, 1);
    check_close(1 - 0.5 * rt_inc_beta(0.5 * nu, 0.5, nu / (nu + q * q)),
                0.8, 1e-12);
}

static void test_partials(void **state)
{
    (void)state;
    double pts[][4] = {{0.1, 3.5, 0.3, 1.7}, {0.8, 7, -2, 0.6},
                       {0.5, 2.5, 1, 2}, {0.45, 1.2, 0, 1}};
    for (int i = 0; i < 4; i++) {
        double *x = pts[i], f = rt_student_t_qf(x[0], x[1], x[2], x[3]);
        double d[4];
        rt_student_t_qf_d(x[0], x[1], x[2], x[3], f, &d[0], &d[1], &d[2],
                          &d[3]);
        for (int k = 0; k < 4; k++) {
            double h = 1e-6, up[4], dn[4];
            memcpy(up, x, sizeof up);
            memcpy(dn, x, sizeof dn);
            up[k] += h;
            dn[k] -= h;
            double fd = (rt_student_t_qf(up[0], up[1], up[2], up[3])
                         - rt_student_t_qf(dn[0], dn[1], dn[2], dn[3]))
                / (2 * h);
            if (!(fabs(d[k] - fd) <= 1e-6 * fmax(1, fabs(fd))))
                fail_msg("point %d partial %d: %.12g, difference %.12g", i,
                         k, d[k], fd);
        }
    }
}

static void test_domain(void **state)
{
    (void)state;
    RtError err = {0};
    double ok[4] = {0.3, 2, 0, 1};
    assert_int_equal(rt_special_domain("student_t_qf", 4, ok, &err), 0);
    double bad_nu[4] = {0.3, -2, 0, 1};
    assert_int_equal(rt_special_domain("student_t_qf", 4, bad_nu, &err), -1);
    assert_non_null(strstr(err.msg, "Degrees of freedom parameter is -2"));
    double bad_p[4] = {1.5, 2, 0, 1};
    assert_int_equal(rt_special_domain("student_t_qf", 4, bad_p, &err), -1);
    assert_non_null(strstr(err.msg, "interval [0, 1]"));
    double bad_s[4] = {0.5, 2, 0, 0};
    assert_int_equal(rt_special_domain("student_t_qf", 4, bad_s, &err), -1);
    assert_non_null(strstr(err.msg, "Scale parameter is 0"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_values),
        cmocka_unit_test(test_partials),
        cmocka_unit_test(test_domain),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
