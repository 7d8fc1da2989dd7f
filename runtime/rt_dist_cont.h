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
 * about 1e-9 relative; every other partial is analytic.
 *
 * Files, by family (the shared checks and kernels loop: dist_cont_impl.h,
 * dist_cont_common.c):
 *   dist_normal_family.c   normal, std_normal, lognormal, skew_normal,
 *                          exp_mod_normal
 *   dist_location_scale.c  student_t, cauchy, double_exponential,
 *                          skew_double_exponential, logistic, gumbel
 *   dist_gamma_family.c    exponential, gamma, inv_gamma, chi_square,
 *                          inv_chi_square, scaled_inv_chi_square
 *   dist_positive.c        weibull, frechet, rayleigh, loglogistic, pareto,
 *                          pareto_type_2
 *   dist_bounded.c         beta, beta_proportion, uniform, von_mises */
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

/* ------------------------------------------------------------------------
 * The rest of Stan's continuous univariate families (files above).  Each
 * offers the forms Stan's typechecker lists for it
 * (frontend/stanlib_dist.def): loglogistic has no lcdf or lccdf and
 * beta_proportion no cdf, as in Stan.  Partials with respect to the shape
 * parameters of the cdfs of inv_chi_square, scaled_inv_chi_square (nu)
 * and beta_proportion (mu, kappa, through the incomplete beta's shapes)
 * are Richardson-extrapolated central differences, as above; every other
 * partial is analytic, the von Mises cdf's kappa partial included. */

/* pareto(y | y_min, alpha): y_min, alpha > 0 finite; y < y_min gives -inf
 * (the cdfs require y >= 0). */
double rt_pareto_lpdf(RtArg y, RtArg y_min, RtArg alpha, bool propto,
                      double adj, RtError *err);
double rt_pareto_lcdf(RtArg y, RtArg y_min, RtArg alpha, double adj,
                      RtError *err);
double rt_pareto_lccdf(RtArg y, RtArg y_min, RtArg alpha, double adj,
                       RtError *err);
double rt_pareto_cdf(RtArg y, RtArg y_min, RtArg alpha, double adj,
                     RtError *err);
double rt_pareto_rng(double y_min, double alpha, RtRng *rng, RtError *err);

/* pareto_type_2(y | mu, lambda, alpha), Lomax shifted by mu: y >= mu
 * (an error, as Stan), lambda, alpha > 0 finite; the cdfs also require
 * y >= 0, as Stan's do. */
double rt_pareto_type_2_lpdf(RtArg y, RtArg mu, RtArg lambda, RtArg alpha,
                             bool propto, double adj, RtError *err);
double rt_pareto_type_2_lcdf(RtArg y, RtArg mu, RtArg lambda, RtArg alpha,
                             double adj, RtError *err);
double rt_pareto_type_2_lccdf(RtArg y, RtArg mu, RtArg lambda, RtArg alpha,
                              double adj, RtError *err);
double rt_pareto_type_2_cdf(RtArg y, RtArg mu, RtArg lambda, RtArg alpha,
                            double adj, RtError *err);
double rt_pareto_type_2_rng(double mu, double lambda, double alpha,
                            RtRng *rng, RtError *err);

/* frechet(y | alpha, sigma): y > 0, alpha (shape), sigma (scale) > 0
 * finite. */
double rt_frechet_lpdf(RtArg y, RtArg alpha, RtArg sigma, bool propto,
                       double adj, RtError *err);
double rt_frechet_lcdf(RtArg y, RtArg alpha, RtArg sigma, double adj,
                       RtError *err);
double rt_frechet_lccdf(RtArg y, RtArg alpha, RtArg sigma, double adj,
                        RtError *err);
double rt_frechet_cdf(RtArg y, RtArg alpha, RtArg sigma, double adj,
                      RtError *err);
double rt_frechet_rng(double alpha, double sigma, RtRng *rng, RtError *err);

/* gumbel(y | mu, beta): mu finite, beta > 0 (the scale). */
double rt_gumbel_lpdf(RtArg y, RtArg mu, RtArg beta, bool propto,
                      double adj, RtError *err);
double rt_gumbel_lcdf(RtArg y, RtArg mu, RtArg beta, double adj,
                      RtError *err);
double rt_gumbel_lccdf(RtArg y, RtArg mu, RtArg beta, double adj,
                       RtError *err);
double rt_gumbel_cdf(RtArg y, RtArg mu, RtArg beta, double adj,
                     RtError *err);
double rt_gumbel_rng(double mu, double beta, RtRng *rng, RtError *err);

/* rayleigh(y | sigma): sigma > 0; the lpdf requires y > 0, the cdfs
 * y >= 0. */
double rt_rayleigh_lpdf(RtArg y, RtArg sigma, bool propto, double adj,
                        RtError *err);
double rt_rayleigh_lcdf(RtArg y, RtArg sigma, double adj, RtError *err);
double rt_rayleigh_lccdf(RtArg y, RtArg sigma, double adj, RtError *err);
double rt_rayleigh_cdf(RtArg y, RtArg sigma, double adj, RtError *err);
double rt_rayleigh_rng(double sigma, RtRng *rng, RtError *err);

/* loglogistic(y | alpha, beta): alpha (scale), beta (shape) > 0 finite;
 * the lpdf requires y > 0 finite, the cdf y >= 0.  Stan offers only the
 * lpdf, cdf and rng. */
double rt_loglogistic_lpdf(RtArg y, RtArg alpha, RtArg beta, bool propto,
                           double adj, RtError *err);
double rt_loglogistic_cdf(RtArg y, RtArg alpha, RtArg beta, double adj,
                          RtError *err);
double rt_loglogistic_rng(double alpha, double beta, RtRng *rng,
                          RtError *err);

/* inv_chi_square(y | nu): nu > 0 finite; y <= 0 gives -inf (the cdfs
 * require y >= 0). */
double rt_inv_chi_square_lpdf(RtArg y, RtArg nu, bool propto, double adj,
                              RtError *err);
double rt_inv_chi_square_lcdf(RtArg y, RtArg nu, double adj, RtError *err);
double rt_inv_chi_square_lccdf(RtArg y, RtArg nu, double adj, RtError *err);
double rt_inv_chi_square_cdf(RtArg y, RtArg nu, double adj, RtError *err);
double rt_inv_chi_square_rng(double nu, RtRng *rng, RtError *err);

/* scaled_inv_chi_square(y | nu, s): nu, s > 0 finite; y <= 0 gives -inf
 * (the cdfs require y >= 0). */
double rt_scaled_inv_chi_square_lpdf(RtArg y, RtArg nu, RtArg s,
                                     bool propto, double adj, RtError *err);
double rt_scaled_inv_chi_square_lcdf(RtArg y, RtArg nu, RtArg s, double adj,
                                     RtError *err);
double rt_scaled_inv_chi_square_lccdf(RtArg y, RtArg nu, RtArg s,
                                      double adj, RtError *err);
double rt_scaled_inv_chi_square_cdf(RtArg y, RtArg nu, RtArg s, double adj,
                                    RtError *err);
double rt_scaled_inv_chi_square_rng(double nu, double s, RtRng *rng,
                                    RtError *err);

/* beta_proportion(y | mu, kappa) = beta(y | mu kappa, (1 - mu) kappa):
 * y in [0, 1], mu in (0, 1), kappa > 0 finite.  No cdf, as Stan. */
double rt_beta_proportion_lpdf(RtArg y, RtArg mu, RtArg kappa, bool propto,
                               double adj, RtError *err);
double rt_beta_proportion_lcdf(RtArg y, RtArg mu, RtArg kappa, double adj,
                               RtError *err);
double rt_beta_proportion_lccdf(RtArg y, RtArg mu, RtArg kappa, double adj,
                                RtError *err);
double rt_beta_proportion_rng(double mu, double kappa, RtRng *rng,
                              RtError *err);

/* skew_normal(y | xi, omega, alpha): xi finite, omega > 0, alpha finite.
 * The cdf is Phi(z) - 2 T(z, alpha) with Owen's T by Gauss-Legendre
 * quadrature (absolute error about 1e-16), so lcdf loses relative
 * accuracy where the cdf is below about 1e-14 and Phi(z) is not. */
double rt_skew_normal_lpdf(RtArg y, RtArg xi, RtArg omega, RtArg alpha,
                           bool propto, double adj, RtError *err);
double rt_skew_normal_lcdf(RtArg y, RtArg xi, RtArg omega, RtArg alpha,
                           double adj, RtError *err);
double rt_skew_normal_lccdf(RtArg y, RtArg xi, RtArg omega, RtArg alpha,
                            double adj, RtError *err);
double rt_skew_normal_cdf(RtArg y, RtArg xi, RtArg omega, RtArg alpha,
                          double adj, RtError *err);
double rt_skew_normal_rng(double xi, double omega, double alpha, RtRng *rng,
                          RtError *err);

/* exp_mod_normal(y | mu, sigma, lambda), normal plus exponential(lambda):
 * mu finite, sigma, lambda > 0 finite.  The cdfs are computed in logs
 * and stay accurate in both tails. */
double rt_exp_mod_normal_lpdf(RtArg y, RtArg mu, RtArg sigma, RtArg lambda,
                              bool propto, double adj, RtError *err);
double rt_exp_mod_normal_lcdf(RtArg y, RtArg mu, RtArg sigma, RtArg lambda,
                              double adj, RtError *err);
double rt_exp_mod_normal_lccdf(RtArg y, RtArg mu, RtArg sigma, RtArg lambda,
                               double adj, RtError *err);
double rt_exp_mod_normal_cdf(RtArg y, RtArg mu, RtArg sigma, RtArg lambda,
                             double adj, RtError *err);
double rt_exp_mod_normal_rng(double mu, double sigma, double lambda,
                             RtRng *rng, RtError *err);

/* skew_double_exponential(y | mu, sigma, tau): mu finite, sigma > 0
 * finite, tau in [0, 1].  d/dy at y == mu is 0, as Stan's sign(0). */
double rt_skew_double_exponential_lpdf(RtArg y, RtArg mu, RtArg sigma,
                                       RtArg tau, bool propto, double adj,
                                       RtError *err);
double rt_skew_double_exponential_lcdf(RtArg y, RtArg mu, RtArg sigma,
                                       RtArg tau, double adj, RtError *err);
double rt_skew_double_exponential_lccdf(RtArg y, RtArg mu, RtArg sigma,
                                        RtArg tau, double adj, RtError *err);
double rt_skew_double_exponential_cdf(RtArg y, RtArg mu, RtArg sigma,
                                      RtArg tau, double adj, RtError *err);
double rt_skew_double_exponential_rng(double mu, double sigma, double tau,
                                      RtRng *rng, RtError *err);

/* von_mises(y | mu, kappa): the lpdf takes any finite y and mu and kappa
 * >= 0 finite.  The cdfs take y in [-pi, pi] (the support whatever mu
 * is), mu finite, kappa > 0 finite; the cdf is a Bessel-ratio Fourier
 * series for kappa <= 1e5 (absolute error 3e-16 for kappa <= 100, about
 * 4e-13 at 1e5) and a normal approximation above (error about 7 /
 * kappa^2), so lcdf and lccdf lose relative accuracy where the cdf or
 * ccdf is below that.  The rng's draws lie in [m - pi, m + pi], m = mu
 * reduced into [0, 2 pi), as Stan's. */
double rt_von_mises_lpdf(RtArg y, RtArg mu, RtArg kappa, bool propto,
                         double adj, RtError *err);
double rt_von_mises_lcdf(RtArg y, RtArg mu, RtArg kappa, double adj,
                         RtError *err);
double rt_von_mises_lccdf(RtArg y, RtArg mu, RtArg kappa, double adj,
                          RtError *err);
double rt_von_mises_cdf(RtArg y, RtArg mu, RtArg kappa, double adj,
                        RtError *err);
double rt_von_mises_rng(double mu, double kappa, RtRng *rng, RtError *err);

#endif
