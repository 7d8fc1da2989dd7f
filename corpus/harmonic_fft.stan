// A noisy periodic signal (e.g. a daily temperature cycle). Transformed data
// finds the dominant frequency with an FFT over a complex_vector; the model
// is a linear harmonic regression at that frequency, and generated
// quantities reports amplitude and phase through complex arithmetic.
data {
  int<lower=4> N;
  vector[N] y;
  real<lower=0> dt;             // sampling interval
}
transformed data {
  real y_mean = mean(y);
  complex_vector[N] y_c;
  for (n in 1:N) {
    y_c[n] = to_complex(y[n] - y_mean, 0);
  }
  complex_vector[N] spectrum = fft(y_c);
  int k_peak = 2;
  real power_peak = abs(spectrum[2]);
  for (k in 3:(N %/% 2 + 1)) {
    if (abs(spectrum[k]) > power_peak) {
      power_peak = abs(spectrum[k]);
      k_peak = k;
    }
  }
  real freq = (k_peak - 1) / (N * dt);
  complex c_peak = spectrum[k_peak] * 2.0 / N;
  vector[N] cos_t;
  vector[N] sin_t;
  for (n in 1:N) {
    real t = (n - 1) * dt;
    cos_t[n] = cos(2 * pi() * freq * t);
    sin_t[n] = sin(2 * pi() * freq * t);
  }
  print("harmonic_fft: peak bin ", k_peak, ", frequency ", freq,
        ", |c| ", abs(c_peak));
}
parameters {
  real mu;
  real b_cos;
  real b_sin;
  real<lower=0> sigma;
}
model {
  mu ~ normal(0, 10);
  b_cos ~ normal(0, 5);
  b_sin ~ normal(0, 5);
  sigma ~ exponential(1);
  y ~ normal(mu + b_cos * cos_t + b_sin * sin_t, sigma);
}
generated quantities {
  // b_cos cos(wt) + b_sin sin(wt) = Re[(b_cos - i b_sin) exp(i w t)]
  complex coef = to_complex(b_cos, -b_sin);
  real amplitude = abs(coef);
  real phase = arg(coef);
  complex next_step = coef * exp(2.0i * pi() * freq * dt);
  complex_vector[2] estimates = [coef, conj(c_peak)]';
  real fft_amplitude = abs(c_peak);
}
