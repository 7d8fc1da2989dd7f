/* test_rt_dist_gaussian_dlm.c - gaussian_dlm_obs_lpdf (dist_gaussian_dlm.c;
 * Stan Functions Reference, "Gaussian dynamic linear models").
 *
 * Values against the multivariate normal density of the observations
 * written out from the model (rt_multi_normal_lpdf): one step, y_1 ~
 * N(F' G m0, F' (G C0 G' + W) F + V); two steps, (y_1, y_2) jointly
 * normal with Cov(y_2, y_1) = F' G P_1 F, P_1 = G C0 G' + W, P_2 = G P_1
 * G' + W.  A vector V as the matrix diag(V); every partial (y, F, G, V,
 * W and C0 moved in symmetric pairs, m0) against central differences;
 * propto; Stan's messages. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <math.h>
#include <stdbool.h>
#include <string.h>

#include "pplrt.h"
#include "rt_dist_multi.h"
#include "rt_fd_check.h"

#define N 2   /* state */
#define R 2   /* observation */
#define T 3

static const double Y[R * T] = {0.5, 0.9, 1.4, -0.2, 0.1, 0.4};
static const double F0[N * R] = {1, 0.3, 0.2, 1};
static const double G0[N * N] = {0.9, 0.1, -0.2, 0.8};
static const double Vm[R * R] = {0.6, 0.1, 0.1, 0.4};
static const double Vv[R] = {0.6, 0.4};
static const double W0[N * N] = {0.3, 0.05, 0.05, 0.2};
static const double M0[N] = {0.1, -0.3};
static const double C00[N * N] = {1.0, 0.2, 0.2, 0.7};

static RtMat mat(const double *x, int rows, int cols)
{
    RtMat m = {x, NULL, rows, cols, false};
    return m;
}

/* C = A B (m x k times k x p); At: A transposed (stored k x m). */
static void mul(const double *A, bool At, const double *B, int m, int k,
                int p, double *C)
{
    for (int i = 0; i < m; i++)
        for (int j = 0; j < p; j++) {
            double s = 0;
            for (int l = 0; l < k; l++)
                s += (At ? A[l * m + i] : A[i * k + l]) * B[l * p + j];
            C[i * p + j] = s;
        }
}

/* P' = G P G^T + W. */
static void propagate(const double *P, double *out)
{
    double GP[N * N], Gt[N * N];
    mul(G0, false, P, N, N, N, GP);
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++)
            Gt[i * N + j] = G0[j * N + i];
    mul(GP, false, Gt, N, N, N, out);
    for (int i = 0; i < N * N; i++)
        out[i] += W0[i];
}

/* F^T P F + (V when addV) */
static void observe(const double *P, bool addV, double *out)
{
    double PF[N * R];
    mul(P, false, F0, N, N, R, PF);
    mul(F0, true, PF, R, N, R, out);
    for (int i = 0; addV && i < R * R; i++)
        out[i] += Vm[i];
}

static double dlm(int steps, const double *V, bool vec, bool propto,
                  RtError *err)
{
    double y[R * T];
    for (int j = 0; j < R; j++)
        for (int t = 0; t < steps; t++)
            y[j * steps + t] = Y[j * T + t];
    RtMat ym = mat(y, R, steps), Vmat = mat(V, R, vec ? 1 : R);
    return (vec ? rt_gaussian_dlm_obs_vec_lpdf : rt_gaussian_dlm_obs_lpdf)(
        ym, mat(F0, N, R), mat(G0, N, N), Vmat, mat(W0, N, N), mat(M0, N, 1),
        mat(C00, N, N), propto, 0, err);
}

static void test_one_step(void **state)
{
    (void)state;
    RtError err = {.msg = ""};
    double P1[N * N], S[R * R], a[N], mu[R], y1[R] = {Y[0], Y[T]};
    propagate(C00, P1);
    observe(P1, true, S);
    mul(G0, false, M0, N, N, 1, a);
    mul(F0, true, a, R, N, 1, mu);
    double want = rt_multi_normal_lpdf(mat(y1, R, 1), mat(mu, R, 1),
                                       mat(S, R, R), false, 0, NULL, &err);
    assert_true(fabs(dlm(1, Vm, false, false, &err) - want) < 1e-12);
}

static void test_two_steps(void **state)
{
    (void)state;
    RtError err = {.msg = ""};
    double P1[N * N], P2[N * N], GP1[N * N], S11[R * R], S22[R * R];
    double S21[R * R], a1[N], a2[N], mu[2 * R], S[4 * R * R];
    propagate(C00, P1);
    propagate(P1, P2);
    observe(P1, true, S11);
    observe(P2, true, S22);
    mul(G0, false, P1, N, N, N, GP1);
    observe(GP1, false, S21);          /* F' G P1 F */
    mul(G0, false, M0, N, N, 1, a1);
    mul(G0, false, a1, N, N, 1, a2);
    mul(F0, true, a1, R, N, 1, mu);
    mul(F0, true, a2, R, N, 1, mu + R);
    for (int i = 0; i < R; i++)
        for (int j = 0; j < R; j++) {
            S[i * 2 * R + j] = S11[i * R + j];
            S[(R + i) * 2 * R + R + j] = S22[i * R + j];
            S[(R + i) * 2 * R + j] = S21[i * R + j];
            S[i * 2 * R + R + j] = S21[j * R + i];
        }
    double y12[2 * R] = {Y[0], Y[T], Y[1], Y[T + 1]};
    double want = rt_multi_normal_lpdf(mat(y12, 2 * R, 1),
                                       mat(mu, 2 * R, 1),
                                       mat(S, 2 * R, 2 * R), false, 0, NULL,
                                       &err);
    assert_true(fabs(dlm(2, Vm, false, false, &err) - want) < 1e-12);
}

static void test_vector_v(void **state)
{
    (void)state;
    RtError err = {.msg = ""};
    double D[R * R] = {Vv[0], 0, 0, Vv[1]};
    assert_true(fabs(dlm(T, Vv, true, false, &err)
                     - dlm(T, D, false, false, &err)) < 1e-12);
    /* all data under propto: nothing is kept */
    assert_true(dlm(T, Vv, true, true, &err) == 0);
}

/* x: y (R T), F (N R), G (N N), V (R, a vector), W's lower triangle
 * (3), m0 (N), C0's lower triangle (3). */
#define NX (R * T + N * R + N * N + R + 3 + N + 3)

static void sym(const double *low, double *S, double *gS, double *glow)
{
    if (S) {
        S[0] = low[0];
        S[1] = S[2] = low[1];
        S[3] = low[2];
    }
    if (glow) {
        glow[0] += gS[0];
        glow[1] += gS[1] + gS[2];
        glow[2] += gS[3];
    }
}

static double eval(const double *x, double *g, void *ctx)
{
    (void)ctx;
    const double *y = x, *F = y + R * T, *G = F + N * R, *V = G + N * N;
    const double *wl = V + R, *m0 = wl + 3, *cl = m0 + N;
    double W[4], C0[4], gW[4] = {0}, gC[4] = {0};
    sym(wl, W, NULL, NULL);
    sym(cl, C0, NULL, NULL);
    double *gy = g, *gF = g ? g + R * T : NULL;
    double *gG = g ? gF + N * R : NULL, *gV = g ? gG + N * N : NULL;
    double *gm = g ? gV + R + 3 : NULL;
    RtError err = {.msg = ""};
    double lp = rt_gaussian_dlm_obs_vec_lpdf(
        (RtMat){y, gy, R, T, true}, (RtMat){F, gF, N, R, true},
        (RtMat){G, gG, N, N, true}, (RtMat){V, gV, R, 1, true},
        (RtMat){W, g ? gW : NULL, N, N, true}, (RtMat){m0, gm, N, 1, true},
        (RtMat){C0, g ? gC : NULL, N, N, true}, false, 1, &err);
    assert_false(isnan(lp));
    if (g) {
        sym(NULL, NULL, gW, gV + R);
        sym(NULL, NULL, gC, gm + N);
    }
    return lp;
}

static void test_gradients(void **state)
{
    (void)state;
    double x[NX], *p = x;
    memcpy(p, Y, sizeof Y);
    p += R * T;
    memcpy(p, F0, sizeof F0);
    p += N * R;
    memcpy(p, G0, sizeof G0);
    p += N * N;
    memcpy(p, Vv, sizeof Vv);
    p += R;
    p[0] = W0[0], p[1] = W0[1], p[2] = W0[3];
    p += 3;
    memcpy(p, M0, sizeof M0);
    p += N;
    p[0] = C00[0], p[1] = C00[1], p[2] = C00[3];
    assert_true(fd_worst(eval, NULL, x, NX, 1e-4) < 1e-8);
}

static void test_errors(void **state)
{
    (void)state;
    RtError err = {.msg = ""};
    double y3[3 * T] = {0};
    assert_true(isnan(rt_gaussian_dlm_obs_lpdf(
        mat(y3, 3, T), mat(F0, N, R), mat(G0, N, N), mat(Vm, R, R),
        mat(W0, N, N), mat(M0, N, 1), mat(C00, N, N), false, 0, &err)));
    assert_string_equal(err.msg, "gaussian_dlm_obs_lpdf: columns of F (2) "
                        "and rows of y (3) must match in size");
    double vneg[R] = {0.5, -1};
    RtError err2 = {.msg = ""};
    assert_true(isnan(dlm(T, vneg, true, false, &err2)));
    assert_string_equal(err2.msg, "gaussian_dlm_obs_lpdf: V[2] is -1, but "
                        "must be nonnegative!");
    double vbad[R * R] = {-5, 0, 0, -5};
    RtError err3 = {.msg = ""};
    assert_true(isnan(dlm(T, vbad, false, false, &err3)));
    assert_string_equal(err3.msg, "gaussian_dlm_obs_lpdf: the one-step "
                        "forecast covariance F' R F + V is not positive "
                        "definite at time 1");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_one_step),
        cmocka_unit_test(test_two_steps),
        cmocka_unit_test(test_vector_v),
        cmocka_unit_test(test_gradients),
        cmocka_unit_test(test_errors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
