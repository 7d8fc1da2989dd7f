// Multinomial-logit (softmax) regression for a K-way choice, e.g. commuting
// mode. The last category is the reference (its coefficients fixed at zero).
// Likelihood via categorical_logit_glm; replicated choices via
// categorical_logit_rng.
data {
  int<lower=1> N;
  int<lower=2> K;
  int<lower=1> D;
  matrix[N, D] X;
  array[N] int<lower=1, upper=K> choice;
}
transformed data {
  vector[D] zeros_D = rep_vector(0, D);
}
parameters {
  vector[K - 1] alpha_free;
  matrix[D, K - 1] beta_free;
}
transformed parameters {
  vector[K] alpha = append_row(alpha_free, 0);
  matrix[D, K] beta = append_col(beta_free, zeros_D);
}
model {
  alpha_free ~ normal(0, 2);
  to_vector(beta_free) ~ normal(0, 2);
  choice ~ categorical_logit_glm(X, alpha, beta);
}
generated quantities {
  array[N] int<lower=1, upper=K> choice_rep;
  vector[N] log_lik;
  for (n in 1:N) {
    vector[K] eta = alpha + (X[n] * beta)';
    choice_rep[n] = categorical_logit_rng(eta);
    log_lik[n] = categorical_logit_lpmf(choice[n] | eta);
  }
}
