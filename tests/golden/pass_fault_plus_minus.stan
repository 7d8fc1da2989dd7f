// The test-only pass fault-plus-minus turns the first + of log_prob into -.
parameters {
  real mu;
}
model {
  mu ~ normal(1 + 2, 1);
}
