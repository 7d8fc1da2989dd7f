functions {
  real foo_lpdf(real y, real mu) {
    return normal_lpdf(y | mu, 1);
  }
  real foo_lcdf(real y, real mu) {
    return normal_lcdf(y | mu, 1);
  }
  real foo_lccdf(real y, real mu) {
    return normal_lccdf(y | mu, 1);
  }
}
parameters {
  real<lower=0> y;
}
model {
  y ~ foo(0) T[0, ];
}
