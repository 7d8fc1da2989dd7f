// Every shape and constraint a data declaration can have, for
// tests/run/gendata.sh: generated data must be read without a size or
// constraint rejection.  Sizes and bounds use earlier data, arithmetic
// and library functions, as the generator's evaluator must.
data {
  int<lower=0> N;
  int<lower=1> K;
  int<lower=2, upper=4> M;
  int<lower=-3, upper=-1> neg;
  int<upper=0> nonpos;
  int unbounded;
  real<lower=0> sigma;
  real<upper=-1> below;
  real<lower=-1, upper=1> rho;
  real L;
  real<lower=L> U;
  real<lower=L, upper=U> between;
  real<lower=-pi(), upper=pi()> angle;
  array[N] real<lower=L, upper=U> ys;
  vector<lower=0>[K] v_pos;
  row_vector<upper=0>[K] rv;
  matrix<lower=-1, upper=1>[K, M] mat;
  complex z;
  complex_vector[K] zv;
  complex_matrix[2, K] zm;
  simplex[K] s;
  unit_vector[K] u;
  sum_to_zero_vector[K] sz;
  ordered[K] o;
  positive_ordered[K] po;
  cholesky_factor_corr[K] Lcorr;
  cholesky_factor_cov[M] Lcov;
  cholesky_factor_cov[M + 1, M] Lcov_tall;
  corr_matrix[K] C;
  cov_matrix[K] S;
  array[2, N] int<lower=0, upper=K> counts;
  array[M] vector<lower=0>[K] av;
  array[2] matrix[K, 2] am;
  array[2] simplex[K] as;
  array[2, 2] cov_matrix[2] acov;
  tuple(int<lower=1>, array[K] real<lower=0>) t;
  vector[N * K + 1] sized_product;
  array[max(N, K) %/% 2 + 1] int sized_fn;
  vector[size(ys)] sized_size;
  array[N] int<lower=1, upper=(N > 0 ? N : 1)> idx;
  array[K] int<lower=counts[1, 1], upper=counts[1, 1] + M> from_index;
  vector<lower=min(v_pos), upper=max(v_pos) + 1>[K] from_reductions;
}
parameters {
  real mu;
}
model {
  mu ~ normal(0, 1);
}
