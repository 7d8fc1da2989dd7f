// Transformed data and parameters: the likelihood reads alpha and the
// data's log only through them (dashed definition arrows), a Jacobian
// term, and nested loops as nested plates.
data {
  int<lower=0> J;
  int<lower=0> T;
  array[J, T] real<lower=0> x;
}
transformed data {
  array[J, T] real log_x = log(x);
}
parameters {
  real mu;
  real<lower=0> tau;
  vector[J] alpha_raw;
  real<lower=0> sigma;
  real<lower=0> s;
}
transformed parameters {
  vector[J] alpha = mu + tau * alpha_raw;
  jacobian += -log(s);
}
model {
  log(s) ~ normal(0, 1);
  alpha_raw ~ std_normal();
  mu ~ normal(0, 5);
  tau ~ normal(0, 2);
  sigma ~ exponential(1);
  for (j in 1:J)
    for (t in 1:T)
      log_x[j, t] ~ normal(alpha[j], sigma);
}
