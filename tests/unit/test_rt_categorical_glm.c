/* test_rt_categorical_glm.c - categorical_logit_glm_lpmf in all four of Stan's forms
 * (y one class or an array; x a matrix or a shared row_vector): values
 * against categorical_logit_lpmf at the explicit linear predictor,
 * partials against central differences, propto, adjoint accumulation,
 * large predictors, Stan's messages. */
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

/* N = 4 outcomes, K = 2 predictors, C = 3 classes. */
enum { N = 4, K = 2, C = 3 };
static const int Y[N] = {2, 1, 3, 3};
static const double X[N * K] = {0.5, -1.2, 1.5, 0.3, -0.7, 0.8, 0.1, 2.0};
static const double ALPHA[C] = {0.2, -0.4, 0.1};
static const double BETA[K * C] = {0.6, -0.3, 0.25, -0.5, 0.9, 0.15};

/* The reference: categorical_logit at eta = alpha + x_i beta, row by row
 * (x_rows == 1: the same row for all). */
static double reference(const int *y, int ny, const double *x, int x_rows,
                        const double *alpha, const double *beta)
{
    int n = x_rows == 1 ? ny : x_rows;
    double lp = 0;
    for (int i = 0; i < n; i++) {
        const double *row = x + (x_rows == 1 ? 0 : i) * K;
        double eta[C];
        for (int c = 0; c < C; c++) {
            eta[c] = alpha[c];
            for (int k = 0; k < K; k++)
                eta[c] += row[k] * beta[k * C + c];
        }
        int yi = y[ny == 1 ? 0 : i];
        lp += rt_categorical_logit_lpmf(rt_iarg1(&yi),
                                        rt_argn(eta, NULL, C, false), false,
                                        1, NULL);
    }
    return lp;
}

static double glm(const int *y, int ny, const double *x, int x_rows,
                  const double *alpha, const double *beta, double *g_x,
                  double *g_alpha, double *g_beta, bool propto, double adj,
                  RtError *err)
{
    RtMat xm = {x, g_x, x_rows, K, true};
    RtMat bm = {beta, g_beta, K, C, true};
    RtIArg ys = ny == 1 ? rt_iarg1(y) : rt_iarg(y, ny);
    return rt_categorical_logit_glm_lpmf(ys, xm,
                                         rt_argn(alpha, g_alpha, C, true),
                                         bm, propto, adj, err);
}

/* The four forms: (y's length, x's rows). */
static const int FORMS[4][2] = {{N, N}, {1, N}, {N, 1}, {1, 1}};

static void test_values(void **state)
{
    (void)state;
    RtError err;
    for (int f = 0; f < 4; f++) {
        int ny = FORMS[f][0], xr = FORMS[f][1];
        const int *y = ny == 1 ? Y + 2 : Y;
        double v = glm(y, ny, X, xr, ALPHA, BETA, NULL, NULL, NULL, false,
                       1, &err);
        CLOSE(v, reference(y, ny, X, xr, ALPHA, BETA), 1e-14);
    }
    /* a hand computation: one outcome, x = (1, 0): eta = alpha + beta[0,] */
    double x1[K] = {1, 0};
    int y1 = 2;
    double eta[C] = {0.8, -0.7, 0.35};
    double want = eta[1] - log(exp(eta[0]) + exp(eta[1]) + exp(eta[2]));
    CLOSE(glm(&y1, 1, x1, 1, ALPHA, BETA, NULL, NULL, NULL, false, 1, &err),
          want, 1e-15);
    /* predictors near 1000: no overflow */
    double big[C] = {1000, 998, 1001};
    CLOSE(glm(&y1, 1, x1, 1, big, BETA, NULL, NULL, NULL, false, 1, &err),
          reference(&y1, 1, x1, 1, big, BETA), 1e-12);
    assert_true(isfinite(glm(&y1, 1, x1, 1, big, BETA, NULL, NULL, NULL,
                             false, 1, &err)));
}

/* Every partial (x, alpha, beta in one vector) against a central
 * difference, in every form; a second call adds. */
static void test_gradients(void **state)
{
    (void)state;
    RtError err;
    for (int f = 0; f < 4; f++) {
        int ny = FORMS[f][0], xr = FORMS[f][1], nx = xr * K;
        const int *y = ny == 1 ? Y + 1 : Y;
        double p[N * K + C + K * C], g[N * K + C + K * C] = {0};
        int np = nx + C + K * C;
        memcpy(p, X, nx * sizeof *p);
        memcpy(p + nx, ALPHA, sizeof ALPHA);
        memcpy(p + nx + C, BETA, sizeof BETA);
        double v = glm(y, ny, p, xr, p + nx, p + nx + C, g, g + nx,
                       g + nx + C, false, 1, &err);
        double g2[N * K + C + K * C];
        memcpy(g2, g, sizeof g);
        assert_true(v == glm(y, ny, p, xr, p + nx, p + nx + C, g2, g2 + nx,
                             g2 + nx + C, false, 1, &err));
        for (int j = 0; j < np; j++) {
            CLOSE(g2[j], 2 * g[j], 1e-14);
            double h = 1e-6, p0 = p[j];
            p[j] = p0 + h;
            double up = reference(y, ny, p, xr, p + nx, p + nx + C);
            p[j] = p0 - h;
            double down = reference(y, ny, p, xr, p + nx, p + nx + C);
            p[j] = p0;
            double fd = (up - down) / (2 * h);
            if (fabs(fd - g[j]) > 1e-8 * (1 + fabs(fd)))
                fail_msg("form %d, partial %d: analytic %.12g, difference "
                         "%.12g", f, j, g[j], fd);
        }
    }
    /* adj scales; data arguments (NULL g) are left alone */
    double ga[C] = {0}, ga2[C] = {1, 1, 1};
    glm(Y, N, X, N, ALPHA, BETA, NULL, ga, NULL, false, 1, &err);
    glm(Y, N, X, N, ALPHA, BETA, NULL, ga2, NULL, false, -0.5, &err);
    for (int c = 0; c < C; c++)
        CLOSE(ga2[c], 1 - 0.5 * ga[c], 1e-15);
    /* the alpha partials are counts minus expected counts: they sum to 0 */
    CLOSE(ga[0] + ga[1] + ga[2], 0.0, 1e-14);
}

static void test_propto(void **state)
{
    (void)state;
    RtError err;
    RtMat xd = {X, NULL, N, K, false}, bd = {BETA, NULL, K, C, false};
    RtArg ad = rt_argn(ALPHA, NULL, C, false);
    assert_true(rt_categorical_logit_glm_lpmf(rt_iarg(Y, N), xd, ad, bd,
                                              true, 1, &err) == 0);
    double full = rt_categorical_logit_glm_lpmf(rt_iarg(Y, N), xd, ad, bd,
                                                false, 1, &err);
    CLOSE(full, reference(Y, N, X, N, ALPHA, BETA), 1e-14);
    /* one argument with parameters: nothing to drop */
    RtMat bp = {BETA, NULL, K, C, true};
    assert_true(rt_categorical_logit_glm_lpmf(rt_iarg(Y, N), xd, ad, bp,
                                              true, 1, &err) == full);
}

/* ------------------------------------------------------------- errors */

static void expect_error(double v, const RtError *err, const char *msg)
{
    assert_true(isnan(v));
    assert_string_equal(err->msg, msg);
}

static void test_errors(void **state)
{
    (void)state;
    RtError err;
    const char *shape = "; a function was called with arguments of "
                        "different scalar, array, vector, or matrix types, "
                        "and they were not consistently sized;  all "
                        "arguments must be scalars or multidimensional "
                        "values of the same shape.";
    char want[512];
    RtMat x = {X, NULL, N, K, false}, b = {BETA, NULL, K, C, false};
    RtArg a = rt_argn(ALPHA, NULL, C, false);
    snprintf(want, sizeof want, "categorical_logit_glm_lpmf: Vector of "
             "dependent variables has dimension = 3, expecting dimension "
             "= 4%s", shape);
    expect_error(rt_categorical_logit_glm_lpmf(rt_iarg(Y, 3), x, a, b, false,
                                               1, &err), &err, want);
    snprintf(want, sizeof want, "categorical_logit_glm_lpmf: Intercept "
             "vector has dimension = 2, expecting dimension = 3%s", shape);
    expect_error(rt_categorical_logit_glm_lpmf(rt_iarg(Y, N), x,
                                               rt_argn(ALPHA, NULL, 2, 0), b,
                                               false, 1, &err), &err, want);
    RtMat b3 = {BETA, NULL, 3, 2, false};
    expect_error(rt_categorical_logit_glm_lpmf(rt_iarg(Y, N), x,
                                               rt_argn(ALPHA, NULL, 2, 0),
                                               b3, false, 1, &err), &err,
                 "categorical_logit_glm_lpmf: x.cols() (2) and beta.rows() "
                 "(3) must match in size");
    int bad[N] = {1, 2, 4, 1}, zero = 0;
    expect_error(rt_categorical_logit_glm_lpmf(rt_iarg(bad, N), x, a, b,
                                               false, 1, &err), &err,
                 "categorical_logit_glm_lpmf: categorical outcome out of "
                 "support[3] is 4, but must be in the interval [1, 3]");
    expect_error(rt_categorical_logit_glm_lpmf(rt_iarg1(&zero), x, a, b,
                                               false, 1, &err), &err,
                 "categorical_logit_glm_lpmf: categorical outcome out of "
                 "support is 0, but must be in the interval [1, 3]");
    /* the outcomes are checked even when propto leaves nothing */
    expect_error(rt_categorical_logit_glm_lpmf(rt_iarg1(&zero), x, a, b,
                                               true, 1, &err), &err,
                 "categorical_logit_glm_lpmf: categorical outcome out of "
                 "support is 0, but must be in the interval [1, 3]");
    /* non-finite inputs, named in Stan's order and Eigen's element order */
    double binf[K * C], ainf[C], xinf[N * K];
    memcpy(binf, BETA, sizeof BETA);
    binf[1 * C + 2] = INFINITY;
    RtMat bi = {binf, NULL, K, C, false};
    expect_error(rt_categorical_logit_glm_lpmf(rt_iarg(Y, N), x, a, bi,
                                               false, 1, &err), &err,
                 "categorical_logit_glm_lpmf: Weight vector[2, 3] is inf, "
                 "but must be finite!");
    memcpy(ainf, ALPHA, sizeof ALPHA);
    ainf[1] = -INFINITY;
    expect_error(rt_categorical_logit_glm_lpmf(rt_iarg(Y, N), x,
                                               rt_argn(ainf, NULL, C, 0), b,
                                               false, 1, &err), &err,
                 "categorical_logit_glm_lpmf: Intercept[2] is -inf, but "
                 "must be finite!");
    memcpy(xinf, X, sizeof X);
    xinf[2 * K + 1] = INFINITY;
    RtMat xi = {xinf, NULL, N, K, false};
    expect_error(rt_categorical_logit_glm_lpmf(rt_iarg(Y, N), xi, a, b,
                                               false, 1, &err), &err,
                 "categorical_logit_glm_lpmf: Matrix of independent "
                 "variables[3, 2] is inf, but must be finite!");
    RtMat xr = {xinf + 2 * K, NULL, 1, K, false};
    expect_error(rt_categorical_logit_glm_lpmf(rt_iarg(Y, N), xr, a, b,
                                               false, 1, &err), &err,
                 "categorical_logit_glm_lpmf: Matrix of independent "
                 "variables[2] is inf, but must be finite!");
    /* one class, or no outcomes: 0, and no partials */
    double g[C] = {0};
    RtMat b1 = {BETA, NULL, K, 1, false};
    assert_true(rt_categorical_logit_glm_lpmf(rt_iarg1(Y + 1), x,
                                              rt_arg1(ALPHA, g, true), b1,
                                              false, 1, &err) == 0);
    RtMat x0 = {NULL, NULL, 0, K, false};
    assert_true(rt_categorical_logit_glm_lpmf(rt_iarg(NULL, 0), x0,
                                              rt_argn(ALPHA, g, C, true), b,
                                              false, 1, &err) == 0);
    assert_true(g[0] == 0 && g[1] == 0 && g[2] == 0);
    /* err may be NULL */
    assert_true(isnan(rt_categorical_logit_glm_lpmf(rt_iarg(bad, N), x, a,
                                                    b, false, 1, NULL)));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_values),
        cmocka_unit_test(test_gradients),
        cmocka_unit_test(test_propto),
        cmocka_unit_test(test_errors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
