// ordered_logistic and ordered_probit with an array of cut-point vectors,
// one per outcome (Stan Functions Reference, "Ordered logistic
// distribution" and "Ordered probit distribution": the signature
// (array[] int, vector, array[] vector)), the cut-points parameters: the
// emitted C refused it ("containers: not compiled").  The one-vector form
// stays beside it, and ordered_probit with one location for every outcome
// (its (array[] int, real, vectors) signature).
data {
  int<lower=1> N;
  array[N] int<lower=1, upper=4> y;
}
parameters {
  vector[N] eta;
  array[N] ordered[3] c;
  ordered[3] c1;
}
model {
  eta ~ normal(0, 1);
  for (n in 1:N)
    c[n] ~ normal(0, 2);
  c1 ~ normal(0, 2);
  y ~ ordered_logistic(eta, c);
  target += ordered_probit_lpmf(y | eta, c);
  target += ordered_probit_lupmf(y | eta * 0.5, c);
  target += ordered_probit_lpmf(y | eta[2], c);
  y ~ ordered_logistic(eta, c1);
}
