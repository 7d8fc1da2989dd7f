transformed data {
  real a = 1._5;
}
