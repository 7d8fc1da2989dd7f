transformed data {
  print("abc);
}
