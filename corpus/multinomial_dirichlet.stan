// Vote counts for K options in G precincts. Each precinct has its own simplex
// of vote shares drawn from a Dirichlet centered on a statewide simplex;
// counts are multinomial. Predictive draws use dirichlet_rng and
// multinomial_rng.
data {
  int<lower=1> G;
  int<lower=2> K;
  array[G, K] int<lower=0> votes;
}
parameters {
  simplex[K] phi;                  // statewide shares
  real<lower=0> kappa;             // concentration around phi
  array[G] simplex[K] theta;       // precinct shares
}
model {
  phi ~ dirichlet(rep_vector(1, K));
  kappa ~ lognormal(3, 1);
  for (g in 1:G) {
    theta[g] ~ dirichlet(kappa * phi);
    votes[g] ~ multinomial(theta[g]);
  }
}
generated quantities {
  vector[K] theta_new = dirichlet_rng(kappa * phi);
  array[K] int votes_new = multinomial_rng(theta_new, 100);
}
