// Trees of elementwise operations emitted as one loop forward and one in
// reverse (backend/emit_elementwise.c): every operation, scalar
// broadcasts, multi-indexed leaves, computed containers as leaves,
// matrices and row vectors; transformed data checks the values.
functions {
  void expect(vector got, vector want, int id) {
    if (max(abs(got - want)) > 1e-12)
      reject("elementwise: check ", id, " gives ", got, ", expected ", want);
  }
}
data {
  int<lower=1> N;
  array[N] int<lower=1, upper=3> g;
  vector[N] x;
}
transformed data {
  vector[3] a = [1, 2, 4]';
  vector[3] b = [0.5, -1, 2]';
  expect(a + 2 * b - 1, [1, -1, 7]', 1);
  expect(a .* b ./ (b + 3), [1.0 / 7, -1, 8.0 / 5]', 2);
  expect(-exp(log(a)) / 2 + a[{3, 1, 2}], [3.5, 0, 0]', 3);
  expect(to_vector([[1, 2], [3, 4]] + 1.5 * [[0, 1], [1, 0]]), [1, 4.5, 3.5, 4]', 4);
  expect(((a' - b') .* [1, 1, 2])', [0.5, 3, 4]', 5);
}
parameters {
  vector[3] u;
  real s;
  matrix[2, 2] M;
  row_vector[3] r;
}
model {
  u ~ normal(0, 1);
  s ~ normal(0, 1);
  to_vector(M) ~ normal(0, 1);
  r ~ normal(0, 1);
  x ~ normal(u[g] * s + x - exp(u[g]) ./ (1 + square(u[g])), 2);
  target += -0.1 * dot_self(inv_logit(u) .* (u - s) + head(u, 3) / 3);
  target += -0.1 * sum(square(M + s * M .* M - 1));
  target += -0.1 * sum(-r .* r + log1p_exp(r) * s);
}
