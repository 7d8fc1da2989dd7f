parameters {
  real mu;
}
transformed parameters {
  real nu = mu;
}
model {
  nu = 2;
}
