// csr_extract(X), a tuple (Stan Functions Reference 2.38, "Sparse matrix
// operations"), is taken apart before the C backend into csr_extract_w,
// csr_extract_v and csr_extract_u of X (mir/untuple.c), each an ordinary
// call the backend compiles.
data {
  matrix[2, 3] X;
}
transformed data {
  tuple(vector[3], array[3] int, array[3] int) wvu = csr_extract(X);
}
