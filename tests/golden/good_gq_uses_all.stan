data {
  int N;
}
transformed data {
  real c = N;
}
parameters {
  real mu;
}
transformed parameters {
  real nu = mu + c;
}
generated quantities {
  real out = nu + mu + c + N;
}
