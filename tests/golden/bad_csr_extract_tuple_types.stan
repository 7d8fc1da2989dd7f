// csr_extract returns tuple(vector, array[] int, array[] int) (Stan
// Functions Reference 2.38, "Sparse matrix operations"): a tuple of two
// elements cannot hold it.
data {
  matrix[2, 2] X;
}
transformed data {
  tuple(vector[2], array[2] int) wv = csr_extract(X);
}
