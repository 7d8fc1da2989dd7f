// stochastic_row_constrain takes the N x (K - 1) free matrix (Stan
// Functions Reference 2.37, "Variable Transformation Functions": matrix
// stochastic_row_constrain(matrix y)), not a vector.
parameters {
  vector[3] w;
}
transformed parameters {
  matrix[1, 4] P = stochastic_row_constrain(w);
}
