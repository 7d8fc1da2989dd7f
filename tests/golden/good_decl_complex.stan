data {
  complex z;
}
