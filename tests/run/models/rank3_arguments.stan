// User functions whose parameters have three or more dimensions: an
// array[,,] real and an array[] matrix (Stan Reference Manual, "User-defined
// functions", "Argument types and qualifiers": the argument's type is the
// declared type without sizes).  The C backend passes each dimension of
// such an argument; a call once passed two and did not compile.
// Transformed data checks the values against sums written out by hand;
// the model sends parameters through both functions so that their
// gradients meet finite differences.
functions {
  real weighted_cube(array[,,] real x) {
    real s = 0;
    for (i in 1:size(x))
      for (j in 1:size(x[i]))
        for (k in 1:size(x[i, j]))
          s += (100 * i + 10 * j + k) * x[i, j, k];
    return s;
  }
  real trace_sum(array[] matrix z) {
    real s = 0;
    for (i in 1:size(z))
      s += i * trace(z[i]) + z[i][1, cols(z[i])];
    return s;
  }
}
data {
  array[2, 3, 2] real c;
  array[2] matrix[2, 3] ms;
}
transformed data {
  real want_c = 0;
  for (i in 1:2)
    for (j in 1:3)
      for (k in 1:2)
        want_c += (100 * i + 10 * j + k) * c[i, j, k];
  if (abs(weighted_cube(c) - want_c) > 1e-9)
    reject("rank3_arguments: weighted_cube gives ", weighted_cube(c),
           ", expected ", want_c);
  // trace of a 2x3 matrix: the sum of its (1,1) and (2,2) entries
  real want_m = (ms[1][1, 1] + ms[1][2, 2] + ms[1][1, 3])
                + 2 * (ms[2][1, 1] + ms[2][2, 2]) + ms[2][1, 3];
  if (abs(trace_sum(ms) - want_m) > 1e-9)
    reject("rank3_arguments: trace_sum gives ", trace_sum(ms),
           ", expected ", want_m);
}
parameters {
  array[2, 2, 2] real x;
  array[3] matrix[2, 2] z;
}
model {
  for (i in 1:2)
    for (j in 1:2)
      x[i, j] ~ normal(0, 1);
  for (i in 1:3)
    to_vector(z[i]) ~ normal(0, 1);
  target += -0.001 * square(weighted_cube(x));
  target += sin(trace_sum(z)) + 0.5 * weighted_cube(c);
}
