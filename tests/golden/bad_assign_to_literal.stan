transformed data {
  1 = 2;
}
