/* rt_dist_cont.h - continuous univariate distributions (Stan Functions
 * Reference, "Continuous distributions"), following rt_math.h: vectorized
 * RtArg arguments that broadcast, partials ADDED (times adj) into each
 * argument's g, propto dropping exactly the terms Stan drops, NaN and
 * Stan's message in err on a domain error.
 *
 * For each distribution NAME with parameters p1, ...:
 *   rt_NAME_lpdf(y, p1, ..., propto, adj, err)  sum of log densities
 *   rt_NAME_lcdf(y, p1, ..., adj, err)          sum of log P(Y <= y)
 *   rt_NAME_lccdf(y, p1, ..., adj, err)         sum of log P(Y > y)
 *   rt_NAME_cdf(y, p1, ..., adj, err)           product of P(Y <= y)
 *   rt_NAME_rng(p1, ..., rng, err)              one draw (NaN on error)
 * Arguments are checked as Stan checks them (finite locations, positive
 * scales, ...); a y outside the support gives -inf (lpdf) where Stan
 * returns -inf, and an error where Stan throws (lognormal, exponential,
 * chi_square and beta check y's range; gamma, weibull, ... do not).
 *
 * Partials with respect to the shape parameters of the cdfs of student_t,
 * gamma, inv_gamma, chi_square and beta (derivatives of the regularized
 * incomplete gamma and beta functions in their first arguments) are
 * computed by Richardson-extrapolated central differences, accurate to
 * about 1e-9 relative; every other partial is analytic. */
#ifndef RT_DIST_CONT_H
#define RT_DIST_CONT_H

#include <stdbool.h>

#include "rt_math.h"

/* The gsl_rng under an RtRng (rng.c), for gsl_ran_* samplers. */
void *rt_rng_gsl(RtRng *r);

/* normal(y | mu, sigma): mu finite, sigma > 0. */
double rt_normal_lpdf(RtArg y, RtArg mu, RtArg sigma, bool propto,
                      double adj, RtError *err);
double rt_normal_lcdf(RtArg y, RtArg mu, RtArg sigma, double adj,
                      RtError *err);
double rt_normal_lccdf(RtArg y, RtArg mu, RtArg sigma, double adj,
                       RtError *err);
double rt_normal_cdf(RtArg y, RtArg mu, RtArg sigma, double adj,
                     RtError *err);
double rt_normal_rng(double mu, double sigma, RtRng *rng, RtError *err);

/* std_normal(y) = normal(y | 0, 1). */
double rt_std_normal_lpdf(RtArg y, bool propto, double adj, RtError *err);
double rt_std_normal_lcdf(RtArg y, double adj, RtError *err);
double rt_std_normal_lccdf(RtArg y, double adj, RtError *err);
double rt_std_normal_cdf(RtArg y, double adj, RtError *err);
double rt_std_normal_rng(RtRng *rng, RtError *err);

/* student_t(y | nu, mu, sigma): nu > 0 finite, mu finite, sigma > 0
 * finite. */
double rt_student_t_lpdf(RtArg y, RtArg nu, RtArg mu, RtArg sigma,
                         bool propto, double adj, RtError *err);
double rt_student_t_lcdf(RtArg y, RtArg nu, RtArg mu, RtArg sigma,
                         double adj, RtError *err);
double rt_student_t_lccdf(RtArg y, RtArg nu, RtArg mu, RtArg sigma,
                          double adj, RtError *err);
double rt_student_t_cdf(RtArg y, RtArg nu, RtArg mu, RtArg sigma,
                        double adj, RtError *err);
double rt_student_t_rng(double nu, double mu, double sigma, RtRng *rng,
                        RtError *err);

/* cauchy(y | mu, sigma): mu finite, sigma > 0 finite. */
double rt_cauchy_lpdf(RtArg y, RtArg mu, RtArg sigma, bool propto,
                      double adj, RtError *err);
double rt_cauchy_lcdf(RtArg y, RtArg mu, RtArg sigma, double adj,
                      RtError *err);
double rt_cauchy_lccdf(RtArg y, RtArg mu, RtArg sigma, double adj,
                       RtError *err);
double rt_cauchy_cdf(RtArg y, RtArg mu, RtArg sigma, double adj,
                     RtError *err);
double rt_cauchy_rng(double mu, double sigma, RtRng *rng, RtError *err);

/* double_exponential(y | mu, sigma), Laplace: y and mu finite, sigma > 0
 * finite.  d/dy at y == mu is 0, as Stan's sign(0). */
double rt_double_exponential_lpdf(RtArg y, RtArg mu, RtArg sigma,
                                  bool propto, double adj, RtError *err);
double rt_double_exponential_lcdf(RtArg y, RtArg mu, RtArg sigma,
                                  double adj, RtError *err);
double rt_double_exponential_lccdf(RtArg y, RtArg mu, RtArg sigma,
                                   double adj, RtError *err);
double rt_double_exponential_cdf(RtArg y, RtArg mu, RtArg sigma,
                                 double adj, RtError *err);
double rt_double_exponential_rng(double mu, double sigma, RtRng *rng,
                                 RtError *err);

/* logistic(y | mu, sigma): y and mu finite, sigma > 0 finite. */
double rt_logistic_lpdf(RtArg y, RtArg mu, RtArg sigma, bool propto,
                        double adj, RtError *err);
double rt_logistic_lcdf(RtArg y, RtArg mu, RtArg sigma, double adj,
                        RtError *err);
double rt_logistic_lccdf(RtArg y, RtArg mu, RtArg sigma, double adj,
                         RtError *err);
double rt_logistic_cdf(RtArg y, RtArg mu, RtArg sigma, double adj,
                       RtError *err);
double rt_logistic_rng(double mu, double sigma, RtRng *rng, RtError *err);

/* lognormal(y | mu, sigma): y >= 0 (y == 0 gives -inf), mu finite,
 * sigma > 0 finite. */
double rt_lognormal_lpdf(RtArg y, RtArg mu, RtArg sigma, bool propto,
                         double adj, RtError *err);
double rt_lognormal_lcdf(RtArg y, RtArg mu, RtArg sigma, double adj,
                         RtError *err);
double rt_lognormal_lccdf(RtArg y, RtArg mu, RtArg sigma, double adj,
                          RtError *err);
double rt_lognormal_cdf(RtArg y, RtArg mu, RtArg sigma, double adj,
                        RtError *err);
double rt_lognormal_rng(double mu, double sigma, RtRng *rng, RtError *err);

/* exponential(y | beta), beta the rate: y >= 0, beta > 0 finite. */
double rt_exponential_lpdf(RtArg y, RtArg beta, bool propto, double adj,
                           RtError *err);
double rt_exponential_lcdf(RtArg y, RtArg beta, double adj, RtError *err);
double rt_exponential_lccdf(RtArg y, RtArg beta, double adj, RtError *err);
double rt_exponential_cdf(RtArg y, RtArg beta, double adj, RtError *err);
double rt_exponential_rng(double beta, RtRng *rng, RtError *err);

/* gamma(y | alpha, beta), beta the rate: alpha, beta > 0 finite; y < 0
 * gives -inf (the cdfs require y >= 0). */
double rt_gamma_lpdf(RtArg y, RtArg alpha, RtArg beta, bool propto,
                     double adj, RtError *err);
double rt_gamma_lcdf(RtArg y, RtArg alpha, RtArg beta, double adj,
                     RtError *err);
double rt_gamma_lccdf(RtArg y, RtArg alpha, RtArg beta, double adj,
                      RtError *err);
double rt_gamma_cdf(RtArg y, RtArg alpha, RtArg beta, double adj,
                    RtError *err);
double rt_gamma_rng(double alpha, double beta, RtRng *rng, RtError *err);

/* inv_gamma(y | alpha, beta), beta the scale: alpha, beta > 0 finite;
 * y <= 0 gives -inf (the cdfs require y >= 0). */
double rt_inv_gamma_lpdf(RtArg y, RtArg alpha, RtArg beta, bool propto,
                         double adj, RtError *err);
double rt_inv_gamma_lcdf(RtArg y, RtArg alpha, RtArg beta, double adj,
                         RtError *err);
double rt_inv_gamma_lccdf(RtArg y, RtArg alpha, RtArg beta, double adj,
                          RtError *err);
double rt_inv_gamma_cdf(RtArg y, RtArg alpha, RtArg beta, double adj,
                        RtError *err);
double rt_inv_gamma_rng(double alpha, double beta, RtRng *rng,
                        RtError *err);

/* weibull(y | alpha, sigma): y finite, alpha, sigma > 0 finite; y < 0
 * gives -inf (the cdfs require y >= 0). */
double rt_weibull_lpdf(RtArg y, RtArg alpha, RtArg sigma, bool propto,
                       double adj, RtError *err);
double rt_weibull_lcdf(RtArg y, RtArg alpha, RtArg sigma, double adj,
                       RtError *err);
double rt_weibull_lccdf(RtArg y, RtArg alpha, RtArg sigma, double adj,
                        RtError *err);
double rt_weibull_cdf(RtArg y, RtArg alpha, RtArg sigma, double adj,
                      RtError *err);
double rt_weibull_rng(double alpha, double sigma, RtRng *rng, RtError *err);

/* chi_square(y | nu): y >= 0, nu > 0 finite. */
double rt_chi_square_lpdf(RtArg y, RtArg nu, bool propto, double adj,
                          RtError *err);
double rt_chi_square_lcdf(RtArg y, RtArg nu, double adj, RtError *err);
double rt_chi_square_lccdf(RtArg y, RtArg nu, double adj, RtError *err);
double rt_chi_square_cdf(RtArg y, RtArg nu, double adj, RtError *err);
double rt_chi_square_rng(double nu, RtRng *rng, RtError *err);

/* beta(y | alpha, beta): y in [0, 1], alpha, beta > 0 finite. */
double rt_beta_lpdf(RtArg y, RtArg alpha, RtArg beta, bool propto,
                    double adj, RtError *err);
double rt_beta_lcdf(RtArg y, RtArg alpha, RtArg beta, double adj,
                    RtError *err);
double rt_beta_lccdf(RtArg y, RtArg alpha, RtArg beta, double adj,
                     RtError *err);
double rt_beta_cdf(RtArg y, RtArg alpha, RtArg beta, double adj,
                   RtError *err);
double rt_beta_rng(double alpha, double beta, RtRng *rng, RtError *err);

/* uniform(y | alpha, beta): alpha, beta finite, beta > alpha; y outside
 * [alpha, beta] gives -inf. */
double rt_uniform_lpdf(RtArg y, RtArg alpha, RtArg beta, bool propto,
                       double adj, RtError *err);
double rt_uniform_lcdf(RtArg y, RtArg alpha, RtArg beta, double adj,
                       RtError *err);
double rt_uniform_lccdf(RtArg y, RtArg alpha, RtArg beta, double adj,
                        RtError *err);
double rt_uniform_cdf(RtArg y, RtArg alpha, RtArg beta, double adj,
                      RtError *err);
double rt_uniform_rng(double alpha, double beta, RtRng *rng, RtError *err);

#endif
