transformed data {
  for (if in 1:2) {
  }
}
