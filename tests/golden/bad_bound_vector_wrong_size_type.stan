data {
  matrix[2, 2] m;
  real<lower=m> x;
}
