parameters {
  array[3] unit_vector[2] u;
}
