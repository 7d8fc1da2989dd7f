transformed data {
  complex z = 3i;
  complex w = 1 + 2.5i;
  complex u = to_complex(1, 2);
  complex_row_vector[2] r = [1i, 2];
  complex_matrix[1, 2] cm = [[1i, 2]];
  real re = get_real(w);
}
