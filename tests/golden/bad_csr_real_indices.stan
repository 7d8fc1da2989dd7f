// csr_matrix_times_vector's v and u are arrays of int (Stan Functions
// Reference 2.38, "Sparse matrix arithmetic"): real indices are
// ill-typed.
data {
  vector[2] w;
  array[2] real v;
  array[3] int u;
}
parameters {
  vector[2] b;
}
model {
  target += sum(csr_matrix_times_vector(2, 2, w, v, u, b));
}
