// Bounds that leave no value are an error naming the variable.
data {
  real<lower=1> L;
  real<lower=L, upper=L - 1> x;
}
