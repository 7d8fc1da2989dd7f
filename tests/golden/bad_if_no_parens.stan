transformed data {
  if 1 {
  }
}
