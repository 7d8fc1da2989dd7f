parameters {
  unit_vector[3] u;
}
