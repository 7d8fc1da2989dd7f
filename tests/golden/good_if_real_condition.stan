data {
  real r;
}
transformed data {
  if (r) {
    print("nonzero");
  }
}
