// User-defined functions on a small hierarchical measurement model with
// heavy-tailed (Laplace) errors. Covers forward declarations with mutual
// recursion, direct recursion used in transformed data, overloading (one
// name, scalar and vector signatures), a void function that validates data,
// and the _lpdf, _rng and _lp suffixes.
functions {
  // forward declarations, needed for the mutual recursion below
  int is_even(int n);
  int is_odd(int n);

  int is_even(int n) {
    if (n == 0) {
      return 1;
    }
    return is_odd(n - 1);
  }
  int is_odd(int n) {
    if (n == 0) {
      return 0;
    }
    return is_even(n - 1);
  }

  // direct recursion
  int fib(int n) {
    if (n <= 2) {
      return 1;
    }
    return fib(n - 1) + fib(n - 2);
  }
  int factorial(int n) {
    return n <= 1 ? 1 : n * factorial(n - 1);
  }

  // overloading: the same name with scalar and vector arguments
  real standardize(real x, real m, real s) {
    return (x - m) / s;
  }
  vector standardize(vector x, real m, real s) {
    return (x - m) / s;
  }

  // a void function: rejects malformed group indices
  void check_group_index(array[] int g, int G) {
    for (n in 1:size(g)) {
      if (g[n] < 1 || g[n] > G) {
        reject("group index out of range at position ", n, ": ", g[n]);
      }
    }
  }

  // a user-defined density (Laplace), vectorized over y
  real laplace_obs_lpdf(vector y, vector mu, real b) {
    return -rows(y) * log(2 * b) - sum(abs(y - mu)) / b;
  }
  // its random-number generator: a difference of two exponentials
  real laplace_obs_rng(real mu, real b) {
    return mu + exponential_rng(1 / b) - exponential_rng(1 / b);
  }

  // an _lp function: adds the non-centered prior and returns the effects
  vector group_effects_lp(vector z, real tau) {
    z ~ std_normal();
    return tau * z;
  }
}
data {
  int<lower=1> N;
  int<lower=1> G;
  array[N] int<lower=1, upper=G> g;
  vector[N] y;
}
transformed data {
  check_group_index(g, G);
  int n_fib = fib(10);                 // 55
  int n_fact = factorial(5);           // 120
  int parity_ok = is_even(n_fib + 1) && is_odd(n_fib);
  if (!parity_ok) {
    reject("parity check failed for ", n_fib);
  }
  int M_rep = fib(7);                  // 13 predictive draws per group
  real y_center = mean(y);
  real y_spread = sd(y);
  vector[N] y_std = standardize(y, y_center, y_spread);
  real first_std = standardize(y[1], y_center, y_spread);
  print("udf_showcase: fib(10) = ", n_fib, ", 5! = ", n_fact,
        ", lgamma(6) check = ", log(n_fact) - lgamma(6),
        ", first standardized value = ", first_std);
}
parameters {
  real mu;
  real<lower=0> tau;
  vector[G] z;
  real<lower=0> b;
}
transformed parameters {
  vector[G] theta = group_effects_lp(z, tau);
}
model {
  mu ~ normal(0, 1);
  tau ~ normal(0, 1);
  b ~ lognormal(-0.5, 0.5);
  y_std ~ laplace_obs(mu + theta[g], b);
}
generated quantities {
  array[G, M_rep] real y_rep_std;
  for (j in 1:G) {
    for (m in 1:M_rep) {
      y_rep_std[j, m] = laplace_obs_rng(mu + theta[j], b);
    }
  }
  vector[G] group_mean = y_center + y_spread * (mu + theta);
}
