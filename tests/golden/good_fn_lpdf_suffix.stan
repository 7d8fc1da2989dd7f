functions {
  real mix_lpdf(real y, real w) {
    return log_mix(w, normal_lpdf(y | 0, 1), normal_lpdf(y | 3, 1));
  }
}
parameters {
  real y;
}
model {
  y ~ mix(0.3);
  target += mix_lpdf(y | 0.3);
  target += mix_lupdf(y | 0.3);
}
