data { vector[3] v; int k; }
transformed data {
  real s = k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k^k;
}
parameters { real mu; }
model { mu ~ normal(s, 1); }
