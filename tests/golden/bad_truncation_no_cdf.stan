functions {
  real foo_lpdf(real y, real mu) {
    return -square(y - mu);
  }
}
parameters {
  real y;
}
model {
  y ~ foo(0) T[0, 1];
}
