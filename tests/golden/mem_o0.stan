// --debug-mem-patterns at an explicit --O0: the soa pass does not run,
// so every vector and matrix is AoS with no reason, as stanc3 prints
// them at --O0.
data {
  int<lower=1> N;
  vector[N] y;
}
parameters {
  vector[N] theta;
}
model {
  vector[N] z = y * 2;
  theta ~ normal(z, 1);
}
