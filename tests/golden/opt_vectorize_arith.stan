// vectorize-loops, accepted: elementwise arithmetic.  An array in
// arithmetic becomes to_vector(...); * and / between two containers become
// .* and ./; a scalar over a container is ./; unary minus and elementwise
// library functions (inv_logit, log1p, square) apply to the containers; an
// int array passed bare stays an array (poisson_log accepts it); a
// row_vector stays a row_vector.
data {
  int<lower=1> N;
  array[N] real u;
  vector[N] v;
  array[N] int<lower=0> k;
  row_vector[N] r;
  vector<lower=0>[N] w;
}
parameters {
  real alpha;
  real<lower=0> sigma;
}
model {
  for (n in 1:N) {
    v[n] ~ normal(u[n] * v[n] - u[n] / v[n], sigma);
    k[n] ~ poisson_log(alpha + -log1p(w[n]));
    v[n] ~ normal(inv_logit(alpha * u[n]), 1 / w[n]);
    r[n] ~ normal(square(r[n]) * alpha, sigma);
  }
}
