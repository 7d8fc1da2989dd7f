// Local-level state-space model (random walk observed with noise), e.g. a
// river gauge with gaps. The marginal likelihood comes from a Kalman filter
// in a user function returning a tuple (log-likelihood, filtered means);
// missing observations are skipped with `continue`. Generated quantities
// unpacks the tuple into two variables.
functions {
  tuple(real, vector) kalman_local_level(vector y, array[] int observed,
                                         real sigma_obs, real sigma_level,
                                         real m0, real p0) {
    int N = rows(y);
    vector[N] m_filt;
    real m = m0;
    real p = p0;
    real ll = 0;
    for (t in 1:N) {
      p += square(sigma_level);          // predict
      if (!observed[t]) {
        m_filt[t] = m;
        continue;
      }
      real f = p + square(sigma_obs);    // one-step predictive variance
      real gain = p / f;
      ll += normal_lpdf(y[t] | m, sqrt(f));
      m += gain * (y[t] - m);            // update
      p *= 1 - gain;
      m_filt[t] = m;
    }
    return (ll, m_filt);
  }
}
data {
  int<lower=1> N;
  vector[N] y;                               // 0 where not observed
  array[N] int<lower=0, upper=1> observed;
  real m0;                                   // prior mean of the level
  real<lower=0> p0;                          // prior variance of the level
}
parameters {
  real<lower=0> sigma_obs;
  real<lower=0> sigma_level;
}
model {
  sigma_obs ~ normal(0, 2);
  sigma_level ~ normal(0, 1);
  tuple(real, vector[N]) kf
    = kalman_local_level(y, observed, sigma_obs, sigma_level, m0, p0);
  target += kf.1;
}
generated quantities {
  real log_lik;
  vector[N] level;
  (log_lik, level) = kalman_local_level(y, observed, sigma_obs, sigma_level,
                                        m0, p0);
  real signal_to_noise = sigma_level / sigma_obs;
}
