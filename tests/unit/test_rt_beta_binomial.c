/* test_rt_beta_binomial.c - beta_binomial_cdf, _lcdf and _lccdf
 * (runtime/dist_binary_binomial.c) against explicit sums of
 * exp(beta_binomial_lpmf), their partials against central differences,
 * Stan's edges and messages; and bernoulli_logit_glm_rng's frequencies,
 * checks and determinism (runtime/dist_glm_binary.c). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>
#include <math.h>
#include <string.h>

#include "pplrt.h"
#include "rt_dist_disc.h"

#define CLOSE(a, b, tol) assert_true(fabs((a) - (b)) <= (tol) * (1 + fabs(b)))

/* -------------------------------------------- beta_binomial cumulatives */

enum { CDF, LCDF, LCCDF };

typedef double (*Cumulative)(RtIArg, RtIArg, RtArg, RtArg, double,
                             RtError *);

static const Cumulative forms[] = {rt_beta_binomial_cdf,
                                   rt_beta_binomial_lcdf,
                                   rt_beta_binomial_lccdf};

/* p(lo..hi | N, a, b) summed from the runtime's own mass function. */
static double mass_sum(int lo, int hi, int N, double a, double b)
{
    RtError err;
    double s = 0;
    for (int j = lo; j <= hi; j++) {
        RtArg A = rt_arg1(&a, NULL, false), B = rt_arg1(&b, NULL, false);
        s += exp(rt_beta_binomial_lpmf(rt_iarg1(&j), rt_iarg1(&N), A, B,
                                       false, 1, &err));
    }
    return s;
}

/* The expected value of one form for one term. */
static double term(int which, int n, int N, double a, double b)
{
    if (which == LCCDF)
        return n < 0 ? 0 : n >= N ? -INFINITY : log(mass_sum(n + 1, N, N, a, b));
    double c = n < 0 ? 0 : n >= N ? 1 : mass_sum(0, n, N, a, b);
    return which == CDF ? c : log(c);
}

static double scalar(int which, int n, int N, double a, double b)
{
    RtError err;
    return forms[which](rt_iarg1(&n), rt_iarg1(&N),
                        rt_arg1(&a, NULL, false), rt_arg1(&b, NULL, false), 1,
                        &err);
}

static void test_values(void **state)
{
    (void)state;
    static const struct { int n, N; double a, b; } cases[] = {
        {4, 10, 2.5, 1.5}, {0, 7, 0.3, 4.0}, {6, 7, 3.0, 0.4},
        {17, 45, 13, 15}, {1, 60, 8.0, 0.5}, {58, 60, 0.5, 8.0},
        {0, 1, 1.0, 1.0}, {30, 200, 40.0, 70.0},
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++)
        for (int w = CDF; w <= LCCDF; w++) {
            double got = scalar(w, cases[c].n, cases[c].N, cases[c].a,
                                cases[c].b);
            double want = term(w, cases[c].n, cases[c].N, cases[c].a,
                               cases[c].b);
            if (fabs(got - want) > 1e-10 * (1 + fabs(want)))
                fail_msg("case %zu form %d: %.15g, want %.15g", c, w, got,
                         want);
        }
    /* lcdf + the log of 1 - cdf agree with lccdf */
    double l = scalar(LCDF, 17, 45, 13, 15), lc = scalar(LCCDF, 17, 45, 13, 15);
    CLOSE(exp(l) + exp(lc), 1.0, 1e-12);
    /* a far tail keeps its digits in log space */
    CLOSE(scalar(LCDF, 1, 200, 60, 0.5), term(LCDF, 1, 200, 60, 0.5), 1e-10);
    assert_true(scalar(LCDF, 1, 200, 60, 0.5) < -100);

    /* vectorized: product (cdf) or sum (logs), scalars broadcast */
    int n[3] = {2, 4, 9}, N[3] = {5, 10, 12};
    double a[3] = {1.5, 2.5, 0.7}, b = 3;
    RtError err;
    for (int w = CDF; w <= LCCDF; w++) {
        double want = w == CDF ? 1 : 0;
        for (int i = 0; i < 3; i++)
            want = w == CDF ? want * term(w, n[i], N[i], a[i], b)
                            : want + term(w, n[i], N[i], a[i], b);
        double got = forms[w](rt_iarg(n, 3), rt_iarg(N, 3),
                              rt_argn(a, NULL, 3, false),
                              rt_arg1(&b, NULL, false), 1, &err);
        CLOSE(got, want, 1e-10);
    }
    /* one N for all */
    int N1 = 12;
    double got = rt_beta_binomial_lccdf(rt_iarg(n, 3), rt_iarg1(&N1),
                                        rt_argn(a, NULL, 3, false),
                                        rt_arg1(&b, NULL, false), 1, &err);
    double want = 0;
    for (int i = 0; i < 3; i++)
        want += term(LCCDF, n[i], 12, a[i], b);
    CLOSE(got, want, 1e-10);
}

/* Stan's edges: n < 0 has cdf 0, n >= N cdf 1, with zero partials; no
 * terms give cdf 1 and logs 0. */
static void test_edges(void **state)
{
    (void)state;
    RtError err;
    assert_true(scalar(CDF, -1, 10, 2, 3) == 0);
    assert_true(scalar(LCDF, -1, 10, 2, 3) == -INFINITY);
    assert_true(scalar(LCCDF, -1, 10, 2, 3) == 0);
    assert_true(scalar(CDF, 10, 10, 2, 3) == 1);
    assert_true(scalar(CDF, 12, 10, 2, 3) == 1);
    assert_true(scalar(LCDF, 10, 10, 2, 3) == 0);
    assert_true(scalar(LCCDF, 10, 10, 2, 3) == -INFINITY);
    assert_true(scalar(CDF, 0, 0, 2, 3) == 1);
    /* one term out of range decides the whole product */
    int n[2] = {3, -1}, N[2] = {5, 5};
    double a = 2, b = 3, ga = 0, gb = 0;
    assert_true(rt_beta_binomial_cdf(rt_iarg(n, 2), rt_iarg(N, 2),
                                     rt_arg1(&a, &ga, true),
                                     rt_arg1(&b, &gb, true), 1, &err) == 0);
    assert_true(ga == 0 && gb == 0);
    /* ... or drops out of the sum: the lccdf of n < 0 is log 1 */
    CLOSE(rt_beta_binomial_lccdf(rt_iarg(n, 2), rt_iarg(N, 2),
                                 rt_arg1(&a, NULL, false),
                                 rt_arg1(&b, NULL, false), 1, &err),
          term(LCCDF, 3, 5, 2, 3), 1e-12);
    int m[2] = {3, 5};
    assert_true(rt_beta_binomial_cdf(rt_iarg(m, 2), rt_iarg(N, 2),
                                     rt_arg1(&a, &ga, true),
                                     rt_arg1(&b, &gb, true), 1, &err)
                == scalar(CDF, 3, 5, 2, 3));
    /* empty */
    ga = gb = 0;
    assert_true(rt_beta_binomial_cdf(rt_iarg(NULL, 0), rt_iarg1(N),
                                     rt_arg1(&a, &ga, true),
                                     rt_arg1(&b, &gb, true), 1, &err) == 1);
    assert_true(rt_beta_binomial_lccdf(rt_iarg(NULL, 0), rt_iarg1(N),
                                       rt_arg1(&a, &ga, true),
                                       rt_arg1(&b, &gb, true), 1, &err)
                == 0);
    assert_true(ga == 0 && gb == 0);
}

/* ------------------------------------------------------------ partials */

/* The form under test and its integer arguments: n of length 3, and N
 * of 3 (g_one < 0) or the one N g_one; p holds alpha (3) then beta (1,
 * broadcast). */
static int g_which, g_one;
static const int g_n[3] = {2, 0, 8}, g_N[3] = {6, 4, 9};

static double fn_vec(const double *p, double *g, double adj)
{
    RtError err;
    RtIArg N = g_one < 0 ? rt_iarg(g_N, 3) : rt_iarg1(&g_one);
    return forms[g_which](rt_iarg(g_n, 3), N,
                          rt_argn(p, g, 3, true),
                          rt_arg1(p + 3, g ? g + 3 : NULL, true), adj, &err);
}

/* Every partial against a central difference (relative 1e-6), times adj;
 * the value is finite and the same with and without the gradient, and a
 * second call adds to the first. */
static void check_grad(const double *p0, int np, double adj)
{
    double p[8], g[8] = {0}, g2[8];
    memcpy(p, p0, np * sizeof *p);
    double v = fn_vec(p, g, adj), v0 = fn_vec(p, NULL, adj);
    assert_true(isfinite(v) && v == v0);
    memcpy(g2, g, sizeof g);
    fn_vec(p, g2, adj);
    for (int j = 0; j < np; j++) {
        CLOSE(g2[j], 2 * g[j], 1e-12);
        double h = 1e-5 * (1 + fabs(p0[j]));
        p[j] = p0[j] + h;
        double up = fn_vec(p, NULL, adj);
        p[j] = p0[j] - h;
        double down = fn_vec(p, NULL, adj);
        p[j] = p0[j];
        double fd = adj * (up - down) / (2 * h);
        if (fabs(fd - g[j]) > 1e-6 * (1 + fabs(fd)))
            fail_msg("form %d partial %d: analytic %.12g, difference %.12g",
                     g_which, j, g[j], fd);
    }
}

static void test_gradients(void **state)
{
    (void)state;
    const double sets[3][4] = {{1.5, 2.5, 0.7, 3.0}, {0.3, 4.0, 12.0, 0.8},
                               {20.0, 0.5, 1.0, 40.0}};
    for (g_which = CDF; g_which <= LCCDF; g_which++)
        for (int s = 0; s < 3; s++) {
            g_one = -1;
            check_grad(sets[s], 4, 1);
            check_grad(sets[s], 4, 0.7);
            g_one = 12;
            check_grad(sets[s], 4, -1.3);
            if (g_which != LCCDF) {
                g_one = 8;  /* n = 8 is at N: a cdf of 1 */
                check_grad(sets[s], 4, 1);
            }
        }
}

/* ---------------------------------------------------------- messages */

static void expect_error(double v, const RtError *err, const char *msg)
{
    assert_true(isnan(v));
    assert_string_equal(err->msg, msg);
}

static void test_errors(void **state)
{
    (void)state;
    RtError err;
    int n = 2, N = 5, negN = -1, ns[2] = {1, 2}, Ns[3] = {3, 4, 5};
    double a = 2, b = 3, zero = 0, bs[2] = {1, INFINITY};
    RtArg A = rt_arg1(&a, NULL, false), B = rt_arg1(&b, NULL, false);
    expect_error(rt_beta_binomial_cdf(rt_iarg1(&n), rt_iarg1(&negN), A,
                                      B, 1, &err), &err,
                 "beta_binomial_cdf: Population size parameter is -1, but "
                 "must be nonnegative!");
    expect_error(rt_beta_binomial_lcdf(rt_iarg1(&n), rt_iarg1(&N),
                                       rt_arg1(&zero, NULL, false), B, 1,
                                       &err), &err,
                 "beta_binomial_lcdf: First prior sample size parameter is "
                 "0, but must be positive finite!");
    expect_error(rt_beta_binomial_lccdf(rt_iarg(ns, 2), rt_iarg1(&N), A,
                                        rt_argn(bs, NULL, 2, false), 1,
                                        &err), &err,
                 "beta_binomial_lccdf: Second prior sample size parameter[2] "
                 "is inf, but must be positive finite!");
    expect_error(rt_beta_binomial_cdf(rt_iarg(ns, 2), rt_iarg(Ns, 3), A, B,
                                      1, &err), &err,
                 "beta_binomial_cdf: Successes variable has size = 2, but "
                 "Population size parameter has size 3; and they must be "
                 "the same size.");
    /* the checks come before the edges */
    int neg = -1;
    expect_error(rt_beta_binomial_cdf(rt_iarg1(&neg), rt_iarg1(&N),
                                      rt_arg1(&zero, NULL, false), B, 1,
                                      &err), &err,
                 "beta_binomial_cdf: First prior sample size parameter is "
                 "0, but must be positive finite!");
}

/* ------------------------------------------- bernoulli_logit_glm_rng */

static double inv_logit(double x) { return 1 / (1 + exp(-x)); }

/* The frequency of ones per outcome over `draws` draws, each within 5
 * standard errors of inv_logit(alpha + x beta). */
static void check_frequencies(RtMat x, RtArg alpha, RtArg beta, int M)
{
    enum { DRAWS = 20000 };
    RtRng *r = rt_rng_new(11, 3);
    RtError err;
    int ones[8] = {0}, out[8];
    for (int t = 0; t < DRAWS; t++) {
        assert_int_equal(rt_bernoulli_logit_glm_rng(x, alpha, beta, out, r,
                                                    &err), 0);
        for (int i = 0; i < M; i++) {
            assert_true(out[i] == 0 || out[i] == 1);
            ones[i] += out[i];
        }
    }
    rt_rng_free(r);
    for (int i = 0; i < M; i++) {
        double eta = alpha.x[alpha.n == 1 ? 0 : i];
        for (int k = 0; k < x.cols; k++)
            eta += x.x[i * x.cols + k] * beta.x[k];
        double p = inv_logit(eta), f = (double)ones[i] / DRAWS;
        double se = sqrt(p * (1 - p) / DRAWS);
        if (fabs(f - p) > 5 * se)
            fail_msg("outcome %d: frequency %g, want %g (se %g)", i, f, p,
                     se);
    }
}

static void test_glm_rng(void **state)
{
    (void)state;
    double x[8] = {0.5, -1.0, 1.5, 0.2, -0.3, 0.8, 2.0, -2.0};
    double beta[2] = {0.7, -0.4}, alphas[4] = {-1, 0, 0.5, 2}, alpha = 0.3;
    RtMat X = {x, NULL, 4, 2, false};
    RtArg B = rt_argn(beta, NULL, 2, false);
    check_frequencies(X, rt_arg1(&alpha, NULL, false), B, 4);
    check_frequencies(X, rt_argn(alphas, NULL, 4, false), B, 4);
    /* a row_vector: one outcome */
    RtMat row = {x + 2, NULL, 1, 2, false};
    check_frequencies(row, rt_arg1(&alpha, NULL, false), B, 1);
    /* no predictors: the intercepts alone */
    RtMat none = {NULL, NULL, 4, 0, false};
    check_frequencies(none, rt_argn(alphas, NULL, 4, false),
                      rt_argn(NULL, NULL, 0, false), 4);

    /* determinism: the same seed, the same draws */
    RtRng *r1 = rt_rng_new(5, 1), *r2 = rt_rng_new(5, 1);
    RtError err;
    int o1[4], o2[4];
    for (int t = 0; t < 50; t++) {
        rt_bernoulli_logit_glm_rng(X, rt_arg1(&alpha, NULL, false), B, o1,
                                   r1, &err);
        rt_bernoulli_logit_glm_rng(X, rt_arg1(&alpha, NULL, false), B, o2,
                                   r2, &err);
        assert_memory_equal(o1, o2, sizeof o1);
    }
    rt_rng_free(r1);
    rt_rng_free(r2);
}

static void expect_rng_error(int status, const RtError *err, const char *msg)
{
    assert_int_equal(status, -1);
    assert_string_equal(err->msg, msg);
}

static void test_glm_rng_errors(void **state)
{
    (void)state;
    RtRng *r = rt_rng_new(1, 1);
    RtError err;
    int out[4];
    double x[6] = {1, 2, 3, 4, 5, 6}, beta[3] = {1, 1, 1}, alpha = 0;
    double alphas[3] = {0, 0, 0};
    RtMat X = {x, NULL, 3, 2, false};
    RtArg A = rt_arg1(&alpha, NULL, false);
    expect_rng_error(rt_bernoulli_logit_glm_rng(X, A,
                                                rt_argn(beta, NULL, 3, false),
                                                out, r, &err), &err,
                     "bernoulli_logit_glm_rng: Weight vector has dimension = "
                     "3, expecting dimension = 2; a function was called with "
                     "arguments of different scalar, array, vector, or "
                     "matrix types, and they were not consistently sized;  "
                     "all arguments must be scalars or multidimensional "
                     "values of the same shape.");
    RtArg B = rt_argn(beta, NULL, 2, false);
    expect_rng_error(rt_bernoulli_logit_glm_rng(X, rt_argn(alphas, NULL, 2,
                                                           false), B, out, r,
                                                &err), &err,
                     "bernoulli_logit_glm_rng: Vector of intercepts has "
                     "dimension = 2, expecting dimension = 3; a function was "
                     "called with arguments of different scalar, array, "
                     "vector, or matrix types, and they were not "
                     "consistently sized;  all arguments must be scalars or "
                     "multidimensional values of the same shape.");
    x[3] = INFINITY;    /* row 2, column 2 */
    expect_rng_error(rt_bernoulli_logit_glm_rng(X, A, B, out, r, &err), &err,
                     "bernoulli_logit_glm_rng: Matrix of independent "
                     "variables[2, 2] is inf, but must be finite!");
    RtMat row = {x + 2, NULL, 1, 2, false};
    expect_rng_error(rt_bernoulli_logit_glm_rng(row, A, B, out, r, &err),
                     &err, "bernoulli_logit_glm_rng: Matrix of independent "
                     "variables[2] is inf, but must be finite!");
    x[3] = 4;
    beta[1] = NAN;
    expect_rng_error(rt_bernoulli_logit_glm_rng(X, A, B, out, r, &err), &err,
                     "bernoulli_logit_glm_rng: Weight vector[2] is nan, but "
                     "must be finite!");
    beta[1] = 1;
    alpha = -INFINITY;
    expect_rng_error(rt_bernoulli_logit_glm_rng(X, A, B, out, r, &err), &err,
                     "bernoulli_logit_glm_rng: Intercept is -inf, but must be "
                     "finite!");
    alphas[2] = NAN;
    expect_rng_error(rt_bernoulli_logit_glm_rng(X, rt_argn(alphas, NULL, 3,
                                                           false), B, out, r,
                                                &err), &err,
                     "bernoulli_logit_glm_rng: Intercept[3] is nan, but must "
                     "be finite!");
    rt_rng_free(r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_values),
        cmocka_unit_test(test_edges),
        cmocka_unit_test(test_gradients),
        cmocka_unit_test(test_errors),
        cmocka_unit_test(test_glm_rng),
        cmocka_unit_test(test_glm_rng_errors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
