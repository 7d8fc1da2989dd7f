transformed data {
  exp(1) = 2;
}
