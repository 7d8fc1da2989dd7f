functions {
  real ps_lpdf(array[] real slice, int start, int end, real mu) {
    return normal_lpdf(slice | mu, 1);
  }
}
data {
  array[10] real y;
}
parameters {
  real mu;
}
model {
  target += reduce_sum(ps_lpdf, y, 2, mu);
}
