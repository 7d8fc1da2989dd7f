transformed data {
  real x = fmax(1, );
}
