// Containers printed as Stan Math's stan_print writes them (a matrix
// row by row, an array of containers a level of brackets per dimension,
// arrays of tuples) in every block, of values that depend on the
// parameters: the validator compares the printed text of the --O0
// sampler with each pass's and level's (tests/hostile/print_containers.sh
// checks the text itself).
functions {
  matrix scaled(matrix x, real s) { return x * s; }
}
data {
  int N;
  array[N] vector[2] y;
}
transformed data {
  matrix[2, 2] m = [[1, 2], [3, 4]];
  array[2, 2] int ai = {{1, 2}, {3, 4}};
  print("td: m=", m, " ai=", ai, " y=", y);
}
parameters {
  vector[2] mu;
  real<lower=0> s;
}
model {
  matrix[2, 2] S = scaled(m, s);
  array[2] matrix[2, 2] A = {S, m};
  array[2] tuple(real, matrix[2, 2]) T = {(s, S), (mu[1], m)};
  print("model: S=", S, " A=", A, " T=", T, " t=", (mu, S));
  for (n in 1:N)
    y[n] ~ normal(mu, s);
  s ~ lognormal(0, 1);
  mu ~ normal(0, 2);
}
generated quantities {
  matrix[2, 2] D = diag_matrix(mu);
  array[2, 2] real R = {{s, mu[1]}, {mu[2], s}};
  print("gq: D=", D, " R=", R, " Dt=", D', " C=", to_complex(D, m));
}
