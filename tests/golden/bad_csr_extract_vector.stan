// csr_extract_w takes a matrix (Stan Functions Reference 2.38, "Sparse
// matrix operations"): a vector is ill-typed.
data {
  vector[3] x;
}
transformed data {
  vector[3] w = csr_extract_w(x);
}
