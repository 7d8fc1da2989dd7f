// wiener_lcdf_unnorm is a plain function (Stan Functions Reference 2.38
// lists it as wiener_lcdf_unnorm(real y, real alpha, ...)): its name does
// not end in _lcdf, so the `|` of the cumulative functions is refused.
data {
  real rt;
}
parameters {
  real<lower=0> a;
}
model {
  target += wiener_lcdf_unnorm(rt | a, 0.1, 0.5, 0.3);
}
