// wiener_lpdf's seven-parameter form (inter-trial variability of the
// drift var_delta, of the starting point var_beta and of the non-decision
// time var_tau), the forms with a trailing tolerance of the partials, and
// the unnormalized log cdfs wiener_lcdf_unnorm / wiener_lccdf_unnorm of
// four and seven parameters (Stan Functions Reference 2.38, "Wiener First
// Passage Time Distribution"), every argument a parameter, all scalars
// and all vectors.  The lower boundary is (1 - beta, -delta).
data {
  int<lower=1> N;
  vector<lower=0.45>[N] rt;
}
transformed data {
  // var_beta = var_tau = 0: the seven-parameter density is the
  // five-parameter one; the cdf and the ccdf add up to the probability of
  // the upper boundary (1 - exp(-2 delta alpha beta)) / (1 - exp(-2 delta
  // alpha)) (Functions Reference, "Cumulative distribution function")
  real l5 = wiener_lpdf(1.2 | 1.5, 0.2, 0.5, 0.8, 0.3);
  real l7 = wiener_lpdf(1.2 | 1.5, 0.2, 0.5, 0.8, 0.3, 0, 0);
  real p_upper = (1 - exp(-2 * 0.8 * 1.5 * 0.5)) / (1 - exp(-2 * 0.8 * 1.5));
  real both = exp(wiener_lcdf_unnorm(1.2, 1.5, 0.2, 0.5, 0.8))
              + exp(wiener_lccdf_unnorm(1.2, 1.5, 0.2, 0.5, 0.8));
  if (abs(l5 - l7) > 1e-12 || abs(both - p_upper) > 1e-9)
    reject("wiener_full: ", l5, " ", l7, " ", both, " ", p_upper);
}
parameters {
  real<lower=0.8, upper=2> alpha;
  real<lower=0, upper=0.3> tau;
  real<lower=0.35, upper=0.65> beta;
  real delta;
  real<lower=0, upper=1> sv;
  real<lower=0, upper=0.5> sw;
  real<lower=0, upper=0.2> st;
  real<lower=0.6, upper=2> y;
  vector<lower=0.8, upper=2>[N] alphas;
}
model {
  vector[N] taus = rep_vector(tau, N);
  vector[N] betas = rep_vector(beta, N);
  vector[N] deltas = rep_vector(delta, N);
  vector[N] svs = rep_vector(sv, N);
  vector[N] sws = rep_vector(sw, N);
  vector[N] sts = rep_vector(st, N);
  delta ~ normal(0, 1);
  for (i in 1:N)
    rt[i] ~ wiener(alpha, tau, beta, delta, sv, sw, st);
  target += wiener_lpdf(rt | alphas, taus, betas, deltas, svs, sws, sts);
  target += wiener_lupdf(y | alpha, tau, 1 - beta, -delta, sv, sw, st);
  target += wiener_lpdf(y | alpha, tau, beta, delta, sv, 1e-6);
  target += wiener_lpdf(rt | alphas, taus, betas, deltas, svs, 1e-6);
  target += wiener_lpdf(y | alpha, tau, beta, delta, sv, sw, st, 1e-8);
  target += wiener_lcdf_unnorm(y, alpha, tau, beta, delta);
  target += wiener_lccdf_unnorm(y, alpha, tau, beta, delta, 1e-9);
  target += wiener_lcdf_unnorm(rt, alphas, taus, betas, deltas);
  target += wiener_lcdf_unnorm(rt, alphas, taus, betas, deltas, svs, sws,
                               sts);
  target += wiener_lccdf_unnorm(y, alpha, tau, beta, delta, sv, sw, st);
  target += wiener_lcdf_unnorm(y, alpha, tau, 1 - beta, -delta, sv, sw, st,
                               1e-8);
  target += wiener_lccdf_unnorm(rt, alphas, taus, betas, deltas, svs, sws,
                                sts, 1e-8);
}
