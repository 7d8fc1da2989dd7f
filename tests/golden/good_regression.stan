data {
  int N;
  int K;
  matrix[N, K] X;
  vector[N] y;
}
parameters {
  real alpha;
  vector[K] beta;
  real<lower=0> sigma;
}
model {
  y ~ normal_id_glm(X, alpha, beta, sigma);
}
generated quantities {
  array[N] real y_rep = normal_rng(X * beta + alpha, sigma);
}
