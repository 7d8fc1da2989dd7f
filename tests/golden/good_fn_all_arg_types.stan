functions {
  real f(int a, real b, complex c, vector d, row_vector e, matrix g,
         complex_vector h, complex_row_vector i, complex_matrix j,
         array[] int k, array[,] real l, array[] vector m,
         tuple(int, array[] real) n) {
    return b;
  }
}
