// The matrix constraints of data whose checks the C backend does not emit
// yet (sum_to_zero_matrix, column/row stochastic matrices): skipped by
// tests/run/gendata.sh until it does; tests/golden/gendata_types shows
// their generated values.
data {
  int<lower=1> K;
  int<lower=2, upper=4> M;
  sum_to_zero_matrix[K, M] szm;
  column_stochastic_matrix[K, M] cs;
  row_stochastic_matrix[K, M] rs;
}
parameters {
  real mu;
}
model {
  mu ~ normal(0, 1);
}
