/* test_rt_dist_disc.c - discrete distributions and GLMs: values against
 * closed forms and GSL's pmfs, partials against central differences,
 * propto, adjoint accumulation, errors, rng moments and determinism. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>
#include <gsl/gsl_cdf.h>
#include <gsl/gsl_randist.h>
#include <gsl/gsl_sf_gamma.h>
#include <math.h>
#include <string.h>

#include "pplrt.h"
#include "rt_dist_disc.h"

#define CLOSE(a, b, tol) assert_true(fabs((a) - (b)) <= (tol) * (1 + fabs(b)))

/* A function of a flat parameter vector p; g (or NULL) receives the
 * gradient, added to. */
typedef double (*Fn)(const double *p, double *g);

/* Every partial against a central difference, relative 1e-6; also checks
 * that the value is the same with and without the gradient and that a
 * second call adds (adjoint accumulation). */
static void check_grad(Fn f, const double *p0, int np)
{
    double p[32], g[32] = {0}, g2[32];
    memcpy(p, p0, np * sizeof *p);
    double v = f(p, g), v0 = f(p, NULL);
    assert_true(v == v0);
    memcpy(g2, g, sizeof g);
    f(p, g2);
    for (int j = 0; j < np; j++) {
        CLOSE(g2[j], 2 * g[j], 1e-12);
        double h = 1e-5 * (1 + fabs(p0[j]));
        p[j] = p0[j] + h;
        double up = f(p, NULL);
        p[j] = p0[j] - h;
        double down = f(p, NULL);
        p[j] = p0[j];
        double fd = (up - down) / (2 * h);
        if (fabs(fd - g[j]) > 1e-6 * (1 + fabs(fd)))
            fail_msg("partial %d: analytic %.12g, difference %.12g", j,
                     g[j], fd);
    }
}

/* n values from p + off: a scalar when n is 1, else a vector. */
static RtArg A(const double *p, double *g, int off, int n)
{
    if (n == 1)
        return rt_arg1(p + off, g ? g + off : NULL, true);
    return rt_argn(p + off, g ? g + off : NULL, n, true);
}

static const int ys3[] = {0, 1, 1};
static const int cnt3[] = {0, 3, 7};
static const int tr3[] = {5, 4, 9};

/* ------------------------------------------------------------ values */

static void test_values(void **state)
{
    (void)state;
    RtError err;
    double t = 0.3, l = 2.5, a = 0.7, m = 3.2, ph = 1.7, be = 2.2;
    int n = 3, N = 7;
    RtIArg ni = rt_iarg1(&n), Ni = rt_iarg1(&N);
    RtArg T = rt_arg1(&t, NULL, false), L = rt_arg1(&l, NULL, false);
    CLOSE(rt_binomial_lpmf(ni, Ni, T, false, 1, &err),
          log(gsl_ran_binomial_pdf(3, 0.3, 7)), 1e-12);
    CLOSE(rt_poisson_lpmf(ni, L, false, 1, &err),
          log(gsl_ran_poisson_pdf(3, 2.5)), 1e-12);
    double la = log(l);
    CLOSE(rt_poisson_log_lpmf(ni, rt_arg1(&la, NULL, false), false, 1, &err),
          log(gsl_ran_poisson_pdf(3, 2.5)), 1e-12);
    int one = 1;
    CLOSE(rt_bernoulli_lpmf(rt_iarg1(&one), T, false, 1, &err),
          log(gsl_ran_bernoulli_pdf(1, 0.3)), 1e-14);
    CLOSE(rt_bernoulli_logit_lpmf(rt_iarg1(&one),
                                  rt_arg1(&a, NULL, false), false, 1, &err),
          log(1 / (1 + exp(-a))), 1e-14);
    CLOSE(rt_binomial_logit_lpmf(ni, Ni, rt_arg1(&a, NULL, false), false, 1,
                                 &err),
          log(gsl_ran_binomial_pdf(3, 1 / (1 + exp(-a)), 7)), 1e-12);
    /* neg_binomial_2(mu, phi) = GSL's negative binomial p = phi/(mu+phi),
     * n = phi */
    RtArg M = rt_arg1(&m, NULL, false), P = rt_arg1(&ph, NULL, false);
    CLOSE(rt_neg_binomial_2_lpmf(ni, M, P, false, 1, &err),
          log(gsl_ran_negative_binomial_pdf(3, ph / (m + ph), ph)), 1e-12);
    double lm = log(m);
    CLOSE(rt_neg_binomial_2_log_lpmf(ni, rt_arg1(&lm, NULL, false), P,
                                     false, 1, &err),
          log(gsl_ran_negative_binomial_pdf(3, ph / (m + ph), ph)), 1e-12);
    CLOSE(rt_neg_binomial_lpmf(ni, P, rt_arg1(&be, NULL, false), false, 1,
                               &err),
          log(gsl_ran_negative_binomial_pdf(3, be / (1 + be), ph)), 1e-12);
    /* beta_binomial: choose(N, n) B(n + a, N - n + b) / B(a, b) */
    double bb = gsl_sf_lnchoose(7, 3) + gsl_sf_lnbeta(3 + ph, 4 + be)
                - gsl_sf_lnbeta(ph, be);
    CLOSE(rt_beta_binomial_lpmf(ni, Ni, P, rt_arg1(&be, NULL, false), false,
                                1, &err), bb, 1e-12);
    /* categorical, multinomial against GSL */
    double th[3] = {0.2, 0.5, 0.3};
    int c = 2, ns[3] = {1, 4, 2};
    RtArg TH = rt_argn(th, NULL, 3, false);
    CLOSE(rt_categorical_lpmf(rt_iarg1(&c), TH, false, 1, &err), log(0.5),
          1e-14);
    CLOSE(rt_multinomial_lpmf(rt_iarg(ns, 3), TH, false, 1, &err),
          gsl_ran_multinomial_lnpdf(3, th, (const unsigned *)ns), 1e-12);
    double lo[3] = {log(0.2), log(0.5), log(0.3)};
    CLOSE(rt_categorical_logit_lpmf(rt_iarg1(&c),
                                    rt_argn(lo, NULL, 3, false), false, 1,
                                    &err), log(0.5), 1e-14);
    /* ordered_logistic: differences of inv_logit */
    double cut[2] = {-0.5, 1.2}, eta = 0.4;
    for (int y = 1; y <= 3; y++) {
        double hi = y == 3 ? 1 : 1 / (1 + exp(-(cut[y - 1] - eta)));
        double lw = y == 1 ? 0 : 1 / (1 + exp(-(cut[y - 2] - eta)));
        CLOSE(rt_ordered_logistic_lpmf(rt_iarg1(&y),
                                       rt_arg1(&eta, NULL, false),
                                       rt_argn(cut, NULL, 2, false), false,
                                       1, &err), log(hi - lw), 1e-12);
    }
    /* cdfs: sums of GSL's pmfs */
    CLOSE(rt_poisson_cdf(ni, L, 1, &err), gsl_cdf_poisson_P(3, 2.5), 1e-12);
    CLOSE(rt_poisson_lccdf(ni, L, 1, &err), log(gsl_cdf_poisson_Q(3, 2.5)),
          1e-12);
    CLOSE(rt_binomial_lcdf(ni, Ni, T, 1, &err),
          log(gsl_cdf_binomial_P(3, 0.3, 7)), 1e-12);
    CLOSE(rt_binomial_lccdf(ni, Ni, T, 1, &err),
          log(gsl_cdf_binomial_Q(3, 0.3, 7)), 1e-12);
    CLOSE(rt_neg_binomial_2_cdf(ni, M, P, 1, &err),
          gsl_cdf_negative_binomial_P(3, ph / (m + ph), ph), 1e-12);
    CLOSE(rt_neg_binomial_2_lccdf(ni, M, P, 1, &err),
          log(gsl_cdf_negative_binomial_Q(3, ph / (m + ph), ph)), 1e-10);
    int zero = 0;
    CLOSE(rt_bernoulli_cdf(rt_iarg1(&zero), T, 1, &err), 0.7, 1e-15);
    CLOSE(rt_bernoulli_lccdf(rt_iarg1(&zero), T, 1, &err), log(0.3),
          1e-15);
    int neg = -1;
    assert_true(rt_poisson_cdf(rt_iarg1(&neg), L, 1, &err) == 0);
    assert_true(rt_poisson_lccdf(rt_iarg1(&neg), L, 1, &err) == 0);
    assert_true(rt_binomial_lccdf(rt_iarg1(&N), Ni, T, 1, &err)
                == -INFINITY);
}

/* --------------------------------------------------------- gradients */

/* Vectorized calls: a vector of 3 against a broadcast scalar. */
static double f_bern(const double *p, double *g)
{
    return rt_bernoulli_lpmf(rt_iarg(ys3, 3), A(p, g, 0, 3), false, 1,
                             NULL);
}
static double f_bern_logit(const double *p, double *g)
{
    return rt_bernoulli_logit_lpmf(rt_iarg(ys3, 3), A(p, g, 0, 1), false, 1,
                                   NULL);
}
static double f_binom(const double *p, double *g)
{
    return rt_binomial_lpmf(rt_iarg(cnt3, 3), rt_iarg1(tr3 + 2),
                            A(p, g, 0, 3), false, 1, NULL);
}
static double f_binom_logit(const double *p, double *g)
{
    return rt_binomial_logit_lpmf(rt_iarg(cnt3, 3), rt_iarg1(tr3 + 2),
                                  A(p, g, 0, 1), false, 1, NULL);
}
static double f_betabin(const double *p, double *g)
{
    return rt_beta_binomial_lpmf(rt_iarg(cnt3, 3), rt_iarg1(tr3 + 2),
                                 A(p, g, 0, 3), A(p, g, 3, 1), false, 1,
                                 NULL);
}
static double f_pois(const double *p, double *g)
{
    return rt_poisson_lpmf(rt_iarg(cnt3, 3), A(p, g, 0, 1), false, 1, NULL);
}
static double f_pois_log(const double *p, double *g)
{
    return rt_poisson_log_lpmf(rt_iarg(cnt3, 3), A(p, g, 0, 3), false, 1,
                               NULL);
}
static double f_nb2(const double *p, double *g)
{
    return rt_neg_binomial_2_lpmf(rt_iarg(cnt3, 3), A(p, g, 0, 3),
                                  A(p, g, 3, 1), false, 1, NULL);
}
static double f_nb2_log(const double *p, double *g)
{
    return rt_neg_binomial_2_log_lpmf(rt_iarg(cnt3, 3), A(p, g, 0, 1),
                                      A(p, g, 1, 3), false, 1, NULL);
}
static double f_nb(const double *p, double *g)
{
    return rt_neg_binomial_lpmf(rt_iarg(cnt3, 3), A(p, g, 0, 3),
                                A(p, g, 3, 1), false, 1, NULL);
}
static double f_cat(const double *p, double *g)
{
    static const int c[] = {1, 3, 3, 2};
    return rt_categorical_lpmf(rt_iarg(c, 4), A(p, g, 0, 3), false, 1,
                               NULL);
}
static double f_cat_logit(const double *p, double *g)
{
    static const int c[] = {1, 3, 3, 2};
    return rt_categorical_logit_lpmf(rt_iarg(c, 4), A(p, g, 0, 3), false, 1,
                                     NULL);
}
static double f_multi(const double *p, double *g)
{
    return rt_multinomial_lpmf(rt_iarg(cnt3, 3), A(p, g, 0, 3), false, 1,
                               NULL);
}
static double f_ordlog(const double *p, double *g)
{
    static const int y[] = {1, 2, 3, 4, 2};
    return rt_ordered_logistic_lpmf(rt_iarg(y, 5), A(p, g, 0, 5),
                                    A(p, g, 5, 3), false, 1, NULL);
}
static double f_ordlog1(const double *p, double *g)
{
    static const int y[] = {1, 2, 3, 4, 2};
    return rt_ordered_logistic_lpmf(rt_iarg(y, 5), A(p, g, 0, 1),
                                    A(p, g, 1, 3), false, 1, NULL);
}

#define CDF_FNS(NAME, CALL)                                              \
    static double NAME##_cdf(const double *p, double *g)                 \
    { (void)g; return rt_##CALL##_cdf CDF_ARGS; }                        \
    static double NAME##_lcdf(const double *p, double *g)                \
    { (void)g; return rt_##CALL##_lcdf CDF_ARGS; }                       \
    static double NAME##_lccdf(const double *p, double *g)               \
    { (void)g; return rt_##CALL##_lccdf CDF_ARGS; }
#define CDF_ARGS (rt_iarg(cnt3, 3), A(p, g, 0, 1), 1, NULL)
CDF_FNS(fp, poisson)
#undef CDF_ARGS
#define CDF_ARGS (rt_iarg(cnt3, 3), rt_iarg1(tr3 + 2), A(p, g, 0, 3), 1, \
                  NULL)
CDF_FNS(fb, binomial)
#undef CDF_ARGS
#define CDF_ARGS (rt_iarg(cnt3, 3), A(p, g, 0, 3), A(p, g, 3, 1), 1, NULL)
CDF_FNS(fn2, neg_binomial_2)
#undef CDF_ARGS
#define CDF_ARGS (rt_iarg(ys3, 3), A(p, g, 0, 3), 1, NULL)
CDF_FNS(fbe, bernoulli)
#undef CDF_ARGS

static void test_gradients(void **state)
{
    (void)state;
    double th[] = {0.3, 0.6, 0.8}, a1[] = {-0.4}, mu[] = {1.5, 2.5, 6, 2.2};
    check_grad(f_bern, th, 3);
    check_grad(f_bern_logit, a1, 1);
    check_grad(f_binom, th, 3);
    check_grad(f_binom_logit, a1, 1);
    check_grad(f_betabin, mu, 4);
    check_grad(f_pois, mu + 1, 1);
    double la[] = {0.1, -0.3, 1.9};
    check_grad(f_pois_log, la, 3);
    check_grad(f_nb2, mu, 4);
    double nl[] = {0.7, 1.5, 0.4, 3.1};
    check_grad(f_nb2_log, nl, 4);
    check_grad(f_nb, mu, 4);
    double simplex[] = {0.2, 0.5, 0.3};
    check_grad(f_cat, simplex, 3);
    check_grad(f_cat_logit, la, 3);
    check_grad(f_multi, simplex, 3);
    double ol[] = {0.3, -1, 2, 0.5, 1.1, -0.7, 0.4, 1.5};
    check_grad(f_ordlog, ol, 8);
    double ol1[] = {0.3, -0.7, 0.4, 1.5};
    check_grad(f_ordlog1, ol1, 4);
    check_grad(fp_cdf, mu + 1, 1);
    check_grad(fp_lcdf, mu + 1, 1);
    check_grad(fp_lccdf, mu + 1, 1);
    check_grad(fb_cdf, th, 3);
    check_grad(fb_lcdf, th, 3);
    check_grad(fb_lccdf, th, 3);
    check_grad(fn2_cdf, mu, 4);
    check_grad(fn2_lcdf, mu, 4);
    check_grad(fn2_lccdf, mu, 4);
    check_grad(fbe_cdf, th, 3);
    check_grad(fbe_lcdf, th, 3);
    check_grad(fbe_lccdf, th, 3);
}

/* -------------------------------------------------------------- GLMs */

enum { GN = 4, GK = 2 };
static const double gx[GN * GK] = {0.5, -1, 1.2, 0.3, -0.7, 0.8, 0.1, 2};
static const int gyb[GN] = {1, 0, 0, 1}, gyp[GN] = {2, 0, 5, 1};

/* p: alpha[GN], beta[GK], x[GN*GK] (and sigma[GN], y[GN]) */
static RtMat GX(const double *p, double *g)
{
    RtMat x = {p + GN + GK, g ? g + GN + GK : NULL, GN, GK, true};
    return x;
}

/* The predictor, for the plain distributions. */
static void predictor(const double *p, double *eta)
{
    for (int i = 0; i < GN; i++)
        eta[i] = p[i] + p[GN + GK + i * GK] * p[GN]
                 + p[GN + GK + i * GK + 1] * p[GN + 1];
}

static double f_blglm(const double *p, double *g)
{
    return rt_bernoulli_logit_glm_lpmf(rt_iarg(gyb, GN), GX(p, g),
                                       A(p, g, 0, GN), A(p, g, GN, GK),
                                       false, 1, NULL);
}
static double f_plglm(const double *p, double *g)
{
    return rt_poisson_log_glm_lpmf(rt_iarg(gyp, GN), GX(p, g),
                                   A(p, g, 0, 1), A(p, g, GN, GK), false, 1,
                                   NULL);
}
static const int O = GN + GK + GN * GK;
static double f_nglm(const double *p, double *g)
{
    return rt_normal_id_glm_lpdf(A(p, g, O + GN, GN), GX(p, g),
                                 A(p, g, 0, GN), A(p, g, GN, GK),
                                 A(p, g, O, 1), false, 1, NULL);
}

/* bernoulli_logit_glm at linear predictors from -800 to 800: its value
 * and d/d alpha against log inv_logit and inv_logit written directly
 * (log1p(exp(-|eta|)) form), both outcomes: one exp and one log1p per
 * outcome must lose nothing in the tails. */
static void test_bernoulli_logit_glm_tails(void **state)
{
    (void)state;
    const double etas[] = {-800, -40, -20.5, -1, -1e-9, 0, 1e-9, 0.3, 2,
                           20.5, 40, 800};
    for (size_t i = 0; i < sizeof etas / sizeof etas[0]; i++)
        for (int y = 0; y <= 1; y++) {
            double eta = etas[i], one = 1, b = 0, ga = 0;
            RtMat X = {&one, NULL, 1, 1, false};
            double lp = rt_bernoulli_logit_glm_lpmf(
                rt_iarg1(&y), X, rt_arg1(&eta, &ga, 1),
                rt_arg1(&b, NULL, 0), false, 1, NULL);
            /* log inv_logit(s) = -log1p(exp(-s)), s = +-eta */
            double s = y ? eta : -eta;
            double want = s > 0 ? -log1p(exp(-s)) : s - log1p(exp(s));
            double p = eta > 0 ? 1 / (1 + exp(-eta))
                               : exp(eta) / (1 + exp(eta));
            double q = eta > 0 ? exp(-eta) / (1 + exp(-eta))
                               : 1 / (1 + exp(eta));
            double dwant = y ? q : -p;
            if (fabs(lp - want) > 1e-15 * fmax(1, fabs(want))
                || fabs(ga - dwant) > 1e-15 * fmax(1e-300, fabs(dwant)))
                fail_msg("eta %g y %d: lp %.17g (want %.17g), d %.17g "
                         "(want %.17g)", eta, y, lp, want, ga, dwant);
        }
}

static void test_glms(void **state)
{
    (void)state;
    double p[32];
    for (int j = 0; j < O; j++)
        p[j] = j < GN + GK ? 0.1 * j - 0.2 : gx[j - GN - GK];
    p[O] = 1.3;
    for (int i = 0; i < GN; i++)
        p[O + GN + i] = 0.5 * i - 0.4;
    check_grad(f_blglm, p, O);
    check_grad(f_plglm, p, O);
    check_grad(f_nglm, p, O + 2 * GN);

    /* the same value and predictor gradient as the plain distribution */
    double eta[GN], ge[GN] = {0}, g[32] = {0};
    predictor(p, eta);
    double plain = rt_bernoulli_logit_lpmf(rt_iarg(gyb, GN),
                                           rt_argn(eta, ge, GN, true),
                                           false, 1, NULL);
    CLOSE(f_blglm(p, g), plain, 1e-13);
    for (int i = 0; i < GN; i++)
        CLOSE(g[i], ge[i], 1e-13);          /* d/d alpha_i = d/d eta_i */
    memset(ge, 0, sizeof ge);
    memset(g, 0, sizeof g);
    double pf[32];
    memcpy(pf, p, sizeof pf);
    for (int i = 1; i < GN; i++)
        pf[i] = pf[0];                      /* f_plglm takes one alpha */
    predictor(pf, eta);
    plain = rt_poisson_log_lpmf(rt_iarg(gyp, GN), rt_argn(eta, ge, GN, true),
                                false, 1, NULL);
    CLOSE(f_plglm(p, g), plain, 1e-13);
    CLOSE(g[0], ge[0] + ge[1] + ge[2] + ge[3], 1e-13);
    /* normal_id_glm against the normal density written out */
    predictor(p, eta);
    double want = 0;
    for (int i = 0; i < GN; i++) {
        double z = (p[O + GN + i] - eta[i]) / p[O];
        want += -0.5 * z * z - log(p[O]) - 0.5 * log(2 * M_PI);
    }
    CLOSE(f_nglm(p, NULL), want, 1e-13);
}

/* ------------------------------------------------------------ propto */

static void test_propto(void **state)
{
    (void)state;
    double l = 2.5, t = 0.3, th[3] = {0.2, 0.5, 0.3};
    RtArg Lad = rt_arg1(&l, NULL, true), Ldata = rt_arg1(&l, NULL, false);
    RtIArg n = rt_iarg(cnt3, 3);
    double full = rt_poisson_lpmf(n, Lad, false, 1, NULL);
    double drop = lgamma(1) + lgamma(4) + lgamma(8);
    CLOSE(rt_poisson_lpmf(n, Lad, true, 1, NULL), full + drop, 1e-13);
    assert_true(rt_poisson_lpmf(n, Ldata, true, 1, NULL) == 0);
    RtArg T = rt_arg1(&t, NULL, true);
    full = rt_binomial_lpmf(n, rt_iarg1(tr3 + 2), T, false, 1, NULL);
    drop = gsl_sf_lnchoose(9, 0) + gsl_sf_lnchoose(9, 3)
           + gsl_sf_lnchoose(9, 7);
    CLOSE(rt_binomial_lpmf(n, rt_iarg1(tr3 + 2), T, true, 1, NULL),
          full - drop, 1e-13);
    full = rt_multinomial_lpmf(n, rt_argn(th, NULL, 3, true), false, 1,
                               NULL);
    CLOSE(rt_multinomial_lpmf(n, rt_argn(th, NULL, 3, true), true, 1, NULL),
          3 * log(0.5) + 7 * log(0.3), 1e-13);
    (void)full;
    /* neg_binomial_2 with phi data drops log choose(n + phi - 1, n) */
    double mu = 2, phi = 3;
    RtArg M = rt_arg1(&mu, NULL, true), P = rt_arg1(&phi, NULL, false);
    full = rt_neg_binomial_2_lpmf(n, M, P, false, 1, NULL);
    drop = 0;
    for (int i = 0; i < 3; i++)
        drop += lgamma(cnt3[i] + phi) - lgamma(cnt3[i] + 1) - lgamma(phi);
    CLOSE(rt_neg_binomial_2_lpmf(n, M, P, true, 1, NULL), full - drop,
          1e-12);
    /* normal_id_glm: sigma data drops -log sigma, always 2 pi */
    double x[2] = {1, 2}, a = 0.1, b = 0.5, s = 2, y[2] = {0.3, 1.4};
    RtMat X = {x, NULL, 2, 1, false};
    full = rt_normal_id_glm_lpdf(rt_argn(y, NULL, 2, false), X,
                                 rt_arg1(&a, NULL, true),
                                 rt_arg1(&b, NULL, true),
                                 rt_arg1(&s, NULL, false), false, 1, NULL);
    CLOSE(rt_normal_id_glm_lpdf(rt_argn(y, NULL, 2, false), X,
                                rt_arg1(&a, NULL, true),
                                rt_arg1(&b, NULL, true),
                                rt_arg1(&s, NULL, false), true, 1, NULL),
          full + 2 * log(2) + log(2 * M_PI), 1e-13);
}

/* -------------------------------------------------- errors and empty */

static void expect_error(double v, const RtError *err, const char *msg)
{
    assert_true(isnan(v));
    assert_string_equal(err->msg, msg);
}

static void test_errors(void **state)
{
    (void)state;
    RtError err;
    double l = -1, t = 1.5, ok = 0.5, th[3] = {0.2, 0.5, 0.4};
    int neg[2] = {1, -2}, two = 2;
    expect_error(rt_poisson_lpmf(rt_iarg(neg, 2), rt_arg1(&ok, NULL, 0),
                                 false, 1, &err), &err,
                 "poisson_lpmf: Random variable[2] is -2, but must be "
                 "nonnegative!");
    /* an array of one does not broadcast beside an array of three; the
     * scalar does (Stan's check_consistent_sizes) */
    int three[3] = {1, 2, 3};
    expect_error(rt_poisson_lpmf(rt_iarg(three, 3), rt_argn(&ok, NULL, 1, 0),
                                 false, 1, &err), &err,
                 "poisson_lpmf: Random variable has size = 3, but Rate "
                 "parameter has size 1; and they must be the same size.");
    expect_error(rt_poisson_lpmf(rt_iarg(&two, 1),
                                 rt_argn(th, NULL, 3, 0), false, 1, &err),
                 &err,
                 "poisson_lpmf: Random variable has size = 1, but Rate "
                 "parameter has size 3; and they must be the same size.");
    assert_true(isfinite(rt_poisson_lpmf(rt_iarg(three, 3),
                                         rt_arg1(&ok, NULL, 0), false, 1,
                                         &err)));
    expect_error(rt_poisson_lpmf(rt_iarg1(&two), rt_arg1(&l, NULL, 0),
                                 false, 1, &err), &err,
                 "poisson_lpmf: Rate parameter is -1, but must be "
                 "nonnegative!");
    expect_error(rt_bernoulli_lpmf(rt_iarg1(&two), rt_arg1(&ok, NULL, 0),
                                   false, 1, &err), &err,
                 "bernoulli_lpmf: n is 2, but must be in the interval "
                 "[0, 1]");
    expect_error(rt_bernoulli_lpmf(rt_iarg1(neg), rt_arg1(&t, NULL, 0),
                                   false, 1, &err), &err,
                 "bernoulli_lpmf: Probability parameter is 1.5, but must be "
                 "in the interval [0, 1]");
    int n3 = 3;
    expect_error(rt_binomial_lpmf(rt_iarg1(&n3), rt_iarg1(&two),
                                  rt_arg1(&ok, NULL, 0), false, 1, &err),
                 &err, "binomial_lpmf: Successes variable is 3, but must be "
                 "in the interval [0, 2]");
    expect_error(rt_bernoulli_lpmf(rt_iarg(ys3, 3), rt_argn(th, NULL, 2, 0),
                                   false, 1, &err), &err,
                 "bernoulli_lpmf: n has size = 3, but Probability parameter "
                 "has size 2; and they must be the same size.");
    expect_error(rt_categorical_lpmf(rt_iarg1(&two),
                                     rt_argn(th, NULL, 3, 0), false, 1,
                                     &err), &err,
                 "categorical_lpmf: Probabilities parameter is not a valid "
                 "simplex. sum(Probabilities parameter) = 1.1, but should "
                 "be 1");
    expect_error(rt_multinomial_lpmf(rt_iarg(cnt3, 2),
                                     rt_argn(th, NULL, 3, 0), false, 1,
                                     &err), &err,
                 "multinomial_lpmf: Size of number of trials variable (2) "
                 "and rows of probabilities parameter (3) must match in "
                 "size");
    expect_error(rt_neg_binomial_2_lpmf(rt_iarg1(&two),
                                        rt_arg1(&l, NULL, 0),
                                        rt_arg1(&ok, NULL, 0), false, 1,
                                        &err), &err,
                 "neg_binomial_2_lpmf: Location parameter is -1, but must "
                 "be positive finite!");
    double cut[2] = {1, 0.5};
    expect_error(rt_ordered_logistic_lpmf(rt_iarg1(&two),
                                          rt_arg1(&ok, NULL, 0),
                                          rt_argn(cut, NULL, 2, 0), false, 1,
                                          &err), &err,
                 "ordered_logistic_lpmf: Cut-points is not a valid ordered "
                 "vector. The element at 2 is 0.5, but should be greater "
                 "than the previous element, 1");
    double x[2] = {1, 2}, b = 1;
    RtMat X = {x, NULL, 2, 1, false};
    expect_error(rt_bernoulli_logit_glm_lpmf(rt_iarg(ys3, 3), X,
                                             rt_arg1(&ok, NULL, 0),
                                             rt_arg1(&b, NULL, 0), false, 1,
                                             &err), &err,
                 "bernoulli_logit_glm_lpmf: Vector of dependent variables "
                 "has dimension = 3, expecting dimension = 2; a function "
                 "was called with arguments of different scalar, array, "
                 "vector, or matrix types, and they were not consistently "
                 "sized;  all arguments must be scalars or "
                 "multidimensional values of the same shape.");
    /* outside the support where Stan returns log 0 */
    int big = 9;
    assert_true(rt_beta_binomial_lpmf(rt_iarg1(&big), rt_iarg1(&two),
                                      rt_arg1(&ok, NULL, 0),
                                      rt_arg1(&ok, NULL, 0), false, 1, &err)
                == -INFINITY);
    double zero = 0;
    assert_true(rt_poisson_lpmf(rt_iarg1(&two), rt_arg1(&zero, NULL, 0),
                                false, 1, &err) == -INFINITY);
    /* N = 0 */
    double g = 0;
    assert_true(rt_poisson_lpmf(rt_iarg(NULL, 0), rt_arg1(&ok, &g, 1),
                                false, 1, &err) == 0);
    assert_true(rt_bernoulli_logit_glm_lpmf(rt_iarg(NULL, 0),
                                            (RtMat){NULL, NULL, 0, 1, 0},
                                            rt_arg1(&ok, &g, 1),
                                            rt_arg1(&b, &g, 1), false, 1,
                                            &err) == 0);
    assert_true(g == 0);
    /* rng errors */
    assert_int_equal(rt_poisson_rng(-1, NULL, &err), -1);
    assert_string_equal(err.msg, "poisson_rng: Rate parameter is -1, but "
                        "must be nonnegative!");
}

/* ---------------------------------------------------------------- rng */

/* The mean of 20000 draws within 5 standard errors. */
static void moments(const char *what, double sum, double sumsq, double mean,
                    double var)
{
    int n = 20000;
    double m = sum / n, v = sumsq / n - m * m;
    if (fabs(m - mean) > 5 * sqrt(var / n))
        fail_msg("%s: mean %g, want %g", what, m, mean);
    if (fabs(v - var) > 0.1 * var)
        fail_msg("%s: variance %g, want %g", what, v, var);
}

#define DRAWS(what, expr, mean, var)                                     \
    do {                                                                 \
        double s = 0, ss = 0;                                            \
        for (int i = 0; i < 20000; i++) {                                \
            double d = (expr);                                           \
            s += d;                                                      \
            ss += d * d;                                                 \
        }                                                                \
        moments(what, s, ss, mean, var);                                 \
    } while (0)

static void test_rng(void **state)
{
    (void)state;
    RtRng *r = rt_rng_new(42, 1);
    RtError err;
    double th[3] = {0.2, 0.5, 0.3}, cut[2] = {-0.5, 1};
    RtArg TH = rt_argn(th, NULL, 3, false), C = rt_argn(cut, NULL, 2, false);
    double lo[3] = {log(0.2), log(0.5), log(0.3)};
    DRAWS("bernoulli", rt_bernoulli_rng(0.3, r, &err), 0.3, 0.21);
    DRAWS("bernoulli_logit", rt_bernoulli_logit_rng(0, r, &err), 0.5, 0.25);
    DRAWS("binomial", rt_binomial_rng(10, 0.3, r, &err), 3, 2.1);
    DRAWS("binomial_logit", rt_binomial_logit_rng(10, 0, r, &err), 5, 2.5);
    DRAWS("beta_binomial", rt_beta_binomial_rng(10, 2, 3, r, &err), 4,
          10 * 2 * 3 * (2 + 3 + 10) / (25.0 * 6));
    DRAWS("poisson", rt_poisson_rng(3.5, r, &err), 3.5, 3.5);
    DRAWS("poisson_log", rt_poisson_log_rng(log(3.5), r, &err), 3.5, 3.5);
    DRAWS("neg_binomial_2", rt_neg_binomial_2_rng(4, 2, r, &err), 4, 12);
    DRAWS("neg_binomial_2_log", rt_neg_binomial_2_log_rng(log(4), 2, r,
                                                          &err), 4, 12);
    DRAWS("neg_binomial", rt_neg_binomial_rng(3, 0.5, r, &err), 6, 18);
    DRAWS("categorical", rt_categorical_rng(TH, r, &err), 2.1, 0.49);
    DRAWS("categorical_logit",
          rt_categorical_logit_rng(rt_argn(lo, NULL, 3, false), r, &err),
          2.1, 0.49);
    double p1 = 1 / (1 + exp(-(-0.5 - 0.2))), p2 = 1 / (1 + exp(-(1 - 0.2)));
    double m = p1 + 2 * (p2 - p1) + 3 * (1 - p2);
    double m2 = p1 + 4 * (p2 - p1) + 9 * (1 - p2);
    DRAWS("ordered_logistic", rt_ordered_logistic_rng(0.2, C, r, &err), m,
          m2 - m * m);
    int out[3];
    DRAWS("multinomial", (rt_multinomial_rng(TH, 10, out, r, &err),
                          assert_int_equal(out[0] + out[1] + out[2], 10),
                          out[1]), 5, 2.5);
    rt_rng_free(r);
    /* determinism */
    RtRng *a = rt_rng_new(7, 2), *b = rt_rng_new(7, 2);
    for (int i = 0; i < 100; i++)
        assert_int_equal(rt_neg_binomial_2_rng(4, 2, a, &err),
                         rt_neg_binomial_2_rng(4, 2, b, &err));
    rt_rng_free(a);
    rt_rng_free(b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_values),
        cmocka_unit_test(test_gradients),
        cmocka_unit_test(test_glms),
        cmocka_unit_test(test_bernoulli_logit_glm_tails),
        cmocka_unit_test(test_propto),
        cmocka_unit_test(test_errors),
        cmocka_unit_test(test_rng),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
