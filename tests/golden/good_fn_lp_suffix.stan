functions {
  real add_prior_lp(real x) {
    x ~ normal(0, 1);
    target += 0;
    return x;
  }
}
parameters {
  real y;
}model {
  real z = add_prior_lp(y);
}
