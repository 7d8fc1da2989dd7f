/* rt_hmm.h - hidden Markov models with K discrete states over N steps
 * (Stan Functions Reference, "Hidden Markov models"; hmm.c), following
 * rt_math.h's conventions.
 *
 * log_omega is K x N (row-major): log_omega[k, n] is the log density of
 * observation n given state k.  Gamma is K x K with Gamma[i, j] = P(state
 * j at n | state i at n - 1), each row a simplex; rho (K) is the simplex
 * of the initial state.
 *
 * Every function checks its arguments as Stan's hmm_check does, in its
 * order, with Stan's messages under its own name ("hmm_marginal: ..."):
 *   "rho has dimension = 3, expecting dimension = 2; a function was
 *    called with arguments of different ... the same shape."
 *   "Expecting a square matrix; rows of Gamma (2) and columns of Gamma
 *    (3) must match in size"
 *   "Gamma has size 0, but must have a non-zero size"
 *   "Columns of Gamma (2) and Rows of log_omegas (3) must match in size"
 *   "rho is not a valid simplex. sum(rho) = 0.9, but should be 1"
 *   "Gamma[i, ] is not a valid simplex. sum(Gamma[i, ]) = 1.1, but should
 *    be 1" (Stan's literal name for every row)
 * (rt_hmm_latent_rng and rt_hmm_hidden_state_prob take one K for all
 * three arguments, so of these they can only fail the last three; the
 * caller checks the shapes with the first three messages.)
 *
 * The recursions work on exp(log_omega - max over the states), scaled to
 * a maximum of 1 at every step, so very negative log densities and long
 * series neither underflow nor overflow.  N == 0 (no observations) is a
 * marginal of 0 and nothing to draw. */
#ifndef RT_HMM_H
#define RT_HMM_H

#include <stddef.h>

#include "rt_math.h"

/* Doubles of `work` that rt_hmm_marginal needs: K * N + 4 * K. */
size_t rt_hmm_marginal_work_size(int K, int N);

/* log p(y) = log sum over all state paths of rho[x_0] omega[x_0, 0]
 * prod_n Gamma[x_{n-1}, x_n] omega[x_n, n] by the forward algorithm, and
 * adj times its partials ADDED into the g buffers of log_omega (K x N),
 * Gamma (K x K) and rho (K x 1) that are not NULL, from one backward pass
 * (the posterior marginals of the states and of consecutive pairs).
 * -inf when no path has positive probability (no partials then); NaN
 * with Stan's message in err on an argument error.  Does not allocate. */
double rt_hmm_marginal(RtMat log_omega, RtMat Gamma, RtMat rho, double adj,
                       double *work, RtError *err);

/* One draw of the hidden states given the observations (forward
 * filtering, backward sampling) into out[0..N-1], 1-based as Stan returns
 * them.  Returns 0, or -1 with err set.  Allocates K * N doubles. */
int rt_hmm_latent_rng(const double *log_omega, const double *Gamma,
                      const double *rho, int K, int N, RtRng *rng, int *out,
                      RtError *err);

/* out (K x N, row-major) = P(state k at step n | all observations), each
 * column a simplex.  Returns 0, or -1 with err set.  Allocates 3 * K
 * doubles. */
int rt_hmm_hidden_state_prob(const double *log_omega, const double *Gamma,
                             const double *rho, int K, int N, double *out,
                             RtError *err);

#endif
