// A single change in the rate of daily event counts. The discrete change
// point is marginalized out: transformed parameters builds the
// log-likelihood of every change location from cumulative sums (the ?: arms
// that are not taken would index position 0), the model adds log_sum_exp,
// and generated quantities draws the change point with categorical_rng.
data {
  int<lower=1> T;
  array[T] int<lower=0> y;
  real<lower=0> rate_scale;     // prior mean of both rates
}
parameters {
  real<lower=0> rate_early;
  real<lower=0> rate_late;
}
transformed parameters {
  vector[T] lp;
  {
    vector[T] ll_early;
    vector[T] ll_late;
    for (t in 1:T) {
      ll_early[t] = poisson_lpmf(y[t] | rate_early);
      ll_late[t] = poisson_lpmf(y[t] | rate_late);
    }
    vector[T] cum_early = cumulative_sum(ll_early);
    vector[T] cum_late = cumulative_sum(ll_late);
    // change at s: days 1..(s - 1) at the early rate,
    //              days s..T at the late rate
    for (s in 1:T) {
      lp[s] = -log(T)
              + (s > 1 ? cum_early[s - 1] : 0)
              + cum_late[T] - (s > 1 ? cum_late[s - 1] : 0);
    }
  }
}
model {
  rate_early ~ exponential(1 / rate_scale);
  rate_late ~ exponential(1 / rate_scale);
  target += log_sum_exp(lp);
}
generated quantities {
  int<lower=1, upper=T> s = categorical_rng(softmax(lp));
  real rate_ratio = rate_late / rate_early;
}
