/* rt_dist_multi.h - multivariate distributions, one file per family:
 *   dist_multi_normal.c     multi_normal(_cholesky, _prec)
 *   dist_multi_student_t.c  multi_student_t(_cholesky)
 *   dist_wishart.c          (inv_)wishart(_cholesky)
 *   dist_lkj.c              lkj_corr(_cholesky);  dist_lkj_cov.c: lkj_cov
 *   dist_dirichlet.c        dirichlet
 *   dist_multinomial.c      multinomial_logit, dirichlet_multinomial (and
 *                           multinomial: rt_dist_disc.h)
 *   dist_multi_gp.c         multi_gp(_cholesky)
 *   dist_gaussian_dlm.c     gaussian_dlm_obs
 * (shared helpers: dist_multi_internal.h).  The gamma draws behind their
 * rngs are rng.c's (pplrt.h).
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

/* ------------------------------------ covariance matrix distributions
 * (dist_wishart.c).  nu is a scalar RtArg; W, S (Sigma) are K x K. */

/* Doubles of work rt_wishart_lpdf and rt_inv_wishart_lpdf need: 6K^2. */
size_t rt_wishart_work_size(int K);

/* log Wishart(W | nu, S) (Functions Reference, "Wishart distribution"):
 *   -nu K/2 log 2 - lmgamma(K, nu/2)   kept if !propto or nu.ad
 *   -nu/2 log det S                    kept if !propto or nu.ad or S.ad
 *   -1/2 tr(S^-1 W)                    kept if !propto or S.ad or W.ad
 *   (nu - K - 1)/2 log det W           kept if !propto or W.ad or nu.ad.
 * Errors: "wishart_lpdf: Degrees of freedom parameter is 1, but must be
 * greater than 1", "... random variable is not symmetric. random
 * variable[1,2] = ...", "... LDLT_Factor of scale parameter is not
 * positive definite.  last conditional variance is -1.".  W's and S's
 * adjoints are symmetric. */
double rt_wishart_lpdf(RtMat W, RtArg nu, RtMat S, bool propto, double adj,
                       double *work, RtError *err);

/* log InvWishart(W | nu, S):
 *   -lmgamma(K, nu/2)                  kept if !propto or nu.ad
 *   nu/2 log det S - nu K/2 log 2      kept if !propto or nu.ad or S.ad
 *   -(nu + K + 1)/2 log det W          kept if !propto or any ad
 *   -1/2 tr(S W^-1)                    kept if !propto or W.ad or S.ad
 * (Stan's grouping, kept as is).  The same checks as rt_wishart_lpdf. */
double rt_inv_wishart_lpdf(RtMat W, RtArg nu, RtMat S, bool propto,
                           double adj, double *work, RtError *err);

/* Doubles of work the two Cholesky forms need: 3K^2. */
size_t rt_wishart_cholesky_work_size(int K);

/* The density of L_W = chol(W), W ~ Wishart(nu, L_S L_S^T), Jacobian
 * included; both factors lower triangular with positive diagonals
 * (checked: "wishart_cholesky_lpdf: random variable is not lower
 * triangular; random variable[1,2]=0.5").  K log 2 (1 - nu/2) -
 * lmgamma(K, nu/2) is kept if !propto or nu.ad, the rest if !propto or
 * any argument is ad.  Adjoints go to the lower triangles. */
double rt_wishart_cholesky_lpdf(RtMat L_W, RtArg nu, RtMat L_S, bool propto,
                                double adj, double *work, RtError *err);

/* The same for W ~ InvWishart(nu, L_S L_S^T). */
double rt_inv_wishart_cholesky_lpdf(RtMat L_W, RtArg nu, RtMat L_S,
                                    bool propto, double adj, double *work,
                                    RtError *err);

/* ------------------------------------------ multivariate Student-t
 * (dist_multi_student_t.c).  Vectors as for multi_normal. */

/* Doubles of work rt_multi_student_t_lpdf needs: 3K^2 + 2K. */
size_t rt_multi_student_t_work_size(int K);

/* sum_i log MultiStudentT(y_i | nu, mu_i, Sigma): per vector
 *   lgamma((nu+K)/2) - lgamma(nu/2) - K/2 log nu   kept if !propto or nu.ad
 *   -K/2 log pi                                    dropped under propto
 *   -1/2 log det Sigma                  kept if !propto or Sigma.ad
 *   -(nu+K)/2 log1p(r^T Sigma^-1 r / nu)   kept if !propto or any ad.
 * Errors name the function "multi_student_t", as Stan does:
 * "multi_student_t: Degrees of freedom parameter is 0, but must be
 * positive!" (also NaN, infinite), sizes as multi_normal, "Scale
 * parameter is not symmetric", "LDLT_Factor of scale parameter is not
 * positive definite.  last conditional variance is ...". */
double rt_multi_student_t_lpdf(RtMat y, RtArg nu, RtMat mu, RtMat Sigma,
                               bool propto, double adj, double *work,
                               RtError *err);

/* Doubles of work rt_multi_student_t_cholesky_lpdf needs: 2K. */
size_t rt_multi_student_t_cholesky_work_size(int K);

/* The same with Sigma = L L^T, L checked a Cholesky factor
 * ("multi_student_t_cholesky: scale parameter is not lower triangular;
 * ..."); -sum log L_ii is kept if !propto or L.ad. */
double rt_multi_student_t_cholesky_lpdf(RtMat y, RtArg nu, RtMat mu, RtMat L,
                                        bool propto, double adj, double *work,
                                        RtError *err);

/* -------------------------------------------- multi_normal_prec
 * (dist_multi_normal.c) */

/* Doubles of work rt_multi_normal_prec_lpdf needs: 2K^2 + 2K. */
size_t rt_multi_normal_prec_work_size(int K);

/* sum_i log MultiNormal(y_i | mu_i, Omega^-1): per vector
 *   +1/2 log det Omega      kept if !propto or Omega.ad
 *   -K/2 log(2 pi)          dropped under propto
 *   -1/2 r^T Omega r        kept if !propto or any ad.
 * Errors: "multi_normal_prec_lpdf: Precision matrix rows is 0, but must
 * be positive!", "... Precision matrix is not symmetric. ...", "...
 * LDLT_Factor of precision parameter is not positive definite.  last
 * conditional variance is ...", then multi_normal's size messages.
 * Omega's adjoint is symmetric. */
double rt_multi_normal_prec_lpdf(RtMat y, RtMat mu, RtMat Omega, bool propto,
                                 double adj, double *work, RtError *err);

/* ------------------------- multivariate discrete (dist_multinomial.c)
 * ns: K counts, one array; the parameter a K-vector RtArg, as for
 * rt_multinomial_lpmf (rt_dist_disc.h). */

/* log Multinomial(ns | softmax(beta)):
 *   lgamma(1 + sum ns) - sum lgamma(1 + ns)   dropped under propto
 *   sum_{ns_k > 0} ns_k (beta_k - log_sum_exp(beta))  kept if !propto or
 *                                                     beta.ad.
 * Errors: "multinomial_logit_lpmf: Number of trials variable[2] is -1,
 * but must be nonnegative!", "... log-probabilities parameter[1] is inf,
 * but must be finite!", "... Size of number of trials variable (3) and
 * rows of log-probabilities parameter (2) must match in size". */
double rt_multinomial_logit_lpmf(RtIArg ns, RtArg beta, bool propto,
                                 double adj, RtError *err);

/* log DirichletMultinomial(ns | alpha), N = sum ns, a0 = sum alpha:
 *   log N - sum_{ns_k > 0} log ns_k            dropped under propto
 *   lbeta(a0, N) - sum_{ns_k > 0} lbeta(alpha_k, ns_k)
 *                                              kept if !propto or alpha.ad
 * and 0 when N = 0.  Errors: "dirichlet_multinomial_lpmf: Prior size
 * parameter[2] is 0, but must be positive finite!", the count and size
 * messages of rt_multinomial_logit_lpmf ("rows of prior size
 * parameter"). */
double rt_dirichlet_multinomial_lpmf(RtIArg ns, RtArg alpha, bool propto,
                                     double adj, RtError *err);

/* ----------------------------------------------------------- more rngs
 * (of the families above, in their files)
 * Matrices are K x K row-major in out; each returns 0, or -1 with err and
 * NaN (for counts, -1) in out.  work == NULL: allocated. */

/* K counts summing to N, drawn by sequential binomials on softmax(beta)
 * (on Beta(alpha_k, sum_{j>k} alpha_j) splits for dirichlet_multinomial,
 * which is a Dirichlet draw followed by a multinomial one). */
int rt_multinomial_logit_rng(RtArg beta, int N, int *out, RtRng *rng,
                             RtError *err);
int rt_dirichlet_multinomial_rng(RtArg alpha, int N, int *out, RtRng *rng,
                                 RtError *err);

/* mu + sqrt(w) L z, w ~ InvGamma(nu/2, nu/2), z standard normal, L =
 * chol(Sigma); one K-vector.  work: K^2 doubles. */
int rt_multi_student_t_rng(double nu, const double *mu, const double *Sigma,
                           int K, RtRng *rng, double *out, double *work,
                           RtError *err);
int rt_multi_student_t_cholesky_rng(double nu, const double *mu,
                                    const double *L, int K, RtRng *rng,
                                    double *out, RtError *err);

/* Bartlett's decomposition: W = (L A)(L A)^T, L = chol(Sigma), A lower
 * with A_jj^2 ~ chi-square(nu - j) (0-based j) and N(0, 1) below.
 * wishart_rng's work: K^2; inv_wishart_rng's (W^-1 ~ Wishart(nu,
 * Sigma^-1)): 2K^2; inv_wishart_cholesky_rng's: 2K^2.  The Cholesky forms
 * take and return lower triangular factors. */
int rt_wishart_rng(double nu, const double *Sigma, int K, RtRng *rng,
                   double *out, double *work, RtError *err);
int rt_wishart_cholesky_rng(double nu, const double *L_S, int K, RtRng *rng,
                            double *out, RtError *err);
int rt_inv_wishart_rng(double nu, const double *Sigma, int K, RtRng *rng,
                       double *out, double *work, RtError *err);
int rt_inv_wishart_cholesky_rng(double nu, const double *L_S, int K,
                                RtRng *rng, double *out, double *work,
                                RtError *err);

/* L L^T for L an rt_lkj_corr_cholesky_rng draw, unit diagonal exact.
 * work: K^2 doubles. */
int rt_lkj_corr_rng(int K, double eta, RtRng *rng, double *out, double *work,
                    RtError *err);

/* ------------------------------------- lkj_cov (dist_lkj_cov.c) */

/* Doubles of work rt_lkj_cov_work_size needs for K x K y. */
size_t rt_lkj_cov_work_size(int K);

/* log LkjCov(y | mu, sigma, eta) (deprecated in Stan, kept by stanc3):
 * lognormal(sqrt(y_kk) | mu_k, sigma_k) summed, plus lkj_corr of the
 * correlation matrix of y; propto drops what those two drop.  Errors:
 * sizes ("lkj_cov_lpdf: Rows of random variable (3) and rows of location
 * parameter (2) must match in size"), eta ("Shape parameter is 0, but
 * must be positive!"), non-finite mu or sigma, then lognormal_lpdf's and
 * lkj_corr_lpdf's own. */
double rt_lkj_cov_lpdf(RtMat y, RtArg mu, RtArg sigma, RtArg eta,
                       bool propto, double adj, double *work, RtError *err);

/* ----------------------------------- multi_gp (dist_multi_gp.c) */

/* Doubles of work the multi_gp densities need for an N x N kernel. */
size_t rt_multi_gp_work_size(int N);

/* sum_i log MultiNormal(y_i | 0, Sigma / w_i) over the K rows y_i of the
 * K x N y (N = Sigma's size): -K N / 2 log(2 pi) dropped under propto,
 * -K / 2 log det Sigma kept if !propto or Sigma.ad, N / 2 sum log w
 * kept if !propto or w.ad.  Errors: "multi_gp_lpdf: Size of random
 * variable (rows y) (3) and Size of kernel scales (w) (2) must match in
 * size", "... Kernel scales[1] is -1, but must be positive finite!",
 * Sigma not symmetric or not positive definite. */
double rt_multi_gp_lpdf(RtMat y, RtMat Sigma, RtArg w, bool propto,
                        double adj, double *work, RtError *err);
/* The same with Sigma = L L^T, L lower triangular (not checked, as in
 * Stan; its upper triangle is not read and gets no adjoint). */
double rt_multi_gp_cholesky_lpdf(RtMat y, RtMat L, RtArg w, bool propto,
                                 double adj, double *work, RtError *err);

/* ------------------------- gaussian_dlm_obs (dist_gaussian_dlm.c) */

/* log p(y | F, G, V, W, m0, C0) of the Gaussian dynamic linear model
 * y_t ~ N(F^T theta_t, V), theta_t ~ N(G theta_(t-1), W), theta_0 ~
 * N(m0, C0), by the Kalman filter: y r x T, F n x r, G n x n, V r x r,
 * W n x n, m0 n (an RtMat n x 1), C0 n x n.  -r T / 2 log(2 pi) dropped
 * under propto, everything when no argument is ad.  The partials by
 * forward mode, one filter pass per parameter scalar (dist_gaussian_dlm.c
 * says why).  Errors: "gaussian_dlm_obs_lpdf: columns of F (2) and rows
 * of y (3) must match in size" and the other sizes, "... V[1,2] is inf,
 * but must be finite!", V and W not symmetric, C0 not a covariance
 * matrix, "... the one-step forecast covariance F' R F + V is not
 * positive definite at time 4". */
double rt_gaussian_dlm_obs_lpdf(RtMat y, RtMat F, RtMat G, RtMat V, RtMat W,
                                RtMat m0, RtMat C0, bool propto, double adj,
                                RtError *err);
/* The same with V a vector of r observation variances (an RtMat r x 1,
 * each non-negative: "... V[2] is -1, but must be nonnegative!"). */
double rt_gaussian_dlm_obs_vec_lpdf(RtMat y, RtMat F, RtMat G, RtMat V,
                                    RtMat W, RtMat m0, RtMat C0, bool propto,
                                    double adj, RtError *err);

#endif
