parameters {
  tuple(real<lower=0>, simplex[3]) t;
}
