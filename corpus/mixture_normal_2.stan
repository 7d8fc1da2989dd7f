// Two-component normal mixture (e.g. bimodal reaction times). Component
// means are `ordered` for identifiability; the likelihood uses log_mix.
data {
  int<lower=1> N;
  vector[N] y;
}
parameters {
  ordered[2] mu;
  vector<lower=0>[2] sigma;
  real<lower=0, upper=1> lambda;   // weight of the first component
}
model {
  mu ~ normal(0, 5);
  sigma ~ lognormal(0, 1);
  lambda ~ beta(2, 2);
  for (n in 1:N) {
    target += log_mix(lambda,
                      normal_lpdf(y[n] | mu[1], sigma[1]),
                      normal_lpdf(y[n] | mu[2], sigma[2]));
  }
}
generated quantities {
  vector[N] p_first;   // posterior probability of membership in component 1
  for (n in 1:N) {
    real lp1 = log(lambda) + normal_lpdf(y[n] | mu[1], sigma[1]);
    real lp2 = log1m(lambda) + normal_lpdf(y[n] | mu[2], sigma[2]);
    p_first[n] = exp(lp1 - log_sum_exp(lp1, lp2));
  }
}
