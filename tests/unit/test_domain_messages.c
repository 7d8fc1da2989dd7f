/* test_domain_messages.c - the domain errors of the scalar functions of
 * two and three arguments, as Stan Math reports them
 * (stan/math/prim/fun/NAME.hpp): where Stan Math throws, the runtime's
 * value is NaN (the emitted code and the interpreter ask
 * rt_special_domain only then) and rt_special_domain gives Stan's
 * message; where Stan Math returns NaN, rt_special_domain says nothing
 * and the NaN stands.  Boost's errors, which Stan Math lets through
 * (beta, gamma_q), carry Boost's text. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "pplrt.h"
#include "rt_scalar.h"

typedef double (*Fn2)(double, double);

static double lfall(double x, double n) { return rt_log_falling_factorial(x, n); }
static double lrise(double x, double n) { return rt_log_rising_factorial(x, n); }
static double lmbf(double v, double z)
{
    return rt_log_modified_bessel_first_kind(v, z);
}
static double bfk(double v, double z) { return rt_bessel_first_kind((int)v, z); }
static double bsk(double v, double z) { return rt_bessel_second_kind((int)v, z); }
static double mbfk(double v, double z)
{
    return rt_modified_bessel_first_kind((int)v, z);
}
static double mbsk(double v, double z)
{
    return rt_modified_bessel_second_kind((int)v, z);
}
static double bll(double y, double yh) { return rt_binary_log_loss((int)y, yh); }

static const struct {
    const char *fn;
    Fn2 f;
    double x, y;
    const char *want;   /* NULL: Stan Math returns NaN, no error */
} cases[] = {
    /* lbeta: NaN in is NaN out, then check_nonnegative */
    {"lbeta", rt_lbeta, -1, 2,
     "lbeta: first argument is -1, but must be nonnegative!"},
    {"lbeta", rt_lbeta, 1, -2,
     "lbeta: second argument is -2, but must be nonnegative!"},
    {"lbeta", rt_lbeta, NAN, -2, NULL},
    /* lchoose is binomial_coefficient_log */
    {"lchoose", rt_lchoose, -2, 1,
     "binomial_coefficient_log: first argument is -2, but must be greater "
     "than or equal to -1.000000"},
    {"lchoose", rt_lchoose, 3, 5,
     "binomial_coefficient_log: (first argument - second argument + 1) is "
     "-1, but must be greater than or equal to 0.000000"},
    {"lchoose", rt_lchoose, NAN, 5, NULL},
    {"lchoose", rt_lchoose, NAN, -5, NULL},
    /* log_falling_factorial, log_rising_factorial: check_positive */
    {"log_falling_factorial", lfall, -1, 2,
     "log_falling_factorial: first argument is -1, but must be positive!"},
    {"log_rising_factorial", lrise, 0, 2,
     "log_rising_factorial: first argument is 0, but must be positive!"},
    {"log_rising_factorial", lrise, NAN, 2, NULL},
    /* log_modified_bessel_first_kind: NaN is an error, then z >= 0,
     * then v >= -1 */
    {"log_modified_bessel_first_kind", lmbf, NAN, 1,
     "log_modified_bessel_first_kind: first argument (order) is nan, but "
     "must not be nan!"},
    {"log_modified_bessel_first_kind", lmbf, 1, NAN,
     "log_modified_bessel_first_kind: second argument (variable) is nan, "
     "but must not be nan!"},
    {"log_modified_bessel_first_kind", lmbf, 0, -1,
     "log_modified_bessel_first_kind: second argument (variable) is -1, "
     "but must be nonnegative!"},
    {"log_modified_bessel_first_kind", lmbf, -2, 1,
     "log_modified_bessel_first_kind: first argument (order) is -2, but "
     "must be greater than or equal to -1.000000"},
    /* gamma_p: NaN is NaN, then check_positive, check_nonnegative */
    {"gamma_p", rt_gamma_p, -1, 2,
     "gamma_p: first argument (z) is -1, but must be positive!"},
    {"gamma_p", rt_gamma_p, 1, -2,
     "gamma_p: second argument (a) is -2, but must be nonnegative!"},
    {"gamma_p", rt_gamma_p, NAN, -2, NULL},
    /* gamma_q and beta: Boost's domain errors */
    {"gamma_q", rt_gamma_q, -1, 2,
     "Error in function boost::math::gamma_q<double>(double, double): "
     "Argument a to the incomplete gamma function must be greater than "
     "zero (got a=-1)."},
    {"gamma_q", rt_gamma_q, 1.5, -0.5,
     "Error in function boost::math::gamma_q<double>(double, double): "
     "Argument x to the incomplete gamma function must be >= 0 (got "
     "x=-0.5)."},
    {"beta", rt_beta, -0.5, 2,
     "Error in function boost::math::beta<double>(double,double): The "
     "arguments to the beta function must be greater than zero (got "
     "a=-0.5)."},
    {"beta", rt_beta, 1, 0,
     "Error in function boost::math::beta<double>(double,double): The "
     "arguments to the beta function must be greater than zero (got "
     "b=0)."},
    {"beta", rt_beta, NAN, 1, NULL},
    /* the Bessel functions of the first kind: check_not_nan of z */
    {"bessel_first_kind", bfk, 1, NAN,
     "bessel_first_kind: z is nan, but must not be nan!"},
    {"modified_bessel_first_kind", mbfk, 1, NAN,
     "modified_bessel_first_kind: z is nan, but must not be nan!"},
    {"bessel_second_kind", bsk, 1, -1,
     "bessel_second_kind: x is -1, but must be positive!"},
    {"modified_bessel_second_kind", mbsk, 1, 0,
     "modified_bessel_second_kind: z is 0, but must be positive!"},
    /* binary_log_loss: y ? -log(y_hat) : -log1m(y_hat), log1m checks */
    {"binary_log_loss", bll, 0, 1.5,
     "log1m: x is 1.5, but must be less than or equal to 1.000000"},
    {"binary_log_loss", bll, 1, -0.5, NULL},
    /* no check in Stan Math: NaN */
    {"log_diff_exp", rt_log_diff_exp, 1, 2, NULL},
    {"log_inv_logit_diff", rt_log_inv_logit_diff, 0, 1, NULL},
    {"pow", rt_pow, -8, 1.0 / 3, NULL},
    {"fmod", rt_fmod, 1, 0, NULL},
    {"fdim", rt_fdim, NAN, 1, NULL},
    {"hypot", rt_hypot, NAN, 1, NULL},
    {"lmultiply", rt_lmultiply, 1, -1, NULL},
    {"multiply_log", rt_multiply_log, 1, -1, NULL},
    {"owens_t", rt_owens_t, NAN, 1, NULL},
    {"atan2", rt_atan2, NAN, 1, NULL},
    {"log_sum_exp", rt_log_sum_exp, NAN, 1, NULL},
};

static void test_binary(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        double v = cases[i].f(cases[i].x, cases[i].y);
        if (!isnan(v))
            fail_msg("%s(%g, %g) is %g, not NaN: its domain error would go "
                     "unreported", cases[i].fn, cases[i].x, cases[i].y, v);
        RtError err = {.msg = ""};
        int rc = rt_special_domain(cases[i].fn, 2,
                                   (double[]){cases[i].x, cases[i].y}, &err);
        if (!cases[i].want) {
            if (rc != 0)
                fail_msg("%s(%g, %g): Stan returns NaN, got \"%s\"",
                         cases[i].fn, cases[i].x, cases[i].y, err.msg);
            continue;
        }
        if (rc != -1 || strcmp(err.msg, cases[i].want))
            fail_msg("%s(%g, %g): got %d \"%s\", want \"%s\"", cases[i].fn,
                     cases[i].x, cases[i].y, rc, err.msg, cases[i].want);
    }
}

/* Of three: inc_beta (Boost's ibeta, Stan's names), log_mix. */
static void test_ternary(void **state)
{
    (void)state;
    RtError err = {.msg = ""};
    assert_true(isnan(rt_inc_beta(-1, 2, 0.5)));
    assert_int_equal(rt_special_domain("inc_beta", 3, (double[]){-1, 2, 0.5},
                                       &err), -1);
    assert_string_equal(err.msg, "inc_beta: first argument is -1, but must "
                        "be positive!");
    assert_int_equal(rt_special_domain("log_mix", 3, (double[]){1.5, 0, 0},
                                       &err), -1);
    assert_string_equal(err.msg, "log_mix: theta is 1.5, but must be in the "
                        "interval [0, 1]");
    assert_int_equal(rt_special_domain("fma", 3, (double[]){NAN, 1, 1},
                                       &err), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_binary),
        cmocka_unit_test(test_ternary),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
