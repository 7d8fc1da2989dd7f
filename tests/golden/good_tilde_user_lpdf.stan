functions {
  real mydist_lpdf(real y, real mu) {
    return -square(y - mu);
  }
}
parameters {
  real y;
}
model {
  y ~ mydist(0);
}
