// A user function returning array[] int (Stan Functions Reference,
// "User-defined functions": any type may be returned), used to index and
// to size: values only (ints carry no derivatives).  It was refused
// ("functions returning array[] int yet").
functions {
  array[] int reversed(int n) {
    array[n] int r;
    for (i in 1:n)
      r[i] = n - i + 1;
    return r;
  }
  array[] int evens(array[] int x) {
    array[size(x)] int r;
    for (i in 1:size(x))
      r[i] = 2 * x[i];
    return r;
  }
}
data {
  int N;
  vector[N] y;
}
transformed data {
  array[N] int o = reversed(N);
  print("o=", o, " e=", evens(o));
}
parameters {
  real mu;
  real<lower=0> s;
}
model {
  array[N] int p = reversed(N);
  y[p] ~ normal(mu + 0.1 * to_vector(evens(p)), s);
  mu ~ normal(0, 5);
  s ~ lognormal(0, 1);
}
generated quantities {
  array[N] int q = evens(reversed(N));
}
