// Robust linear regression with Student-t errors on a thin QR
// reparameterization. Transformed data unpacks the tuple returned by qr_thin
// and rescales it; slopes on the original scale come back in generated
// quantities.
data {
  int<lower=0> N;
  int<lower=1> K;
  matrix[N, K] X;
  vector[N] y;
}
transformed data {
  matrix[N, K] Q;
  matrix[K, K] R;
  (Q, R) = qr_thin(X);
  Q *= sqrt(N - 1);
  R /= sqrt(N - 1);
  matrix[K, K] R_inv = inverse(R);
}
parameters {
  real alpha;
  vector[K] theta;              // coefficients on Q
  real<lower=0> sigma;
  real<lower=1> nu;
}
model {
  alpha ~ normal(0, 10);
  theta ~ normal(0, 10);
  sigma ~ exponential(0.5);
  nu ~ gamma(2, 0.1);
  y ~ student_t(nu, alpha + Q * theta, sigma);
}
generated quantities {
  vector[K] beta = R_inv * theta;
}
