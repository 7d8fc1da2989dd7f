// b is used only through the bound of c, c and a only through a
// transformed parameter
parameters {
  real<lower=0> b;
  real<lower=b> c;
  real a;
}
transformed parameters {
  real d = a + c;
}
model {
  b ~ normal(1, 1);
  d ~ normal(1, 1);
}
