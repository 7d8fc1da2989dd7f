/* rt_gp.h - the exponentiated quadratic kernel (linalg_gp.c) of one set
 * of points, between two sets, and with a length scale per dimension
 * (ARD), with its reverse-mode rules in rt_linalg.h's convention: the
 * forward call writes caller-provided memory, the _adj call ADDS the
 * inputs' adjoints into the given buffers (NULL: no derivative). */
#ifndef RT_GP_H
#define RT_GP_H

#include "rt_math.h"

/* ------------------------------------------------- Gaussian processes */

/* K[i,j] = alpha^2 exp(-|x_i - x_j|^2 / (2 rho^2)) for N points of D
 * coordinates (an array of reals: D = 1; an array of vectors: N x D
 * row-major).  Checks "gp_exp_quad_cov: magnitude is 0, but must be
 * positive finite!", "length scale", and "x[3] is nan, but must not be
 * nan!". */
int rt_gp_exp_quad_cov(const double *x, int N, int D, double alpha,
                       double rho, double *K, RtError *err);
/* Adds into x_adj (N*D), alpha_adj, rho_adj (each may be NULL). */
void rt_gp_exp_quad_cov_adj(const double *x, int N, int D, double alpha,
                            double rho, const double *K, const double *K_adj,
                            double *x_adj, double *alpha_adj,
                            double *rho_adj);

/* K[i,j] = alpha^2 exp(-|x1_i - x2_j|^2 / (2 rho^2)), K N1 x N2 row-major,
 * for N1 and N2 points of D1 and D2 coordinates (an array of reals: D = 1;
 * an array of vectors: N x D row-major).  Stan's gp_exp_quad_cov(x1, x2,
 * alpha, rho).  Checks "gp_exp_quad_cov: magnitude is 0, but must be
 * positive finite!", "length scale", "x1[3] is nan, but must not be nan!"
 * (and x2), and "dimension of x1 (2) and dimension of x2 (3) must match in
 * size"; returns 0, or -1 with err (may be NULL) and K all NaN. */
int rt_gp_exp_quad_cov2(const double *x1, int N1, int D1, const double *x2,
                        int N2, int D2, double alpha, double rho, double *K,
                        RtError *err);
/* Given K and its adjoint K_adj, adds into x1_adj (N1*D), x2_adj (N2*D),
 * alpha_adj and rho_adj; each may be NULL. */
void rt_gp_exp_quad_cov2_adj(const double *x1, int N1, const double *x2,
                             int N2, int D, double alpha, double rho,
                             const double *K, const double *K_adj,
                             double *x1_adj, double *x2_adj,
                             double *alpha_adj, double *rho_adj);

/* The same kernels with one length scale per coordinate (ARD): K[i,j] =
 * sigma^2 exp(-0.5 sum_d ((x1_id - x2_jd) / l_d)^2), Stan's
 * gp_exp_quad_cov(x, sigma, length_scale) and gp_exp_quad_cov(x1, x2,
 * sigma, length_scale) of arrays of vectors.  l has L entries, which must
 * be each point's dimension.  Checks, in Stan's order (one set: magnitude,
 * length scales, then for N > 0 the dimension and x; two sets: nothing
 * when either is empty, else x1, x2, magnitude, length scales, the
 * dimensions): "gp_exp_quad_cov: magnitude is 0, but must be positive
 * finite!", "length scale[2] is 0, but must be positive finite!", "x
 * dimension (2) and number of length scales (3) must match in size", "x[3]
 * is nan, but must not be nan!"; returns 0, or -1 with err (may be NULL)
 * and K all NaN. */
int rt_gp_exp_quad_cov_ard(const double *x, int N, int D, double sigma,
                           const double *l, int L, double *K, RtError *err);
int rt_gp_exp_quad_cov2_ard(const double *x1, int N1, int D1,
                            const double *x2, int N2, int D2, double sigma,
                            const double *l, int L, double *K, RtError *err);
/* Given K and its adjoint K_adj, add into x_adj (N*D) or x1_adj (N1*D) and
 * x2_adj (N2*D), sigma_adj and l_adj (D); each may be NULL. */
void rt_gp_exp_quad_cov_ard_adj(const double *x, int N, int D, double sigma,
                                const double *l, const double *K,
                                const double *K_adj, double *x_adj,
                                double *sigma_adj, double *l_adj);
void rt_gp_exp_quad_cov2_ard_adj(const double *x1, int N1, const double *x2,
                                 int N2, int D, double sigma, const double *l,
                                 const double *K, const double *K_adj,
                                 double *x1_adj, double *x2_adj,
                                 double *sigma_adj, double *l_adj);

#endif
