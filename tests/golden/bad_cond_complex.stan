transformed data {
  complex z = 1;
  if (z) {
    print(z);
  }
}
