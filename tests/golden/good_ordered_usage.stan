data {
  int K;
  array[10] int<lower=1, upper=K> y;
  vector[10] x;
}
parameters {
  real beta;
  ordered[K - 1] c;
}
model {
  for (n in 1:10)
    y[n] ~ ordered_logistic(x[n] * beta, c);
}
