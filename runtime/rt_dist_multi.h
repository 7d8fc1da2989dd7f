/* rt_dist_multi.h - multivariate distributions (dist_multi.c).
 *
 * rt_math.h's conventions hold: densities return the summed log density,
 * ADD adj * partials into the g buffers of their RtMat/RtArg arguments,
 * drop under propto exactly the terms Stan drops, and on a domain error
 * return NaN with Stan's message in err.
 *
 * Vector arguments.  A single vector[K] is a K x 1 RtMat (or, the same
 * memory, 1 x K); an array of N vectors is an N x K RtMat, one vector per
 * row.  Where Stan broadcasts (mu against an array y, alpha against an
 * array of simplexes) an argument holding one vector is shared by all and
 * its adjoint is summed.  Where a matrix argument (Sigma, L) fixes the
 * size K, an RtMat with K columns is rows of vectors and a K x 1 one (K >
 * 1) is one vector; without one (dirichlet) an n x 1 RtMat is one vector
 * of size n and any other shape is rows of vectors.
 *
 * Scratch memory: densities that need it take `work` of the size given by
 * their _work_size function; work == NULL makes them allocate it (and
 * free it) themselves, for cold paths and tests.
 */
#ifndef RT_DIST_MULTI_H
#define RT_DIST_MULTI_H

#include <stddef.h>

#include "rt_math.h"

/* ------------------------------------------------------- multi_normal */

/* Doubles of work rt_multi_normal_lpdf needs for K-vectors: 3K^2 + 2K. */
size_t rt_multi_normal_work_size(int K);

/* sum_i log MultiNormal(y_i | mu_i, Sigma) (Stan Functions Reference,
 * "Multivariate normal distribution"): per vector
 *   -K/2 log(2 pi)           dropped under propto
 *   -1/2 log det Sigma       kept if !propto or Sigma.ad
 *   -1/2 r^T Sigma^-1 r      kept if !propto or any argument is ad.
 * Errors: size mismatches ("multi_normal_lpdf: Size of random variable (3)
 * and size of location parameter (2) must match in size"), a non-finite
 * mu, a NaN y, and cholesky_decompose's messages for Sigma ("... m is not
 * symmetric ...", "... Matrix m is not positive definite").  Sigma's
 * adjoint is symmetric (rt_linalg.h). */
double rt_multi_normal_lpdf(RtMat y, RtMat mu, RtMat Sigma, bool propto,
                            double adj, double *work, RtError *err);

/* Doubles of work rt_multi_normal_cholesky_lpdf needs: 2K. */
size_t rt_multi_normal_cholesky_work_size(int K);

/* The same density with Sigma = L L^T, L lower triangular (its upper
 * triangle is not read and gets no adjoint; L is not checked, as in
 * Stan).  -sum log L_ii is kept if !propto or L.ad. */
double rt_multi_normal_cholesky_lpdf(RtMat y, RtMat mu, RtMat L, bool propto,
                                     double adj, double *work, RtError *err);

/* ---------------------------------------------------------- dirichlet */

/* sum_i log Dirichlet(theta_i | alpha_i):
 *   lgamma(sum alpha) - sum lgamma(alpha)   kept if !propto or alpha.ad
 *   sum (alpha - 1) log theta               kept if !propto or any ad.
 * Errors: "dirichlet_lpdf: prior sample sizes[2] is 0, but must be
 * positive!", "dirichlet_lpdf: probabilities is not a valid simplex.
 * sum(probabilities) = 1.2, but should be 1". */
double rt_dirichlet_lpdf(RtMat theta, RtMat alpha, bool propto, double adj,
                         RtError *err);

/* ---------------------------------------------------------------- LKJ */

/* log LKJ_corr_cholesky(L | eta) for K x K L (eta a scalar RtArg):
 *   log of the LKJ normalizing constant    kept if !propto or eta.ad
 *   sum_{i=2..K} (K - i + 2 eta - 2) log L_ii   kept if !propto or any ad.
 * Errors: "lkj_corr_cholesky_lpdf: Shape parameter is 0, but must be
 * positive!", "... Random variable is not lower triangular; Random
 * variable[1,2]=0.5". */
double rt_lkj_corr_cholesky_lpdf(RtMat L, RtArg eta, bool propto, double adj,
                                 RtError *err);

/* Doubles of work rt_lkj_corr_lpdf needs: 2K^2. */
size_t rt_lkj_corr_work_size(int K);

/* log LKJ_corr(y | eta) = constant + (eta - 1) log det y; the same
 * propto rule.  y must be a correlation matrix: unit diagonal,
 * symmetric, positive definite. */
double rt_lkj_corr_lpdf(RtMat y, RtArg eta, bool propto, double adj,
                        double *work, RtError *err);

/* The log normalizing constant of LKJ(eta) in dimension K and its
 * derivative in eta (Lewandowski, Kurowicka and Joe 2009). */
double rt_lkj_log_constant(double eta, int K, double *d_eta);

/* --------------------------------------------------------------- rngs */

/* One draw of a K-vector into out; 0, or -1 with err (and NaN draws).
 * rt_multi_normal_rng's work: K^2 doubles (NULL: allocated). */
int rt_multi_normal_rng(const double *mu, const double *Sigma, int K,
                        RtRng *rng, double *out, double *work, RtError *err);
int rt_multi_normal_cholesky_rng(const double *mu, const double *L, int K,
                                 RtRng *rng, double *out, RtError *err);
/* Gamma draws normalized in log space, so tiny alphas give a simplex. */
int rt_dirichlet_rng(const double *alpha, int K, RtRng *rng, double *out,
                     RtError *err);
/* The Cholesky factor (K x K) of an LKJ(eta) correlation matrix, drawn
 * through canonical partial correlations, C-vine order. */
int rt_lkj_corr_cholesky_rng(int K, double eta, RtRng *rng, double *L,
                             RtError *err);
/* A Gamma(a, 1) draw (Marsaglia and Tsang 2000), and its log. */
double rt_gamma_draw(RtRng *rng, double a);
double rt_log_gamma_draw(RtRng *rng, double a);

#endif
