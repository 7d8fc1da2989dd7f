// Hidden Markov model with K regimes and Gaussian emissions (e.g. calm and
// turbulent sensor regimes). The transition matrix is a
// row_stochastic_matrix with sticky Dirichlet priors on its rows; the
// likelihood uses hmm_marginal. Generated quantities decodes the states and
// cross-checks hmm_marginal against a hand-written forward algorithm.
functions {
  matrix emission_log_lik(vector y, vector mu, real sigma) {
    int K = rows(mu);
    int N = rows(y);
    matrix[K, N] log_omega;
    for (n in 1:N) {
      for (k in 1:K) {
        log_omega[k, n] = normal_lpdf(y[n] | mu[k], sigma);
      }
    }
    return log_omega;
  }
  real forward_log_lik(matrix log_omega, matrix Gamma, vector rho) {
    int K = rows(log_omega);
    int N = cols(log_omega);
    matrix[K, K] log_Gamma = log(Gamma);
    vector[K] acc = log(rho) + log_omega[:, 1];
    for (n in 2:N) {
      vector[K] acc_next;
      for (k in 1:K) {
        acc_next[k] = log_sum_exp(acc + log_Gamma[:, k]) + log_omega[k, n];
      }
      acc = acc_next;
    }
    return log_sum_exp(acc);
  }
}
data {
  int<lower=1> N;
  int<lower=1> K;
  vector[N] y;
}
parameters {
  row_stochastic_matrix[K, K] Gamma;   // Gamma[i, j] = P(state j | state i)
  simplex[K] rho;                      // initial state distribution
  ordered[K] mu;
  real<lower=0> sigma;
}
model {
  matrix[K, N] log_omega = emission_log_lik(y, mu, sigma);
  for (k in 1:K) {
    vector[K] conc = rep_vector(1, K);
    conc[k] = 8;
    target += dirichlet_lpdf(Gamma[k]' | conc);
  }
  rho ~ dirichlet(rep_vector(1, K));
  mu ~ normal(0, 5);
  sigma ~ normal(0, 2);
  target += hmm_marginal(log_omega, Gamma, rho);
}
generated quantities {
  matrix[K, N] state_prob;
  array[N] int<lower=1, upper=K> state;
  real ll_forward;
  real ll_builtin;
  {
    matrix[K, N] log_omega = emission_log_lik(y, mu, sigma);
    state_prob = hmm_hidden_state_prob(log_omega, Gamma, rho);
    state = hmm_latent_rng(log_omega, Gamma, rho);
    ll_forward = forward_log_lik(log_omega, Gamma, rho);
    ll_builtin = hmm_marginal(log_omega, Gamma, rho);
  }
}
