// --debug-mem-patterns with @soa and @aos: @aos forces AoS (and what is
// assigned from it follows); @soa keeps SoA where the rules allow it and
// is refused, with the reason, where they do not, or where the pass has
// no choice to make (data, a scalar, a generated quantity, a function's
// local).
functions {
  real f(real x) {
    @soa vector[3] v = rep_vector(x, 3);
    return sum(v);
  }
}
data {
  int<lower=1> N;
  @soa vector[N] x;
}
parameters {
  @aos vector[N] a;
  @soa vector[N] b;
  @soa vector[N] c;
  @soa real s;
}
model {
  vector[N] a2 = a;
  a2 ~ normal(0, 1);
  b ~ normal(x, 1);
  for (n in 1:N) {
    target += -square(c[n]);
  }
  s ~ normal(f(s), 1);
}
generated quantities {
  @soa vector[N] q = b;
}
