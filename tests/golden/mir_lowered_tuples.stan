// The backend's forms of tuples (mir/untuple.c), as
// --debug-transformed-mir-pretty shows what the C backend compiles: data
// tuples read element by element by their JSON paths, each element's
// constraint checked (transformed data's too), tuple locals as one
// variable per element, unpacking through a function split into one
// function per element, a whole tuple as FnMakeTuple__ of its elements,
// and a tuple-valued ?: one ?: per element (its condition draws nothing).
functions {
  tuple(real, vector) moments(vector x, real shift) {
    int n = rows(x);
    real m = mean(x) + shift;
    vector[n] centered = x - m;
    return (m, centered);
  }
  real first(tuple(real, real) p) {
    return p.1;
  }
}
data {
  tuple(real, tuple(int<lower=1>, sum_to_zero_vector[3])) cfg;
  tuple(simplex[2], array[2] int) pair;
}
transformed data {
  int k = cfg.2.1;
  tuple(real<lower=0>, vector[3]) copy = (cfg.1, cfg.2.2);
  tuple(real, real) either = k > 1 ? (1.0, 2.0) : (3.0, 4.0);
}
parameters {
  vector[3] x;
}
model {
  tuple(real, vector[3]) mo = moments(x, copy.1);
  real m;
  vector[3] c;
  (m, c) = moments(x, pair.1[1]);
  mo.1 = m;
  target += -0.5 * square(mo.1) - 0.1 * dot_self(mo.2 + c);
  target += first((m, 1.0));
}
