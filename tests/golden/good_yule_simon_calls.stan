// yule_simon, as the Stan Functions Reference 2.38 ("Unbounded discrete
// distributions", Yule-Simon) and Stan Math 5.2 give it: ints outcome,
// reals shape; the rng vectorizes over reals.
data {
  int N;
  array[N] int n;
  vector[N] a;
}
parameters {
  real<lower=0> alpha;
}
model {
  n ~ yule_simon(alpha);
  target += yule_simon_lpmf(n | a) + yule_simon_lupmf(1 | alpha);
  target += yule_simon_cdf(2 | alpha) + yule_simon_lcdf(n | alpha);
  target += yule_simon_lccdf(n | a);
}
generated quantities {
  int d = yule_simon_rng(alpha);
  array[N] int ds = yule_simon_rng(a);
  array[3] int dd = yule_simon_rng({1.0, 2, 3});
}
