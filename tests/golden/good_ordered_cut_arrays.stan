// ordered_logistic and ordered_probit with one cut-point vector per
// outcome (Stan Functions Reference 2.38, "Ordered logistic
// distribution" and "Ordered probit distribution":
// real ordered_logistic_lpmf(array[] int ks | vector eta, array[] vectors c)).
data {
  int N;
  array[N] int<lower=1, upper=3> y;
}
parameters {
  vector[N] eta;
  array[N] ordered[2] c;
}
model {
  y ~ ordered_logistic(eta, c);
  y ~ ordered_probit(eta, c);
  target += ordered_logistic_lupmf(y | eta, c);
}
