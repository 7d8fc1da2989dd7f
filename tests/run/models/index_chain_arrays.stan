// Chained single indices into arrays of vectors and of matrices
// (x[i][j] is x[i, j]: Stan Reference Manual, "Indexing"): the backend
// took x[i] of array[2, 3] vector[2] for a column of six values, so
// w[2][1] was a vector of one (a wrong log density, found through the
// tuples' x[i].2[j]).  The transformed data check rejects the old
// values; the gradient goes through each form.
transformed data {
  array[2, 3] vector[2] w;
  array[2] matrix[2, 3] m;
  for (i in 1:2) {
    m[i] = [[1, 2, 3], [4, 5, 6]] * i;
    for (j in 1:3)
      w[i, j] = [i, j]';
  }
  if (sum(w[2][1]) != 3 || num_elements(w[2][1]) != 2
      || sum(m[2][2]) != 30 || m[2][2, 3] != 12 || sum(m[1][ : , 2]) != 7)
    reject("index_chain_arrays: w[2][1] = ", w[2][1], ", m[2][2] = ",
           m[2][2]);
}
parameters {
  array[2, 3] vector[2] v;
  array[2] matrix[2, 2] a;
}
model {
  for (i in 1:2) {
    for (j in 1:3)
      v[i][j] ~ normal(w[i][j], 1);
    to_vector(a[i]) ~ normal(0, 1);
    a[i][2] ~ normal(v[i][1], 2);
    target += -0.5 * dot_self(a[i][1, :] - v[i][2]');
  }
}
