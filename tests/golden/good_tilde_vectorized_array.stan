data {
  array[5] real y;
}
parameters {
  array[5] real mu;
}
model {
  y ~ normal(mu, 1);
}
