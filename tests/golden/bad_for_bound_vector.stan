transformed data {
  vector[2] v;
  for (i in 1:v) {
    print(i);
  }
}
