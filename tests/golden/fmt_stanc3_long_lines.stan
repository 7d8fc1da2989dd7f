// Long lines break where OCaml's Format breaks stanc3's boxes (stanc3's
// default --max-line-length 78): arguments continue under the first
// argument (pretty.expected, algebra_solver_good.stan and map_rect.stan),
// a sum before an operator under its first operand, a box that would open
// beyond column 68 breaks the line first (pretty.expected,
// nullary-unconflicted.stan: "machine_precision(" then ");"), parameters
// of a function under the first (ode_good.stan), a tuple type inside its
// parentheses (tuples/pretty.expected, arrays-tuples-nested.stan).
functions {
  array[] real harmonic_oscillator_ode(real t, array[] real y, array[] real theta, array[] real x, array[] int x_int) {
    return y;
  }
}
data {
  array[3] tuple(int, array[4] tuple(real, array[5] tuple(complex, matrix[6, 7]))) very_deep;
  vector[2] x;
  vector[2] y;
  array[0] real dat;
  array[0] int dat_int;
}
transformed data {
  real mu = e() + pi() + log2() + log10() + sqrt2() + not_a_number() + positive_infinity() + negative_infinity() + machine_precision();
  array[2, 3] real a = {{1.01, 3.14, 2.72}, {1.01, 3.14, 2.72}, {1.01, 3.14, 2.72}};
  print("a rather long message that goes on ", mu, " and on ", a, " until the line is full");
}
parameters {
  real z;
}
model {
  z ~ normal(mu + a[1, 1] * a[1, 2] * a[1, 3] - a[2, 1] / a[2, 2] / a[2, 3], 1 + a[1, 1] ^ 2);
}
