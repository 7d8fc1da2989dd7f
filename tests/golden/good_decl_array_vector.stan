parameters {
  array[3] vector[2] z;
}
