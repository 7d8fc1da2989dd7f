// eigendecompose_sym returns (eigenvectors, eigenvalues) (Stan Functions
// Reference, "Linear algebra functions", eigendecomposition: "tuple(matrix,
// vector) eigendecompose_sym(matrix A)"; Stan Math returns (V, D)).
// mir/untuple.c took the tuple apart in the other order, so .1 held the
// eigenvalues written into a matrix and .2 the eigenvectors written into
// a vector (past its end).  eigendecompose (complex results) had the same
// order: tests/run/models/complex_linalg.stan checks it.
transformed data {
  matrix[2, 2] S = [[2, 1], [1, 2]];
  tuple(matrix[2, 2], vector[2]) es = eigendecompose_sym(S);
  // eigenvalues 1 and 3, eigenvectors (1, -1) / sqrt(2) and (1, 1) / sqrt(2)
  if (abs(es.2[1] - 1) > 1e-12 || abs(es.2[2] - 3) > 1e-12)
    reject("eigendecompose_order: eigenvalues ", es.2);
  if (max(abs(S * es.1 - es.1 * diag_matrix(es.2))) > 1e-12
      || abs(abs(es.1[1, 2]) - sqrt(0.5)) > 1e-12)
    reject("eigendecompose_order: eigenvectors ", es.1);
}
parameters {
  real mu;
}
model {
  mu ~ normal(0, 1);
}
