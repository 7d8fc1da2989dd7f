functions {
  print("hi");
}
