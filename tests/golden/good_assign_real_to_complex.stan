transformed data {
  complex z;
  z = 2.5;
}
