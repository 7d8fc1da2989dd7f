// Container bounds, offsets and multipliers (Stan Reference Manual,
// "Vector and matrix bounds": a vector, row_vector or matrix bound applies
// element by element, to each array element of an array of them): bounds
// that are data and bounds that are parameters, so the transforms'
// adjoints reach both the free values and the bounds.
data {
  int N;
  vector[N] lo;
  vector<lower=lo>[N] x;
  row_vector[N] hi;
  matrix<lower=0>[2, N] scale;
}
parameters {
  vector<lower=lo>[N] a;
  array[2] vector<upper=x>[N] b;
  vector<lower=0>[N] w;
  vector<lower=lo, upper=lo + w>[N] c;
  row_vector<offset=hi, multiplier=w'>[N] d;
  matrix<lower=-scale, upper=scale>[2, N] e;
}
model {
  a ~ normal(lo + 1, 1);
  for (i in 1:2) b[i] ~ normal(x - 1, 2);
  w ~ exponential(1);
  c ~ normal(lo + 0.5 * w, 1);
  d ~ normal(hi, w');
  to_vector(e) ~ normal(0, 1);
}
