// The matrix constraints of data whose checks the C backend once did not
// emit (sum_to_zero_matrix, column/row stochastic matrices; gendata.sh
// skipped this model): the generated data must pass them.
// tests/golden/gendata_types shows their generated values,
// tests/hostile/data_matrix_checks the rejection of bad data.
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
