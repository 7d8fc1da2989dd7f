// one tilde statement per parameter, even when it runs in a loop
data {
  int N;
}
parameters {
  vector[N] z;
  real a;
}
model {
  for (n in 1:N) {
    z[n] ~ normal(0, 1);
  }
  a ~ normal(0, 1);
}
