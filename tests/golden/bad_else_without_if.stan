transformed data {
  else {
  }
}
