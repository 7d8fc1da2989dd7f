transformed data {
  for (i 1:3) {
  }
}
