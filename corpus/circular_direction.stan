// Directional data (animal headings in radians) with a von Mises
// likelihood. The mean direction is a unit_vector[2], which avoids the
// wrap-around problems of an angle parameter.
data {
  int<lower=1> N;
  array[N] real<lower=-pi(), upper=pi()> heading;
}
parameters {
  unit_vector[2] direction;
  real<lower=0> kappa;
}
transformed parameters {
  real mu_angle = atan2(direction[2], direction[1]);
}
model {
  kappa ~ gamma(2, 0.5);
  heading ~ von_mises(mu_angle, kappa);
}
generated quantities {
  array[N] real heading_rep;
  for (n in 1:N) {
    heading_rep[n] = von_mises_rng(mu_angle, kappa);
  }
  // mean resultant length implied by kappa: I1(kappa) / I0(kappa)
  real resultant_length = exp(log_modified_bessel_first_kind(1, kappa)
                              - log_modified_bessel_first_kind(0, kappa));
}
