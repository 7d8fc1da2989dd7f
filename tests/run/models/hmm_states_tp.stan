// hmm_hidden_state_prob of parameters in transformed parameters (Stan
// Functions Reference, "Hidden Markov models"): Stan Math computes it on
// the arguments' values, so it carries no derivative; saved as a
// transformed parameter beside the density hmm_marginal, the gradient is
// hmm_marginal's alone.
data {
  int K;
  int N;
  array[N] real y;
}
parameters {
  ordered[K] mu;
  array[K] simplex[K] theta;
  simplex[K] rho;
}
transformed parameters {
  matrix[K, N] log_omega;
  matrix[K, K] Gamma;
  for (k in 1:K) {
    Gamma[k] = theta[k]';
    for (n in 1:N)
      log_omega[k, n] = normal_lpdf(y[n] | mu[k], 1);
  }
  matrix[K, N] probs = hmm_hidden_state_prob(log_omega, Gamma, rho);
}
model {
  mu ~ normal(0, 3);
  target += hmm_marginal(log_omega, Gamma, rho);
}
