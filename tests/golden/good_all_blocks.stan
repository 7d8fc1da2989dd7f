functions {
  real f(real x) {
    return x;
  }
}
data {
  int N;
}
transformed data {
  real c = 1;
}
parameters {
  real mu;
}
transformed parameters {
  real nu = f(mu);
}
model {
  nu ~ normal(c, 1);
}
generated quantities {
  real z = nu + N;
}
