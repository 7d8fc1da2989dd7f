// Ordered logistic regression for 1..K survey ratings, with `ordered`
// cutpoints; baseline category probabilities are derived in generated
// quantities.
data {
  int<lower=1> N;
  int<lower=3> K;                          // number of rating categories
  int<lower=1> D;
  matrix[N, D] X;
  array[N] int<lower=1, upper=K> rating;
}
parameters {
  vector[D] beta;
  ordered[K - 1] cutpoints;
}
model {
  beta ~ normal(0, 2);
  cutpoints ~ normal(0, 4);
  rating ~ ordered_logistic(X * beta, cutpoints);
}
generated quantities {
  array[N] int<lower=1, upper=K> rating_rep;
  for (n in 1:N) {
    rating_rep[n] = ordered_logistic_rng(X[n] * beta, cutpoints);
  }
  simplex[K] p_baseline;   // category probabilities when X[n] = 0
  {
    vector[K + 1] p_above = append_row(append_row(1, inv_logit(-cutpoints)), 0);
    p_baseline = p_above[1:K] - p_above[2:(K + 1)];
  }
}
