/* test_rt_reduce.c - libpplrt's reductions and softmax (rt_reduce.h):
 * values against direct sums and closed forms, every gradient against a
 * fourth-order central difference (relative 1e-7), accumulation into a
 * non-zero g scaled by adj, empty inputs and Stan's errors. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <math.h>
#include <stdbool.h>
#include <string.h>

#include "pplrt.h"
#include "rt_reduce.h"

#define N 6

static bool close_to(double got, double want, double tol, double floor)
{
    return fabs(got - want) <= tol * fmax(fabs(want), floor);
}

#define CHECK_CLOSE(got, want, tol, floor)                                  \
    do {                                                                    \
        double got_ = (got), want_ = (want);                                \
        if (!close_to(got_, want_, tol, floor))                             \
            fail_msg("%s = %.17g, want %.17g (line %d)", #got, got_, want_, \
                     __LINE__);                                             \
    } while (0)

/* A reduction of x (and, for binary ones, of a second vector y). */
typedef double (*Reduction)(const double *x, const double *y, int n,
                            double *gx, double *gy, double adj);

static double r_sum(const double *x, const double *y, int n, double *gx,
                    double *gy, double adj)
{
    (void)y, (void)gy;
    return rt_sum(rt_argn(x, gx, n, true), adj);
}
static double r_mean(const double *x, const double *y, int n, double *gx,
                     double *gy, double adj)
{
    (void)y, (void)gy;
    return rt_mean(rt_argn(x, gx, n, true), adj, NULL);
}
static double r_variance(const double *x, const double *y, int n,
                         double *gx, double *gy, double adj)
{
    (void)y, (void)gy;
    return rt_variance(rt_argn(x, gx, n, true), adj, NULL);
}
static double r_sd(const double *x, const double *y, int n, double *gx,
                   double *gy, double adj)
{
    (void)y, (void)gy;
    return rt_sd(rt_argn(x, gx, n, true), adj, NULL);
}
static double r_prod(const double *x, const double *y, int n, double *gx,
                     double *gy, double adj)
{
    (void)y, (void)gy;
    return rt_prod(rt_argn(x, gx, n, true), adj);
}
static double r_max(const double *x, const double *y, int n, double *gx,
                    double *gy, double adj)
{
    (void)y, (void)gy;
    return rt_max(rt_argn(x, gx, n, true), adj);
}
static double r_min(const double *x, const double *y, int n, double *gx,
                    double *gy, double adj)
{
    (void)y, (void)gy;
    return rt_min(rt_argn(x, gx, n, true), adj);
}
static double r_lse(const double *x, const double *y, int n, double *gx,
                    double *gy, double adj)
{
    (void)y, (void)gy;
    return rt_log_sum_exp_vec(rt_argn(x, gx, n, true), adj);
}
static double r_dot_self(const double *x, const double *y, int n,
                         double *gx, double *gy, double adj)
{
    (void)y, (void)gy;
    return rt_dot_self(rt_argn(x, gx, n, true), adj);
}
static double r_norm1(const double *x, const double *y, int n, double *gx,
                      double *gy, double adj)
{
    (void)y, (void)gy;
    return rt_norm1(rt_argn(x, gx, n, true), adj);
}
static double r_norm2(const double *x, const double *y, int n, double *gx,
                      double *gy, double adj)
{
    (void)y, (void)gy;
    return rt_norm2(rt_argn(x, gx, n, true), adj);
}
static double r_sqdist(const double *x, const double *y, int n, double *gx,
                       double *gy, double adj)
{
    return rt_squared_distance(rt_argn(x, gx, n, true),
                               rt_argn(y, gy, n, true), adj, NULL);
}
static double r_dist(const double *x, const double *y, int n, double *gx,
                     double *gy, double adj)
{
    return rt_distance(rt_argn(x, gx, n, true), rt_argn(y, gy, n, true),
                       adj, NULL);
}
/* log_mix with theta = x scaled into (0, 1) by the caller's points */
static double r_log_mix(const double *x, const double *y, int n, double *gx,
                        double *gy, double adj)
{
    return rt_log_mix_vec(rt_argn(x, gx, n, true), rt_argn(y, gy, n, true),
                          adj, NULL);
}
/* sum(w .* softmax(x)) and sum(w .* log_softmax(x)) and
 * sum(w .* cumulative_sum(x)), w = y: the vector maps through their
 * _adj functions */
static double r_softmax(const double *x, const double *y, int n,
                        double *gx, double *gy, double adj)
{
    (void)gy;
    double s[N], w[N], f = 0;
    assert_int_equal(rt_softmax(rt_argn(x, gx, n, true), s, NULL), 0);
    for (int i = 0; i < n; i++) {
        f += y[i] * s[i];
        w[i] = adj * y[i];
    }
    rt_softmax_adj(rt_argn(x, gx, n, true), s, w);
    return f;
}
static double r_log_softmax(const double *x, const double *y, int n,
                            double *gx, double *gy, double adj)
{
    (void)gy;
    double s[N], w[N], f = 0;
    assert_int_equal(rt_log_softmax(rt_argn(x, gx, n, true), s, NULL), 0);
    for (int i = 0; i < n; i++) {
        f += y[i] * s[i];
        w[i] = adj * y[i];
    }
    rt_log_softmax_adj(rt_argn(x, gx, n, true), s, w);
    return f;
}
static double r_cumsum(const double *x, const double *y, int n, double *gx,
                       double *gy, double adj)
{
    (void)gy;
    double s[N], w[N], f = 0;
    rt_cumulative_sum(rt_argn(x, gx, n, true), s);
    for (int i = 0; i < n; i++) {
        f += y[i] * s[i];
        w[i] = adj * y[i];
    }
    rt_cumulative_sum_adj(rt_argn(x, gx, n, true), w);
    return f;
}

typedef struct Case {
    const char *name;
    Reduction f;
    bool binary;        /* y has a gradient too */
} Case;

/* The gradient in x (and y), accumulated into g = 0.5 with adj = 2.5,
 * against finite differences of the value. */
static void check_gradient(const Case *c, const double *x0, const double *y0,
                           int n)
{
    double x[N], y[N], gx[N], gy[N];
    memcpy(x, x0, n * sizeof *x);
    memcpy(y, y0, n * sizeof *y);
    for (int i = 0; i < n; i++)
        gx[i] = gy[i] = 0.5;
    const double adj = 2.5;
    double f = c->f(x, y, n, gx, c->binary ? gy : NULL, adj);
    double f_plain = c->f(x, y, n, NULL, NULL, adj);
    assert_true(f == f_plain);
    for (int pass = 0; pass < (c->binary ? 2 : 1); pass++) {
        double *v = pass ? y : x, *g = pass ? gy : gx;
        for (int i = 0; i < n; i++) {
            double v0 = v[i], h = 1e-4 * fmax(1e-2, fabs(v0)), fs[4];
            const double at[4] = {-2, -1, 1, 2};
            for (int k = 0; k < 4; k++) {
                v[i] = v0 + at[k] * h;
                fs[k] = c->f(x, y, n, NULL, NULL, 0);
            }
            v[i] = v0;
            double want = (fs[0] - 8 * fs[1] + 8 * fs[2] - fs[3]) / (12 * h);
            double got = (g[i] - 0.5) / adj;
            /* relative 1e-7, plus the difference quotient's rounding */
            double noise = 1e-15 * fmax(1, fabs(f)) / h;
            if (fabs(got - want) > 1e-7 * fabs(want) + noise)
                fail_msg("%s: d/d%s[%d] = %.17g, finite difference %.17g",
                         c->name, pass ? "y" : "x", i, got, want);
        }
    }
}

static void test_gradients(void **state)
{
    (void)state;
    const Case cases[] = {
        {"sum", r_sum, false},           {"mean", r_mean, false},
        {"variance", r_variance, false}, {"sd", r_sd, false},
        {"prod", r_prod, false},         {"max", r_max, false},
        {"min", r_min, false},           {"log_sum_exp", r_lse, false},
        {"dot_self", r_dot_self, false}, {"norm1", r_norm1, false},
        {"norm2", r_norm2, false},       {"squared_distance", r_sqdist, true},
        {"distance", r_dist, true},      {"log_mix", r_log_mix, true},
        {"softmax", r_softmax, false},   {"log_softmax", r_log_softmax, false},
        {"cumulative_sum", r_cumsum, false},
    };
    const double xs[][N] = {{0.3, -1.2, 2.5, 0.7, -0.4, 1.9},
                            {0.15, 0.9, 0.35, 0.6, 0.05, 0.45},
                            {-30, 12, 11.5, -2, 40, 39}};
    const double ys[][N] = {{1.1, 0.2, -0.7, 3, 0.5, -2.2},
                            {-3, 2, -1, 0.5, 7, -20},
                            {0.2, 0.1, -0.3, 0.4, 0.5, 0.9}};
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++)
        for (int p = 0; p < 3; p++)
            for (int n = 1; n <= N; n++) {
                /* log_mix needs theta in [0, 1]: the second row only */
                if (cases[c].f == r_log_mix && p != 1)
                    continue;
                if ((cases[c].f == r_sd || cases[c].f == r_variance ||
                     cases[c].f == r_norm1) && n == 1)
                    continue;   /* constant or at a kink */
                check_gradient(&cases[c], xs[p], ys[p], n);
            }
}

static void test_values(void **state)
{
    (void)state;
    const double x[] = {1, 2, 3, 4};
    RtArg a = rt_argn(x, NULL, 4, false);
    assert_true(rt_sum(a, 1) == 10 && rt_prod(a, 1) == 24);
    CHECK_CLOSE(rt_mean(a, 1, NULL), 2.5, 1e-15, 0);
    CHECK_CLOSE(rt_variance(a, 1, NULL), 5.0 / 3, 1e-15, 0);
    CHECK_CLOSE(rt_sd(a, 1, NULL), sqrt(5.0 / 3), 1e-15, 0);
    assert_true(rt_max(a, 1) == 4 && rt_min(a, 1) == 1);
    CHECK_CLOSE(rt_log_sum_exp_vec(a, 1), log(exp(1) + exp(2) + exp(3) +
                                              exp(4)), 1e-15, 0);
    assert_true(rt_dot_self(a, 1) == 30 && rt_norm1(a, 1) == 10);
    CHECK_CLOSE(rt_norm2(a, 1), sqrt(30), 1e-15, 0);
    const double y[] = {0, 0, 0, 1};
    RtArg b = rt_argn(y, NULL, 4, false);
    assert_true(rt_squared_distance(a, b, 1, NULL) == 23);
    CHECK_CLOSE(rt_distance(a, b, 1, NULL), sqrt(23), 1e-15, 0);
    const double th[] = {0.2, 0.3, 0.5, 0};
    CHECK_CLOSE(rt_log_mix_vec(rt_argn(th, NULL, 4, false), a, 1, NULL),
                log(0.2 * exp(1) + 0.3 * exp(2) + 0.5 * exp(3)), 1e-15, 0);
    double s[4], ls[4], cs[4];
    assert_int_equal(rt_softmax(a, s, NULL), 0);
    assert_int_equal(rt_log_softmax(a, ls, NULL), 0);
    rt_cumulative_sum(a, cs);
    double total = exp(1) + exp(2) + exp(3) + exp(4);
    for (int i = 0; i < 4; i++) {
        CHECK_CLOSE(s[i], exp(x[i]) / total, 1e-15, 0);
        CHECK_CLOSE(ls[i], x[i] - log(total), 1e-15, 0);
    }
    assert_true(cs[0] == 1 && cs[3] == 10);

    /* extremes: no overflow */
    const double big[] = {1000, 1000, -INFINITY};
    RtArg c = rt_argn(big, NULL, 3, false);
    CHECK_CLOSE(rt_log_sum_exp_vec(c, 1), 1000 + log(2), 1e-15, 0);
    assert_int_equal(rt_softmax(c, s, NULL), 0);
    CHECK_CLOSE(s[0], 0.5, 1e-15, 0);
    assert_true(s[2] == 0);
    const double ninf[] = {-INFINITY, -INFINITY};
    assert_true(rt_log_sum_exp_vec(rt_argn(ninf, NULL, 2, false), 1) ==
                -INFINITY);
    const double with_nan[] = {1, NAN, 3};
    assert_true(isnan(rt_max(rt_argn(with_nan, NULL, 3, false), 1)));
    assert_true(isnan(rt_log_sum_exp_vec(rt_argn(with_nan, NULL, 3, false),
                                         1)));

    /* one element */
    RtArg one = rt_arg1(x + 2, NULL, false);
    assert_true(rt_variance(one, 1, NULL) == 0 && rt_sd(one, 1, NULL) == 0);
}

static void test_subgradients(void **state)
{
    (void)state;
    /* max/min: the first arg max gets it all */
    const double x[] = {3, 1, 3, 1};
    double g[4] = {0};
    rt_max(rt_argn(x, g, 4, true), 2);
    assert_true(g[0] == 2 && g[1] == 0 && g[2] == 0);
    memset(g, 0, sizeof g);
    rt_min(rt_argn(x, g, 4, true), 2);
    assert_true(g[1] == 2 && g[3] == 0);
    /* prod with one zero: the product of the others; with two: nothing */
    const double z1[] = {2, 0, 5}, z2[] = {0, 3, 0};
    double g3[3] = {1, 1, 1};
    assert_true(rt_prod(rt_argn(z1, g3, 3, true), 1) == 0);
    assert_true(g3[0] == 1 && g3[1] == 11 && g3[2] == 1);
    double g4[3] = {0};
    rt_prod(rt_argn(z2, g4, 3, true), 1);
    assert_true(g4[0] == 0 && g4[1] == 0 && g4[2] == 0);
    /* sd, norm2, distance at zero spread: gradient 0, not NaN */
    const double same[] = {2, 2, 2}, zero[] = {0, 0, 0};
    double gs[3] = {0}, gy[3] = {0};
    assert_true(rt_sd(rt_argn(same, gs, 3, true), 1, NULL) == 0);
    assert_true(rt_norm2(rt_argn(zero, gs, 3, true), 1) == 0);
    assert_true(rt_distance(rt_argn(same, gs, 3, true),
                            rt_argn(same, gy, 3, true), 1, NULL) == 0);
    for (int i = 0; i < 3; i++)
        assert_true(gs[i] == 0 && gy[i] == 0);
}

static void test_empty_and_errors(void **state)
{
    (void)state;
    RtArg e = rt_argn(NULL, NULL, 0, false);
    RtError err = {.msg = ""};
    assert_true(rt_sum(e, 1) == 0 && rt_prod(e, 1) == 1);
    assert_true(rt_max(e, 1) == -INFINITY && rt_min(e, 1) == INFINITY);
    assert_true(rt_log_sum_exp_vec(e, 1) == -INFINITY);
    assert_true(rt_dot_self(e, 1) == 0 && rt_norm2(e, 1) == 0);
    assert_true(isnan(rt_mean(e, 1, &err)));
    assert_string_equal(err.msg, "mean: x has size 0, but must have a "
                        "non-zero size");
    assert_true(isnan(rt_variance(e, 1, &err)));
    assert_true(isnan(rt_sd(e, 1, NULL)));
    double out[1];
    assert_int_equal(rt_softmax(e, out, &err), -1);
    assert_string_equal(err.msg, "softmax: v has size 0, but must have a "
                        "non-zero size");
    assert_int_equal(rt_log_softmax(e, out, NULL), -1);

    const double x[] = {1, 2, 3}, th[] = {0.5, 1.5};
    assert_true(isnan(rt_squared_distance(rt_argn(x, NULL, 3, false),
                                          rt_argn(x, NULL, 2, false), 1,
                                          &err)));
    assert_string_equal(err.msg, "squared_distance: size of x1 (3) and size "
                        "of x2 (2) must match in size");
    assert_true(isnan(rt_log_mix_vec(rt_argn(th, NULL, 2, false),
                                     rt_argn(x, NULL, 2, false), 1, &err)));
    assert_string_equal(err.msg, "log_mix: theta[2] is 1.5, but must be in "
                        "the interval [0, 1]");
    const double bad[] = {0, INFINITY};
    assert_true(isnan(rt_log_mix_vec(rt_arg1(th, NULL, false),
                                     rt_argn(bad, NULL, 2, false), 1, &err)));
    assert_string_equal(err.msg, "log_mix: lambda[2] is inf, but must be "
                        "finite!");
}

static void test_ints(void **state)
{
    (void)state;
    const int v[] = {3, -2, 7, 1};
    RtIArg a = rt_iarg(v, 4), e = rt_iarg(NULL, 0);
    assert_int_equal(rt_sum_int(a), 9);
    assert_int_equal(rt_prod_int(a), -42);
    assert_int_equal(rt_sum_int(e), 0);
    assert_int_equal(rt_prod_int(e), 1);
    int m = 0, cs[4];
    assert_int_equal(rt_max_int(a, &m, NULL), 0);
    assert_int_equal(m, 7);
    assert_int_equal(rt_min_int(a, &m, NULL), 0);
    assert_int_equal(m, -2);
    RtError err = {.msg = ""};
    assert_int_equal(rt_max_int(e, &m, &err), -1);
    assert_string_equal(err.msg, "max: int vector has size 0, but must have "
                        "a non-zero size");
    assert_int_equal(rt_min_int(e, &m, NULL), -1);
    rt_cumulative_sum_int(a, cs);
    assert_true(cs[0] == 3 && cs[1] == 1 && cs[2] == 8 && cs[3] == 9);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_gradients),
        cmocka_unit_test(test_values),
        cmocka_unit_test(test_subgradients),
        cmocka_unit_test(test_empty_and_errors),
        cmocka_unit_test(test_ints),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
