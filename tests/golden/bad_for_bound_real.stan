transformed data {
  for (i in 1:3.5) {
    print(i);
  }
}
