// Tuples taken apart for the backend (mir/untuple.c): nested data
// tuples read by their JSON paths with their elements' constraints
// checked, tuple locals, unpacking, projections of tuple expressions and
// a user function returning a tuple whose elements both carry
// derivatives.
functions {
  tuple(real, vector) moments(vector x, real shift) {
    int n = rows(x);
    real m = mean(x) + shift;
    vector[n] centered = x - m;
    return (m, centered);
  }
}
data {
  tuple(real, tuple(int<lower=1>, vector[2])) cfg;
  tuple(real<lower=0>, array[2] int) pair;
}
transformed data {
  real scale = pair.1;
  int k = cfg.2.1;
  tuple(real, vector[2]) copy = (cfg.1, cfg.2.2);
  if (abs(copy.2[2] - 3.5) > 1e-12 || k != 2 || pair.2[2] != 7)
    reject("tuples: data read wrongly");
}
parameters {
  vector[3] x;
  real s;
}
model {
  tuple(real, vector[3]) mo = moments(x, s);
  real m;
  vector[3] c;
  (m, c) = moments(x * scale, copy.1);
  x ~ normal(0, 1);
  s ~ normal(0, 1);
  target += -0.5 * square(mo.1) - 0.1 * dot_self(mo.2);
  target += -0.2 * m - 0.05 * dot_self(c) + (1, s).2 * copy.2[k];
}
