functions {
  complex c(complex z) {
    return z;
  }
}
transformed data {
  complex a = c(1);
  complex b = c(2.5);
}
