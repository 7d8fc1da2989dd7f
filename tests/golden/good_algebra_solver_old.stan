functions {
  vector sys(vector y, vector theta, data array[] real xr, array[] int xi) {
    return y - theta;
  }
}
transformed data {
  array[0] real xr;
  array[0] int xi;
}
parameters {
  vector[2] theta;
}
transformed parameters {
  vector[2] y = algebra_solver(sys, [1, 1]', theta, xr, xi);
}
