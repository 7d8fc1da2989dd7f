// yule_simon (Stan Functions Reference 2.38, "Unbounded discrete
// distributions", Yule-Simon; Stan Math 5.2 yule_simon_lpmf): mass
// alpha B(n, alpha + 1) on n >= 1, P(N > n) = n B(n, alpha + 1).  Every
// form through the compiler with the shape a parameter, scalar and
// vectorized, and the draws in transformed data and generated quantities.
data {
  int<lower=1> N;
  array[N] int<lower=1> n;
}
transformed data {
  for (i in 1:20) {
    int d = yule_simon_rng(1.5);
    if (d < 1)
      reject("yule_simon_calls: yule_simon_rng gave ", d);
  }
  // P(N > 1) = 1 / (alpha + 1): lccdf(1 | 3) = -log(4)
  if (abs(yule_simon_lccdf(1 | 3) + log(4)) > 1e-12)
    reject("yule_simon_calls: lccdf(1 | 3) is ", yule_simon_lccdf(1 | 3));
  // p(1) = alpha / (alpha + 1)
  if (abs(yule_simon_lpmf(1 | 3) - log(0.75)) > 1e-12)
    reject("yule_simon_calls: lpmf(1 | 3) is ", yule_simon_lpmf(1 | 3));
}
parameters {
  real<lower=0> alpha;
  vector<lower=0>[N] alphas;
}
model {
  alpha ~ lognormal(0, 0.5);
  alphas ~ lognormal(0, 0.5);
  n ~ yule_simon(alpha);
  target += yule_simon_lpmf(n | alphas) + yule_simon_lupmf(2 | alpha);
  target += yule_simon_lcdf(n | alpha) + yule_simon_lccdf(n | alphas);
  target += yule_simon_lcdf(3 | alphas[1]) + yule_simon_lccdf(1 | alpha);
  target += log(yule_simon_cdf(n | alphas)) + log(yule_simon_cdf(2 | alpha));
  // below the support the cdf is 0 and the ccdf 1: constant terms
  target += yule_simon_lccdf(0 | alpha) + yule_simon_cdf(0 | alpha);
}
generated quantities {
  int d = yule_simon_rng(alpha);
  array[N] int ds = yule_simon_rng(alphas);
  real c = yule_simon_cdf(n | 2.0);
}
