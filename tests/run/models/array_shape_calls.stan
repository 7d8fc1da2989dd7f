// Library functions of arrays of more than one dimension (array[,] real,
// array[,] int) whose results keep all their dimensions
// (backend/emit_dims.c): reverse, head, tail and segment take whole
// outermost elements (reverse of array[2, 3] real reversed its six
// numbers), elementwise functions, to_array_2d and append_array give
// values that can be indexed and passed to a function taking
// array[,] real.  x[size(x)] and x[num_elements(x)] compile (the index
// check compared the size with itself: a C compiler warning, an error
// under -Werror).  Transformed data rejects on a wrong value; the model
// block uses them on parameters (gradient-checked).
functions {
  real corner(array[,] real a) {
    return a[size(a), size(a[1])] + 10 * a[1, 1];
  }
}
transformed data {
  array[2, 3] real a = {{1, 2, 3}, {4, 5, 6}};
  array[3, 2] int ai = {{1, 2}, {3, 4}, {5, 6}};
  array[2] real r1 = reverse(a)[1, 1:2];
  if (r1[1] != 4 || r1[2] != 5 || reverse(a)[2, 3] != 3
      || head(ai, 2)[2, 2] != 4 || tail(ai, 1)[1, 1] != 5
      || segment(ai, 2, 1)[1, 2] != 4 || reverse(ai)[1, 2] != 6
      || corner(reverse(a)) != 43 || corner(exp(a)) != exp(6) + 10 * exp(1)
      || corner(append_array(a, a)) != 16
      || corner(to_array_2d([[1, 2], [3, 4]])) != 14
      || size(append_array(a, a)) != 4 || a[size(a), 1] != 4
      || ai[num_elements(ai) - 4, 2] != 4)
    reject("array_shape_calls: ", reverse(a), " ", head(ai, 2));
}
parameters {
  matrix[2, 3] m;
  vector[4] v;
}
model {
  array[2, 3] real p = to_array_2d(m);
  to_vector(m) ~ normal(0, 1);
  v ~ normal(0, 1);
  target += -0.1 * corner(reverse(p)) - 0.1 * corner(exp(p))
            - 0.1 * corner(append_array(p, reverse(p)))
            - 0.1 * corner(head(p, 1)) - 0.1 * v[num_elements(v)]
            - 0.1 * v[rows(v)] * p[size(p), 1];
}
