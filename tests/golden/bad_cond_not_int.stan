transformed data {
  vector[2] v;
  if (v) {
    print("x");
  }
}
