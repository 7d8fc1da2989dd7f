transformed data {
  print("héllo");
}
