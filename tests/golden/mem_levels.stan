// --debug-mem-patterns at --Oexperimental: a local computed only from
// data needs no derivatives there (adlevel) and so has no memory pattern
// to choose (AoS, no reason); the parameter stays SoA.
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
