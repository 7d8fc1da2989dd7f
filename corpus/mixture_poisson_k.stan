// K-component Poisson mixture for count data with a simplex of weights and
// positive_ordered rates; marginalized with log_sum_exp, component
// memberships drawn with categorical_rng(softmax(...)).
data {
  int<lower=1> N;
  int<lower=1> K;
  array[N] int<lower=0> y;
}
parameters {
  simplex[K] w;
  positive_ordered[K] lambda;
}
model {
  vector[K] log_w = log(w);
  w ~ dirichlet(rep_vector(2, K));
  lambda ~ gamma(2, 0.2);
  for (n in 1:N) {
    vector[K] lps = log_w;
    for (k in 1:K) {
      lps[k] += poisson_lpmf(y[n] | lambda[k]);
    }
    target += log_sum_exp(lps);
  }
}
generated quantities {
  array[N] int<lower=1, upper=K> z;
  for (n in 1:N) {
    vector[K] lps = log(w);
    for (k in 1:K) {
      lps[k] += poisson_lpmf(y[n] | lambda[k]);
    }
    z[n] = categorical_rng(softmax(lps));
  }
}
