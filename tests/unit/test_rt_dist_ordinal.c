/* test_rt_dist_ordinal.c - ordered_logistic and ordered_probit with one
 * cut-point vector per outcome (rt_ordered_*_cuts_lpmf, dist_ordinal.c;
 * Stan Functions Reference, "Ordered logistic distribution": the
 * signature with an array of cut-point vectors).
 *
 * Values against the category probabilities written here from the
 * definition (P(y = k) = F(eta - c[k-1]) - F(eta - c[k]), F = inv_logit
 * or Phi through erfc) and against the one-vector form called once per
 * outcome; partials against central differences; Stan's messages. */
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
#include "rt_fd_check.h"

#define N 3
#define C 3     /* cut-points per vector: K = 4 categories */

static const int ys[N] = {1, 3, 4};
static const double eta0[N] = {0.3, -0.8, 1.4};
static const double cuts0[N * C] = {-1.0, 0.2, 1.5,
                                    -0.4, 0.1, 0.9,
                                    -2.0, -0.5, 0.7};

static double logistic_cdf(double x)
{
    return 1 / (1 + exp(-x));
}

static double probit_cdf(double x)
{
    return 0.5 * erfc(-x / sqrt(2));
}

/* log P(y = k) from the definition, F the link's cdf. */
static double ref_lpmf(double (*F)(double), int k, double eta,
                       const double *c)
{
    double hi = k == 1 ? 1 : F(eta - c[k - 2]);
    double lo = k == C + 1 ? 0 : F(eta - c[k - 1]);
    return log(hi - lo);
}

typedef struct Ctx {
    bool probit;
} Ctx;

static double eval(const double *x, double *g, void *vctx)
{
    const Ctx *ctx = vctx;
    RtError err = {.msg = ""};
    RtIArg y = {ys, N, true};
    RtArg eta = {x, g, N, true, true};
    RtMat c = {x + N, g ? g + N : NULL, N, C, true};
    double lp = ctx->probit
        ? rt_ordered_probit_cuts_lpmf(y, eta, c, false, 1.0, &err)
        : rt_ordered_logistic_cuts_lpmf(y, eta, c, false, 1.0, &err);
    assert_false(isnan(lp));
    return lp;
}

static void test_values(void **state)
{
    (void)state;
    RtError err = {.msg = ""};
    RtIArg y = {ys, N, true};
    RtArg eta = {eta0, NULL, N, false, true};
    RtMat c = {cuts0, NULL, N, C, false};
    double want_l = 0, want_p = 0, one_l = 0, one_p = 0;
    for (int i = 0; i < N; i++) {
        want_l += ref_lpmf(logistic_cdf, ys[i], eta0[i], cuts0 + i * C);
        want_p += ref_lpmf(probit_cdf, ys[i], eta0[i], cuts0 + i * C);
        RtIArg yi = {ys + i, 1, false};
        RtArg ei = {eta0 + i, NULL, 1, false, false};
        RtArg ci = {cuts0 + i * C, NULL, C, false, true};
        one_l += rt_ordered_logistic_lpmf(yi, ei, ci, false, 0, &err);
        one_p += rt_ordered_probit_lpmf(yi, ei, ci, false, 0, &err);
    }
    double got_l = rt_ordered_logistic_cuts_lpmf(y, eta, c, false, 0, &err);
    double got_p = rt_ordered_probit_cuts_lpmf(y, eta, c, false, 0, &err);
    assert_true(fabs(got_l - want_l) < 1e-12);
    assert_true(fabs(got_p - want_p) < 1e-12);
    assert_true(fabs(got_l - one_l) < 1e-12);
    assert_true(fabs(got_p - one_p) < 1e-12);
    /* all data under propto: nothing is kept */
    assert_true(rt_ordered_logistic_cuts_lpmf(y, eta, c, true, 0, &err) == 0);
}

static void test_gradients(void **state)
{
    (void)state;
    double x[N + N * C];
    for (int i = 0; i < N; i++)
        x[i] = eta0[i];
    for (int i = 0; i < N * C; i++)
        x[N + i] = cuts0[i];
    Ctx logistic = {false}, probit = {true};
    assert_true(fd_worst(eval, &logistic, x, N + N * C, 1e-4) < 1e-7);
    assert_true(fd_worst(eval, &probit, x, N + N * C, 1e-4) < 1e-7);
}

static void test_errors(void **state)
{
    (void)state;
    RtError err = {.msg = ""};
    RtIArg y = {ys, N, true};
    RtArg eta = {eta0, NULL, N, false, true};
    RtMat two = {cuts0, NULL, 2, C, false};
    assert_true(isnan(rt_ordered_logistic_cuts_lpmf(y, eta, two, false, 0,
                                                    &err)));
    assert_string_equal(err.msg, "ordered_logistic_lpmf: Length of location "
                        "variables (3) and Number of cutpoint vectors (2) "
                        "must match in size");
    double bad[N * C] = {-1, 0, 1, 0.5, 0.2, 0.9, -1, 0, 1};
    RtMat c = {bad, NULL, N, C, false};
    RtError err2 = {.msg = ""};
    assert_true(isnan(rt_ordered_probit_cuts_lpmf(y, eta, c, false, 0,
                                                  &err2)));
    assert_string_equal(err2.msg, "ordered_probit_lpmf: Cut-points is not a "
                        "valid ordered vector. The element at 2 is 0.2, but "
                        "should be greater than the previous element, 0.5");
    int big[N] = {1, 5, 2};
    RtIArg yb = {big, N, true};
    RtMat ok = {cuts0, NULL, N, C, false};
    RtError err3 = {.msg = ""};
    assert_true(isnan(rt_ordered_logistic_cuts_lpmf(yb, eta, ok, false, 0,
                                                    &err3)));
    assert_non_null(strstr(err3.msg, "Random variable"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_values),
        cmocka_unit_test(test_gradients),
        cmocka_unit_test(test_errors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
