// --debug-mem-patterns: each reason the soa pass leaves a vector or
// matrix AoS, with the line of the statement that decided it; two
// variables demoted by one statement for one reason share a line.  (The
// loop reads n as a value, so vectorize-loops, which O1 runs before soa,
// leaves it a loop.)
functions {
  real f(vector x) {
    return sum(x);
  }
}
data {
  int<lower=1> N;
  vector[N] y;
}
parameters {
  vector[N] a;
  vector[N] b;
  vector[N] c;
  vector[N] d;
  vector[N] e;
  vector[N] g;
  real mu;
}
model {
  vector[N] h;
  vector[N] k = e;
  for (n in 1:N) {
    target += normal_lpdf(a[n] | 0, n);
  }
  h[1] = mu;
  k = h;
  target += f(b);
  target += sort_asc(c)[1] + sort_asc(d)[1];
  target += dot_self(g);
  y ~ normal(mu, 1);
}
