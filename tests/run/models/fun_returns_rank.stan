// User functions returning and taking containers whose rows and columns do
// not say their shape (backend/emit_dims.c): array[,] real, array[,] int,
// array[] matrix, array[,] vector, array[,,] real, array[] row_vector,
// and a tuple of two of them.  They were refused ("functions returning
// array[,] real yet"), and such arguments were passed with two
// dimensions only (C that did not compile); size() of one of them was its
// count of elements.  Their results are used whole (assigned), indexed
// (one index, two, a range), passed on to another function and through
// ?: and {...}, in the model block (gradient-checked), transformed
// parameters and generated quantities: tests/run/outputs.sh checks the
// generated quantities' columns and values (computed by hand in the
// comments), and the block rejects on a mismatch of the others.
functions {
  // x[i]^2 and x[i] * w in row i
  array[,] real grid(vector x, real w) {
    array[rows(x), 2] real r;
    for (i in 1:rows(x)) {
      r[i, 1] = square(x[i]);
      r[i, 2] = x[i] * w;
    }
    return r;
  }
  array[,] int counts(int n) {
    array[n, 3] int r;
    for (i in 1:n)
      for (j in 1:3)
        r[i, j] = 10 * i + j;
    return r;
  }
  // a[k] = k * (x as a 2 x 3 matrix, row-major)
  array[] matrix mats(vector x) {
    array[2] matrix[2, 3] a;
    for (k in 1:2)
      for (i in 1:2)
        for (j in 1:3)
          a[k, i, j] = k * x[3 * (i - 1) + j];
    return a;
  }
  // {{x, 2x}, {3x, 4x}}
  array[,] vector vecs(vector x) {
    array[2, 2] vector[rows(x)] v;
    for (i in 1:2)
      for (j in 1:2)
        v[i, j] = (2 * (i - 1) + j) * x;
    return v;
  }
  array[,,] real cube(real s) {
    array[2, 3, 2] real c;
    for (i in 1:2)
      for (j in 1:3)
        for (k in 1:2)
          c[i, j, k] = s * (100 * i + 10 * j + k);
    return c;
  }
  array[] row_vector rows_of(matrix m) {
    array[rows(m)] row_vector[cols(m)] r;
    for (i in 1:rows(m))
      r[i] = m[i] * 2;
    return r;
  }
  // the results passed on: arguments of the same types
  real total2(array[,] real a) {
    real s = 0;
    for (i in 1:size(a))
      for (j in 1:size(a[i]))
        s += a[i, j] * (i + 2 * j);
    return s;
  }
  real total_mats(array[] matrix a) {
    real s = 0;
    for (k in 1:size(a))
      s += k * sum(a[k]) + a[k, 2, 1];
    return s;
  }
  real total_vecs(array[,] vector v) {
    return dot_self(v[1, 2]) + sum(v[2, 1]) * v[2, 2, 1];
  }
  // returned as it came in, or built of two: {m, m'} and a ?:
  array[] matrix pass_mats(array[] matrix a, int flip) {
    return flip ? {a[2], a[1]} : a;
  }
  array[,] real pass2(array[,] real a) {
    return a;
  }
  array[,] real int_to_real(array[,] real a) {
    return a;
  }
  // tuples holding them (taken apart into slots, mir/untuple.c)
  tuple(array[,] real, array[] matrix) both(vector x) {
    return (grid(x[1:2], 2), mats(x));
  }
  real use_both(tuple(array[,] real, array[] matrix) t) {
    return t.1[2, 1] + sum(t.2[2]);
  }
  // adds to target, and returns its argument with s added to a[1, 1]
  array[,] real shift_lp(array[,] real a, real s) {
    target += -0.5 * square(s);
    array[size(a), size(a[1])] real b = a;
    b[1, 1] += s;
    return b;
  }
  // rep_array of more than one dimension, returned whole
  array[,] int zeros2(int m, int n) {
    return rep_array(0, m, n);
  }
  array[,,] real fill3(real x) {
    return rep_array(x, 2, 3, 2);
  }
  array[] matrix mats_rng(int n) {
    array[n] matrix[2, 2] a;
    for (k in 1:n)
      a[k] = to_matrix(normal_rng(rep_vector(0, 4), 1), 2, 2);
    return a;
  }
}
data {
  int N;
}
transformed data {
  // a data argument, in transformed data: [1, 2; 4, 4; 9, 6]
  array[3, 2] real td = grid([1, 2, 3]', 2);
  if (td[3, 2] != 6 || td[2, 1] != 4 || dims(grid([1, 2, 3]', 1))[1] != 3
      || dims(mats([1, 2, 3, 4, 5, 6]'))[3] != 3 || size(counts(4)) != 4)
    reject("transformed data: ", td);
}
parameters {
  vector[6] x;
  real<lower=0> s;
}
transformed parameters {
  array[N, 2] real g = grid(x[1:N], s);
  array[2] matrix[2, 3] ms = mats(x);
}
model {
  x ~ normal(0, 1);
  s ~ lognormal(0, 1);
  // whole, indexed, passed on
  target += -0.1 * total2(grid(x[1:N], s));
  target += -0.1 * total2(pass2(g));
  target += -0.05 * grid(x, s)[2, 1] - 0.05 * sum(grid(x, 2 * s)[3]);
  target += -0.01 * total_mats(mats(x)) - 0.02 * sum(mats(x)[2, 1]);
  target += -0.01 * total_mats(pass_mats(ms, 1));
  target += -0.01 * total_mats(pass_mats(mats(x), 0)[1:1]);
  array[2, 2] vector[6] v = vecs(x);
  target += -0.01 * total_vecs(v) - 0.01 * total_vecs(vecs(x[1:3]));
  target += -0.01 * dot_self(vecs(x)[2, 1]);
  array[2, 3, 2] real c = cube(s);
  target += -0.001 * c[2, 3, 1] - 0.0001 * total2(cube(s)[1]);
  target += -0.01 * sum(rows_of(ms[1])[2]);
  target += -0.01 * total2(int_to_real(counts(2))) * s;
  tuple(array[2, 2] real, array[2] matrix[2, 3]) t = both(x);
  target += -0.1 * t.1[2, 2] - 0.01 * sum(t.2[1]) - 0.01 * use_both(both(x));
  target += -0.1 * both(x).1[1, 2];
  array[3, 2] real shifted = shift_lp(td, s);
  target += -0.1 * square(shifted[1, 1]) - 0.01 * shift_lp(g, x[1])[2, 2];
  target += 0.01 * dims(grid(x, s))[1] * s;
  target += -0.1 * fill3(s)[2, 3, 1] * x[2]
            - 0.01 * total2(fill3(x[3])[2]) - 0.1 * size(zeros2(3, 2)) * s;
}
generated quantities {
  // [1, 0.5; 4, 1; 9, 1.5]
  array[3, 2] real gq_g = grid([1, 2, 3]', 0.5);
  // [11, 12, 13; 21, 22, 23]
  array[2, 3] int gq_c = counts(2);
  // {[1, 2, 3; 4, 5, 6], [2, 4, 6; 8, 10, 12]}
  array[2] matrix[2, 3] gq_m = mats([1, 2, 3, 4, 5, 6]');
  // {{[1, -1], [2, -2]}, {[3, -3], [4, -4]}}
  array[2, 2] vector[2] gq_v = vecs([1, -1]');
  // c[i, j, k] = 2 * (100 i + 10 j + k)
  array[2, 3, 2] real gq_cube = cube(2);
  real gq_t = total2(grid([1, 2]', 1));
  // 2^2 + 2 * (1 + ... + 6) = 46
  real gq_u = use_both(both([1, 2, 3, 4, 5, 6]'));
  {
    // the hand-computed values
    if (gq_g[3, 1] != 9 || gq_g[2, 2] != 1 || gq_g[1, 1] != 1)
      reject("grid: ", gq_g);
    if (gq_c[2, 3] != 23 || gq_c[1, 2] != 12 || counts(3)[3, 1] != 31)
      reject("counts: ", gq_c);
    if (gq_m[2, 2, 1] != 8 || gq_m[1, 1, 3] != 3 || gq_m[2, 1, 2] != 4)
      reject("mats: ", gq_m);
    if (gq_v[2, 2, 2] != -4 || gq_v[1, 2, 1] != 2 || gq_v[2, 1, 2] != -3)
      reject("vecs: ", gq_v);
    if (gq_cube[2, 3, 1] != 462 || gq_cube[1, 2, 2] != 244)
      reject("cube: ", gq_cube);
    // rows 1^2 * 3 + 1 * 5 and 2^2 * 4 + 2 * 6
    if (gq_t != 36) reject("total2: ", gq_t);
    if (gq_u != 46) reject("use_both: ", gq_u);
    if (pass_mats(gq_m, 1)[1, 2, 1] != 8 || pass_mats(gq_m, 0)[1, 2, 1] != 4)
      reject("pass_mats");
    if (rows_of(gq_m[1])[2, 3] != 12) reject("rows_of");
    if (dims(zeros2(3, 4))[2] != 4 || fill3(1.5)[2, 3, 2] != 1.5)
      reject("rep_array");
    array[3] int d = dims(mats_rng(4));
    if (d[1] != 4 || d[2] != 2 || d[3] != 2) reject("mats_rng: ", d);
  }
}
