/* test_rt_dist_hypergeometric.c - the hypergeometric distribution
 * (dist_hypergeometric.c; Stan Functions Reference, "Hypergeometric
 * distribution").
 *
 * Values against counts written here: C(4,2) C(6,3) / C(10,5) = 120/252
 * (scipy.stats.hypergeom.pmf(2, 10, 4, 5) = 0.47619047619047616), the pmf
 * summing to 1 over its support, vectorized sums; propto keeps nothing;
 * Stan's messages in Stan's order; the draws' mean N a / (a + b) and
 * variance N a b (a + b - N) / ((a + b)^2 (a + b - 1)) within 5 standard
 * errors over 20000 draws, and their support. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <math.h>
#include <stdbool.h>
#include <string.h>

#include "pplrt.h"
#include "rt_dist_disc.h"

static RtIArg one(const int *x)
{
    RtIArg a = {x, 1, false};
    return a;
}

static double lpmf(int n, int N, int a, int b, RtError *err)
{
    return rt_hypergeometric_lpmf(one(&n), one(&N), one(&a), one(&b), false,
                                  0, err);
}

static void test_values(void **state)
{
    (void)state;
    RtError err = {.msg = ""};
    assert_true(fabs(exp(lpmf(2, 5, 4, 6, &err)) - 120.0 / 252) < 1e-14);
    assert_true(fabs(exp(lpmf(2, 5, 4, 6, &err)) - 0.47619047619047616)
                < 1e-14);
    double total = 0;
    for (int n = 0; n <= 4; n++)
        total += exp(lpmf(n, 5, 4, 6, &err));
    assert_true(fabs(total - 1) < 1e-13);
    /* vectorized: the sum of the terms, scalars broadcast */
    int ns[3] = {0, 1, 3}, N = 5, a = 4, b = 6;
    double want = lpmf(0, 5, 4, 6, &err) + lpmf(1, 5, 4, 6, &err)
                  + lpmf(3, 5, 4, 6, &err);
    RtIArg nv = {ns, 3, true};
    double got = rt_hypergeometric_lpmf(nv, one(&N), one(&a), one(&b), false,
                                        0, &err);
    assert_true(fabs(got - want) < 1e-13);
    assert_true(rt_hypergeometric_lpmf(nv, one(&N), one(&a), one(&b), true,
                                       0, &err) == 0);
}

static void expect_error(int n, int N, int a, int b, const char *msg)
{
    RtError err = {.msg = ""};
    assert_true(isnan(lpmf(n, N, a, b, &err)));
    assert_string_equal(err.msg, msg);
}

static void test_errors(void **state)
{
    (void)state;
    expect_error(4, 5, 3, 6, "hypergeometric_lpmf: Successes variable is 4, "
                 "but must be in the interval [0, 3]");
    expect_error(2, 1, 3, 6, "hypergeometric_lpmf: Draws parameter is 1, but "
                 "must be greater than or equal to 2");
    expect_error(1, 6, 3, 4, "hypergeometric_lpmf: Draws parameter minus "
                 "successes variable is 5, but must be in the interval "
                 "[0, 4]");
    RtError err = {.msg = ""};
    RtRng *rng = rt_rng_new(5, 1);
    assert_int_equal(rt_hypergeometric_rng(11, 4, 6, rng, &err), -1);
    assert_string_equal(err.msg, "hypergeometric_rng: Draws parameter is 11, "
                        "but must be in the interval [0, 10]");
    RtError err2 = {.msg = ""};
    assert_int_equal(rt_hypergeometric_rng(3, 0, 6, rng, &err2), -1);
    assert_string_equal(err2.msg, "hypergeometric_rng: Successes in "
                        "population parameter is 0, but must be positive!");
    rt_rng_free(rng);
}

static void test_rng(void **state)
{
    (void)state;
    RtError err = {.msg = ""};
    RtRng *rng = rt_rng_new(17, 1);
    int N = 5, a = 4, b = 6, draws = 20000;
    double s = 0, s2 = 0;
    for (int i = 0; i < draws; i++) {
        int n = rt_hypergeometric_rng(N, a, b, rng, &err);
        assert_true(n >= 0 && n <= a && N - n <= b);
        s += n;
        s2 += (double)n * n;
    }
    rt_rng_free(rng);
    double mean = s / draws, var = s2 / draws - mean * mean;
    double want_mean = (double)N * a / (a + b);
    double want_var = (double)N * a * b * (a + b - N)
                      / ((double)(a + b) * (a + b) * (a + b - 1));
    assert_true(fabs(mean - want_mean) < 5 * sqrt(want_var / draws));
    /* the variance of the sample variance, through the 4th moment bound
     * Var <= mu4 / n with mu4 <= range^2 var: a loose 5 se check */
    assert_true(fabs(var - want_var) < 5 * sqrt(16 * want_var / draws));
    RtRng *r1 = rt_rng_new(3, 1), *r2 = rt_rng_new(3, 1);
    assert_int_equal(rt_hypergeometric_rng(N, a, b, r1, &err),
                     rt_hypergeometric_rng(N, a, b, r2, &err));
    rt_rng_free(r1);
    rt_rng_free(r2);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_values),
        cmocka_unit_test(test_errors),
        cmocka_unit_test(test_rng),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
