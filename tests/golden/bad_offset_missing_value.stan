parameters {
  real<offset=> y;
}
