// The backend's forms of return, break and continue (mir/exits.c), as
// --debug-transformed-mir-pretty shows what the C backend compiles: in
// the log density and the user functions they become int flags (the
// reverse sweep replays only statements that run to their end); the
// other sections keep them; a function returning a vector before its end
// keeps its returns (the backend refuses its derivatives).
functions {
  real first_above(vector v, real t) {
    for (i in 1:rows(v)) {
      if (v[i] > t)
        return v[i];
    }
    return t;
  }
  real sum_until(vector v, real stop) {
    real s = 0;
    int i = 0;
    while (i < rows(v)) {
      i += 1;
      if (v[i] < 0)
        continue;
      if (s > stop)
        break;
      s += v[i];
    }
    return s;
  }
  vector clip(vector v) {
    if (max(v) < 1)
      return v;
    return v / max(v);
  }
}
data {
  int N;
  vector[N] y;
}
transformed data {
  int found = 0;
  for (n in 1:N) {
    if (y[n] > 0) {
      found = n;
      break;
    }
  }
}
parameters {
  real mu;
}
model {
  for (n in 1:N) {
    if (y[n] < 0)
      continue;
    if (n > 3)
      break;
    y[n] ~ normal(mu, 1);
  }
  target += first_above(y, mu) + sum_until(y, mu);
}
generated quantities {
  real total = 0;
  for (n in 1:N) {
    if (n > 2)
      break;
    total += y[n];
  }
}
