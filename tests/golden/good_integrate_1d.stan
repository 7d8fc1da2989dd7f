functions {
  real integrand(real x, real xc, array[] real theta, array[] real x_r, array[] int x_i) {
    return exp(-theta[1] * x);
  }
}
transformed data {
  array[0] real x_r;
  array[0] int x_i;
}
parameters {
  real<lower=0> lambda;
}
transformed parameters {
  real I = integrate_1d(integrand, 0, 1, {lambda}, x_r, x_i);
}
