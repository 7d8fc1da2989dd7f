transformed data {
  real x = 1.0 \ 2.0;
}
