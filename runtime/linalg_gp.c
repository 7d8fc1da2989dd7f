/* linalg_gp.c - the exponentiated quadratic kernel (Stan Functions
 * Reference, "Gaussian process covariance functions"): of one set of
 * points, between two sets, and with one length scale per dimension
 * (ARD), with their reverse-mode rules (rt_gp.h).  The kernels of a
 * distance are gp_kernels.c's. */
#include <math.h>

#include "pplrt.h"
#include "rt_gp.h"

#define IDX(i, j, ncol) ((size_t)(i) * (size_t)(ncol) + (size_t)(j))

static void fill_nan(double *x, size_t n)
{
    for (size_t i = 0; i < n; i++)
        x[i] = NAN;
}

/* ------------------------------------------------- one set of points */

int rt_gp_exp_quad_cov(const double *x, int N, int D, double alpha,
                       double rho, double *K, RtError *err)
{
    const char *fn = "gp_exp_quad_cov";
    int bad = 0;
    if (!(alpha > 0) || !isfinite(alpha))
        bad = rt_error(err, "%s: magnitude is %g, but must be positive "
                       "finite!", fn, alpha);
    else if (!(rho > 0) || !isfinite(rho))
        bad = rt_error(err, "%s: length scale is %g, but must be positive "
                       "finite!", fn, rho);
    else
        for (size_t i = 0; i < (size_t)N * (size_t)D; i++)
            if (isnan(x[i])) {
                bad = rt_error(err, "%s: x[%zu] is nan, but must not be "
                               "nan!", fn, i / (size_t)(D > 0 ? D : 1) + 1);
                break;
            }
    if (bad) {
        fill_nan(K, (size_t)N * (size_t)N);
        return -1;
    }
    double a2 = alpha * alpha, inv = -0.5 / (rho * rho);
    for (int i = 0; i < N; i++) {
        K[IDX(i, i, N)] = a2;
        for (int j = 0; j < i; j++) {
            double d2 = 0;
            for (int d = 0; d < D; d++) {
                double t = x[IDX(i, d, D)] - x[IDX(j, d, D)];
                d2 += t * t;
            }
            K[IDX(i, j, N)] = K[IDX(j, i, N)] = a2 * exp(d2 * inv);
        }
    }
    return 0;
}

/* dK_ij/dalpha = 2 K_ij / alpha, dK_ij/drho = K_ij d2_ij / rho^3,
 * dK_ij/dx_i = -K_ij (x_i - x_j) / rho^2. */
void rt_gp_exp_quad_cov_adj(const double *x, int N, int D, double alpha,
                            double rho, const double *K, const double *K_adj,
                            double *x_adj, double *alpha_adj,
                            double *rho_adj)
{
    double ga = 0, gr = 0, r2 = rho * rho;
    if (D == 1 && !x_adj) {
        /* one coordinate and no adjoint for it (the common GP over data):
         * two partial sums each, off the chain of one accumulator */
        double ga1 = 0, gr1 = 0;
        for (int i = 0; i < N; i++) {
            const double *Ki = K + IDX(i, 0, N), *Gi = K_adj + IDX(i, 0, N);
            double xi = x[i];
            ga += Gi[i] * Ki[i];
            int j = 0;
            for (; j + 2 <= i; j += 2) {
                double g0 = (Gi[j] + K_adj[IDX(j, i, N)]) * Ki[j];
                double g1 = (Gi[j + 1] + K_adj[IDX(j + 1, i, N)]) * Ki[j + 1];
                double t0 = xi - x[j], t1 = xi - x[j + 1];
                ga += g0;
                ga1 += g1;
                gr += g0 * (t0 * t0);
                gr1 += g1 * (t1 * t1);
            }
            for (; j < i; j++) {
                double g = (Gi[j] + K_adj[IDX(j, i, N)]) * Ki[j];
                double t = xi - x[j];
                ga += g;
                gr += g * (t * t);
            }
        }
        ga += ga1;
        gr += gr1;
    } else {
        for (int i = 0; i < N; i++) {
            double gii = K_adj[IDX(i, i, N)];
            ga += gii * K[IDX(i, i, N)];
            for (int j = 0; j < i; j++) {
                double g = (K_adj[IDX(i, j, N)] + K_adj[IDX(j, i, N)])
                           * K[IDX(i, j, N)];
                double d2 = 0;
                for (int d = 0; d < D; d++) {
                    double t = x[IDX(i, d, D)] - x[IDX(j, d, D)];
                    d2 += t * t;
                    if (x_adj) {
                        x_adj[IDX(i, d, D)] -= g * t / r2;
                        x_adj[IDX(j, d, D)] += g * t / r2;
                    }
                }
                ga += g;
                gr += g * d2;
            }
        }
    }
    if (alpha_adj)
        *alpha_adj += 2 * ga / alpha;
    if (rho_adj)
        *rho_adj += gr / (r2 * rho);
}

/* ------------------------------------------------ two sets of points */

/* "gp_exp_quad_cov: x1[3] is nan, but must not be nan!" for the first
 * point of x (N points of D coordinates) with a NaN coordinate. */
static int check_points(const char *name, const double *x, int N, int D,
                        RtError *err)
{
    for (size_t i = 0; i < (size_t)N * (size_t)D; i++)
        if (isnan(x[i]))
            return rt_error(err, "gp_exp_quad_cov: %s[%zu] is nan, but must "
                            "not be nan!", name, i / (size_t)D + 1);
    return 0;
}

int rt_gp_exp_quad_cov2(const double *x1, int N1, int D1, const double *x2,
                        int N2, int D2, double alpha, double rho, double *K,
                        RtError *err)
{
    const double scale[2] = {alpha, rho};
    const char *scale_name[2] = {"magnitude", "length scale"};
    int bad = 0;
    for (int k = 0; k < 2 && !bad; k++)
        if (!(scale[k] > 0) || !isfinite(scale[k]))
            bad = rt_error(err, "gp_exp_quad_cov: %s is %g, but must be "
                           "positive finite!", scale_name[k], scale[k]);
    if (!bad && N1 > 0 && N2 > 0 && D1 != D2)
        bad = rt_error(err, "gp_exp_quad_cov: dimension of x1 (%d) and "
                       "dimension of x2 (%d) must match in size", D1, D2);
    if (!bad)
        bad = check_points("x1", x1, N1, D1, err)
              || check_points("x2", x2, N2, D2, err);
    if (bad) {
        for (size_t i = 0; i < (size_t)N1 * (size_t)N2; i++)
            K[i] = NAN;
        return -1;
    }
    double a2 = alpha * alpha, inv = -0.5 / (rho * rho);
    for (int i = 0; i < N1; i++)
        for (int j = 0; j < N2; j++) {
            double d2 = 0;
            for (int d = 0; d < D1; d++) {
                double t = x1[IDX(i, d, D1)] - x2[IDX(j, d, D1)];
                d2 += t * t;
            }
            K[IDX(i, j, N2)] = a2 * exp(d2 * inv);
        }
    return 0;
}

/* dK_ij/dalpha = 2 K_ij / alpha, dK_ij/drho = K_ij d2_ij / rho^3,
 * dK_ij/dx1_i = -K_ij (x1_i - x2_j) / rho^2 = -dK_ij/dx2_j. */
void rt_gp_exp_quad_cov2_adj(const double *x1, int N1, const double *x2,
                             int N2, int D, double alpha, double rho,
                             const double *K, const double *K_adj,
                             double *x1_adj, double *x2_adj,
                             double *alpha_adj, double *rho_adj)
{
    double ga = 0, gr = 0, r2 = rho * rho;
    for (int i = 0; i < N1; i++)
        for (int j = 0; j < N2; j++) {
            double g = K_adj[IDX(i, j, N2)] * K[IDX(i, j, N2)];
            double d2 = 0;
            for (int d = 0; d < D; d++) {
                double t = x1[IDX(i, d, D)] - x2[IDX(j, d, D)];
                d2 += t * t;
                if (x1_adj)
                    x1_adj[IDX(i, d, D)] -= g * t / r2;
                if (x2_adj)
                    x2_adj[IDX(j, d, D)] += g * t / r2;
            }
            ga += g;
            gr += g * d2;
        }
    if (alpha_adj)
        *alpha_adj += 2 * ga / alpha;
    if (rho_adj)
        *rho_adj += gr / (r2 * rho);
}

/* ------------------------------------------ per-dimension length scales */

/* "gp_exp_quad_cov: magnitude is 0, but must be positive finite!", then
 * "length scale[2] is 0, but must be positive finite!" (1-based). */
static int check_ard_scales(double sigma, const double *l, int L,
                            RtError *err)
{
    if (!(sigma > 0) || !isfinite(sigma))
        return rt_error(err, "gp_exp_quad_cov: magnitude is %g, but must be "
                        "positive finite!", sigma);
    for (int d = 0; d < L; d++)
        if (!(l[d] > 0) || !isfinite(l[d]))
            return rt_error(err, "gp_exp_quad_cov: length scale[%d] is %g, "
                            "but must be positive finite!", d + 1, l[d]);
    return 0;
}

/* Stan's check_size_match of a point's dimension against the number of
 * length scales. */
static int check_ard_dimension(int D, int L, RtError *err)
{
    if (D == L)
        return 0;
    return rt_error(err, "gp_exp_quad_cov: x dimension (%d) and number of "
                    "length scales (%d) must match in size", D, L);
}

/* sigma^2 exp(-0.5 sum_d ((a_d - b_d) / l_d)^2) for two points of D. */
static double ard_entry(const double *a, const double *b, int D,
                        double sigma2, const double *l)
{
    double s = 0;
    for (int d = 0; d < D; d++) {
        double t = (a[d] - b[d]) / l[d];
        s += t * t;
    }
    return sigma2 * exp(-0.5 * s);
}

int rt_gp_exp_quad_cov_ard(const double *x, int N, int D, double sigma,
                           const double *l, int L, double *K, RtError *err)
{
    int bad = check_ard_scales(sigma, l, L, err);
    if (!bad && N > 0)
        bad = check_ard_dimension(D, L, err) || check_points("x", x, N, D, err);
    if (bad) {
        for (size_t i = 0; i < (size_t)N * (size_t)N; i++)
            K[i] = NAN;
        return -1;
    }
    double s2 = sigma * sigma;
    for (int i = 0; i < N; i++) {
        K[IDX(i, i, N)] = s2;
        for (int j = 0; j < i; j++)
            K[IDX(i, j, N)] = K[IDX(j, i, N)]
                = ard_entry(x + IDX(i, 0, D), x + IDX(j, 0, D), D, s2, l);
    }
    return 0;
}

int rt_gp_exp_quad_cov2_ard(const double *x1, int N1, int D1,
                            const double *x2, int N2, int D2, double sigma,
                            const double *l, int L, double *K, RtError *err)
{
    if (N1 == 0 || N2 == 0)
        return 0;
    int bad = check_points("x1", x1, N1, D1, err)
              || check_points("x2", x2, N2, D2, err)
              || check_ard_scales(sigma, l, L, err)
              || check_ard_dimension(D1, L, err)
              || check_ard_dimension(D2, L, err);
    if (bad) {
        for (size_t i = 0; i < (size_t)N1 * (size_t)N2; i++)
            K[i] = NAN;
        return -1;
    }
    double s2 = sigma * sigma;
    for (int i = 0; i < N1; i++)
        for (int j = 0; j < N2; j++)
            K[IDX(i, j, N2)] = ard_entry(x1 + IDX(i, 0, D1),
                                         x2 + IDX(j, 0, D1), D1, s2, l);
    return 0;
}

/* With t_d = x1_id - x2_jd: dK_ij/dsigma = 2 K_ij / sigma,
 * dK_ij/dl_d = K_ij t_d^2 / l_d^3, dK_ij/dx1_id = -K_ij t_d / l_d^2 =
 * -dK_ij/dx2_jd. */
void rt_gp_exp_quad_cov2_ard_adj(const double *x1, int N1, const double *x2,
                                 int N2, int D, double sigma, const double *l,
                                 const double *K, const double *K_adj,
                                 double *x1_adj, double *x2_adj,
                                 double *sigma_adj, double *l_adj)
{
    double gs = 0;
    for (int i = 0; i < N1; i++)
        for (int j = 0; j < N2; j++) {
            double g = K_adj[IDX(i, j, N2)] * K[IDX(i, j, N2)];
            gs += g;
            if (g == 0 || (!x1_adj && !x2_adj && !l_adj))
                continue;
            for (int d = 0; d < D; d++) {
                double t = x1[IDX(i, d, D)] - x2[IDX(j, d, D)];
                double u = g * t / (l[d] * l[d]);     /* dK/dx2_jd */
                if (x1_adj)
                    x1_adj[IDX(i, d, D)] -= u;
                if (x2_adj)
                    x2_adj[IDX(j, d, D)] += u;
                if (l_adj)
                    l_adj[d] += u * t / l[d];
            }
        }
    if (sigma_adj)
        *sigma_adj += 2 * gs / sigma;
}

/* x is both sets: K_ij moves with x_i through the first and with x_j
 * through the second, so both adjoints go into x_adj. */
void rt_gp_exp_quad_cov_ard_adj(const double *x, int N, int D, double sigma,
                                const double *l, const double *K,
                                const double *K_adj, double *x_adj,
                                double *sigma_adj, double *l_adj)
{
    rt_gp_exp_quad_cov2_ard_adj(x, N, x, N, D, sigma, l, K, K_adj, x_adj,
                                x_adj, sigma_adj, l_adj);
}
