functions {
  real partial_sum_lpmf(array[] int slice, int start, int end, vector lambda) {
    return poisson_lupmf(slice | lambda[start:end]);
  }
}
data {
  int N;
  array[N] int y;
}
parameters {
  vector<lower=0>[N] lambda;
}
model {
  target += reduce_sum(partial_sum_lupmf, y, 1, lambda);
}
