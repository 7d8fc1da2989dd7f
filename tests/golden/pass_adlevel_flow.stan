// adlevel: a local computed from data only becomes data, even through a
// loop; one that receives a parameter's value on some path (or in a later
// iteration, or from an _lp function) keeps its derivatives; parameters
// and transformed parameters are never demoted.
functions {
  real peek_lp() {
    return target();
  }
}
data {
  int N;
  vector[N] y;
}
parameters {
  real mu;
}
transformed parameters {
  real tp = 1;
}
model {
  real a = 0;
  real b = 0;
  real c = 0;
  vector[N] d = y * 2;
  for (n in 1:N) {
    a += y[n];
    c = b;
    b = mu;
  }
  real e = peek_lp();
  if (a > 0) {
    a = 1;
  } else {
    a = 2;
  }
  y ~ normal(mu + a + b + c + e + d[1], 1);
}
