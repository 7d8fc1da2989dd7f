functions {
  real foo_lpdf(real y, real mu) {
    return -square(y - mu);
  }
}
model {
  target += foo_lpdf(1, 0);
}
