transformed data {
  print();
}
