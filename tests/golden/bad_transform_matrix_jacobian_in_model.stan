// The _jacobian functions add to the Jacobian accumulator, so they are
// allowed only where jacobian += is: transformed parameters and
// functions ending in _jacobian (Stan Functions Reference 2.37,
// "Variable Transformation Functions"), not the model block; the
// matrix ones too.
parameters {
  vector[3] w;
}
model {
  target += sum(corr_matrix_jacobian(w, 3));
}
