// Vector, row_vector and matrix bounds, offsets and multipliers that are
// expressions of other declarations (lo + w, -scale, w'): the generator
// evaluates them element by element (it refused them as "a container
// where a number was expected").
data {
  int<lower=1> N;
  vector[N] lo;
  vector<lower=0>[N] w0;
  vector<lower=lo, upper=lo + w0 + 1>[N] x;
  matrix<lower=0>[2, N] scale;
}
parameters {
  vector<lower=0>[N] w;
  vector<lower=lo, upper=lo + 2 * w>[N] c;
  row_vector<offset=lo', multiplier=w'>[N] d;
  matrix<lower=-scale, upper=scale>[2, N] e;
  array[2] vector<upper=-lo ./ (w + 1)>[N] f;
}
model {
  w ~ exponential(1);
  c ~ normal(lo + 0.5 * w, 1);
  d ~ normal(lo', w');
  to_vector(e) ~ normal(0, 1);
  for (i in 1:2) f[i] ~ normal(0, 2);
  x ~ normal(lo, 2);
}
