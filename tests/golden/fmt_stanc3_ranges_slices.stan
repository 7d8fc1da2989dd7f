// stanc3 prints ranges and slices with a spaced colon: `for (j in 1 : M)`
// in test/integration/good/pretty.expected (neg_binomial_2_log_glm_
// performance.stan), and pp_index in src/frontend/Pretty_printing.ml
// prints " : " for `:`, "e : " for `e:`, " : e" for `:e`; a truncation
// without a lower bound prints as ` T[ , U]` (pp_truncation).
data {
  int N;
  matrix[N, N] m;
  vector[N] v;
}
parameters {
  real<lower=0> y;
}
model {
  for (i in 1:N) {
    for (j in i:N)
      target += m[i,j];
  }
  target += sum(m[:, 1]) + sum(m[2:, :3]) + sum(v[1:2]) + sum(v[:]);
  target += sum(m[{1, 2}, 2:3]);
  y ~ normal(0, 1) T[, 10];
  y ~ normal(0, 1) T[0, ];
  y ~ normal(0, 1) T[0, 10];
}
