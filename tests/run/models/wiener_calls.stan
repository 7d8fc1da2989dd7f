// wiener_lpdf (Stan Functions Reference 2.38, "Wiener First Passage Time
// Distribution"): the first passage time over the upper boundary, in the
// four-parameter form (vectorized) and the five-parameter form with
// inter-trial drift variability var_delta (scalars and vectors), every
// argument a parameter, the response times themselves too.  The lower
// boundary is wiener(alpha, tau, 1 - beta, -delta).
data {
  int<lower=1> N;
  vector<lower=0.4>[N] rt;
  array[N] int<lower=0, upper=1> hit_upper;
}
transformed data {
  // RWiener's dwiener(1.45, 2, 0.3, 0.5, 0) = exp(-1.660355...); with
  // var_delta = 0 the five-parameter form is the four-parameter one
  real l4 = wiener_lpdf(1.45 | 2, 0.3, 0.5, 0);
  real l5 = wiener_lpdf(1.45 | 2, 0.3, 0.5, 0, 0);
  if (abs(l4 - l5) > 1e-12 || abs(l4 + 1.660355415) > 1e-8)
    reject("wiener_calls: wiener_lpdf gave ", l4, " and ", l5);
}
parameters {
  real<lower=0.5, upper=3> alpha;
  real<lower=0, upper=0.3> tau;
  real<lower=0.2, upper=0.8> beta;
  real delta;
  real<lower=0, upper=2> sv;
  real<lower=0.5, upper=2> y;
  vector<lower=0.5, upper=2>[N] alphas;
  vector<lower=0, upper=1>[N] svs;
}
model {
  delta ~ normal(0, 1);
  for (i in 1:N) {
    if (hit_upper[i] == 1)
      rt[i] ~ wiener(alpha, tau, beta, delta);
    else
      rt[i] ~ wiener(alpha, tau, 1 - beta, -delta);
  }
  target += wiener_lpdf(rt | alphas, tau, beta, delta);
  target += wiener_lupdf(y + 0.35 | alpha, tau, beta, delta);
  target += wiener_lpdf(rt[1] | alpha, tau, beta, delta, sv);
  target += wiener_lupdf(y + 0.35 | alpha, tau, 1 - beta, -delta, sv);
  target += wiener_lpdf(rt | alphas, rep_vector(tau, N), rep_vector(beta, N),
                        rep_vector(delta, N), svs);
}
