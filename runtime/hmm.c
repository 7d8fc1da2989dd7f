/* hmm.c - hidden Markov models (Stan Functions Reference, "Hidden Markov
 * models"): the marginal density by the forward algorithm with its
 * partials from one backward pass, the posterior state probabilities, and
 * draws of the hidden states by forward filtering, backward sampling.
 * Conventions: rt_hmm.h.
 *
 * Notation: alpha_n[k] = p(y_0..y_n, x_n = k) and beta_n[k] = p(y_n+1..
 * y_N-1 | x_n = k), so that sum_k alpha_n[k] beta_n[k] = p(y) at every n.
 * Both are kept scaled to a maximum of 1 (alpha_hat, beta_hat); the
 * partials are ratios in which the scales cancel:
 *   d log p / d log_omega[k, n] = alpha_n[k] beta_n[k] / p
 *   d log p / d rho[k]          = omega_0[k] beta_0[k] / p
 *   d log p / d Gamma[i, j]     = sum_n alpha_n-1[i] omega_n[j] beta_n[j]
 *                                 / p
 * each computed with its own normalizer from the scaled vectors, so no
 * log scale has to be carried into the backward pass. */
#include <math.h>
#include <stdlib.h>

#include "pplrt.h"
#include "rt_hmm.h"

/* ------------------------------------------------------------ checks */

/* Stan's hmm_check, in its order: the size of rho, Gamma square and not
 * empty, Gamma's columns against the states of log_omega, then the
 * simplexes.  Returns 0 or -1 with err set. */
static int hmm_check(const char *fn, int K, int gamma_rows, int gamma_cols,
                     const double *Gamma, int rho_size, const double *rho,
                     RtError *err)
{
    if (rho_size != K)
        return rt_error(err, "%s: rho has dimension = %d, expecting "
                        "dimension = %d; a function was called with "
                        "arguments of different scalar, array, vector, or "
                        "matrix types, and they were not consistently "
                        "sized;  all arguments must be scalars or "
                        "multidimensional values of the same shape.", fn,
                        rho_size, K);
    if (gamma_rows != gamma_cols)
        return rt_error(err, "%s: Expecting a square matrix; rows of Gamma "
                        "(%d) and columns of Gamma (%d) must match in size",
                        fn, gamma_rows, gamma_cols);
    if (gamma_rows == 0)
        return rt_error(err, "%s: Gamma has size 0, but must have a "
                        "non-zero size", fn);
    if (gamma_cols != K)
        return rt_error(err, "%s: Columns of Gamma (%d) and Rows of "
                        "log_omegas (%d) must match in size", fn,
                        gamma_cols, K);
    RtError local;
    if (rt_check_simplex("rho", rho, K, &local))
        return rt_error(err, "%s: %s", fn, local.msg);
    for (int i = 0; i < K; i++)
        if (rt_check_simplex("Gamma[i, ]", Gamma + (size_t)i * K, K, &local))
            return rt_error(err, "%s: %s", fn, local.msg);
    return 0;
}

/* ----------------------------------------------------------- forward */

/* The largest log density of step n (over the states): the offset that
 * keeps exp(log_omega - offset) in range. */
static double column_max(const double *log_omega, int K, int N, int n)
{
    double m = -INFINITY;
    for (int k = 0; k < K; k++)
        if (log_omega[(size_t)k * N + n] > m)
            m = log_omega[(size_t)k * N + n];
    return m;
}

/* Fills alpha_hat, element (k, n) at alpha[k * sk + n * sn], and returns
 * log p(y): -inf if no path has positive probability, NaN if a log
 * density is NaN or +inf.  tmp: K doubles. */
static double forward(const double *log_omega, const double *Gamma,
                      const double *rho, int K, int N, double *alpha,
                      size_t sk, size_t sn, double *tmp)
{
    double log_scale = 0;
    for (int n = 0; n < N; n++) {
        double *a = alpha + n * sn;
        if (n == 0) {
            for (int k = 0; k < K; k++)
                tmp[k] = rho[k];
        } else {
            /* tmp = Gamma^T alpha_hat_n-1, Gamma read by rows */
            const double *prev = a - sn;
            for (int j = 0; j < K; j++)
                tmp[j] = 0;
            for (int i = 0; i < K; i++) {
                double p = prev[i * sk];
                const double *row = Gamma + (size_t)i * K;
                for (int j = 0; j < K; j++)
                    tmp[j] += p * row[j];
            }
        }
        double m = column_max(log_omega, K, N, n), top = 0;
        if (m == -INFINITY)
            return -INFINITY;
        bool bad = false;
        for (int k = 0; k < K; k++) {
            double v = exp(log_omega[(size_t)k * N + n] - m) * tmp[k];
            a[k * sk] = v;
            bad |= isnan(v);
            if (v > top)
                top = v;
        }
        if (bad)
            return NAN;
        if (top == 0)
            return -INFINITY;
        for (int k = 0; k < K; k++)
            a[k * sk] /= top;
        log_scale += log(top) + m;
    }
    double sum = 0;
    for (int k = 0; k < K; k++)
        sum += alpha[k * sk + (N - 1) * sn];
    return log_scale + log(sum);
}

/* w[k] = exp(log_omega[k, n] - max_k log_omega[k, n]). */
static void scaled_omega(const double *log_omega, int K, int N, int n,
                         double *w)
{
    double m = column_max(log_omega, K, N, n);
    for (int k = 0; k < K; k++)
        w[k] = exp(log_omega[(size_t)k * N + n] - m);
}

/* beta <- Gamma (w o beta), scaled to a maximum of 1; u: K doubles. */
static void backward_step(const double *Gamma, int K, const double *w,
                          double *beta, double *u)
{
    double top = 0;
    for (int k = 0; k < K; k++)
        u[k] = w[k] * beta[k];
    for (int i = 0; i < K; i++) {
        const double *row = Gamma + (size_t)i * K;
        double s = 0;
        for (int j = 0; j < K; j++)
            s += row[j] * u[j];
        beta[i] = s;
        if (s > top)
            top = s;
    }
    for (int i = 0; i < K; i++)
        beta[i] /= top;
}

/* ---------------------------------------------------------- marginal */

size_t rt_hmm_marginal_work_size(int K, int N)
{
    return (size_t)K * N + 4 * (size_t)K;
}

double rt_hmm_marginal(RtMat log_omega, RtMat Gamma, RtMat rho, double adj,
                       double *work, RtError *err)
{
    static const char fn[] = "hmm_marginal";
    int K = log_omega.rows, N = log_omega.cols;
    if (hmm_check(fn, K, Gamma.rows, Gamma.cols, Gamma.x,
                  rho.rows * rho.cols, rho.x, err))
        return NAN;
    if (N == 0)
        return 0;
    double *alpha = work, *beta = alpha + (size_t)K * N, *u = beta + K,
           *t = u + K, *w = t + K;
    double lp = forward(log_omega.x, Gamma.x, rho.x, K, N, alpha, 1, K, t);
    if (!isfinite(lp) || (!log_omega.g && !Gamma.g && !rho.g))
        return lp;

    for (int k = 0; k < K; k++)
        beta[k] = 1;
    for (int n = N - 1; n >= 0; n--) {
        const double *a = alpha + (size_t)n * K;
        scaled_omega(log_omega.x, K, N, n, w);
        if (log_omega.g) {
            double z = 0;
            for (int k = 0; k < K; k++)
                z += a[k] * beta[k];
            for (int k = 0; k < K; k++)
                log_omega.g[(size_t)k * N + n] += adj * a[k] * beta[k] / z;
        }
        if (n == 0)
            break;
        const double *prev = a - K;
        if (Gamma.g) {
            /* the pair (x_n-1 = i, x_n = j) has weight prev[i] Gamma[i,j]
             * u[j]; z normalizes over all pairs */
            double z = 0;
            for (int j = 0; j < K; j++) {
                double s = 0;
                for (int i = 0; i < K; i++)
                    s += prev[i] * Gamma.x[(size_t)i * K + j];
                z += s * w[j] * beta[j];
            }
            for (int i = 0; i < K; i++) {
                double c = adj * prev[i] / z;
                double *g = Gamma.g + (size_t)i * K;
                for (int j = 0; j < K; j++)
                    g[j] += c * w[j] * beta[j];
            }
        }
        backward_step(Gamma.x, K, w, beta, u);
    }
    if (rho.g) {
        /* w and beta are those of step 0 */
        double z = 0;
        for (int k = 0; k < K; k++)
            z += rho.x[k] * w[k] * beta[k];
        for (int k = 0; k < K; k++)
            rho.g[k] += adj * w[k] * beta[k] / z;
    }
    return lp;
}

/* ------------------------------------------------ state probabilities */

int rt_hmm_hidden_state_prob(const double *log_omega, const double *Gamma,
                             const double *rho, int K, int N, double *out,
                             RtError *err)
{
    static const char fn[] = "hmm_hidden_state_prob";
    if (hmm_check(fn, K, K, K, Gamma, K, rho, err))
        return -1;
    if (N == 0)
        return 0;
    double *scratch = malloc(3 * (size_t)K * sizeof *scratch);
    if (!scratch)
        return rt_fatal(err, "%s: out of memory", fn);
    double *beta = scratch, *u = beta + K, *w = u + K;
    double lp = forward(log_omega, Gamma, rho, K, N, out, N, 1, u);
    if (!isfinite(lp)) {
        /* no path explains the data (or a NaN density): Stan's 0 / 0 */
        for (size_t i = 0; i < (size_t)K * N; i++)
            out[i] = NAN;
        free(scratch);
        return 0;
    }
    for (int k = 0; k < K; k++)
        beta[k] = 1;
    for (int n = N - 1; n >= 0; n--) {
        if (n < N - 1) {
            scaled_omega(log_omega, K, N, n + 1, w);
            backward_step(Gamma, K, w, beta, u);
        }
        double z = 0;
        for (int k = 0; k < K; k++)
            z += out[(size_t)k * N + n] * beta[k];
        for (int k = 0; k < K; k++)
            out[(size_t)k * N + n] *= beta[k] / z;
    }
    free(scratch);
    return 0;
}

/* ----------------------------------------------------------- sampling */

/* An index in 0..K-1 drawn with probabilities proportional to p[k] (a
 * positive total). */
static int draw_index(const double *p, int K, RtRng *rng)
{
    double total = 0;
    for (int k = 0; k < K; k++)
        total += p[k];
    double u = rt_rng_uniform(rng) * total, cum = 0;
    int last = 0;
    for (int k = 0; k < K; k++) {
        if (p[k] <= 0)
            continue;
        last = k;
        cum += p[k];
        if (u < cum)
            return k;
    }
    return last;   /* rounding left u at the very top */
}

int rt_hmm_latent_rng(const double *log_omega, const double *Gamma,
                      const double *rho, int K, int N, RtRng *rng, int *out,
                      RtError *err)
{
    static const char fn[] = "hmm_latent_rng";
    if (hmm_check(fn, K, K, K, Gamma, K, rho, err))
        return -1;
    if (N == 0)
        return 0;
    double *alpha = malloc(((size_t)K * N + K) * sizeof *alpha);
    if (!alpha)
        return rt_fatal(err, "%s: out of memory", fn);
    double *p = alpha + (size_t)K * N;
    double lp = forward(log_omega, Gamma, rho, K, N, alpha, 1, K, p);
    if (!isfinite(lp)) {
        free(alpha);
        return rt_error(err, "%s: the observations have probability %s "
                        "under every state path", fn,
                        isnan(lp) ? "nan" : "0");
    }
    /* x_N-1 from alpha_N-1; then x_n given x_n+1 = s is proportional to
     * alpha_n[k] Gamma[k, s] (the factors of step n + 1 and later do not
     * depend on k) */
    int s = draw_index(alpha + (size_t)(N - 1) * K, K, rng);
    out[N - 1] = s + 1;
    for (int n = N - 2; n >= 0; n--) {
        const double *a = alpha + (size_t)n * K;
        for (int k = 0; k < K; k++)
            p[k] = a[k] * Gamma[(size_t)k * K + s];
        s = draw_index(p, K, rng);
        out[n] = s + 1;
    }
    free(alpha);
    return 0;
}
