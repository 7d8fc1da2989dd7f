/* test_rt_hmm.c - hidden Markov models: the marginal, the state
 * probabilities and the draws against brute-force enumeration of every
 * state path, partials against central differences, scale robustness,
 * adjoint accumulation, Stan's messages. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>
#include <math.h>
#include <string.h>

#include "pplrt.h"
#include "rt_hmm.h"

#define CLOSE(a, b, tol) assert_true(fabs((a) - (b)) <= (tol) * (1 + fabs(b)))

/* The tiny model of most tests: K = 2 states, N = 3 steps. */
enum { K2 = 2, N3 = 3 };
static const double LOG_OMEGA[K2 * N3] = {-1.2, -0.3, -2.5,
                                          -0.7, -1.9, -0.4};
static const double GAMMA[K2 * K2] = {0.8, 0.2,
                                      0.35, 0.65};
static const double RHO[K2] = {0.6, 0.4};

/* ------------------------------------------------------ brute force */

/* The probability of path x (states 0..K-1) jointly with the data. */
static double path_prob(const double *lo, const double *G, const double *r,
                        int K, int N, const int *x)
{
    double p = r[x[0]] * exp(lo[(size_t)x[0] * N]);
    for (int n = 1; n < N; n++)
        p *= G[x[n - 1] * K + x[n]] * exp(lo[(size_t)x[n] * N + n]);
    return p;
}

/* Steps to the next path in lexicographic order; false after the last. */
static bool next_path(int *x, int K, int N)
{
    for (int n = N - 1; n >= 0; n--) {
        if (++x[n] < K)
            return true;
        x[n] = 0;
    }
    return false;
}

static double brute_marginal(const double *lo, const double *G,
                             const double *r, int K, int N)
{
    int x[8] = {0};
    double p = 0;
    do
        p += path_prob(lo, G, r, K, N, x);
    while (next_path(x, K, N));
    return log(p);
}

/* P(x_n = k | y) into out (K x N). */
static void brute_state_prob(const double *lo, const double *G,
                             const double *r, int K, int N, double *out)
{
    int x[8] = {0};
    double total = 0;
    memset(out, 0, (size_t)K * N * sizeof *out);
    do {
        double p = path_prob(lo, G, r, K, N, x);
        total += p;
        for (int n = 0; n < N; n++)
            out[x[n] * N + n] += p;
    } while (next_path(x, K, N));
    for (int i = 0; i < K * N; i++)
        out[i] /= total;
}

/* --------------------------------------------------------- marginal */

static double marginal(const double *lo, const double *G, const double *r,
                       int K, int N, double *g_lo, double *g_G, double *g_r,
                       double adj, RtError *err)
{
    double work[256];
    assert_true(rt_hmm_marginal_work_size(K, N) <= 256);
    RtMat L = {lo, g_lo, K, N, g_lo != NULL};
    RtMat Gm = {G, g_G, K, K, g_G != NULL};
    RtMat R = {r, g_r, K, 1, g_r != NULL};
    return rt_hmm_marginal(L, Gm, R, adj, work, err);
}

static void test_marginal_value(void **state)
{
    (void)state;
    RtError err;
    double lp = marginal(LOG_OMEGA, GAMMA, RHO, K2, N3, NULL, NULL, NULL, 1,
                         &err);
    CLOSE(lp, brute_marginal(LOG_OMEGA, GAMMA, RHO, K2, N3), 1e-14);
    /* one step: log sum_k rho[k] omega[k] */
    double lo1[2] = {-1, -2};
    CLOSE(marginal(lo1, GAMMA, RHO, 2, 1, NULL, NULL, NULL, 1, &err),
          log(0.6 * exp(-1) + 0.4 * exp(-2)), 1e-15);
    /* three states, five steps, a zero in Gamma and in rho */
    double lo[15], G[9] = {0.5, 0.5, 0, 0.1, 0.6, 0.3, 0.2, 0.2, 0.6};
    double r[3] = {0.7, 0, 0.3};
    for (int i = 0; i < 15; i++)
        lo[i] = -0.3 * i + sin(i);
    CLOSE(marginal(lo, G, r, 3, 5, NULL, NULL, NULL, 1, &err),
          brute_marginal(lo, G, r, 3, 5), 1e-14);
    /* no observations */
    assert_true(marginal(NULL, GAMMA, RHO, 2, 0, NULL, NULL, NULL, 1, &err)
                == 0);
}

/* Log densities of -1000 and below underflow exp(); the scaled recursion
 * must not care: adding c_n to column n adds sum c_n to the marginal, and
 * the partials in log_omega (the posterior marginals) are unchanged. */
static void test_marginal_scale(void **state)
{
    (void)state;
    enum { K = 3, N = 40 };
    double lo[K * N], shifted[K * N], g[K * N] = {0}, gs[K * N] = {0};
    double G[9] = {0.9, 0.05, 0.05, 0.1, 0.8, 0.1, 0.2, 0.3, 0.5};
    double r[3] = {0.2, 0.3, 0.5}, total = 0;
    for (int n = 0; n < N; n++) {
        double c = -1000 - 50.0 * n;
        total += c;
        for (int k = 0; k < K; k++) {
            lo[k * N + n] = -0.5 * (k - 1.0 - sin(n)) * (k - 1.0 - sin(n));
            shifted[k * N + n] = lo[k * N + n] + c;
        }
    }
    RtError err;
    double lp = marginal(lo, G, r, K, N, g, NULL, NULL, 1, &err);
    double ls = marginal(shifted, G, r, K, N, gs, NULL, NULL, 1, &err);
    assert_true(isfinite(lp) && isfinite(ls));
    CLOSE(ls, lp + total, 1e-13);
    double probs[K * N];
    assert_int_equal(rt_hmm_hidden_state_prob(shifted, G, r, K, N, probs,
                                              &err), 0);
    for (int n = 0; n < N; n++) {
        double s = 0;
        for (int k = 0; k < K; k++) {
            CLOSE(gs[k * N + n], g[k * N + n], 1e-11);
            CLOSE(probs[k * N + n], g[k * N + n], 1e-11);
            s += g[k * N + n];
        }
        CLOSE(s, 1.0, 1e-13);
    }
    /* a step no state can explain: log 0, no partials */
    lo[2 * N + 7] = lo[N + 7] = lo[7] = -INFINITY;
    memset(g, 0, sizeof g);
    assert_true(marginal(lo, G, r, K, N, g, NULL, NULL, 1, &err)
                == -INFINITY);
    for (int i = 0; i < K * N; i++)
        assert_true(g[i] == 0);
}

/* The brute-force marginal with its arguments in one vector p = (log_omega,
 * Gamma, rho), without simplex checks, for central differences. */
static double brute_flat(const double *p)
{
    return brute_marginal(p, p + K2 * N3, p + K2 * N3 + K2 * K2, K2, N3);
}

static void test_marginal_gradient(void **state)
{
    (void)state;
    enum { NP = K2 * N3 + K2 * K2 + K2 };
    double p[NP], g[NP] = {0};
    memcpy(p, LOG_OMEGA, sizeof LOG_OMEGA);
    memcpy(p + 6, GAMMA, sizeof GAMMA);
    memcpy(p + 10, RHO, sizeof RHO);
    RtError err;
    double v = marginal(p, p + 6, p + 10, K2, N3, g, g + 6, g + 10, 1, &err);
    CLOSE(v, brute_flat(p), 1e-14);
    for (int j = 0; j < NP; j++) {
        double h = 1e-6, p0 = p[j];
        p[j] = p0 + h;
        double up = brute_flat(p);
        p[j] = p0 - h;
        double down = brute_flat(p);
        p[j] = p0;
        double fd = (up - down) / (2 * h);
        if (fabs(fd - g[j]) > 1e-8 * (1 + fabs(fd)))
            fail_msg("partial %d: analytic %.12g, difference %.12g", j, g[j],
                     fd);
    }
    /* the same partials through rt_hmm_marginal itself, along directions
     * that keep the simplexes: log_omega freely, Gamma's row 2 and rho
     * trading mass between their two entries */
    double dirs[3][NP] = {{0}};
    for (int i = 0; i < 6; i++)
        dirs[0][i] = 0.1 * (i + 1) - 0.25;
    dirs[1][8] = 1, dirs[1][9] = -1;
    dirs[2][10] = 1, dirs[2][11] = -1;
    for (int d = 0; d < 3; d++) {
        double h = 1e-6, up[NP], down[NP], want = 0;
        for (int j = 0; j < NP; j++) {
            up[j] = p[j] + h * dirs[d][j];
            down[j] = p[j] - h * dirs[d][j];
            want += g[j] * dirs[d][j];
        }
        double fd = (marginal(up, up + 6, up + 10, K2, N3, NULL, NULL, NULL,
                              1, &err)
                     - marginal(down, down + 6, down + 10, K2, N3, NULL,
                                NULL, NULL, 1, &err)) / (2 * h);
        CLOSE(fd, want, 1e-8);
    }
    /* three states with zeros in Gamma and rho: partials there too */
    double lo[15], G[9] = {0.5, 0.5, 0, 0.1, 0.6, 0.3, 0.2, 0.2, 0.6};
    double r[3] = {0.7, 0, 0.3}, glo[15] = {0}, gG[9] = {0}, gr[3] = {0};
    for (int i = 0; i < 15; i++)
        lo[i] = -0.3 * i + sin(i);
    marginal(lo, G, r, 3, 5, glo, gG, gr, 1, &err);
    double *args[3] = {lo, G, r}, *grads[3] = {glo, gG, gr};
    int sizes[3] = {15, 9, 3};
    for (int a = 0; a < 3; a++)
        for (int j = 0; j < sizes[a]; j++) {
            double h = 1e-6, x0 = args[a][j];
            args[a][j] = x0 + h;
            double up = brute_marginal(lo, G, r, 3, 5);
            args[a][j] = x0 - h;
            double down = brute_marginal(lo, G, r, 3, 5);
            args[a][j] = x0;
            CLOSE(grads[a][j], (up - down) / (2 * h), 1e-8);
        }
}

/* Partials are added, times adj; data (NULL g) gets nothing. */
static void test_marginal_accumulates(void **state)
{
    (void)state;
    RtError err;
    double g1[6] = {0}, g2[6] = {0}, gr1[2] = {0}, gr2[2] = {0};
    double v1 = marginal(LOG_OMEGA, GAMMA, RHO, K2, N3, g1, NULL, gr1, 1,
                         &err);
    for (int i = 0; i < 6; i++)
        g2[i] = 1;
    gr2[0] = gr2[1] = -2;
    double v2 = marginal(LOG_OMEGA, GAMMA, RHO, K2, N3, g2, NULL, gr2, 2.5,
                         &err);
    assert_true(v1 == v2);
    for (int i = 0; i < 6; i++)
        CLOSE(g2[i], 1 + 2.5 * g1[i], 1e-14);
    for (int i = 0; i < 2; i++)
        CLOSE(gr2[i], -2 + 2.5 * gr1[i], 1e-14);
    /* one step: the partials are the posterior and omega / p */
    double lo1[2] = {-1, -2}, g[2] = {0}, gr[2] = {0}, gG[4] = {0};
    marginal(lo1, GAMMA, RHO, 2, 1, g, gG, gr, 1, &err);
    double p = 0.6 * exp(-1) + 0.4 * exp(-2);
    CLOSE(g[0], 0.6 * exp(-1) / p, 1e-15);
    CLOSE(gr[1], exp(-2) / p, 1e-15);
    for (int i = 0; i < 4; i++)
        assert_true(gG[i] == 0);
}

/* ------------------------------------------------ state probabilities */

static void test_hidden_state_prob(void **state)
{
    (void)state;
    RtError err;
    double out[6], want[6];
    assert_int_equal(rt_hmm_hidden_state_prob(LOG_OMEGA, GAMMA, RHO, K2, N3,
                                              out, &err), 0);
    brute_state_prob(LOG_OMEGA, GAMMA, RHO, K2, N3, want);
    for (int i = 0; i < 6; i++)
        CLOSE(out[i], want[i], 1e-14);
    double lo[15], G[9] = {0.5, 0.5, 0, 0.1, 0.6, 0.3, 0.2, 0.2, 0.6};
    double r[3] = {0.7, 0, 0.3}, o3[15], w3[15];
    for (int i = 0; i < 15; i++)
        lo[i] = -0.3 * i + sin(i);
    assert_int_equal(rt_hmm_hidden_state_prob(lo, G, r, 3, 5, o3, &err), 0);
    brute_state_prob(lo, G, r, 3, 5, w3);
    for (int i = 0; i < 15; i++)
        CLOSE(o3[i], w3[i], 1e-14);
    /* no path: NaN, as Stan's 0 / 0 */
    double dead[6] = {-INFINITY, -1, -1, -INFINITY, -1, -1};
    assert_int_equal(rt_hmm_hidden_state_prob(dead, GAMMA, RHO, K2, N3, out,
                                              &err), 0);
    assert_true(isnan(out[0]));
}

/* ---------------------------------------------------------------- rng */

/* 40000 draws: the frequency of each state at each step, and of each of
 * the 8 paths, within 5 standard errors of the exact probabilities. */
static void test_latent_rng(void **state)
{
    (void)state;
    enum { DRAWS = 40000 };
    RtRng *rng = rt_rng_new(2024, 1);
    RtError err;
    double probs[6], count[6] = {0}, paths[8] = {0};
    assert_int_equal(rt_hmm_hidden_state_prob(LOG_OMEGA, GAMMA, RHO, K2, N3,
                                              probs, &err), 0);
    for (int d = 0; d < DRAWS; d++) {
        int x[3];
        assert_int_equal(rt_hmm_latent_rng(LOG_OMEGA, GAMMA, RHO, K2, N3,
                                           rng, x, &err), 0);
        int code = 0;
        for (int n = 0; n < 3; n++) {
            assert_true(x[n] == 1 || x[n] == 2);
            count[(x[n] - 1) * N3 + n]++;
            code = 2 * code + x[n] - 1;
        }
        paths[code]++;
    }
    for (int i = 0; i < 6; i++) {
        double se = sqrt(probs[i] * (1 - probs[i]) / DRAWS);
        if (fabs(count[i] / DRAWS - probs[i]) > 5 * se)
            fail_msg("state %d: frequency %g, probability %g", i,
                     count[i] / DRAWS, probs[i]);
    }
    int x[3] = {0};
    double total = exp(brute_marginal(LOG_OMEGA, GAMMA, RHO, K2, N3));
    for (int code = 0; code < 8; code++) {
        double p = path_prob(LOG_OMEGA, GAMMA, RHO, K2, N3, x) / total;
        double se = sqrt(p * (1 - p) / DRAWS);
        if (fabs(paths[code] / DRAWS - p) > 5 * se)
            fail_msg("path %d: frequency %g, probability %g", code,
                     paths[code] / DRAWS, p);
        next_path(x, K2, N3);
    }
    /* a state rho excludes is never drawn first; Gamma's zero is never
     * crossed */
    double G[9] = {0.5, 0.5, 0, 0.1, 0.6, 0.3, 0.2, 0.2, 0.6};
    double r[3] = {0.7, 0, 0.3}, lo[15];
    for (int i = 0; i < 15; i++)
        lo[i] = -0.3 * i + sin(i);
    for (int d = 0; d < 2000; d++) {
        int s[5];
        assert_int_equal(rt_hmm_latent_rng(lo, G, r, 3, 5, rng, s, &err), 0);
        assert_true(s[0] != 2);
        for (int n = 1; n < 5; n++)
            assert_false(s[n - 1] == 1 && s[n] == 3);
    }
    /* determinism */
    RtRng *a = rt_rng_new(7, 2), *b = rt_rng_new(7, 2);
    for (int d = 0; d < 50; d++) {
        int xa[5], xb[5];
        rt_hmm_latent_rng(lo, G, r, 3, 5, a, xa, &err);
        rt_hmm_latent_rng(lo, G, r, 3, 5, b, xb, &err);
        assert_memory_equal(xa, xb, sizeof xa);
    }
    rt_rng_free(a);
    rt_rng_free(b);
    rt_rng_free(rng);
}

/* ------------------------------------------------------------- errors */

static void test_errors(void **state)
{
    (void)state;
    RtError err;
    double work[64], rho3[3] = {0.2, 0.3, 0.5};
    RtMat L = {LOG_OMEGA, NULL, 2, 3, false};
    RtMat G = {GAMMA, NULL, 2, 2, false}, R = {RHO, NULL, 2, 1, false};
    RtMat R3 = {rho3, NULL, 3, 1, false};
    assert_true(isnan(rt_hmm_marginal(L, G, R3, 1, work, &err)));
    assert_string_equal(err.msg, "hmm_marginal: rho has dimension = 3, "
                        "expecting dimension = 2; a function was called "
                        "with arguments of different scalar, array, vector, "
                        "or matrix types, and they were not consistently "
                        "sized;  all arguments must be scalars or "
                        "multidimensional values of the same shape.");
    RtMat G23 = {GAMMA, NULL, 2, 3, false};
    assert_true(isnan(rt_hmm_marginal(L, G23, R, 1, work, &err)));
    assert_string_equal(err.msg, "hmm_marginal: Expecting a square matrix; "
                        "rows of Gamma (2) and columns of Gamma (3) must "
                        "match in size");
    RtMat L0 = {NULL, NULL, 0, 3, false}, G0 = {NULL, NULL, 0, 0, false};
    RtMat R0 = {NULL, NULL, 0, 1, false};
    assert_true(isnan(rt_hmm_marginal(L0, G0, R0, 1, work, &err)));
    assert_string_equal(err.msg, "hmm_marginal: Gamma has size 0, but must "
                        "have a non-zero size");
    double G33[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1};
    RtMat G3 = {G33, NULL, 3, 3, false};
    assert_true(isnan(rt_hmm_marginal(L, G3, R, 1, work, &err)));
    assert_string_equal(err.msg, "hmm_marginal: Columns of Gamma (3) and "
                        "Rows of log_omegas (2) must match in size");
    double bad_rho[2] = {0.5, 0.4};
    RtMat Rb = {bad_rho, NULL, 2, 1, false};
    assert_true(isnan(rt_hmm_marginal(L, G, Rb, 1, work, &err)));
    assert_string_equal(err.msg, "hmm_marginal: rho is not a valid simplex. "
                        "sum(rho) = 0.9, but should be 1");
    double bad_G[4] = {0.8, 0.2, 1.2, -0.2};
    RtMat Gb = {bad_G, NULL, 2, 2, false};
    assert_true(isnan(rt_hmm_marginal(L, Gb, R, 1, work, &err)));
    assert_string_equal(err.msg, "hmm_marginal: Gamma[i, ] is not a valid "
                        "simplex. Gamma[i, ][2] = -0.2, but should be "
                        "greater than or equal to 0");
    /* the same checks under the other functions' names */
    double out[6];
    int x[3];
    assert_int_equal(rt_hmm_hidden_state_prob(LOG_OMEGA, GAMMA, bad_rho, 2,
                                              3, out, &err), -1);
    assert_string_equal(err.msg, "hmm_hidden_state_prob: rho is not a valid "
                        "simplex. sum(rho) = 0.9, but should be 1");
    RtRng *rng = rt_rng_new(1, 1);
    assert_int_equal(rt_hmm_latent_rng(LOG_OMEGA, bad_G, RHO, 2, 3, rng, x,
                                       &err), -1);
    assert_string_equal(err.msg, "hmm_latent_rng: Gamma[i, ] is not a valid "
                        "simplex. Gamma[i, ][2] = -0.2, but should be "
                        "greater than or equal to 0");
    double dead[6] = {-INFINITY, -1, -1, -INFINITY, -1, -1};
    assert_int_equal(rt_hmm_latent_rng(dead, GAMMA, RHO, 2, 3, rng, x, &err),
                     -1);
    assert_string_equal(err.msg, "hmm_latent_rng: the observations have "
                        "probability 0 under every state path");
    /* err may be NULL */
    assert_true(isnan(rt_hmm_marginal(L, G, Rb, 1, work, NULL)));
    rt_rng_free(rng);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_marginal_value),
        cmocka_unit_test(test_marginal_scale),
        cmocka_unit_test(test_marginal_gradient),
        cmocka_unit_test(test_marginal_accumulates),
        cmocka_unit_test(test_hidden_state_prob),
        cmocka_unit_test(test_latent_rng),
        cmocka_unit_test(test_errors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
