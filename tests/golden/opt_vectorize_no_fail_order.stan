// vectorize-loops, refused: an invariant that may reject after something
// that may fail.  In the loop, checked(s) rejects in the first iteration,
// before the first increment's domain error of a later iteration
// (d[2] = 2.5 makes s + 1.5 - d[2] negative); vectorized, the first
// increment would fail first with a domain error for all iterations, a
// rejection of another class.  The validator tells the two apart: with
// this check off it fails on exactly this model.  The same invariant in
// the first increment, where nothing before it may fail, is accepted.
functions {
  real checked(real s) {
    if (s > 0.5) {
      reject("checked: s too large: ", s);
    }
    return s + 3;
  }
}
data {
  int<lower=1> N;
  vector[N] y;
  vector[N] d;
}
parameters {
  real s;
}
model {
  for (n in 1:N) {
    y[n] ~ normal(0, s + 1.5 - d[n]);
    y[n] ~ normal(0, checked(s));
  }
  for (n in 1:N) {
    y[n] ~ normal(0, log1p(d[n]) + checked(s));
  }
  for (n in 1:N) {
    y[n] ~ normal(0, checked(s) + log1p(d[n]));
  }
}
