transformed data {
  for (i in 1:3) {
    real i = 2;
  }
}
