// loop-invariant code motion: exp(mu) in a loop that surely runs is
// computed once before it; a * b in a loop that may not run (N may be 0)
// stays inside, as does exp(mu * i), which changes with i.
data {
  int<lower=0> N;
  real a;
  real b;
}
parameters {
  real mu;
}
model {
  real s = 0;
  for (i in 1:5) {
    s += exp(mu) * i;
    s += exp(mu * i);
  }
  for (n in 1:N) {
    s += a * b;
  }
  target += -s;
}
