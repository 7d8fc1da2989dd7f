// hypergeometric_lpmf and hypergeometric_rng (Stan Functions Reference,
// "Hypergeometric distribution": int arguments only, so the density is a
// constant beside a parameter's and its draws come in generated
// quantities).
data {
  int<lower=0> n;
  int<lower=0> N;
  int<lower=0> a;
  int<lower=0> b;
}
parameters {
  real mu;
}
model {
  mu ~ normal(0, 1);
  target += hypergeometric_lpmf(n | N, a, b);
  n ~ hypergeometric(N, a, b);
  target += mu * hypergeometric_lpmf(n | N, a, b);
}
generated quantities {
  int draw = hypergeometric_rng(N, a, b);
  real lp = hypergeometric_lpmf(draw | N, a, b);
}
