// Coaching-effect meta-analysis across schools (eight-schools style),
// centered parameterization. Every probability statement uses `~`.
data {
  int<lower=0> J;              // number of schools
  vector[J] y;                 // estimated coaching effects
  vector<lower=0>[J] sigma;    // standard errors of the estimates
}
parameters {
  real mu;                     // population mean effect
  real<lower=0> tau;           // between-school standard deviation
  vector[J] theta;             // school-level effects
}
model {
  mu ~ normal(0, 10);
  tau ~ cauchy(0, 5);
  theta ~ normal(mu, tau);
  y ~ normal(theta, sigma);
}
