// Complication counts across hospitals with a beta-binomial likelihood: the
// per-hospital rates are integrated out analytically, the beta population is
// parameterized by mean and concentration (with a Pareto prior bounded below
// at 0.1), and per-hospital rates are recovered by conjugacy in generated
// quantities.
data {
  int<lower=1> J;
  array[J] int<lower=0> n;       // procedures
  array[J] int<lower=0> y;       // complications
  int<lower=1> n_new;            // procedures at a hypothetical new hospital
}
parameters {
  real<lower=0, upper=1> phi;    // population mean rate
  real<lower=0.1> kappa;         // population concentration
}
transformed parameters {
  real<lower=0> a = phi * kappa;
  real<lower=0> b = (1 - phi) * kappa;
}
model {
  kappa ~ pareto(0.1, 1.5);
  y ~ beta_binomial(n, a, b);
}
generated quantities {
  vector[J] theta;
  for (j in 1:J) {
    theta[j] = beta_rng(a + y[j], b + n[j] - y[j]);
  }
  int y_new = beta_binomial_rng(n_new, a, b);
}
