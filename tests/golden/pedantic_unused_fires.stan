parameters {
  real a;
  real b;
}
model {
  a ~ normal(1, 1);
}
generated quantities {
  real c = b;
}
