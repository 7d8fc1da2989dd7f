functions {
  real twice(real x) {
    return 2 * x;
  }
  void say(real x) {
    print("x = ", x);
  }
  real noisy_rng(real mu) {
    return normal_rng(mu, 1);
  }
  real add_lp(real x) {
    target += x;
    return x;
  }
}
data {
  int N;
  array[N] real y;
  matrix[2, 3] M;
}
transformed data {
  real total = 0;
  for (v in y) {
    total += v;
  }
  for (m in M) {
    total += m;
  }
  vector[N] yv = to_vector(y);
  for (v in yv) {
    total -= v;
  }
  int k = 0;
  while (k < 3) {
    k += 1;
    if (k == 2) {
      continue;
    }
    if (k > 5)
      break;
  }
}
parameters {
  real mu;
}
model {
  array[2] real a = {1.0, 2.0};
  a[1] *= twice(mu);
  profile("likelihood") {
    y ~ normal(mu, 1);
  }
  target += add_lp(mu);
  say(mu);
  if (mu > 100)
    reject("mu too large: ", mu);
}
generated quantities {
  real d = noisy_rng(mu);
  tuple(real, int) t = (mu, N);
  real m;
  int n;
  (m, n) = t;
}
