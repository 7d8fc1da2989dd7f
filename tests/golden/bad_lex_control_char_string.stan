transformed data {
  print("bell\a: ");
}
