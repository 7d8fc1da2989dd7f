/* linalg_gp.c - the exponentiated quadratic kernel between two sets of
 * points and its reverse-mode rule (rt_gp.h).  The one-set kernel is in
 * linalg.c; the checks and messages follow it. */
#include <math.h>

#include "pplrt.h"
#include "rt_gp.h"

#define IDX(i, j, ncol) ((size_t)(i) * (size_t)(ncol) + (size_t)(j))

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
