// Is the die loaded? Categorical rolls with a Dirichlet prior on the face
// probabilities (a simplex).
data {
  int<lower=1> N;
  int<lower=2> K;
  array[N] int<lower=1, upper=K> roll;
  vector<lower=0>[K] prior_counts;
}
parameters {
  simplex[K] theta;
}
model {
  theta ~ dirichlet(prior_counts);
  roll ~ categorical(theta);
}
generated quantities {
  int<lower=1, upper=K> next_roll = categorical_rng(theta);
  array[K] int<lower=0> counts_rep = multinomial_rng(theta, N);
  real max_face_excess = max(theta) - 1.0 / K;
}
