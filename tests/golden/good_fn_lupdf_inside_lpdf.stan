functions {
  real my_lpdf(real y, real mu) {
    return normal_lupdf(y | mu, 1);
  }
}
parameters {
  real y;
}
model {
  y ~ my(0);
}
