/* rt_dist_disc.h - discrete distributions and the GLMs (Stan Functions
 * Reference, "Discrete distributions"), following the conventions of
 * rt_math.h: vectorized RtIArg outcomes and RtArg parameters broadcast
 * against each other, partials are ADDED (times adj) into each argument's
 * g, propto drops exactly the terms Stan drops, and a domain error returns
 * NaN with Stan's message in err.
 *
 * Outcomes outside the support give -inf (log 0) where Stan returns log 0
 * rather than throwing (beta_binomial's n < 0 or n > N; a poisson rate of
 * 0 with n > 0); everywhere else they are errors, as in Stan.
 *
 * Random number generators return the draw, or -1 with err set on a
 * domain error (every support here is non-negative, so -1 is never a
 * draw).  Vector-valued draws go through an out pointer and the function
 * returns 0 or -1.
 *
 * Files, by family (shared helpers: dist_disc_internal.h):
 *   dist_binary_binomial.c  bernoulli(_logit), binomial(_logit),
 *                           beta_binomial
 *   dist_count.c            poisson(_log), neg_binomial, neg_binomial_2
 *                           (_log), beta_neg_binomial
 *   dist_disc_walk.c        the cumulative sums of poisson, binomial and
 *                           neg_binomial_2
 *   dist_discrete_range.c   discrete_range
 *   dist_categorical.c      categorical(_logit)
 *   dist_multinomial.c      multinomial (with multinomial_logit and
 *                           dirichlet_multinomial: rt_dist_multi.h)
 *   dist_ordinal.c          ordered_logistic, ordered_probit
 *   dist_hypergeometric.c   hypergeometric
 *   dist_glm_continuous.c   normal_id_glm
 *   dist_glm_binary.c       bernoulli_logit_glm (and its rng),
 *                           binomial_logit_glm
 *   dist_glm_count.c        poisson_log_glm, neg_binomial_2_log_glm
 *   dist_glm_categorical.c  categorical_logit_glm, ordered_logistic_glm
 *   (the GLMs' shared helpers: dist_glm_internal.h)
 * (multinomial_logit and dirichlet_multinomial: rt_dist_multi.h.) */
#ifndef RT_DIST_DISC_H
#define RT_DIST_DISC_H

#include <stdbool.h>

#include "rt_math.h"

/* ---------------------------------------------------------- bernoulli */

/* n in {0, 1}; theta in [0, 1]. */
double rt_bernoulli_lpmf(RtIArg n, RtArg theta, bool propto, double adj,
                         RtError *err);
double rt_bernoulli_cdf(RtIArg n, RtArg theta, double adj, RtError *err);
double rt_bernoulli_lcdf(RtIArg n, RtArg theta, double adj, RtError *err);
double rt_bernoulli_lccdf(RtIArg n, RtArg theta, double adj, RtError *err);
int rt_bernoulli_rng(double theta, RtRng *rng, RtError *err);

/* bernoulli with theta = inv_logit(alpha). */
double rt_bernoulli_logit_lpmf(RtIArg n, RtArg alpha, bool propto,
                               double adj, RtError *err);
int rt_bernoulli_logit_rng(double alpha, RtRng *rng, RtError *err);

/* ----------------------------------------------------------- binomial */

/* 0 <= n <= N; theta in [0, 1].  propto drops log choose(N, n). */
double rt_binomial_lpmf(RtIArg n, RtIArg N, RtArg theta, bool propto,
                        double adj, RtError *err);
double rt_binomial_cdf(RtIArg n, RtIArg N, RtArg theta, double adj,
                       RtError *err);
double rt_binomial_lcdf(RtIArg n, RtIArg N, RtArg theta, double adj,
                        RtError *err);
double rt_binomial_lccdf(RtIArg n, RtIArg N, RtArg theta, double adj,
                         RtError *err);
int rt_binomial_rng(int N, double theta, RtRng *rng, RtError *err);

/* binomial with theta = inv_logit(alpha). */
double rt_binomial_logit_lpmf(RtIArg n, RtIArg N, RtArg alpha, bool propto,
                              double adj, RtError *err);
int rt_binomial_logit_rng(int N, double alpha, RtRng *rng, RtError *err);

/* binomial with theta ~ beta(alpha, beta); n outside [0, N] gives -inf. */
double rt_beta_binomial_lpmf(RtIArg n, RtIArg N, RtArg alpha, RtArg beta,
                             bool propto, double adj, RtError *err);
int rt_beta_binomial_rng(int N, double alpha, double beta, RtRng *rng,
                         RtError *err);

/* ------------------------------------------------------------ poisson */

/* n >= 0; lambda >= 0.  propto drops -lgamma(n + 1). */
double rt_poisson_lpmf(RtIArg n, RtArg lambda, bool propto, double adj,
                       RtError *err);
double rt_poisson_cdf(RtIArg n, RtArg lambda, double adj, RtError *err);
double rt_poisson_lcdf(RtIArg n, RtArg lambda, double adj, RtError *err);
double rt_poisson_lccdf(RtIArg n, RtArg lambda, double adj, RtError *err);
int rt_poisson_rng(double lambda, RtRng *rng, RtError *err);

/* poisson with lambda = exp(alpha). */
double rt_poisson_log_lpmf(RtIArg n, RtArg alpha, bool propto, double adj,
                           RtError *err);
int rt_poisson_log_rng(double alpha, RtRng *rng, RtError *err);

/* -------------------------------------------------- negative binomial */

/* Mean mu > 0, precision phi > 0 (variance mu + mu^2 / phi). */
double rt_neg_binomial_2_lpmf(RtIArg n, RtArg mu, RtArg phi, bool propto,
                              double adj, RtError *err);
double rt_neg_binomial_2_cdf(RtIArg n, RtArg mu, RtArg phi, double adj,
                             RtError *err);
double rt_neg_binomial_2_lcdf(RtIArg n, RtArg mu, RtArg phi, double adj,
                              RtError *err);
double rt_neg_binomial_2_lccdf(RtIArg n, RtArg mu, RtArg phi, double adj,
                               RtError *err);
int rt_neg_binomial_2_rng(double mu, double phi, RtRng *rng, RtError *err);

/* neg_binomial_2 with mu = exp(eta). */
double rt_neg_binomial_2_log_lpmf(RtIArg n, RtArg eta, RtArg phi,
                                  bool propto, double adj, RtError *err);
int rt_neg_binomial_2_log_rng(double eta, double phi, RtRng *rng,
                              RtError *err);

/* Shape alpha > 0, inverse scale beta > 0 (mean alpha / beta). */
double rt_neg_binomial_lpmf(RtIArg n, RtArg alpha, RtArg beta, bool propto,
                            double adj, RtError *err);
int rt_neg_binomial_rng(double alpha, double beta, RtRng *rng, RtError *err);

/* -------------------------------------------------------- categorical */

/* n in 1..K (one or many outcomes); theta a simplex of K. */
double rt_categorical_lpmf(RtIArg n, RtArg theta, bool propto, double adj,
                           RtError *err);
int rt_categorical_rng(RtArg theta, RtRng *rng, RtError *err);

/* theta = softmax(beta), beta K finite log odds. */
double rt_categorical_logit_lpmf(RtIArg n, RtArg beta, bool propto,
                                 double adj, RtError *err);
int rt_categorical_logit_rng(RtArg beta, RtRng *rng, RtError *err);

/* ns: K counts; theta a simplex of K.  propto drops the multinomial
 * coefficient. */
double rt_multinomial_lpmf(RtIArg ns, RtArg theta, bool propto, double adj,
                           RtError *err);
/* Writes K counts summing to N into out; returns 0 or -1. */
int rt_multinomial_rng(RtArg theta, int N, int *out, RtRng *rng,
                       RtError *err);

/* y in 1..K (one or many), eta a location per outcome (or one shared),
 * c the K-1 ordered cutpoints shared by all outcomes. */
double rt_ordered_logistic_lpmf(RtIArg y, RtArg eta, RtArg c, bool propto,
                                double adj, RtError *err);
int rt_ordered_logistic_rng(double eta, RtArg c, RtRng *rng, RtError *err);
/* The same with one cut-point vector per outcome (Stan's array of
 * cut-point vectors): c is N x (K-1), row i outcome i's cut-points.
 * "ordered_logistic_lpmf: Length of location variables (3) and Number of
 * cutpoint vectors (2) must match in size". */
double rt_ordered_logistic_cuts_lpmf(RtIArg y, RtArg eta, RtMat c,
                                     bool propto, double adj, RtError *err);

/* hypergeometric(n | N, a, b): n successes in N draws without
 * replacement from a successes and b failures; every argument an
 * integer, so values only (adj unused) and 0 under propto.  Stan's
 * checks: "hypergeometric_lpmf: Successes variable is 4, but must be in
 * the interval [0, 3]", "... Draws parameter is 1, but must be greater
 * than or equal to 2", "... Draws parameter minus successes variable is
 * 5, but must be in the interval [0, 4]", "... Draws parameter is 9, but
 * must be in the interval [0, 8]". */
double rt_hypergeometric_lpmf(RtIArg n, RtIArg N, RtIArg a, RtIArg b,
                              bool propto, double adj, RtError *err);
/* A draw of hypergeometric(N, a, b); -1 with Stan's message unless
 * 0 < N <= a + b, a > 0 and b > 0. */
int rt_hypergeometric_rng(int N, int a, int b, RtRng *rng, RtError *err);

/* --------------------------------------------------------------- GLMs */

/* The GLMs take x an N x K matrix (a 1 x K row_vector is shared by all N
 * outcomes), alpha one intercept or N, beta K weights; the linear
 * predictor alpha + x * beta is formed row by row, never stored.  Values
 * and partials equal those of the plain distribution at that predictor. */

/* normal(y | alpha + x * beta, sigma); y one value or N, sigma one or N. */
double rt_normal_id_glm_lpdf(RtArg y, RtMat x, RtArg alpha, RtArg beta,
                             RtArg sigma, bool propto, double adj,
                             RtError *err);
/* bernoulli_logit(y | alpha + x * beta). */
double rt_bernoulli_logit_glm_lpmf(RtIArg y, RtMat x, RtArg alpha,
                                   RtArg beta, bool propto, double adj,
                                   RtError *err);
/* poisson_log(y | alpha + x * beta). */
double rt_poisson_log_glm_lpmf(RtIArg y, RtMat x, RtArg alpha, RtArg beta,
                               bool propto, double adj, RtError *err);

/* ---------------------------------------------- categorical_logit_glm */

/* categorical_logit(y | alpha + x * beta) (dist_glm_categorical.c): y one class in
 * 1..C shared by all outcomes, or N classes; x N x K (a 1 x K row_vector
 * is shared by all outcomes, N then being y's length); alpha C
 * intercepts; beta K x C, a column per class.  Partials for x, alpha and
 * beta; there are no constant terms, so propto is 0 when none of them
 * depends on parameters.  Stan's checks in Stan's order ("... Intercept
 * vector has dimension = 2, expecting dimension = 3; ...", "x.cols() (3)
 * and beta.rows() (2) must match in size", "categorical outcome out of
 * support[2] is 4, but must be in the interval [1, 3]"); one class (C ==
 * 1) or no outcomes give 0.  Like the GLMs above, a 1 x K matrix x is
 * taken for a row_vector. */
double rt_categorical_logit_glm_lpmf(RtIArg y, RtMat x, RtArg alpha,
                                     RtMat beta, bool propto, double adj,
                                     RtError *err);

/* ------------------------ beta_binomial cdfs, bernoulli_logit_glm_rng */

/* beta_binomial's cumulative functions: n | N, alpha, beta as in
 * rt_beta_binomial_lpmf, with partials for alpha and beta.  Stan's checks
 * (N >= 0, alpha and beta positive finite) and edges: a term with n < 0
 * has cdf 0, one with n >= N cdf 1 (zero partials); so the cdf of any
 * n < 0 is 0 (lcdf -inf) and the lccdf of any n >= N is -inf.  No terms:
 * cdf 1, lcdf and lccdf 0. */
double rt_beta_binomial_cdf(RtIArg n, RtIArg N, RtArg alpha, RtArg beta,
                            double adj, RtError *err);
double rt_beta_binomial_lcdf(RtIArg n, RtIArg N, RtArg alpha, RtArg beta,
                             double adj, RtError *err);
double rt_beta_binomial_lccdf(RtIArg n, RtIArg N, RtArg alpha, RtArg beta,
                              double adj, RtError *err);

/* One bernoulli_logit(alpha + x * beta) draw per row of x (M x K; a
 * row_vector is one row) into out[0..M-1]; alpha one intercept or M, beta
 * K weights.  Stan's checks: sizes ("Weight vector has dimension = 2,
 * expecting dimension = 3; ..."), then x, beta and alpha finite.  Returns
 * 0, or -1 with err set. */
int rt_bernoulli_logit_glm_rng(RtMat x, RtArg alpha, RtArg beta, int *out,
                               RtRng *rng, RtError *err);

/* --------------- neg_binomial cdfs, discrete_range, beta_neg_binomial */

/* neg_binomial's cumulative functions: n | alpha, beta as in
 * rt_neg_binomial_lpmf (alpha, beta positive finite), with analytic
 * partials for both.  Sums of the mass function in log space: below the
 * mode (alpha - 1) / beta over 0..n, above it over the tail past n until
 * the rest is below e^-45 of the sum, the other side as the complement.
 * Per term, n < 0 has cdf 0 (the cdf of the call is 0, its lcdf -inf)
 * and ccdf 1.  No terms: cdf 1, lcdf and lccdf 0. */
double rt_neg_binomial_cdf(RtIArg n, RtArg alpha, RtArg beta, double adj,
                           RtError *err);
double rt_neg_binomial_lcdf(RtIArg n, RtArg alpha, RtArg beta, double adj,
                            RtError *err);
double rt_neg_binomial_lccdf(RtIArg n, RtArg alpha, RtArg beta, double adj,
                             RtError *err);

/* discrete_range(y | lower, upper): uniform on the integers lower..upper.
 * The bounds are integers carried in RtArgs (the backend passes every
 * argument after the variate as a real); they take no partials.  Stan's
 * checks: lower and upper of one size, upper >= lower ("Upper bound
 * parameter is 1, but must be greater than or equal to 3").  y outside
 * [lower, upper] gives -inf; propto gives 0 (all arguments are data).
 * Cumulative edges per term: y < lower has cdf 0, y >= upper cdf 1. */
double rt_discrete_range_lpmf(RtIArg y, RtArg lower, RtArg upper,
                              bool propto, double adj, RtError *err);
double rt_discrete_range_cdf(RtIArg y, RtArg lower, RtArg upper, double adj,
                             RtError *err);
double rt_discrete_range_lcdf(RtIArg y, RtArg lower, RtArg upper,
                              double adj, RtError *err);
double rt_discrete_range_lccdf(RtIArg y, RtArg lower, RtArg upper,
                               double adj, RtError *err);
/* A draw in lower..upper.  The support may be negative, so a domain error
 * returns INT_MIN (never a draw here), not -1, with err set. */
int rt_discrete_range_rng(int lower, int upper, RtRng *rng, RtError *err);

/* beta_neg_binomial(n | r, alpha, beta): neg_binomial(r, p / (1 - p))
 * with p ~ beta(alpha, beta); n >= 0; r, alpha, beta positive finite.
 * propto drops -lgamma(n + 1), -lbeta(r, alpha) while r and alpha are
 * data and lgamma(n + beta) - lgamma(beta) while beta is.  The cumulative
 * functions sum the mass function over 0..n (cost O(n): the tail falls
 * only as n^-(alpha + 1)), the lccdf as the complement; edges as
 * neg_binomial's. */
double rt_beta_neg_binomial_lpmf(RtIArg n, RtArg r, RtArg alpha, RtArg beta,
                                 bool propto, double adj, RtError *err);
double rt_beta_neg_binomial_cdf(RtIArg n, RtArg r, RtArg alpha, RtArg beta,
                                double adj, RtError *err);
double rt_beta_neg_binomial_lcdf(RtIArg n, RtArg r, RtArg alpha,
                                 RtArg beta, double adj, RtError *err);
double rt_beta_neg_binomial_lccdf(RtIArg n, RtArg r, RtArg alpha,
                                  RtArg beta, double adj, RtError *err);
int rt_beta_neg_binomial_rng(double r, double alpha, double beta,
                             RtRng *rng, RtError *err);

/* ordered_probit: as rt_ordered_logistic_lpmf with Phi for inv_logit;
 * y in 1..K, eta one location or one per outcome, c the K-1 ordered
 * cutpoints shared by all outcomes.  Computed from log Phi in the half
 * where the cdfs are small, so far tails keep their digits. */
double rt_ordered_probit_lpmf(RtIArg y, RtArg eta, RtArg c, bool propto,
                              double adj, RtError *err);
int rt_ordered_probit_rng(double eta, RtArg c, RtRng *rng, RtError *err);
/* One cut-point vector per outcome, as rt_ordered_logistic_cuts_lpmf. */
double rt_ordered_probit_cuts_lpmf(RtIArg y, RtArg eta, RtMat c, bool propto,
                                   double adj, RtError *err);

/* ---------------------------------------------------------- more GLMs */

/* binomial_logit(n | N, alpha + x * beta): n and N one value or one per
 * outcome, 0 <= n <= N.  propto drops log choose(N, n). */
double rt_binomial_logit_glm_lpmf(RtIArg n, RtIArg N, RtMat x, RtArg alpha,
                                  RtArg beta, bool propto, double adj,
                                  RtError *err);
/* neg_binomial_2_log(y | alpha + x * beta, phi): phi one precision or one
 * per outcome, with its partials. */
double rt_neg_binomial_2_log_glm_lpmf(RtIArg y, RtMat x, RtArg alpha,
                                      RtArg beta, RtArg phi, bool propto,
                                      double adj, RtError *err);
/* ordered_logistic(y | x * beta, cuts): no intercept; cuts the K-1
 * ordered cutpoints, with partials for x, beta and cuts. */
double rt_ordered_logistic_glm_lpmf(RtIArg y, RtMat x, RtArg beta,
                                    RtArg cuts, bool propto, double adj,
                                    RtError *err);

#endif
