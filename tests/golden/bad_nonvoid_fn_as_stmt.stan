transformed data {
  exp(1);
}
