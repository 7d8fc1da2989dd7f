// The context (prior or likelihood) of tricky factors (analyses.h,
// FgraphContext); tests/context/run.sh checks the list in ctx_factors.ctx
// and, with the data, that prior + likelihood = joint.
functions {
  real shift_lp(real m) {
    target += normal_lupdf(m | 0, 10);
    return m + 1;
  }
  void obs_lp(vector v, real m) {
    v ~ normal(m, 1);
  }
}
data {
  int<lower=0> N;
  vector[N] y;
  real mu0;                     // a hyperparameter given as data
  real<lower=0> s0;
  int<lower=0> K;
}
parameters {
  real mu;
  real<lower=0> sigma;
  vector[K] beta;
}
transformed parameters {
  real theta = mu + beta[1];
}
model {
  mu ~ normal(mu0, s0);                                  // prior
  target += normal_lpdf(y | 0, 1);                       // data only
  target += 1.5;                                         // a constant
  target += -0.5 * square(sigma);                        // a hand-written prior
  target += normal_lpdf(mu | 0, 1) + normal_lpdf(y | mu, sigma);  // one each
  if (K > 0)
    beta ~ normal(0, 1);                                 // under a data if
  theta ~ normal(0, 3);                                  // a transformed parameter
  real shifted = shift_lp(mu);                           // an _lp call: prior
  obs_lp(y, shifted);                                    // an _lp call: likelihood
  vector[N] r = y - mu;
  r ~ normal(0, sigma);                                  // variate of data
  for (n in 1:N)
    y[n] ~ normal(mu, sigma) T[-10, ];                   // truncated
}
