/* test_rt_count_ordinal_glm.c - neg_binomial's cumulative functions, discrete_range,
 * beta_neg_binomial, ordered_probit and the GLMs binomial_logit_glm,
 * neg_binomial_2_log_glm and ordered_logistic_glm (runtime/dist_count.c,
 * dist_discrete_range.c, dist_ordinal.c, dist_glm_*.c).  Values against
 * sums of the mass function, closed forms or the plain distribution at
 * the explicit predictor; partials against central differences; propto;
 * Stan's edges and messages; draws' frequencies within 5 standard
 * errors. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>
#include <limits.h>
#include <math.h>
#include <string.h>

#include "pplrt.h"
#include "rt_dist_disc.h"

#define CLOSE(a, b, tol) assert_true(fabs((a) - (b)) <= (tol) * (1 + fabs(b)))

enum { CDF, LCDF, LCCDF };

/* ------------------------------------------------ finite differences */

/* A function of np reals p, adding adj * its partials into g (or not,
 * g == NULL). */
typedef double (*Fn)(const double *p, double *g, double adj);

/* Every partial against a central difference (relative tol), times adj;
 * the value is finite and the same with and without the gradient, and a
 * second call adds to the first. */
static void check_grad(Fn f, const double *p0, int np, double adj,
                       double tol, const char *what)
{
    double p[32], g[32] = {0}, g2[32];
    memcpy(p, p0, (size_t)np * sizeof *p);
    double v = f(p, g, adj), v0 = f(p, NULL, adj);
    if (!isfinite(v) || v != v0)
        fail_msg("%s: value %.17g, without gradient %.17g", what, v, v0);
    memcpy(g2, g, sizeof g);
    f(p, g2, adj);
    for (int j = 0; j < np; j++) {
        CLOSE(g2[j], 2 * g[j], 1e-12);
        double h = 1e-5 * (1 + fabs(p0[j]));
        p[j] = p0[j] + h;
        double up = f(p, NULL, adj);
        p[j] = p0[j] - h;
        double down = f(p, NULL, adj);
        p[j] = p0[j];
        double fd = adj * (up - down) / (2 * h);
        if (fabs(fd - g[j]) > tol * (1 + fabs(fd)))
            fail_msg("%s: partial %d: analytic %.12g, difference %.12g",
                     what, j, g[j], fd);
    }
}

static void expect_error(double v, const RtError *err, const char *msg)
{
    assert_true(isnan(v));
    assert_string_equal(err->msg, msg);
}

/* --------------------------------------------- neg_binomial cumulatives */

typedef double (*Cum2)(RtIArg, RtArg, RtArg, double, RtError *);
static const Cum2 nb_forms[] = {rt_neg_binomial_cdf, rt_neg_binomial_lcdf,
                                rt_neg_binomial_lccdf};

static double nb_pmf(int k, double a, double b)
{
    RtError err;
    return exp(rt_neg_binomial_lpmf(rt_iarg1(&k), rt_arg1(&a, NULL, false),
                                    rt_arg1(&b, NULL, false), false, 1,
                                    &err));
}

/* The expected value of one form, by explicit sums of the mass function
 * (the upper tail summed far out). */
static double nb_term(int which, int n, double a, double b)
{
    if (n < 0)
        return which == CDF ? 0 : which == LCDF ? -INFINITY : 0;
    double lo = 0, hi = 0;
    for (int j = 0; j <= n; j++)
        lo += nb_pmf(j, a, b);
    for (int j = n + 1; j < n + 200000; j++) {
        double p = nb_pmf(j, a, b);
        hi += p;
        if (j > (a + 1) / b * 4 + 100 && p < 1e-30 * hi)
            break;
    }
    return which == CDF ? lo : which == LCDF ? log(lo) : log(hi);
}

static double nb_scalar(int which, int n, double a, double b)
{
    RtError err;
    return nb_forms[which](rt_iarg1(&n), rt_arg1(&a, NULL, false),
                           rt_arg1(&b, NULL, false), 1, &err);
}

static void test_nb_values(void **state)
{
    (void)state;
    static const struct { int n; double a, b; } cases[] = {
        {0, 2.5, 1.5}, {3, 2.5, 1.5}, {12, 2.5, 1.5}, {0, 0.3, 0.2},
        {5, 0.3, 0.2}, {40, 30.0, 0.5}, {80, 30.0, 0.5}, {2, 7.0, 3.0},
        {150, 4.0, 0.05}, {1, 0.8, 20.0},
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++)
        for (int w = CDF; w <= LCCDF; w++) {
            double got = nb_scalar(w, cases[c].n, cases[c].a, cases[c].b);
            double want = nb_term(w, cases[c].n, cases[c].a, cases[c].b);
            if (fabs(got - want) > 1e-9 * (1 + fabs(want)))
                fail_msg("case %zu form %d: %.15g, want %.15g", c, w, got,
                         want);
        }
    /* a far upper tail keeps its digits: the lccdf far past the mode */
    double lc = nb_scalar(LCCDF, 400, 3, 1);
    CLOSE(lc, nb_term(LCCDF, 400, 3, 1), 1e-9);
    assert_true(lc < -200);
    /* and a far lower tail */
    double l = nb_scalar(LCDF, 0, 300, 1);
    CLOSE(l, 300 * log(0.5), 1e-12);

    /* vectorized: product (cdf) or sum (logs), scalars broadcast */
    int n[3] = {2, 4, 9};
    double a[3] = {1.5, 2.5, 0.7}, b = 0.6;
    RtError err;
    for (int w = CDF; w <= LCCDF; w++) {
        double want = w == CDF ? 1 : 0;
        for (int i = 0; i < 3; i++)
            want = w == CDF ? want * nb_term(w, n[i], a[i], b)
                            : want + nb_term(w, n[i], a[i], b);
        double got = nb_forms[w](rt_iarg(n, 3), rt_argn(a, NULL, 3, false),
                                 rt_arg1(&b, NULL, false), 1, &err);
        CLOSE(got, want, 1e-10);
    }
}

static void test_nb_edges(void **state)
{
    (void)state;
    RtError err;
    assert_true(nb_scalar(CDF, -1, 2, 3) == 0);
    assert_true(nb_scalar(LCDF, -1, 2, 3) == -INFINITY);
    assert_true(nb_scalar(LCCDF, -1, 2, 3) == 0);
    assert_true(nb_scalar(CDF, INT_MAX, 2, 3) == 1);
    assert_true(nb_scalar(LCCDF, INT_MAX, 2, 3) == -INFINITY);
    int n[2] = {3, -1};
    double a = 2, b = 3, ga = 0, gb = 0;
    assert_true(rt_neg_binomial_cdf(rt_iarg(n, 2), rt_arg1(&a, &ga, true),
                                    rt_arg1(&b, &gb, true), 1, &err) == 0);
    assert_true(ga == 0 && gb == 0);
    CLOSE(rt_neg_binomial_lccdf(rt_iarg(n, 2), rt_arg1(&a, NULL, false),
                                rt_arg1(&b, NULL, false), 1, &err),
          nb_term(LCCDF, 3, 2, 3), 1e-12);
    assert_true(rt_neg_binomial_cdf(rt_iarg(NULL, 0), rt_arg1(&a, &ga, true),
                                    rt_arg1(&b, &gb, true), 1, &err) == 1);
    assert_true(rt_neg_binomial_lcdf(rt_iarg(NULL, 0),
                                     rt_arg1(&a, &ga, true),
                                     rt_arg1(&b, &gb, true), 1, &err) == 0);
    assert_true(ga == 0 && gb == 0);

    int k = 2;
    double bad = -1, nan_ = NAN, two[2] = {1, 2};
    expect_error(rt_neg_binomial_cdf(rt_iarg1(&k),
                                     rt_arg1(&bad, NULL, false),
                                     rt_arg1(&b, NULL, false), 1, &err),
                 &err, "neg_binomial_cdf: Shape parameter is -1, but must be "
                 "positive finite!");
    expect_error(rt_neg_binomial_lccdf(rt_iarg1(&k),
                                       rt_arg1(&a, NULL, false),
                                       rt_arg1(&nan_, NULL, false), 1, &err),
                 &err, "neg_binomial_lccdf: Inverse scale parameter is nan, "
                 "but must be positive finite!");
    int ks[3] = {1, 2, 3};
    expect_error(rt_neg_binomial_lcdf(rt_iarg(ks, 3),
                                      rt_argn(two, NULL, 2, false),
                                      rt_arg1(&b, NULL, false), 1, &err),
                 &err, "neg_binomial_lcdf: Failures variable has size = 3, "
                 "but Shape parameter has size 2; and they must be the same "
                 "size.");
}

/* n of length 3; p: alpha (3) then beta (1, broadcast). */
static int g_which;
static const int g_n[3] = {2, 0, 9};

static double nb_vec(const double *p, double *g, double adj)
{
    RtError err;
    return nb_forms[g_which](rt_iarg(g_n, 3), rt_argn(p, g, 3, true),
                             rt_arg1(p + 3, g ? g + 3 : NULL, true), adj,
                             &err);
}

static void test_nb_gradients(void **state)
{
    (void)state;
    /* below the mode, above it, and a long tail (small beta) */
    const double sets[4][4] = {{1.5, 2.5, 0.7, 3.0}, {30.0, 12.0, 60.0, 0.8},
                               {20.0, 0.5, 1.0, 0.05}, {4, 4, 4, 0.5}};
    for (int w = CDF; w <= LCCDF; w++)
        for (int s = 0; s < 4; s++) {
            g_which = w;
            check_grad(nb_vec, sets[s], 4, 0.7, 1e-6, "neg_binomial cdfs");
        }
}

/* ------------------------------------------------------ discrete_range */

static double dr(int which_or_lpmf, int y, int lo, int hi, RtError *err)
{
    double l = lo, h = hi;
    RtIArg Y = rt_iarg1(&y);
    RtArg L = rt_arg1(&l, NULL, false), H = rt_arg1(&h, NULL, false);
    switch (which_or_lpmf) {
    case CDF: return rt_discrete_range_cdf(Y, L, H, 1, err);
    case LCDF: return rt_discrete_range_lcdf(Y, L, H, 1, err);
    case LCCDF: return rt_discrete_range_lccdf(Y, L, H, 1, err);
    default: return rt_discrete_range_lpmf(Y, L, H, false, 1, err);
    }
}

static void test_discrete_range(void **state)
{
    (void)state;
    RtError err;
    enum { LPMF = 3 };
    CLOSE(dr(LPMF, 2, -3, 4, &err), -log(8), 1e-15);
    CLOSE(dr(LPMF, -3, -3, 4, &err), -log(8), 1e-15);
    CLOSE(dr(LPMF, 5, 5, 5, &err), 0.0, 1e-15);
    assert_true(dr(LPMF, 5, -3, 4, &err) == -INFINITY);
    assert_true(dr(LPMF, -4, -3, 4, &err) == -INFINITY);
    /* cdf = (y - lower + 1) / width, ccdf its complement */
    for (int y = -5; y <= 6; y++) {
        double c = y < -3 ? 0 : y >= 4 ? 1 : (y + 4) / 8.0;
        CLOSE(dr(CDF, y, -3, 4, &err), c, 1e-15);
        assert_true(dr(LCDF, y, -3, 4, &err) == log(c)
                    || fabs(dr(LCDF, y, -3, 4, &err) - log(c)) < 1e-14);
        double lc = dr(LCCDF, y, -3, 4, &err);
        assert_true(lc == log1p(-c) || fabs(lc - log1p(-c)) < 1e-14);
    }
    /* vectorized with broadcast bounds; propto drops everything */
    int ys[3] = {1, 2, 3};
    double lo = 0, his[3] = {3, 4, 9};
    RtArg L = rt_arg1(&lo, NULL, false), H = rt_argn(his, NULL, 3, false);
    CLOSE(rt_discrete_range_lpmf(rt_iarg(ys, 3), L, H, false, 1, &err),
          -log(4) - log(5) - log(10), 1e-14);
    assert_true(rt_discrete_range_lpmf(rt_iarg(ys, 3), L, H, true, 1, &err)
                == 0);
    CLOSE(rt_discrete_range_cdf(rt_iarg(ys, 3), L, H, 1, &err),
          2 / 4.0 * 3 / 5.0 * 4 / 10.0, 1e-14);
    CLOSE(rt_discrete_range_lccdf(rt_iarg(ys, 3), L, H, 1, &err),
          log(2 / 4.0) + log(2 / 5.0) + log(6 / 10.0), 1e-14);
    assert_true(rt_discrete_range_lpmf(rt_iarg(NULL, 0), L, L, false, 1,
                                       &err) == 0);

    expect_error(dr(LPMF, 2, 3, 1, &err), &err, "discrete_range_lpmf: Upper "
                 "bound parameter is 1, but must be greater than or equal to "
                 "3");
    double los[2] = {0, 5};
    expect_error(rt_discrete_range_lccdf(rt_iarg1(ys),
                                         rt_argn(los, NULL, 2, false), H, 1,
                                         &err), &err,
                 "discrete_range_lccdf: Lower bound parameter has size = 2, "
                 "but Upper bound parameter has size 3; and they must be the "
                 "same size.");
    expect_error(rt_discrete_range_cdf(rt_iarg(ys, 3),
                                       rt_argn(los, NULL, 2, false),
                                       rt_arg1(&his[2], NULL, false), 1,
                                       &err), &err,
                 "discrete_range_cdf: Random variable has size = 3, but "
                 "Lower bound parameter has size 2; and they must be the "
                 "same size.");

    /* draws: every value equally often */
    enum { DRAWS = 80000 };
    RtRng *r = rt_rng_new(3, 1);
    int counts[8] = {0};
    for (int t = 0; t < DRAWS; t++) {
        int k = rt_discrete_range_rng(-3, 4, r, &err);
        assert_true(k >= -3 && k <= 4);
        counts[k + 3]++;
    }
    double se = sqrt(0.125 * 0.875 / DRAWS);
    for (int k = 0; k < 8; k++)
        assert_true(fabs(counts[k] / (double)DRAWS - 0.125) < 5 * se);
    assert_int_equal(rt_discrete_range_rng(7, 7, r, &err), 7);
    assert_int_equal(rt_discrete_range_rng(3, 2, r, &err), INT_MIN);
    assert_string_equal(err.msg, "discrete_range_rng: Upper bound parameter "
                        "is 2, but must be greater than or equal to 3");
    rt_rng_free(r);
}

/* -------------------------------------------------- beta_neg_binomial */

static double bnb_lpmf(int k, double r, double a, double b)
{
    RtError err;
    return rt_beta_neg_binomial_lpmf(rt_iarg1(&k), rt_arg1(&r, NULL, false),
                                     rt_arg1(&a, NULL, false),
                                     rt_arg1(&b, NULL, false), false, 1,
                                     &err);
}

/* The closed form, with tgamma directly for small arguments. */
static double bnb_closed(int k, double r, double a, double b)
{
    return tgamma(k + r) / (tgamma(k + 1) * tgamma(r)) * tgamma(a + r)
           * tgamma(b + k) / tgamma(a + r + b + k) * tgamma(a + b)
           / (tgamma(a) * tgamma(b));
}

static int g_bnb_form;      /* 0..2 cumulative, 3 lpmf, 4 lupmf */
static const int g_bnb_n[3] = {0, 3, 11};

static double bnb_vec(const double *p, double *g, double adj)
{
    RtError err;
    RtIArg n = rt_iarg(g_bnb_n, 3);
    RtArg r = rt_argn(p, g, 3, true);
    RtArg a = rt_arg1(p + 3, g ? g + 3 : NULL, true);
    RtArg b = rt_arg1(p + 4, g ? g + 4 : NULL, true);
    switch (g_bnb_form) {
    case CDF: return rt_beta_neg_binomial_cdf(n, r, a, b, adj, &err);
    case LCDF: return rt_beta_neg_binomial_lcdf(n, r, a, b, adj, &err);
    case LCCDF: return rt_beta_neg_binomial_lccdf(n, r, a, b, adj, &err);
    default:
        return rt_beta_neg_binomial_lpmf(n, r, a, b, g_bnb_form == 4, adj,
                                         &err);
    }
}

static void test_bnb(void **state)
{
    (void)state;
    RtError err;
    static const struct { int k; double r, a, b; } cases[] = {
        {0, 2.5, 3.0, 1.5}, {4, 2.5, 3.0, 1.5}, {7, 0.5, 1.2, 4.0},
        {1, 10.0, 2.0, 0.7},
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++)
        CLOSE(bnb_lpmf(cases[c].k, cases[c].r, cases[c].a, cases[c].b),
              log(bnb_closed(cases[c].k, cases[c].r, cases[c].a,
                             cases[c].b)), 1e-12);
    /* the mass sums to 1 (alpha large: a fast tail) */
    double total = 0;
    for (int k = 0; k < 20000; k++)
        total += exp(bnb_lpmf(k, 2, 8, 3));
    CLOSE(total, 1.0, 1e-9);
    /* cumulative forms against explicit sums */
    for (int k = 0; k < 12; k += 3) {
        double c = 0;
        for (int j = 0; j <= k; j++)
            c += exp(bnb_lpmf(j, 2.5, 3, 1.5));
        double r = 2.5, a = 3, b = 1.5;
        RtArg R = rt_arg1(&r, NULL, false), A = rt_arg1(&a, NULL, false);
        RtArg B = rt_arg1(&b, NULL, false);
        CLOSE(rt_beta_neg_binomial_cdf(rt_iarg1(&k), R, A, B, 1, &err), c,
              1e-12);
        CLOSE(rt_beta_neg_binomial_lcdf(rt_iarg1(&k), R, A, B, 1, &err),
              log(c), 1e-12);
        CLOSE(rt_beta_neg_binomial_lccdf(rt_iarg1(&k), R, A, B, 1, &err),
              log1p(-c), 1e-10);
    }
    int neg = -2;
    double r = 2, a = 3, b = 4;
    RtArg R = rt_arg1(&r, NULL, false), A = rt_arg1(&a, NULL, false);
    RtArg B = rt_arg1(&b, NULL, false);
    assert_true(rt_beta_neg_binomial_cdf(rt_iarg1(&neg), R, A, B, 1, &err)
                == 0);
    assert_true(rt_beta_neg_binomial_lccdf(rt_iarg1(&neg), R, A, B, 1,
                                           &err) == 0);

    /* partials of every form */
    const double p0[5] = {1.5, 2.5, 0.7, 3.0, 1.2};
    for (g_bnb_form = 0; g_bnb_form <= 4; g_bnb_form++)
        check_grad(bnb_vec, p0, 5, 1.3, 1e-6, "beta_neg_binomial");

    /* propto: only r a parameter keeps lbeta(n + r, a + b) - lbeta(r, a) */
    int k = 4;
    double gr = 0;
    double lu = rt_beta_neg_binomial_lpmf(rt_iarg1(&k),
                                          rt_arg1(&r, &gr, true), A, B, true,
                                          1, &err);
    double want = lgamma(k + r) + lgamma(a + b) - lgamma(k + r + a + b)
                  - lgamma(r) - lgamma(a) + lgamma(r + a);
    CLOSE(lu, want, 1e-12);
    /* only beta: lbeta(n + r, a + b) + lgamma(n + b) - lgamma(b) */
    lu = rt_beta_neg_binomial_lpmf(rt_iarg1(&k), R, A,
                                   rt_arg1(&b, NULL, true), true, 1, &err);
    CLOSE(lu, lgamma(k + r) + lgamma(a + b) - lgamma(k + r + a + b)
          + lgamma(k + b) - lgamma(b), 1e-12);
    assert_true(rt_beta_neg_binomial_lpmf(rt_iarg1(&k), R, A, B, true, 1,
                                          &err) == 0);

    /* messages */
    double bad = 0;
    expect_error(rt_beta_neg_binomial_lpmf(rt_iarg1(&k),
                                           rt_arg1(&bad, NULL, false), A, B,
                                           false, 1, &err), &err,
                 "beta_neg_binomial_lpmf: Number of successes parameter is "
                 "0, but must be positive finite!");
    expect_error(rt_beta_neg_binomial_lcdf(rt_iarg1(&k), R,
                                           rt_arg1(&bad, NULL, false), B, 1,
                                           &err), &err,
                 "beta_neg_binomial_lcdf: Prior success parameter is 0, but "
                 "must be positive finite!");
    expect_error(rt_beta_neg_binomial_lpmf(rt_iarg1(&neg), R, A, B, false,
                                           1, &err), &err,
                 "beta_neg_binomial_lpmf: Failures variable is -2, but must "
                 "be nonnegative!");
    double inf = INFINITY;
    assert_int_equal(rt_beta_neg_binomial_rng(1, 1, inf, NULL, &err), -1);
    assert_string_equal(err.msg, "beta_neg_binomial_rng: Prior failure "
                        "parameter is inf, but must be positive finite!");

    /* draws: the frequencies of 0..4 */
    enum { DRAWS = 60000 };
    RtRng *rng = rt_rng_new(11, 1);
    int counts[5] = {0};
    for (int t = 0; t < DRAWS; t++) {
        int d = rt_beta_neg_binomial_rng(2.5, 3, 1.5, rng, &err);
        assert_true(d >= 0);
        if (d < 5)
            counts[d]++;
    }
    for (int j = 0; j < 5; j++) {
        double p = exp(bnb_lpmf(j, 2.5, 3, 1.5)), f = counts[j] / (double)DRAWS;
        if (fabs(f - p) > 5 * sqrt(p * (1 - p) / DRAWS))
            fail_msg("beta_neg_binomial_rng: %d: frequency %g, want %g", j,
                     f, p);
    }
    rt_rng_free(rng);
}

/* ----------------------------------------------------- ordered_probit */

static double Phi(double x)
{
    return 0.5 * erfc(-x / sqrt(2));
}

static int g_op_y[4] = {1, 2, 3, 4};
static bool g_op_propto;

/* p: eta (4), then the 3 cutpoints. */
static double op_vec(const double *p, double *g, double adj)
{
    RtError err;
    return rt_ordered_probit_lpmf(rt_iarg(g_op_y, 4), rt_argn(p, g, 4, true),
                                  rt_argn(p + 4, g ? g + 4 : NULL, 3, true),
                                  g_op_propto, adj, &err);
}

static void test_ordered_probit(void **state)
{
    (void)state;
    RtError err;
    double c[3] = {-1, 0.5, 2}, eta = 0.3;
    double want[4] = {1 - Phi(eta + 1), Phi(eta + 1) - Phi(eta - 0.5),
                      Phi(eta - 0.5) - Phi(eta - 2), Phi(eta - 2)};
    RtArg C = rt_argn(c, NULL, 3, false);
    for (int k = 1; k <= 4; k++)
        CLOSE(rt_ordered_probit_lpmf(rt_iarg1(&k),
                                     rt_arg1(&eta, NULL, false), C, false, 1,
                                     &err), log(want[k - 1]), 1e-12);
    /* far tails: finite, and the logs of the tail probabilities */
    int k1 = 1, k2 = 2, k4 = 4;
    double far = 40;
    double l1 = rt_ordered_probit_lpmf(rt_iarg1(&k1),
                                       rt_arg1(&far, NULL, false), C, false,
                                       1, &err);
    /* log(1 - Phi(41)) ~ -41^2/2 - log(41) - log(sqrt(2 pi)) */
    CLOSE(l1, -0.5 * 41 * 41 - log(41) - 0.918938533204672742
          + log1p(-1 / (41.0 * 41)), 1e-3);
    double l2 = rt_ordered_probit_lpmf(rt_iarg1(&k2),
                                       rt_arg1(&far, NULL, false), C, false,
                                       1, &err);
    /* Phi(41) - Phi(39.5) is about 1 - Phi(39.5) */
    CLOSE(l2, -0.5 * 39.5 * 39.5 - log(39.5) - 0.918938533204672742
          + log1p(-1 / (39.5 * 39.5)), 1e-3);
    assert_true(l2 > l1);
    double mfar = -40;
    assert_true(isfinite(rt_ordered_probit_lpmf(rt_iarg1(&k4),
                                                rt_arg1(&mfar, NULL, false),
                                                C, false, 1, &err)));
    /* partials, propto (no constant terms: the same value) */
    const double p0[7] = {0.3, -0.8, 1.1, 2.5, -1, 0.5, 2};
    g_op_propto = false;
    check_grad(op_vec, p0, 7, 0.9, 1e-6, "ordered_probit");
    g_op_propto = true;
    check_grad(op_vec, p0, 7, 0.9, 1e-6, "ordered_probit propto");
    const double tails[7] = {-6, -3, 4, 9, -1, 0.5, 2};
    check_grad(op_vec, tails, 7, 1, 1e-6, "ordered_probit tails");
    assert_true(rt_ordered_probit_lpmf(rt_iarg(g_op_y, 4),
                                       rt_arg1(&eta, NULL, false), C, true, 1,
                                       &err) == 0);

    int k5 = 5;
    expect_error(rt_ordered_probit_lpmf(rt_iarg1(&k5),
                                        rt_arg1(&eta, NULL, false), C, false,
                                        1, &err), &err,
                 "ordered_probit_lpmf: Random variable is 5, but must be in "
                 "the interval [1, 4]");
    double bad_c[3] = {0, -1, 2};
    expect_error(rt_ordered_probit_lpmf(rt_iarg1(&k1),
                                        rt_arg1(&eta, NULL, false),
                                        rt_argn(bad_c, NULL, 3, false), false,
                                        1, &err), &err,
                 "ordered_probit_lpmf: Cut-points is not a valid ordered "
                 "vector. The element at 2 is -1, but should be greater than "
                 "the previous element, 0");
    double nan_ = NAN;
    expect_error(rt_ordered_probit_lpmf(rt_iarg1(&k1),
                                        rt_arg1(&nan_, NULL, false), C, false,
                                        1, &err), &err,
                 "ordered_probit_lpmf: Location parameter is nan, but must "
                 "be finite!");

    /* draws */
    enum { DRAWS = 60000 };
    RtRng *r = rt_rng_new(7, 1);
    int counts[4] = {0};
    for (int t = 0; t < DRAWS; t++) {
        int d = rt_ordered_probit_rng(eta, C, r, &err);
        assert_true(d >= 1 && d <= 4);
        counts[d - 1]++;
    }
    for (int j = 0; j < 4; j++) {
        double f = counts[j] / (double)DRAWS;
        if (fabs(f - want[j]) > 5 * sqrt(want[j] * (1 - want[j]) / DRAWS))
            fail_msg("ordered_probit_rng: %d: %g, want %g", j + 1, f,
                     want[j]);
    }
    assert_int_equal(rt_ordered_probit_rng(nan_, C, r, &err), -1);
    rt_rng_free(r);
}

/* ---------------------------------------------------------------- GLMs */

/* N = 4 outcomes, K = 2 predictors. */
enum { N = 4, K = 2 };
static const double X[N * K] = {0.5, -1.2, 1.5, 0.3, -0.7, 0.8, 0.1, 2.0};
static const int SUCC[N] = {2, 0, 5, 3}, TRIALS[N] = {4, 3, 6, 3};
static const int COUNTS[N] = {0, 7, 2, 1}, CLASSES[N] = {1, 3, 2, 4};
static int g_glm;           /* which GLM */
static bool g_propto, g_rowvec;

static double eta_of(const double *x, int rows, const double *alpha,
                     int na, const double *beta, int i)
{
    const double *row = x + (rows == 1 ? 0 : i) * K;
    double e = alpha ? alpha[na == 1 ? 0 : i] : 0;
    for (int k = 0; k < K; k++)
        e += row[k] * beta[k];
    return e;
}

/* The reference: the plain distribution at the explicit predictor. */
static double glm_reference(int which, const double *x, int rows,
                            const double *alpha, int na, const double *beta,
                            const double *extra, int ne, bool propto)
{
    RtError err;
    double lp = 0;
    for (int i = 0; i < N; i++) {
        double e = eta_of(x, rows, which == 2 ? NULL : alpha, na, beta, i);
        RtArg E = rt_arg1(&e, NULL, true);
        if (which == 0)
            lp += rt_binomial_logit_lpmf(rt_iarg1(&SUCC[i]),
                                         rt_iarg1(&TRIALS[i]), E, propto,
                                         1, &err);
        else if (which == 1)
            lp += rt_neg_binomial_2_log_lpmf(
                rt_iarg1(&COUNTS[i]), E,
                rt_arg1(&extra[ne == 1 ? 0 : i], NULL, true), propto, 1,
                &err);
        else
            lp += rt_ordered_logistic_lpmf(rt_iarg1(&CLASSES[i]), E,
                                           rt_argn(extra, NULL, ne, true),
                                           propto, 1, &err);
    }
    return lp;
}

/* p: x (8, or 2 for a row_vector), alpha (4; absent for ordered), beta
 * (2), then phi (4) or cuts (3). */
static double glm_vec(const double *p, double *g, double adj)
{
    RtError err;
    int rows = g_rowvec ? 1 : N, nx = rows * K;
    RtMat x = {p, g, rows, K, true};
    const double *q = p + nx;
    double *gq = g ? g + nx : NULL;
    if (g_glm == 0)
        return rt_binomial_logit_glm_lpmf(
            rt_iarg(SUCC, N), rt_iarg(TRIALS, N), x, rt_argn(q, gq, N, true),
            rt_argn(q + N, gq ? gq + N : NULL, K, true), g_propto, adj, &err);
    if (g_glm == 1)
        return rt_neg_binomial_2_log_glm_lpmf(
            rt_iarg(COUNTS, N), x, rt_argn(q, gq, N, true),
            rt_argn(q + N, gq ? gq + N : NULL, K, true),
            rt_argn(q + N + K, gq ? gq + N + K : NULL, N, true), g_propto,
            adj, &err);
    return rt_ordered_logistic_glm_lpmf(
        rt_iarg(CLASSES, N), x, rt_argn(q, gq, K, true),
        rt_argn(q + K, gq ? gq + K : NULL, 3, true), g_propto, adj, &err);
}

/* What the GLM's propto drops and neg_binomial_2_log_lpmf's keeps while
 * phi is a parameter (Stan's GLM drops lgamma(y + 1) always). */
static double lgamma_counts(void)
{
    double s = 0;
    for (int i = 0; i < N; i++)
        s += lgamma(COUNTS[i] + 1.0);
    return s;
}

static void test_glm_values(void **state)
{
    (void)state;
    RtError err;
    double alpha[N] = {0.2, -0.4, 0.1, 0.6}, beta[K] = {0.7, -0.3};
    double phi[N] = {1.5, 0.4, 3.0, 8.0}, cuts[3] = {-1, 0.2, 1.4};
    for (int pr = 0; pr < 2; pr++) {
        RtMat x = {X, NULL, N, K, true};
        RtArg A = rt_argn(alpha, NULL, N, true);
        RtArg B = rt_argn(beta, NULL, K, true);
        CLOSE(rt_binomial_logit_glm_lpmf(rt_iarg(SUCC, N),
                                         rt_iarg(TRIALS, N), x, A, B, pr, 1,
                                         &err),
              glm_reference(0, X, N, alpha, N, beta, NULL, 0, pr), 1e-12);
        CLOSE(rt_neg_binomial_2_log_glm_lpmf(rt_iarg(COUNTS, N), x, A, B,
                                             rt_argn(phi, NULL, N, true), pr,
                                             1, &err),
              glm_reference(1, X, N, alpha, N, beta, phi, N, false)
              + (pr ? lgamma_counts() : 0), 1e-12);
        CLOSE(rt_ordered_logistic_glm_lpmf(rt_iarg(CLASSES, N), x, B,
                                           rt_argn(cuts, NULL, 3, true), pr,
                                           1, &err),
              glm_reference(2, X, N, NULL, 1, beta, cuts, 3, pr), 1e-12);
    }
    /* a shared row_vector, a scalar intercept and phi */
    RtMat row = {X + 2, NULL, 1, K, false};
    double a1 = 0.3, phi1 = 2.5;
    CLOSE(rt_neg_binomial_2_log_glm_lpmf(rt_iarg(COUNTS, N), row,
                                         rt_arg1(&a1, NULL, false),
                                         rt_argn(beta, NULL, K, false),
                                         rt_arg1(&phi1, NULL, false), false,
                                         1, &err),
          glm_reference(1, X + 2, 1, &a1, 1, beta, &phi1, 1, false), 1e-12);
    CLOSE(rt_binomial_logit_glm_lpmf(rt_iarg(SUCC, N), rt_iarg(TRIALS, N),
                                     row, rt_arg1(&a1, NULL, false),
                                     rt_argn(beta, NULL, K, false), false, 1,
                                     &err),
          glm_reference(0, X + 2, 1, &a1, 1, beta, NULL, 0, false), 1e-12);

    /* propto with everything data: 0; with only phi a parameter, the
     * eta terms go but phi's stay */
    RtMat xd = {X, NULL, N, K, false};
    RtArg Ad = rt_argn(alpha, NULL, N, false);
    RtArg Bd = rt_argn(beta, NULL, K, false);
    assert_true(rt_binomial_logit_glm_lpmf(rt_iarg(SUCC, N),
                                           rt_iarg(TRIALS, N), xd, Ad, Bd,
                                           true, 1, &err) == 0);
    assert_true(rt_ordered_logistic_glm_lpmf(rt_iarg(CLASSES, N), xd, Bd,
                                             rt_argn(cuts, NULL, 3, false),
                                             true, 1, &err) == 0);
    double want = 0;
    for (int i = 0; i < N; i++) {
        double e = eta_of(X, N, alpha, N, beta, i), y = COUNTS[i];
        want += lgamma(y + phi[i]) - lgamma(phi[i]) + phi[i] * log(phi[i])
                - (y + phi[i]) * log(exp(e) + phi[i]);
    }
    CLOSE(rt_neg_binomial_2_log_glm_lpmf(rt_iarg(COUNTS, N), xd, Ad, Bd,
                                         rt_argn(phi, NULL, N, true), true, 1,
                                         &err), want, 1e-12);
}

static void test_glm_gradients(void **state)
{
    (void)state;
    double p[32];
    for (g_glm = 0; g_glm < 3; g_glm++)
        for (int rv = 0; rv < 2; rv++)
            for (int pr = 0; pr < 2; pr++) {
                g_rowvec = rv;
                g_propto = pr;
                int nx = rv ? K : N * K, np = 0;
                memcpy(p, rv ? X + 4 : X, (size_t)nx * sizeof *p);
                np = nx;
                if (g_glm != 2) {
                    const double a[N] = {0.2, -0.4, 0.1, 0.6};
                    memcpy(p + np, a, sizeof a);
                    np += N;
                }
                p[np++] = 0.7;
                p[np++] = -0.3;
                if (g_glm == 1) {
                    const double phi[N] = {1.5, 0.4, 3.0, 8.0};
                    memcpy(p + np, phi, sizeof phi);
                    np += N;
                } else if (g_glm == 2) {
                    p[np++] = -1;
                    p[np++] = 0.2;
                    p[np++] = 1.4;
                }
                check_grad(glm_vec, p, np, 0.8, 1e-6, "glm");
            }
}

static void test_glm_errors(void **state)
{
    (void)state;
    RtError err;
    double alpha = 0, beta[3] = {1, 1, 1}, phi = 1, cuts[2] = {0, 1};
    RtMat x = {X, NULL, N, K, false};
    RtArg A = rt_arg1(&alpha, NULL, false), B = rt_argn(beta, NULL, K, false);
    expect_error(rt_binomial_logit_glm_lpmf(rt_iarg(SUCC, N),
                                            rt_iarg(TRIALS, N), x, A,
                                            rt_argn(beta, NULL, 3, false),
                                            false, 1, &err), &err,
                 "binomial_logit_glm_lpmf: Weight vector has dimension = 3, "
                 "expecting dimension = 2; a function was called with "
                 "arguments of different scalar, array, vector, or matrix "
                 "types, and they were not consistently sized;  all "
                 "arguments must be scalars or multidimensional values of "
                 "the same shape.");
    int big[N] = {2, 4, 5, 3};
    expect_error(rt_binomial_logit_glm_lpmf(rt_iarg(big, N),
                                            rt_iarg(TRIALS, N), x, A, B,
                                            false, 1, &err), &err,
                 "binomial_logit_glm_lpmf: Successes variable[2] is 4, but "
                 "must be in the interval [0, 3]");
    int negs[N] = {0, -1, 0, 0};
    expect_error(rt_neg_binomial_2_log_glm_lpmf(rt_iarg(negs, N), x, A, B,
                                                rt_arg1(&phi, NULL, false),
                                                false, 1, &err), &err,
                 "neg_binomial_2_log_glm_lpmf: Failures variables[2] is -1, "
                 "but must be nonnegative!");
    double bad_phi = -2;
    expect_error(rt_neg_binomial_2_log_glm_lpmf(rt_iarg(COUNTS, N), x, A, B,
                                                rt_arg1(&bad_phi, NULL,
                                                        false),
                                                false, 1, &err), &err,
                 "neg_binomial_2_log_glm_lpmf: Precision parameter is -2, "
                 "but must be positive finite!");
    expect_error(rt_ordered_logistic_glm_lpmf(rt_iarg(CLASSES, N), x, B,
                                              rt_argn(cuts, NULL, 2, false),
                                              false, 1, &err), &err,
                 "ordered_logistic_glm_lpmf: Vector of dependent "
                 "variables[4] is 4, but must be in the interval [1, 3]");
    double bad_cuts[3] = {0, 1, 1};
    expect_error(rt_ordered_logistic_glm_lpmf(rt_iarg(CLASSES, N), x, B,
                                              rt_argn(bad_cuts, NULL, 3,
                                                      false),
                                              false, 1, &err), &err,
                 "ordered_logistic_glm_lpmf: Cut-points is not a valid "
                 "ordered vector. The element at 3 is 1, but should be "
                 "greater than the previous element, 1");
    /* non-finite inputs are named only when the result is not finite */
    double inf_beta[K] = {INFINITY, 0};
    expect_error(rt_neg_binomial_2_log_glm_lpmf(
                     rt_iarg(COUNTS, N), x, A,
                     rt_argn(inf_beta, NULL, K, false),
                     rt_arg1(&phi, NULL, false), false, 1, &err), &err,
                 "neg_binomial_2_log_glm_lpmf: Weight vector[1] is inf, but "
                 "must be finite!");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_nb_values),
        cmocka_unit_test(test_nb_edges),
        cmocka_unit_test(test_nb_gradients),
        cmocka_unit_test(test_discrete_range),
        cmocka_unit_test(test_bnb),
        cmocka_unit_test(test_ordered_probit),
        cmocka_unit_test(test_glm_values),
        cmocka_unit_test(test_glm_gradients),
        cmocka_unit_test(test_glm_errors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
