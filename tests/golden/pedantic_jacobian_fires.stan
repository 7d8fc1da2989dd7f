functions {
  real shift_jacobian(real x, real a) {
    return x + a;
  }
}
parameters {
  real x_raw;
}
transformed parameters {
  real x = shift_jacobian(x_raw, 1);
  jacobian += log(2);
}
model {
  x ~ normal(0, 1);
}
