// User functions returning containers (matrix, row_vector, array of
// vectors): the primal returns them in scratch memory with their shape,
// the reverse function takes their adjoint.
functions {
  matrix outer_scaled(vector a, row_vector b, real s) {
    return s * (a * b);
  }
  row_vector row_sq(row_vector r) {
    row_vector[cols(r)] out;
    for (j in 1:cols(r)) {
      out[j] = square(r[j]);
    }
    return out;
  }
  array[] vector split2(vector v) {
    array[2] vector[2] out;
    out[1] = v[1:2];
    out[2] = v[3:4] * 2;
    return out;
  }
}
parameters {
  vector[4] v;
  real<lower=0> s;
}
model {
  matrix[4, 2] M = outer_scaled(v, [1, -1], s);
  row_vector[2] r = row_sq(M[2]);
  array[2] vector[2] w = split2(v);
  v ~ normal(0, 1);
  s ~ lognormal(0, 1);
  to_vector(M) ~ normal(0, 3);
  r ~ normal(0.5, 2);
  w[2] ~ normal(w[1], 2);
}
