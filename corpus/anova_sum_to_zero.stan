// Two-way ANOVA-style model (e.g. crop yield by fertilizer and field) with
// effects declared as sum_to_zero_vector, so the grand mean is identified.
// The prior scale is inflated by sqrt(n / (n - 1)) so each effect has the
// intended marginal standard deviation.
data {
  int<lower=1> N;
  int<lower=2> A;
  int<lower=2> B;
  array[N] int<lower=1, upper=A> fa;
  array[N] int<lower=1, upper=B> fb;
  vector[N] y;
}
transformed data {
  real scale_a = sqrt(A / (A - 1.0));
  real scale_b = sqrt(B / (B - 1.0));
}
parameters {
  real mu;
  sum_to_zero_vector[A] effect_a;
  sum_to_zero_vector[B] effect_b;
  real<lower=0> sigma_a;
  real<lower=0> sigma_b;
  real<lower=0> sigma_y;
}
model {
  mu ~ normal(0, 10);
  sigma_a ~ normal(0, 2);
  sigma_b ~ normal(0, 2);
  sigma_y ~ normal(0, 2);
  effect_a ~ normal(0, sigma_a * scale_a);
  effect_b ~ normal(0, sigma_b * scale_b);
  y ~ normal(mu + effect_a[fa] + effect_b[fb], sigma_y);
}
generated quantities {
  real check_zero = sum(effect_a) + sum(effect_b);
  vector[A] cell_means_b1 = mu + effect_a + effect_b[1];
}
