parameters {
  unit_vector[2] u;
}
generated quantities {
  real angle = atan2(u[2], u[1]);
}
