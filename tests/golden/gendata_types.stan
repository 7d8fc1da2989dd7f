// --debug-generate-data and --debug-generate-inits: every shape and
// constraint, sizes and bounds from earlier values; each value satisfies
// its declaration.
data {
  int<lower=1> K;
  int<lower=2, upper=3> M;
  int<lower=-3, upper=-1> neg;
  int<upper=0> nonpos;
  real L;
  real<lower=L> U;
  array[M] real<lower=L, upper=U> ys;
  vector<lower=0>[K] v_pos;
  vector<lower=v_pos>[K] v_above;
  row_vector<upper=-pi()>[2] rv;
  complex z;
  complex_row_vector[2] zv;
  simplex[K] s;
  unit_vector[3] u;
  sum_to_zero_vector[3] sz;
  sum_to_zero_matrix[2, 3] szm;
  ordered[3] o;
  positive_ordered[3] po;
  cholesky_factor_corr[3] Lcorr;
  cholesky_factor_cov[3, 2] Lcov;
  corr_matrix[2] C;
  cov_matrix[2] S;
  column_stochastic_matrix[2, 3] cs;
  row_stochastic_matrix[2, 3] rs;
  array[2, 0] int empty;
  array[2] tuple(int<lower=0, upper=1>, simplex[2]) at;
  vector[K * M - 1 + size(ys) %/% 2] sized;
  array[(K > 1 ? 2 : 1)] int<lower=M, upper=M> pinned;
}
parameters {
  real<lower=0> b;
  real<lower=-1, upper=b> d;
  vector<offset=L, multiplier=b>[2] e;
  array[M] simplex[2] as;
  cov_matrix[2] Sigma;
}
