data {
  real<lower="a"> x;
}
