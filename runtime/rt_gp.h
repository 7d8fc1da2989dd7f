/* rt_gp.h - the exponentiated quadratic kernel between two sets of points
 * (linalg_gp.c), with its reverse-mode rule in rt_linalg.h's convention:
 * the forward call writes caller-provided memory, the _adj call ADDS the
 * inputs' adjoints into the given buffers (NULL: no derivative).  The
 * kernel of one set with itself is rt_linalg.h's rt_gp_exp_quad_cov. */
#ifndef RT_GP_H
#define RT_GP_H

#include "rt_math.h"

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

#endif
